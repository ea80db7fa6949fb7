// The pacer against the client's real RateBudget on a fake clock: the sync never takes more than 90%
// of a window, spreads its requests instead of spending them at once, waits out a pause after a
// 429, and does not burst after the machine slept.
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../../src/main/core/service/rateBudget.ts';
import { RequestPacer } from '../../../src/main/core/sync/requestPacer.ts';

const WINDOW = 5 * 60_000;

/** Sends as fast as the pacer allows for `durationMs`; returns the send times. */
function sendGreedily(pacer: RequestPacer, budget: RateBudget, clock: { t: number }, durationMs: number, limit = 300): number[] {
  const sent: number[] = [];
  const end = clock.t + durationMs;
  for (;;) {
    const at = pacer.nextSlotAt(clock.t, budget.state());
    if (at > end) break;
    clock.t = Math.max(clock.t, at);
    const permit = budget.tryAcquire();
    if (!permit.granted) throw new Error('the budget refused a request the pacer allowed');
    budget.answered(limit, undefined);
    pacer.taken(clock.t, limit);
    sent.push(clock.t);
  }
  clock.t = end;
  return sent;
}

function setup() {
  const clock = { t: Date.UTC(2026, 4, 1) };
  const budget = new RateBudget({ clock: { now: () => clock.t, sleep: async () => {} }, limit: 300, random: () => 0.5 });
  return { clock, budget, pacer: new RequestPacer() };
}

describe('request pacer', () => {
  it('never uses more than 90% of any window, however much work there is', () => {
    const { clock, budget, pacer } = setup();
    const start = clock.t;
    const sent = sendGreedily(pacer, budget, clock, 30 * 60_000);
    // Fixed windows as the service counts them: from the first request, 5 minutes each.
    const perWindow = new Map<number, number>();
    let windowStart = start;
    for (const at of sent) {
      while (at - windowStart >= WINDOW + 1000) windowStart += WINDOW + 1000;
      perWindow.set(windowStart, (perWindow.get(windowStart) ?? 0) + 1);
    }
    expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(270);
    // …and over any sliding 5 minutes, too.
    for (const from of sent) {
      const inWindow = sent.filter((at) => at >= from && at < from + WINDOW).length;
      expect(inWindow).toBeLessThanOrEqual(270);
    }
    // It does use the budget: at least 80% over the half hour.
    expect(sent.length).toBeGreaterThan(0.8 * 270 * 6);
  });

  it('spreads requests over the window: a burst of a tenth up front, then a steady pace', () => {
    const { clock, budget, pacer } = setup();
    const start = clock.t;
    const sent = sendGreedily(pacer, budget, clock, WINDOW);
    expect(sent.filter((at) => at === start)).toHaveLength(27);
    expect(sent.filter((at) => at < start + 60_000).length).toBeLessThanOrEqual(27 + 54 + 1);
    const gaps = sent.slice(28).map((at, i) => at - sent[27 + i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
  });

  it("counts the outbox's requests: what others spent is not the sync's to spend", () => {
    const { clock, budget, pacer } = setup();
    for (let i = 0; i < 265; i++) {
      budget.tryAcquire();
      budget.answered(300, undefined);
    }
    const sent = sendGreedily(pacer, budget, clock, WINDOW - 10_000);
    expect(sent.length).toBe(5);
  });

  it('waits out a pause after a 429', () => {
    const { clock, budget, pacer } = setup();
    budget.tryAcquire();
    budget.answered(300, undefined);
    const pause = budget.rateLimited();
    expect(pacer.nextSlotAt(clock.t, budget.state())).toBeGreaterThanOrEqual(clock.t + pause);
  });

  it('after the machine slept, the next requests come at the steady pace, not as a catch-up burst', () => {
    const { clock, budget, pacer } = setup();
    sendGreedily(pacer, budget, clock, 60_000);
    clock.t += 8 * 60 * 60_000;
    pacer.damp(clock.t);
    const wokeAt = clock.t;
    const sent = sendGreedily(pacer, budget, clock, 10_000);
    expect(sent.filter((at) => at < wokeAt + 10_000).length).toBeLessThanOrEqual(10);
    expect(sent.filter((at) => at === wokeAt).length).toBe(1);
  });

  it('follows the limit the service announces', () => {
    const { clock, budget, pacer } = setup();
    budget.tryAcquire();
    budget.answered(20, 1);
    const sent = sendGreedily(pacer, budget, clock, WINDOW - 5000, 20);
    // 90% of 20 is 18, one of them already used.
    expect(sent.length).toBe(17);
  });
});
