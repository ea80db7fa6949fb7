// A twitter thread's numbers: each tweet's, side by side, and their sum per metric. The service
// answers every tweet on its own (spec, analytics by Social Post ID, rule 2), so the thread's total
// is ours to add up, and only where adding is honest. Pure: no DOM, no bridge.
import type { AnalyticsSnapshot } from '../../shared/domain/posts.ts';
import { FIGURES, figureValues } from './metricFigures.ts';

/**
 * The twitter figures that add up over a thread's tweets: the counts of metricFigures.ts (likes,
 * reposts, impressions, clicks …), so the thread's is the sum of its tweets'. Anything else is never
 * summed (a rate or an average of averages is not a sum), and fields that are not figures (text,
 * author, entities, a field the table does not know) are not shown at all.
 */
export const ADDITIVE_TWITTER_METRICS: readonly string[] = FIGURES.twitter.filter((spec) => spec.kind === 'count').map((spec) => spec.key);

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
 * One row per figure any tweet has, one name each (X's public and non-public impressions are one
 * figure): additive ones first in the table's order, then the others (shown per tweet, never summed).
 */
export function threadMetricRows(tweets: readonly ThreadTweet[]): ThreadMetricRow[] {
  const numbers = tweets.map((tweet) => (tweet.latest ? figureValues('twitter', tweet.latest.metrics) : {}));
  const keys = new Set(numbers.flatMap((n) => Object.keys(n)));
  const additive = ADDITIVE_TWITTER_METRICS.filter((key) => keys.has(key));
  const others = FIGURES.twitter.map((spec) => spec.key).filter((key) => keys.has(key) && !isAdditiveMetric(key));
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
