// The figures a post's panel, comparison, thread table, PNG and CSV show, per network: one name per
// figure, what kind of number it is, and which of the service's fields carry it. The service names
// one figure several ways (likes / likeCount; shares / shareCount / sharesCount; X's impressions in
// its public and non-public groups; facebook's reactions twice), sends rates as ratios (0.1) or
// percentages (25.5) and durations in seconds or milliseconds, and mixes in fields that are not
// figures at all (ids, links, a thumbnail's width and height). This table folds the synonyms into
// one figure, brings every rate to a ratio and every duration to milliseconds, and leaves everything
// else out. Fields: ../shared/spec/public-facts.md ("Analytics fields of the other platforms") and
// service-api.md (twitter). Pure: no DOM, no bridge.
import type { AnalyticsSnapshot } from '../../shared/domain/posts.ts';
import type { Network } from '../../shared/networks.ts';
import { pluralNoun } from '../../shared/format/formatter.ts';
import { fmt } from './format.ts';

/** A count adds up and is whole; a rate is a ratio (0.3 = 30 %); a duration is in milliseconds. */
export type FigureKind = 'count' | 'rate' | 'duration';

/** X's groups: what anyone sees, what only the author sees, and what came without promotion. */
export type FigureGroup = 'publicMetrics' | 'nonPublicMetrics' | 'organicMetrics';

export interface FigureSpec {
  /** The figure's key: its first field. Stable whichever synonym a snapshot carries. */
  key: string;
  /** Its one name, on screen and as the CSV's column. */
  name: string;
  kind: FigureKind;
  /** The flattened fields that carry it ("publicMetrics.likeCount"), the first present is read. */
  fields: readonly string[];
  /** What the service's number is multiplied by to reach the kind's unit (seconds → ms: 1000). */
  scale: number;
  /** X's group, for the panel's headings. */
  group?: FigureGroup;
}

type Row = [name: string, kind: FigureKind, fields: readonly string[], scale?: number, group?: FigureGroup];

const SECOND = 1000;
/** A rate's change: percentage points. */
const POINTS = { one: 'point', other: 'points' };
const PERCENT = 0.01;

function table(rows: Row[]): FigureSpec[] {
  return rows.map(([name, kind, fields, scale = 1, group]) => ({ key: fields[0] ?? name, name, kind, fields, scale, ...(group ? { group } : {}) }));
}

const pub = 'publicMetrics' as const;
const own = 'nonPublicMetrics' as const;
const org = 'organicMetrics' as const;

/** Every network's figures, in the order the panel shows them. */
export const FIGURES: Record<Network, readonly FigureSpec[]> = {
  twitter: table([
    ['Impressions', 'count', ['publicMetrics.impressionCount', 'nonPublicMetrics.impressionCount'], 1, pub],
    ['Likes', 'count', ['publicMetrics.likeCount'], 1, pub],
    ['Reposts', 'count', ['publicMetrics.retweetCount'], 1, pub],
    ['Replies', 'count', ['publicMetrics.replyCount'], 1, pub],
    ['Quotes', 'count', ['publicMetrics.quoteCount'], 1, pub],
    ['Bookmarks', 'count', ['publicMetrics.bookmarkCount'], 1, pub],
    ['Engagements', 'count', ['nonPublicMetrics.engagements'], 1, own],
    ['Profile clicks', 'count', ['nonPublicMetrics.userProfileClicks'], 1, own],
    ['Organic impressions', 'count', ['organicMetrics.impressionCount'], 1, org],
    ['Organic likes', 'count', ['organicMetrics.likeCount'], 1, org],
    ['Organic reposts', 'count', ['organicMetrics.retweetCount'], 1, org],
    ['Organic replies', 'count', ['organicMetrics.replyCount'], 1, org],
    ['Organic profile clicks', 'count', ['organicMetrics.userProfileClicks'], 1, org],
  ]),
  facebook: table([
    ['Reactions', 'count', ['reactions.total']],
    ['Likes', 'count', ['likeCount', 'reactions.like', 'reactionsByType.like']],
    ['Love reactions', 'count', ['reactions.love', 'reactionsByType.love']],
    ['Haha reactions', 'count', ['reactions.haha', 'reactionsByType.haha']],
    ['Wow reactions', 'count', ['reactions.wow', 'reactionsByType.wow']],
    ['Sad reactions', 'count', ['reactions.sorry', 'reactionsByType.sorry']],
    ['Angry reactions', 'count', ['reactions.anger', 'reactionsByType.anger']],
    ['Comments', 'count', ['commentsCount']],
    ['Shares', 'count', ['sharesCount']],
    ['Video views', 'count', ['videoViews']],
    ['Unique video views', 'count', ['videoViewsUnique']],
    // Facebook reports the time watched in milliseconds; said in minutes, as YouTube's is.
    ['Minutes watched', 'count', ['videoViewTime'], 1 / 60_000],
  ]),
  instagram: table([
    ['Reach', 'count', ['reachCount']],
    ['Views', 'count', ['viewsCount']],
    ['Likes', 'count', ['likeCount']],
    ['Comments', 'count', ['commentsCount']],
    ['Shares', 'count', ['sharesCount']],
    ['Saves', 'count', ['savedCount']],
    ['Engagements', 'count', ['engagementCount']],
  ]),
  linkedin: table([
    ['Impressions', 'count', ['impressionCount']],
    ['Unique impressions', 'count', ['uniqueImpressionsCount']],
    ['Likes', 'count', ['likeCount']],
    ['Comments', 'count', ['commentCount']],
    ['Shares', 'count', ['shareCount']],
    ['Clicks', 'count', ['clickCount']],
    // Interactions per impression, a ratio.
    ['Engagement rate', 'rate', ['engagement']],
  ]),
  tiktok: table([
    ['Views', 'count', ['videoViews']],
    ['Reach', 'count', ['reach']],
    ['Likes', 'count', ['likeCount']],
    ['Comments', 'count', ['commentsCount']],
    ['Shares', 'count', ['shareCount']],
    ['Average watch time', 'duration', ['averageTimeWatched'], SECOND],
    ['Watched to the end', 'rate', ['fullVideoWatchedRate']],
  ]),
  youtube: table([
    ['Views', 'count', ['views']],
    ['Likes', 'count', ['likes']],
    ['Dislikes', 'count', ['dislikes']],
    ['Comments', 'count', ['comments']],
    ['Shares', 'count', ['shares']],
    ['Subscribers gained', 'count', ['subscribersGained']],
    ['Subscribers lost', 'count', ['subscribersLost']],
    ['Minutes watched', 'count', ['estimatedMinutesWatched']],
    ['Average watch time', 'duration', ['averageViewDuration'], SECOND],
    // YouTube sends this one as a percentage (42.5), not a ratio.
    ['Average share watched', 'rate', ['averageViewPercentage'], PERCENT],
  ]),
  threads: table([
    ['Views', 'count', ['views']],
    ['Likes', 'count', ['likes']],
    ['Replies', 'count', ['replies']],
    ['Reposts', 'count', ['reposts']],
    ['Quotes', 'count', ['quotes']],
    ['Shares', 'count', ['shares']],
  ]),
  bluesky: table([
    ['Likes', 'count', ['likeCount']],
    ['Reposts', 'count', ['repostCount']],
    ['Replies', 'count', ['replyCount']],
    ['Quotes', 'count', ['quoteCount']],
  ]),
};

/** X's groups, in the words the panel's headings use. */
export const FIGURE_GROUPS: readonly { group: FigureGroup; label: string }[] = [
  { group: 'publicMetrics', label: 'Public (anyone can see these)' },
  { group: 'nonPublicMetrics', label: 'Only the author sees these' },
  { group: 'organicMetrics', label: 'Without promotion (organic)' },
];

/** The numeric fields of a snapshot, flattened one level ("publicMetrics.likeCount"): the raw material of the figures. */
export function numericMetrics(metrics: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(metrics)) {
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && key !== 'entities') {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>)) {
        if (typeof v === 'number' && Number.isFinite(v)) out[`${key}.${inner}`] = v;
      }
    }
  }
  return out;
}

/** A figure's spec on a network by its key; undefined for a key the table does not know. */
export function figureSpec(network: Network, key: string): FigureSpec | undefined {
  return FIGURES[network].find((spec) => spec.key === key);
}

/** A snapshot's figures, key → value in the kind's unit, in the table's order; non-figures left out. */
export function figureValues(network: Network, metrics: Record<string, unknown>): Record<string, number> {
  const numbers = numericMetrics(metrics);
  const out: Record<string, number> = {};
  for (const spec of FIGURES[network]) {
    const field = spec.fields.find((f) => numbers[f] !== undefined);
    if (field !== undefined) out[spec.key] = (numbers[field] as number) * spec.scale;
  }
  return out;
}

/** One figure over the snapshots' fetch times (seconds, oldest first), in the kind's unit. */
export function figureSeries(history: readonly AnalyticsSnapshot[], key: string): { x: number[]; y: number[] } {
  const sorted = [...history].sort((a, b) => a.fetchedAt - b.fetchedAt);
  const x: number[] = [];
  const y: number[] = [];
  for (const snap of sorted) {
    const value = figureValues(snap.platform, snap.metrics)[key];
    if (value === undefined) continue;
    x.push(snap.fetchedAt / 1000);
    y.push(value);
  }
  return { x, y };
}

/** A figure's value as people read it: a whole count, a percentage, a length of time. */
export function formatFigure(kind: FigureKind, value: number): string {
  switch (kind) {
    case 'count':
      return fmt.number(Math.round(value));
    case 'rate':
      return fmt.percent(value, Math.abs(value) < 0.1 ? 1 : 0);
    case 'duration':
      return watchTime(value);
  }
}

/** A watch time to the second under an hour ("2 min 59 s", not "3 min"); longer ones as the formatter says them. */
function watchTime(ms: number): string {
  const seconds = Math.round(ms / SECOND);
  if (seconds < 60 || seconds >= 3600) return fmt.duration(ms);
  const rest = seconds % 60;
  return rest === 0 ? `${seconds / 60} min` : `${Math.floor(seconds / 60)} min ${rest} s`;
}

/** A change or a difference: "+12", "−1,200", "+2.5 points" for a rate, "+3 s"; "no change" at 0. */
export function formatFigureChange(kind: FigureKind, delta: number): string {
  const shown = kind === 'count' ? Math.round(delta) : delta;
  if (shown === 0 || (kind === 'rate' && Math.abs(delta) < 0.0005)) return 'no change';
  const sign = shown > 0 ? '+' : '−';
  if (kind === 'rate') {
    const points = Math.round(Math.abs(delta) * 1000) / 10;
    return `${sign}${fmt.number(points, 1)} ${pluralNoun(points, POINTS)}`;
  }
  return `${sign}${formatFigure(kind, Math.abs(shown))}`;
}

/** A figure's CSV column: its name, with the unit of a rate or a duration ("Engagement rate (%)"). */
export function csvColumn(spec: Pick<FigureSpec, 'name' | 'kind'>): string {
  return spec.kind === 'rate' ? `${spec.name} (%)` : spec.kind === 'duration' ? `${spec.name} (s)` : spec.name;
}

/** A figure's value in its CSV column: a whole count, a rate in percent, a duration in seconds (two decimals at most). */
export function csvValue(kind: FigureKind, value: number): number {
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return kind === 'count' ? Math.round(value) : kind === 'rate' ? round2(value * 100) : round2(value / SECOND);
}
