// When the sync may send its next request for a profile. Two rules on top of the client's budget:
//
// - A ceiling: the sync uses at most `share` (90%) of the window's requests, counted by the client's
//   budget, which also counts the outbox's requests and what the service reports; the rest is
//   headroom for the replies the user sends. At the ceiling it waits for the next window: it never
//   sends into a 429.
// - A steady pace: requests are spread over the window (a token bucket refilled at the ceiling's
//   rate, `burstShare` of it up front), so a busy first minute cannot leave the other four without
//   polls, and a machine that wakes after hours does not fire a burst to catch up.
import { RATE_LIMIT_WINDOW_MS } from '../../../shared/networks.ts';
import type { BudgetState } from '../service/rateBudget.ts';

export interface PacerOptions {
  /** Share of the window's limit the sync may use; default 0.9. */
  share?: number;
  /** Share of the ceiling that may go at once; default 0.1. */
  burstShare?: number;
  windowMs?: number;
}

export class RequestPacer {
  private readonly share: number;
  private readonly burstShare: number;
  private readonly windowMs: number;
  private tokens: number | undefined;
  private refilledAt = 0;

  constructor(options: PacerOptions = {}) {
    this.share = options.share ?? 0.9;
    this.burstShare = options.burstShare ?? 0.1;
    this.windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
  }

  /** The sync's requests per window for a limit. */
  ceiling(limit: number): number {
    return Math.max(1, Math.floor(limit * this.share));
  }

  /** Epoch ms at which the next request may go (≤ now: at once). */
  nextSlotAt(now: number, budget: BudgetState): number {
    const ceiling = this.ceiling(budget.limit);
    let at = now;
    if (budget.pausedUntil > at) at = budget.pausedUntil;
    if (budget.windowEndsAt !== undefined && budget.used >= ceiling) at = Math.max(at, budget.windowEndsAt);
    const tokens = this.tokensAt(now, ceiling);
    if (tokens < 1) at = Math.max(at, now + Math.ceil((1 - tokens) / this.rate(ceiling)));
    return at;
  }

  /** A request went out at `now`. */
  taken(now: number, limit: number): void {
    const ceiling = this.ceiling(limit);
    this.tokens = this.tokensAt(now, ceiling) - 1;
    this.refilledAt = now;
  }

  /**
   * The clock jumped (the machine slept): whatever the bucket filled up meanwhile is not owed. The
   * sync starts again at the steady pace.
   */
  damp(now: number): void {
    this.tokens = 1;
    this.refilledAt = now;
  }

  private rate(ceiling: number): number {
    return ceiling / this.windowMs;
  }

  private tokensAt(now: number, ceiling: number): number {
    const burst = Math.max(1, Math.floor(ceiling * this.burstShare));
    if (this.tokens === undefined) return burst;
    return Math.min(burst, this.tokens + Math.max(0, now - this.refilledAt) * this.rate(ceiling));
  }
}
