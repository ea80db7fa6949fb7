// How often a post's comments are polled: recent posts and posts with recent comments often, old
// quiet posts rarely, always within the bounds; failures back off.
import { describe, expect, it } from 'vitest';
import { analyticsMinInterval, commentPollInterval, DEFAULT_POLL_POLICY, retryDelay } from '../../../src/main/core/sync/pollPolicy.ts';

const NOW = Date.UTC(2026, 4, 30, 12);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const interval = (ageMs: number, lastCommentAgoMs: number | null = null) =>
  commentPollInterval({ created: NOW - ageMs, lastCommentAt: lastCommentAgoMs === null ? null : NOW - lastCommentAgoMs }, NOW);

describe('comment poll interval', () => {
  it('a post of today is polled at the shortest interval', () => {
    expect(interval(2 * HOUR)).toBe(DEFAULT_POLL_POLICY.hotMs);
  });

  it('a post of this week is polled every minute even when nobody commented', () => {
    expect(interval(3 * DAY)).toBe(DEFAULT_POLL_POLICY.activeMs);
    expect(interval(6 * DAY)).toBe(DEFAULT_POLL_POLICY.activeMs);
  });

  it('an old quiet post is polled rarely, and more rarely the older it is', () => {
    const tenDays = interval(10 * DAY);
    const twentyDays = interval(20 * DAY);
    expect(tenDays).toBeGreaterThan(HOUR);
    expect(twentyDays).toBeGreaterThan(tenDays);
  });

  it('a comment a moment ago makes an old post hot again; the interval grows as the thread cools', () => {
    expect(interval(60 * DAY, 5 * MINUTE)).toBe(DEFAULT_POLL_POLICY.hotMs);
    const cooling = [1, 3, 12, 48].map((hours) => interval(60 * DAY, hours * HOUR));
    expect(cooling).toEqual([...cooling].sort((a, b) => a - b));
    expect(cooling[0]).toBeLessThan(2 * MINUTE);
  });

  it('never shorter than the hot interval, never longer than the maximum', () => {
    for (const age of [0, MINUTE, DAY, 30 * DAY, 400 * DAY]) {
      for (const comment of [null, 0, HOUR, 100 * DAY]) {
        const value = interval(age, comment);
        expect(value).toBeGreaterThanOrEqual(DEFAULT_POLL_POLICY.hotMs);
        expect(value).toBeLessThanOrEqual(DEFAULT_POLL_POLICY.maxMs);
      }
    }
    expect(interval(400 * DAY)).toBe(DEFAULT_POLL_POLICY.maxMs);
  });

  it('a post dated in the future (clock skew) counts as brand new', () => {
    expect(commentPollInterval({ created: NOW + HOUR, lastCommentAt: null }, NOW)).toBe(DEFAULT_POLL_POLICY.hotMs);
  });
});

describe('retries and analytics', () => {
  it('a failing job waits twice as long after each failure, up to the cap', () => {
    const delays = [1, 2, 3, 4, 10, 20].map((n) => retryDelay(n));
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(delays.at(-1)).toBe(DEFAULT_POLL_POLICY.maxRetryMs);
  });

  it("analytics of this week's posts follow the service's nextUpdate alone; older posts are asked less often", () => {
    expect(analyticsMinInterval(NOW - 2 * DAY, NOW)).toBe(0);
    expect(analyticsMinInterval(NOW - 10 * DAY, NOW)).toBe(HOUR);
    expect(analyticsMinInterval(NOW - 90 * DAY, NOW)).toBe(DEFAULT_POLL_POLICY.maxMs);
  });

  it('analytics that cost a request per post (bluesky) are asked at most every half hour', () => {
    expect(analyticsMinInterval(NOW - HOUR, NOW, DEFAULT_POLL_POLICY, true)).toBe(30 * MINUTE);
    expect(analyticsMinInterval(NOW - 10 * DAY, NOW, DEFAULT_POLL_POLICY, true)).toBe(HOUR);
  });
});
