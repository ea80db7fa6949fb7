// The rate budget of one profile: the service allows a number of requests per fixed 5-minute window
// (300 by default; `x-ratelimit-max` says the real figure) and 1,000 answers of 429 in a day
// suspend the profile. So every request draws a permit first; when the window's permits are spent,
// calls wait for the next window (or fail fast when asked) instead of being sent into a 429.
//
// The server's window starts with the profile's first counted request, which reaches it a moment
// after we sent ours; our window therefore ends a safety margin later than the one we count from,
// and what the server reports (`x-ratelimit-count`) only ever raises our count, never lowers it:
// erring on the side of waiting costs seconds, erring the other way costs a 429.
//
// Until the first answer for a profile has come back, the client knows neither the real limit nor
// how much of the window is used already (another program, or this app before a restart): so the
// first request goes alone, as a probe, and the others wait for its answer instead of bursting.
import { RATE_LIMIT_DEFAULT, RATE_LIMIT_WINDOW_MS } from '../../../shared/networks.ts';
import type { Clock } from '../clock.ts';

export interface RateBudgetOptions {
  clock: Clock;
  /** Requests per window until the service says otherwise; default 300. */
  limit?: number;
  windowMs?: number;
  /** Added to the end of each window to cover the time a request takes to reach the service. */
  marginMs?: number;
  /** First pause after an unexpected 429; doubles on each further one, up to a window. */
  backoffBaseMs?: number;
  /** 0..1 → 0..1; the share of the backoff added as jitter. Default Math.random. */
  random?: () => number;
}

export type WhenSpent = 'wait' | 'fail';

export type Acquired =
  | { granted: true }
  /** Spent (or paused): the next permit is at `retryAt`. */
  | { granted: false; retryAt: number }
  /** The first request of this profile is out: wait for its answer, then ask again. */
  | { granted: false; calibrating: Promise<void> };

export interface BudgetState {
  limit: number;
  used: number;
  /** When the current window ends on our clock (with the margin), or undefined before the first request. */
  windowEndsAt: number | undefined;
  pausedUntil: number;
}

export class RateBudget {
  private readonly clock: Clock;
  private readonly windowMs: number;
  private readonly marginMs: number;
  private readonly backoffBaseMs: number;
  private readonly random: () => number;
  private limit: number;
  private used = 0;
  private windowStart: number | undefined;
  private pausedUntil = 0;
  private consecutive429 = 0;
  /** An answer has told us the window's state (or that the service says nothing about it). */
  private calibrated = false;
  private probe: { done: Promise<void>; finish: () => void } | undefined;

  constructor(options: RateBudgetOptions) {
    this.clock = options.clock;
    this.limit = options.limit ?? RATE_LIMIT_DEFAULT;
    this.windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
    this.marginMs = options.marginMs ?? 1000;
    this.backoffBaseMs = options.backoffBaseMs ?? 5000;
    this.random = options.random ?? Math.random;
  }

  /** Takes a permit now if there is one; otherwise says when to ask again. */
  tryAcquire(): Acquired {
    const now = this.clock.now();
    this.rollWindow(now);
    if (now < this.pausedUntil) return { granted: false, retryAt: this.pausedUntil };
    if (this.probe) return { granted: false, calibrating: this.probe.done };
    if (this.used >= this.limit) return { granted: false, retryAt: this.windowEnd() };
    if (!this.calibrated) {
      let finish = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      this.probe = { done, finish };
    }
    this.windowStart ??= now;
    this.used++;
    return { granted: true };
  }

  /**
   * Takes a permit, waiting for one when `whenSpent` is 'wait'. With 'fail' and the budget spent,
   * returns when a permit will be there instead (waiting for a probe's answer is not "spent").
   */
  async acquire(
    whenSpent: WhenSpent,
    signal: AbortSignal | undefined,
    onWait?: (ms: number) => void,
  ): Promise<{ granted: true } | { granted: false; retryAt: number }> {
    for (;;) {
      signal?.throwIfAborted();
      const attempt = this.tryAcquire();
      if (attempt.granted) return attempt;
      if ('calibrating' in attempt) {
        await abortable(attempt.calibrating, signal);
        continue;
      }
      if (whenSpent === 'fail') return attempt;
      const waitMs = Math.max(1, attempt.retryAt - this.clock.now());
      onWait?.(waitMs);
      await this.clock.sleep(waitMs, signal);
    }
  }

  /**
   * An answer came back (any status): what it said about the window in `x-ratelimit-max` and
   * `x-ratelimit-count`, if anything. The first answer ends the probe.
   */
  answered(max: number | undefined, count: number | undefined): void {
    this.calibrated = true;
    this.observe(max, count);
    this.endProbe();
  }

  /** The request got no answer: the window's state is still unknown; the next request probes. */
  noAnswer(): void {
    this.endProbe();
  }

  private endProbe(): void {
    const probe = this.probe;
    this.probe = undefined;
    probe?.finish();
  }

  /** What the service said about the window in its answer headers. */
  private observe(max: number | undefined, count: number | undefined): void {
    if (max !== undefined && Number.isFinite(max) && max > 0) this.limit = max;
    // A higher count than ours means someone else uses this profile too: count their requests.
    if (count !== undefined && Number.isFinite(count) && count > this.used) {
      this.windowStart ??= this.clock.now();
      this.used = count;
    }
  }

  /** An answer other than 429 came back: the backoff starts over. */
  succeeded(): void {
    this.consecutive429 = 0;
  }

  /**
   * A 429 came back although we had a permit (another client, a changed limit): treat the window
   * as spent and pause the profile, longer on each 429 in a row. Returns the pause.
   */
  rateLimited(): number {
    const now = this.clock.now();
    this.rollWindow(now);
    this.windowStart ??= now;
    this.used = Math.max(this.used, this.limit);
    const base = Math.min(this.backoffBaseMs * 2 ** this.consecutive429, this.windowMs);
    const pause = Math.round(base * (1 + 0.25 * this.random()));
    this.consecutive429++;
    this.pausedUntil = Math.max(this.pausedUntil, now + pause);
    return pause;
  }

  state(): BudgetState {
    this.rollWindow(this.clock.now());
    return {
      limit: this.limit,
      used: this.used,
      windowEndsAt: this.windowStart === undefined ? undefined : this.windowEnd(),
      pausedUntil: this.pausedUntil,
    };
  }

  private windowEnd(): number {
    return (this.windowStart ?? this.clock.now()) + this.windowMs + this.marginMs;
  }

  private rollWindow(now: number): void {
    if (this.windowStart !== undefined && now >= this.windowEnd()) {
      this.windowStart = undefined;
      this.used = 0;
    }
  }
}

function abortable(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, reject);
  });
}
