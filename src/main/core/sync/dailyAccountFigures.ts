// The account figures of past days, from the per-day values the service adds with `daily: true`
// (facebook, instagram, tiktok, youtube: the last 30 complete UTC days; docs/service-account-analytics.md).
// So the first report after an account is added already has a month of growth, instead of one day.
//
// A day's value is that day's amount (reach of the day, followers gained that day), while a snapshot
// holds running totals (reach since the start, followers now). So the total at the end of day D is
// today's total minus the amounts of the days after D. Only figures the daily values can rebuild are
// kept: instagram's and facebook's days carry no follower counts, so their follower line starts at
// the first real snapshot rather than drawing a flat line that never happened. The last complete
// day's total is taken as today's (the hours of today are not in any daily value): a day's growth
// at most shows one day late.
import type { Network } from '../../../shared/networks.ts';
import { accountFiguresOf, type AccountFigures } from '../../../shared/wire/accountAnalytics.ts';

/** The networks that answer `daily: true` with per-day values. */
export const DAILY_NETWORKS: readonly Network[] = ['facebook', 'instagram', 'tiktok', 'youtube'];

/** How many complete days the service gives without `quarters`. */
export const DAILY_DAYS = 30;

/** A daily value's effect on a running total: the total's path, and +1 or −1. */
interface Target {
  path: string;
  sign: 1 | -1;
}

/** Daily names that differ from the totals' names (the others adjust the total of the same name). */
const RENAMED: Partial<Record<Network, Record<string, Target[]>>> = {
  tiktok: {
    followers: [{ path: 'followerCount', sign: 1 }],
    videoViews: [{ path: 'viewCountTotal', sign: 1 }],
    likes: [{ path: 'likeCountTotal', sign: 1 }],
    comments: [{ path: 'commentCountTotal', sign: 1 }],
    shares: [{ path: 'shareCountTotal', sign: 1 }],
  },
  youtube: {
    views: [
      { path: 'views', sign: 1 },
      { path: 'viewCount', sign: 1 },
    ],
    subscribersGained: [
      { path: 'subscribersGained', sign: 1 },
      { path: 'subscriberCount', sign: 1 },
    ],
    subscribersLost: [
      { path: 'subscribersLost', sign: 1 },
      { path: 'subscriberCount', sign: -1 },
    ],
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number, or a numeric string (youtube's counts may be strings). */
function numberOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function valueAt(raw: Record<string, unknown>, path: string): number | undefined {
  let value: unknown = raw;
  for (const key of path.split('.')) {
    if (!isRecord(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return numberOf(value);
}

function setAt(raw: Record<string, unknown>, path: string, value: number): void {
  const keys = path.split('.');
  let into = raw;
  for (const key of keys.slice(0, -1)) {
    const next = into[key];
    if (isRecord(next)) into = next;
    else into = into[key] = {};
  }
  into[keys.at(-1) ?? path] = value;
}

/** Where a daily value goes: renamed, a facebook reaction type (and the reactions' total), or the total of its name. */
function targetsOf(network: Network, name: string, raw: Record<string, unknown>): Target[] {
  const renamed = RENAMED[network]?.[name];
  if (renamed !== undefined) return renamed;
  if (network === 'facebook' && isRecord(raw.reactions) && Object.hasOwn(raw.reactions, name)) {
    return [
      { path: `reactions.${name}`, sign: 1 },
      { path: 'reactions.total', sign: 1 },
    ];
  }
  return [{ path: name, sign: 1 }];
}

export interface PastDay {
  /** 'YYYY-MM-DD' (UTC), the day the daily value is of. */
  day: string;
  figures: AccountFigures;
  /** What the figures were rebuilt from, kept as the snapshot's entry (marked `fromDaily`). */
  entry: { analytics: Record<string, unknown>; fromDaily: true };
}

/**
 * The figures at the end of each day of `analytics.daily`, oldest first; [] when the answer has no
 * daily values. Pure; never throws, whatever the answer holds.
 */
export function pastDays(network: Network, analytics: unknown): PastDay[] {
  if (!isRecord(analytics) || !Array.isArray(analytics.daily)) return [];
  const days = analytics.daily
    .filter((entry): entry is Record<string, unknown> => isRecord(entry) && typeof entry.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(entry.date))
    .sort((a, b) => (String(a.date) < String(b.date) ? -1 : 1));
  // The running totals, walked back from today's: after day D is written, D's amounts are taken off.
  const totals = new Map<string, number>();
  for (const entry of days) {
    for (const [name, amount] of Object.entries(entry)) {
      if (name === 'date' || numberOf(amount) === undefined) continue;
      for (const { path } of targetsOf(network, name, analytics)) {
        const total = valueAt(analytics, path);
        if (total !== undefined) totals.set(path, total);
      }
    }
  }
  const past: PastDay[] = [];
  for (let index = days.length - 1; index >= 0; index--) {
    const entry = days[index] as Record<string, unknown>;
    const rebuilt: Record<string, unknown> = {};
    for (const [path, total] of totals) setAt(rebuilt, path, total);
    const figures = accountFiguresOf(network, rebuilt);
    // The figures' raw is the rebuilt object: it is the entry's analytics, not stored twice.
    past.push({ day: String(entry.date), figures, entry: { analytics: rebuilt, fromDaily: true } });
    for (const [name, value] of Object.entries(entry)) {
      const amount = name === 'date' ? undefined : numberOf(value);
      if (amount === undefined) continue;
      for (const { path, sign } of targetsOf(network, name, analytics)) {
        const total = totals.get(path);
        if (total !== undefined) totals.set(path, total - sign * amount);
      }
    }
  }
  return past.reverse();
}
