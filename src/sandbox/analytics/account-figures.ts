// What every network's account analytics are made from (account-metrics.ts, account-page-metrics.ts):
// the account, its character (drawn from its seed), its series over time (account-series.ts), and
// small helpers to turn rates into period totals and daily values.
import type { Network } from '../../shared/networks.ts';
import type { NetworkIdentity } from '../ids.ts';
import { Random } from '../random.ts';
import { isoSeconds } from '../time.ts';
import { type AccountSeries, DAY_MS } from './account-series.ts';

export interface AccountContext {
  platform: Network;
  identity: NetworkIdentity;
  /** The business's website, which its profiles link to. */
  link: string;
  /** The account's own numbers come from this: the same account always has the same character. */
  seed: number;
  series: AccountSeries;
  /** The account's posts on the network made by the time the numbers are for. */
  postsMade: number;
  /** `daily: true`: the networks with daily values add them, one object per complete UTC day. */
  daily: boolean;
}

/** A figure summed over a period: its name, its mean amount per day, its weekly phase. */
export interface PeriodFigure {
  name: string;
  rate: number;
  phase: number;
}

/** The account's generator: draw its character in a fixed order and it is the same on every call. */
export function characterOf(context: AccountContext): Random {
  return new Random(context.seed);
}

/** When the account was opened on the network: some years before the profile linked it. */
export function openedAt(context: AccountContext, rng: Random): string {
  return isoSeconds(new Date(context.series.startMs - rng.int(200, 3000) * DAY_MS - rng.int(0, 86_399) * 1000));
}

export function bioOf(context: AccountContext): string {
  return `${context.identity.displayName}. ${context.link}`;
}

/** Period figures as totals over the window. */
export function periodFigures(series: AccountSeries, figures: readonly PeriodFigure[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of figures) out[f.name] = series.period(f.rate, f.phase);
  return out;
}

/** The same figures per complete UTC day of the window (`daily`), oldest first. */
export function dailyFigures(series: AccountSeries, figures: readonly PeriodFigure[]): Record<string, unknown>[] {
  return series.days().map((day) => {
    const entry: Record<string, unknown> = { date: day.date };
    for (const f of figures) entry[f.name] = series.dayAmount(f.rate, f.phase, day);
    return entry;
  });
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function between(rng: Random, min: number, max: number): number {
  return min + (max - min) * rng.next();
}
