// A twitter thread's numbers: each tweet's, side by side, and their sum per metric. The service
// answers every tweet on its own (spec, analytics by Social Post ID, rule 2), so the thread's total
// is ours to add up, and only where adding is honest. Pure: no DOM, no bridge.
import type { AnalyticsSnapshot } from '../../shared/domain/posts.ts';
import { numericMetrics } from './postMetrics.ts';

/**
 * The twitter metrics that add up over a thread's tweets: every one is a count of events (likes,
 * reposts, impressions, clicks …), so the thread's is the sum of its tweets'. Everything else is
 * never summed: strings (text, author, created), entities, and any rate, average or percentage a
 * network may add (an average of averages is not a sum), nor a field this list does not know.
 */
export const ADDITIVE_TWITTER_METRICS: readonly string[] = [
  'publicMetrics.impressionCount',
  'publicMetrics.likeCount',
  'publicMetrics.retweetCount',
  'publicMetrics.replyCount',
  'publicMetrics.quoteCount',
  'publicMetrics.bookmarkCount',
  'nonPublicMetrics.impressionCount',
  'nonPublicMetrics.engagements',
  'nonPublicMetrics.userProfileClicks',
  'organicMetrics.impressionCount',
  'organicMetrics.likeCount',
  'organicMetrics.retweetCount',
  'organicMetrics.replyCount',
  'organicMetrics.userProfileClicks',
];

export function isAdditiveMetric(flatKey: string): boolean {
  return ADDITIVE_TWITTER_METRICS.includes(flatKey);
}

export interface ThreadTweet {
  key: string;
  latest: AnalyticsSnapshot | null;
}

export interface ThreadMetricRow {
  /** Flattened key, "publicMetrics.likeCount". */
  key: string;
  /** One value per tweet, in the thread's order; null where that tweet has no such number (yet). */
  perTweet: (number | null)[];
  /** The sum over the tweets that have a value; null for a metric that does not add up. */
  sum: number | null;
  /** How many tweets the sum lacks (no numbers yet, or the number omitted for that tweet). */
  missing: number;
}

/**
 * One row per metric any tweet has: additive ones first in the list's order, then the others (shown
 * per tweet, never summed), alphabetically.
 */
export function threadMetricRows(tweets: readonly ThreadTweet[]): ThreadMetricRow[] {
  const numbers = tweets.map((tweet) => (tweet.latest ? numericMetrics(tweet.latest.metrics) : {}));
  const keys = new Set(numbers.flatMap((n) => Object.keys(n)));
  const additive = ADDITIVE_TWITTER_METRICS.filter((key) => keys.has(key));
  const others = [...keys].filter((key) => !isAdditiveMetric(key)).sort();
  return [...additive, ...others].map((key) => {
    const perTweet = numbers.map((n) => n[key] ?? null);
    const present = perTweet.filter((v): v is number => v !== null);
    return {
      key,
      perTweet,
      sum: isAdditiveMetric(key) ? present.reduce((total, v) => total + v, 0) : null,
      missing: perTweet.length - present.length,
    };
  });
}

/** The oldest `lastUpdated` among the tweets with numbers: the thread's sums are no fresher than that. */
export function oldestUpdate(tweets: readonly ThreadTweet[]): string | null {
  const times = tweets.map((t) => t.latest?.lastUpdated).filter((t): t is string => t !== undefined && Number.isFinite(Date.parse(t)));
  if (times.length === 0) return null;
  return times.reduce((oldest, t) => (Date.parse(t) < Date.parse(oldest) ? t : oldest));
}
