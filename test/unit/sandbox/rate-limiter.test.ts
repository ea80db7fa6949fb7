// The RateLimiter of the sandbox (public-facts.md "Rate limit", "Rate-limit counting"): a fixed
// window per profile starting with its first counted request; 429s (refusals) do not count;
// 1,000 refusals within 24 hours suspend the profile.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/sandbox/http/rateLimit.ts';

const MINUTE = 60_000;
const WINDOW = 5 * MINUTE;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.parse('2026-06-01T12:00:00.000Z');

describe('counting within a window', () => {
  it('allows `limit` requests, reporting max and the count including the current request', () => {
    const limiter = new RateLimiter(3);
    expect(limiter.take('a', T0)).toEqual({ allowed: true, max: 3, count: 1 });
    expect(limiter.take('a', T0 + 1)).toEqual({ allowed: true, max: 3, count: 2 });
    expect(limiter.take('a', T0 + 2)).toEqual({ allowed: true, max: 3, count: 3 });
  });

  it('refuses the request past the limit; the refusal does not count (count stays at the limit)', () => {
    const limiter = new RateLimiter(2);
    limiter.take('a', T0);
    limiter.take('a', T0);
    for (let i = 0; i < 5; i++) {
      expect(limiter.take('a', T0 + i)).toEqual({ allowed: false, suspended: false, max: 2, count: 2 });
    }
  });

  it('the default window is 5 minutes', () => {
    const limiter = new RateLimiter(1);
    expect(limiter.take('a', T0).allowed).toBe(true);
    expect(limiter.take('a', T0 + WINDOW - 1).allowed).toBe(false);
    expect(limiter.take('a', T0 + WINDOW)).toEqual({ allowed: true, max: 1, count: 1 });
  });

  it('each profile has its own count and window', () => {
    const limiter = new RateLimiter(2);
    limiter.take('a', T0);
    limiter.take('a', T0);
    expect(limiter.take('a', T0).allowed).toBe(false);
    expect(limiter.take('b', T0 + 3 * MINUTE)).toEqual({ allowed: true, max: 2, count: 1 });
    // a's window ends 5 minutes after a's first request, b's 5 minutes after b's.
    expect(limiter.take('a', T0 + WINDOW)).toEqual({ allowed: true, max: 2, count: 1 });
    expect(limiter.take('b', T0 + WINDOW)).toEqual({ allowed: true, max: 2, count: 2 });
    expect(limiter.take('b', T0 + 3 * MINUTE + WINDOW)).toEqual({ allowed: true, max: 2, count: 1 });
  });
});

describe('"a fixed 5-minute window starting with the profile\'s first counted request"', () => {
  it('the window starts at the first request, not at construction', () => {
    const limiter = new RateLimiter(2, WINDOW);
    const first = T0 + 17 * MINUTE;
    limiter.take('a', first);
    expect(limiter.take('a', first + WINDOW - 1)).toEqual({ allowed: true, max: 2, count: 2 });
    expect(limiter.take('a', first + WINDOW - 1).allowed).toBe(false);
    expect(limiter.take('a', first + WINDOW)).toEqual({ allowed: true, max: 2, count: 1 });
  });

  it('fixed, not sliding: the next window starts with the first request after the old one ended', () => {
    const limiter = new RateLimiter(3, WINDOW);
    limiter.take('a', T0);
    limiter.take('a', T0 + 4 * MINUTE);
    limiter.take('a', T0 + 4 * MINUTE);
    // A sliding window would still hold the two requests of a minute ago.
    expect(limiter.take('a', T0 + WINDOW)).toEqual({ allowed: true, max: 3, count: 1 });
    // The new window began at T0 + 5 min (its first request), not at T0 + 10 min.
    limiter.take('a', T0 + WINDOW + 1);
    limiter.take('a', T0 + WINDOW + 2);
    expect(limiter.take('a', T0 + 2 * WINDOW - 1).allowed).toBe(false);
    expect(limiter.take('a', T0 + 2 * WINDOW)).toEqual({ allowed: true, max: 3, count: 1 });
  });

  it('after a long pause the first request opens a new window at its own time', () => {
    const limiter = new RateLimiter(1, WINDOW);
    limiter.take('a', T0);
    const later = T0 + 3 * DAY + 123;
    expect(limiter.take('a', later).allowed).toBe(true);
    expect(limiter.take('a', later + WINDOW - 1).allowed).toBe(false);
    expect(limiter.take('a', later + WINDOW).allowed).toBe(true);
  });

  it('the window length is a constructor option', () => {
    const limiter = new RateLimiter(1, 1000);
    limiter.take('a', T0);
    expect(limiter.take('a', T0 + 999).allowed).toBe(false);
    expect(limiter.take('a', T0 + 1000).allowed).toBe(true);
  });
});

describe('"1,000 responses of 429 within 24 h suspend a profile (then 403)"', () => {
  function refuse(limiter: RateLimiter, refId: string, times: number, at: number) {
    const decisions = [];
    for (let i = 0; i < times; i++) decisions.push(limiter.take(refId, at));
    return decisions;
  }

  it('999 refusals do not suspend; the 1,000th is still a refusal (429), and suspends from the next request on', () => {
    const limiter = new RateLimiter(1);
    expect(limiter.take('a', T0).allowed).toBe(true);
    const first999 = refuse(limiter, 'a', 999, T0 + 1);
    expect(first999.every((d) => !d.allowed && !('suspended' in d && d.suspended))).toBe(true);
    expect(limiter.isSuspended('a')).toBe(false);

    expect(limiter.take('a', T0 + 2)).toEqual({ allowed: false, suspended: false, max: 1, count: 1 });
    expect(limiter.isSuspended('a')).toBe(true);
    expect(limiter.take('a', T0 + 3)).toMatchObject({ allowed: false, suspended: true });
  });

  it('a suspended profile stays refused in later windows; other profiles are not affected', () => {
    const limiter = new RateLimiter(1);
    limiter.take('a', T0);
    refuse(limiter, 'a', 1000, T0);
    expect(limiter.isSuspended('a')).toBe(true);
    expect(limiter.take('a', T0 + WINDOW)).toMatchObject({ allowed: false, suspended: true });
    expect(limiter.take('a', T0 + 2 * DAY)).toMatchObject({ allowed: false, suspended: true });
    expect(limiter.isSuspended('b')).toBe(false);
    expect(limiter.take('b', T0)).toEqual({ allowed: true, max: 1, count: 1 });
  });

  it('refusals spread over several windows add up within 24 hours', () => {
    const limiter = new RateLimiter(1);
    for (let w = 0; w < 4; w++) {
      const start = T0 + w * WINDOW;
      expect(limiter.take('a', start).allowed).toBe(true);
      refuse(limiter, 'a', 250, start + 1);
    }
    expect(limiter.isSuspended('a')).toBe(true);
  });

  it('refusals older than 24 hours are forgotten', () => {
    const limiter = new RateLimiter(1);
    limiter.take('a', T0);
    refuse(limiter, 'a', 999, T0);
    // Just past 24 hours later: a new window, one allowed, then one more refusal.
    const later = T0 + DAY + 1;
    expect(limiter.take('a', later).allowed).toBe(true);
    expect(limiter.take('a', later).allowed).toBe(false);
    expect(limiter.isSuspended('a')).toBe(false);
  });

  it('within 24 hours they are not: 999 refusals, then one more 23 hours later, suspends', () => {
    const limiter = new RateLimiter(1);
    limiter.take('a', T0);
    refuse(limiter, 'a', 999, T0);
    const later = T0 + 23 * 60 * MINUTE;
    expect(limiter.take('a', later).allowed).toBe(true);
    expect(limiter.take('a', later)).toEqual({ allowed: false, suspended: false, max: 1, count: 1 });
    expect(limiter.isSuspended('a')).toBe(true);
  });

  it('allowed requests never suspend, however many', () => {
    const limiter = new RateLimiter(5000);
    for (let i = 0; i < 5000; i++) limiter.take('a', T0);
    expect(limiter.isSuspended('a')).toBe(false);
  });
});
