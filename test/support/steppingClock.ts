// A clock that tests move (shared by the client's, the outbox's and the sync's tests): sleepers wake in time order as time passes, and `runFor` plays a span of
// simulated time, letting the code under test run between wake-ups until it sleeps again. A big
// `jump` is a machine that slept: the sleepers wake long after they meant to.
import type { Clock } from '../../src/main/core/clock.ts';

interface Sleeper {
  until: number;
  resolve: () => void;
}

export class SteppingClock implements Clock {
  private time: number;
  private sleepers: Sleeper[] = [];

  constructor(start = Date.UTC(2026, 4, 1, 12, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper: Sleeper = { until: this.time + Math.max(0, ms), resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  get sleeping(): number {
    return this.sleepers.length;
  }

  nextWakeAt(): number | undefined {
    return this.sleepers.reduce<number | undefined>((min, s) => (min === undefined || s.until < min ? s.until : min), undefined);
  }

  /** Sets the time and wakes everyone whose time has come, then lets them run. */
  async advanceTo(time: number): Promise<void> {
    this.time = Math.max(this.time, time);
    const due = this.sleepers.filter((s) => s.until <= this.time).sort((a, b) => a.until - b.until);
    this.sleepers = this.sleepers.filter((s) => s.until > this.time);
    for (const sleeper of due) sleeper.resolve();
    await settle();
  }

  /** Moves time forward by `ms` and wakes every sleeper whose time has come. */
  advance(ms: number): Promise<void> {
    return this.advanceTo(this.time + ms);
  }

  /** The machine sleeps `ms`: time moves on in one step, and sleepers wake late. */
  jump(ms: number): Promise<void> {
    return this.advanceTo(this.time + ms);
  }

  /** Plays `ms` of simulated time, wake-up by wake-up. */
  async runFor(ms: number, between?: () => Promise<void> | void): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (;;) {
      const next = this.nextWakeAt();
      if (next === undefined || next > end) break;
      await this.advanceTo(next);
      await between?.();
    }
    await this.advanceTo(end);
  }
}

/** Lets pending promise callbacks and immediate callbacks run. */
export async function settle(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
