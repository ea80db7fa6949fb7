// An account's figures over time (POST /analytics/social), as a pure function of the account and of
// the clock, like a post's (metrics.ts): the service refreshes account analytics on its own schedule,
// so the numbers are those of the last refresh, the same until `nextUpdate`, and the counts only grow
// from one refresh to the next. youtube and tiktok report through the day before yesterday (their
// figures lag 24-48 h, public-facts.md). This file finds the refresh, the moment the numbers are for
// and the window period figures are summed over; account-metrics.ts and account-page-metrics.ts make
// each network's fields from it. Nothing here reads the clock or Math.random.
import type { Network } from '../../shared/networks.ts';
import { Random } from '../random.ts';

export const DAY_MS = 86_400_000;
/** A quarter of `quarters`, in days: a year of four. */
const QUARTER_DAYS = 91;
/** tiktok's `period60Days`. */
const SIXTY_DAYS = 60;
/** How many past days `daily` lists when `quarters` does not say. */
const DEFAULT_DAILY_DAYS = 30;

/** The networks whose figures come from a daily report, complete only up to the day before yesterday. */
export const LAGGING_NETWORKS: readonly Network[] = ['youtube', 'tiktok'];

export interface AccountQuery {
  /** 1-4: period figures cover that many past quarters; undefined: the account's whole life. */
  quarters?: number;
  daily: boolean;
  /** tiktok only: comments, shares and views of the last 60 days. */
  period60Days: boolean;
}

export interface AccountRefresh {
  lastMs: number;
  nextMs: number;
  /** The moment the numbers describe: the refresh itself, or the end of a past day for lagging networks. */
  dataMs: number;
}

/** A stable number from a string (FNV-1a), to seed an account's own generator. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Refreshes tick every `refreshMs` at an offset of the account's own, the same for every call. */
export function refreshOf(platform: Network, accountSeed: number, nowMs: number, refreshMs: number): AccountRefresh {
  const every = Math.max(1, Math.floor(refreshMs));
  const offset = Math.floor(new Random(accountSeed ^ 0x2545f491).next() * every);
  const lastMs = offset + Math.floor((nowMs - offset) / every) * every;
  // Complete days only, and the last of them is still being processed: the end of the day before yesterday.
  const dataMs = LAGGING_NETWORKS.includes(platform) ? Math.floor(lastMs / DAY_MS) * DAY_MS - DAY_MS : lastMs;
  return { lastMs, nextMs: lastMs + every, dataMs };
}

/**
 * The figures of one account at one refresh. A "rate" is a mean amount per day; the amount of a day
 * swings with the week (busier some days than others) but never falls to zero, so every running
 * total grows. Each figure takes its own phase so that they do not all swing together.
 */
export class AccountSeries {
  readonly startMs: number;
  readonly dataMs: number;
  /** Start of the window of period figures: the account's start, or `quarters` back. */
  readonly fromMs: number;
  private readonly query: AccountQuery;

  constructor(startMs: number, dataMs: number, query: AccountQuery) {
    this.startMs = startMs;
    this.dataMs = Math.max(startMs, dataMs);
    this.query = query;
    this.fromMs = query.quarters !== undefined ? Math.max(startMs, this.dataMs - query.quarters * QUARTER_DAYS * DAY_MS) : startMs;
  }

  /** A level that grows by `rate` a day from `base` (followers): never smaller at a later refresh. */
  level(base: number, rate: number, phase = 0): number {
    return Math.floor(base + this.cumulative(rate, phase, this.dataMs));
  }

  /** The amount over the period window (impressions, views, clicks). */
  period(rate: number, phase = 0): number {
    return Math.floor(this.cumulative(rate, phase, this.dataMs)) - Math.floor(this.cumulative(rate, phase, this.fromMs));
  }

  /** A lifetime total: what came before the account was linked, plus everything since. */
  lifetime(before: number, rate: number, phase = 0): number {
    return before + Math.floor(this.cumulative(rate, phase, this.dataMs));
  }

  /** tiktok's period60Days: the last 60 days only. */
  lastSixtyDays(rate: number, phase = 0): number {
    const from = Math.max(this.startMs, this.dataMs - SIXTY_DAYS * DAY_MS);
    return Math.floor(this.cumulative(rate, phase, this.dataMs)) - Math.floor(this.cumulative(rate, phase, from));
  }

  get sixtyDays(): boolean {
    return this.query.period60Days;
  }

  /** The complete UTC days of the window, oldest first (for `daily`), as [start, end) in ms. */
  days(): { date: string; startMs: number; endMs: number }[] {
    const lastDayEnd = Math.floor(this.dataMs / DAY_MS) * DAY_MS;
    const windowDays = this.query.quarters !== undefined ? this.query.quarters * QUARTER_DAYS : DEFAULT_DAILY_DAYS;
    const firstDayStart = Math.max(Math.ceil(this.startMs / DAY_MS) * DAY_MS, lastDayEnd - windowDays * DAY_MS);
    const out: { date: string; startMs: number; endMs: number }[] = [];
    for (let start = firstDayStart; start < lastDayEnd; start += DAY_MS) {
      out.push({ date: new Date(start).toISOString().slice(0, 10), startMs: start, endMs: start + DAY_MS });
    }
    return out;
  }

  /** The amount of one day (for `daily`); the days of a window add up to its period amount. */
  dayAmount(rate: number, phase: number, day: { startMs: number; endMs: number }): number {
    return Math.floor(this.cumulative(rate, phase, day.endMs)) - Math.floor(this.cumulative(rate, phase, day.startMs));
  }

  /**
   * The running total from the account's start to `atMs`: `rate` a day, times a weekly swing of ±30%
   * (the integral of rate·(1 + 0.3·sin(2π·d/7 + phase)), which only grows).
   */
  private cumulative(rate: number, phase: number, atMs: number): number {
    const d = Math.max(0, atMs - this.startMs) / DAY_MS;
    const w = (2 * Math.PI) / 7;
    return Math.max(0, rate * (d + (0.3 / w) * (Math.cos(phase) - Math.cos(w * d + phase))));
  }
}
