// The per-profile rate budget on a fake clock: the first request goes alone until its answer tells
// the window's state; then permits up to the limit per window, then a wait until the window (plus
// margin) is over, or a fast failure with the time to retry; the service's headers raise the count
// or change the limit; a 429 pauses with growing backoff.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../../src/main/core/service/rateBudget.ts';
import { SteppingClock, settle } from './fakes.ts';

const WINDOW = 5 * 60 * 1000;

describe('RateBudget', () => {
  it('the first request goes alone; the others wait for its answer', async () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock });
    expect(budget.tryAcquire()).toEqual({ granted: true });
    const second = budget.tryAcquire();
    expect(second).toEqual({ granted: false, calibrating: expect.any(Promise) });
    let granted = false;
    void budget.acquire('fail', undefined).then((r) => (granted = r.granted));
    await settle();
    expect(granted).toBe(false);
    budget.answered(300, 1);
    await settle();
    expect(granted).toBe(true);
  });

  it('a first answer that says the window is nearly spent holds the burst back', () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock });
    budget.tryAcquire();
    budget.answered(300, 299);
    expect(budget.tryAcquire().granted).toBe(true);
    expect(budget.tryAcquire().granted).toBe(false);
  });

  it('a probe without an answer lets the next request probe again', () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock });
    budget.tryAcquire();
    budget.noAnswer();
    expect(budget.tryAcquire()).toEqual({ granted: true });
    expect(budget.tryAcquire()).toMatchObject({ granted: false, calibrating: expect.any(Promise) });
  });

  it('grants 300 permits by default, then none until the window is over', () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, marginMs: 1000 });
    expect(budget.tryAcquire().granted).toBe(true);
    budget.answered(undefined, undefined);
    for (let i = 1; i < 300; i++) expect(budget.tryAcquire().granted).toBe(true);
    expect(budget.tryAcquire()).toEqual({ granted: false, retryAt: clock.now() + WINDOW + 1000 });
  });

  it('a waiting call goes when the window is over, not before', async () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, limit: 2, marginMs: 1000 });
    budget.tryAcquire();
    budget.answered(undefined, undefined);
    budget.tryAcquire();
    let granted = false;
    void budget.acquire('wait', undefined).then(() => (granted = true));
    await settle();
    await clock.advance(WINDOW);
    expect(granted).toBe(false);
    await clock.advance(1000);
    expect(granted).toBe(true);
  });

  it('fails fast with the time to retry when the caller asks', async () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, limit: 1, marginMs: 0 });
    await budget.acquire('fail', undefined);
    budget.answered(undefined, undefined);
    expect(await budget.acquire('fail', undefined)).toEqual({ granted: false, retryAt: clock.now() + WINDOW });
  });

  it('a wait can be cancelled', async () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, limit: 1 });
    budget.tryAcquire();
    budget.answered(undefined, undefined);
    const controller = new AbortController();
    const waiting = budget.acquire('wait', controller.signal);
    await settle();
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });

  it('follows x-ratelimit-max down and up', () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock });
    budget.tryAcquire();
    budget.answered(3, 1);
    expect(budget.tryAcquire().granted).toBe(true);
    expect(budget.tryAcquire().granted).toBe(true);
    expect(budget.tryAcquire().granted).toBe(false);
    budget.answered(1000, 3);
    expect(budget.state().limit).toBe(1000);
    expect(budget.tryAcquire().granted).toBe(true);
  });

  it('a higher x-ratelimit-count (someone else uses the profile) spends our budget too', () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, limit: 10 });
    budget.tryAcquire();
    budget.answered(10, 10);
    expect(budget.tryAcquire().granted).toBe(false);
  });

  it('a lower x-ratelimit-count never gives permits back within the window', () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, limit: 3 });
    budget.tryAcquire();
    budget.answered(3, 1);
    budget.tryAcquire();
    budget.tryAcquire();
    budget.answered(3, 1);
    expect(budget.tryAcquire().granted).toBe(false);
  });

  it('a 429 pauses the profile, twice as long on the next one, and a success resets that', () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, backoffBaseMs: 1000, random: () => 0 });
    expect(budget.rateLimited()).toBe(1000);
    expect(budget.tryAcquire()).toEqual({ granted: false, retryAt: clock.now() + 1000 });
    expect(budget.rateLimited()).toBe(2000);
    expect(budget.rateLimited()).toBe(4000);
    budget.succeeded();
    expect(budget.rateLimited()).toBe(1000);
  });

  it('a 429 spends the rest of the window', async () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, backoffBaseMs: 1000, random: () => 0, marginMs: 0 });
    budget.tryAcquire();
    budget.answered(undefined, undefined);
    budget.rateLimited();
    await clock.advance(1000);
    expect(budget.tryAcquire()).toEqual({ granted: false, retryAt: clock.now() - 1000 + WINDOW });
  });

  it('the backoff never exceeds a window (plus jitter)', () => {
    const clock = new SteppingClock();
    const budget = new RateBudget({ clock, backoffBaseMs: 5000, random: () => 1 });
    let pause = 0;
    for (let i = 0; i < 20; i++) pause = budget.rateLimited();
    expect(pause).toBe(WINDOW * 1.25);
  });

  it('never grants a request the service would answer 429, whatever the timing of the calls', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: 0, max: 90_000 }), { minLength: 1, maxLength: 150 }), (limit, gaps) => {
        let now = 0;
        const budget = new RateBudget({ clock: { now: () => now, sleep: () => Promise.resolve() }, limit, marginMs: 0, windowMs: 60_000 });
        // The service's counter (public facts): a fixed window from the first counted request.
        let serverStart: number | undefined;
        let serverCount = 0;
        for (const gap of gaps) {
          now += gap;
          if (!budget.tryAcquire().granted) continue;
          budget.answered(undefined, undefined);
          if (serverStart === undefined || now - serverStart >= 60_000) {
            serverStart = now;
            serverCount = 0;
          }
          serverCount++;
          expect(serverCount).toBeLessThanOrEqual(limit);
        }
      }),
    );
  });
});
