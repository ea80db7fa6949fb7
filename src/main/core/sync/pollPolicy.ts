// How often a post's comments are worth a request. Comments come where something just happened: a
// post of today, a post of this week, a post someone commented on a moment ago. A post nobody has
// touched for weeks rarely wakes up. So the interval is short for fresh news and grows with the time
// since the last news (the post itself or its newest comment), bounded on both sides: never more
// often than every `hotMs`, never less than every `maxMs`.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface PollPolicy {
  /** Posts of the last day, and posts with a comment in the last minutes. */
  hotMs: number;
  /** Posts of the last `activeForMs` (the inbox's "active" week). */
  activeMs: number;
  activeForMs: number;
  /** The longest interval, for old quiet posts. */
  maxMs: number;
  /** Since the last news, the interval is that time divided by this (1 hour → 1 minute with 60). */
  newsDecay: number;
  /** First retry after a failed poll; doubles per failure in a row, up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  hotMs: 30_000,
  activeMs: 60_000,
  activeForMs: 7 * DAY,
  maxMs: 6 * HOUR,
  newsDecay: 60,
  retryMs: 30_000,
  maxRetryMs: 30 * MINUTE,
};

export interface PostActivity {
  /** Epoch ms the post was made. */
  created: number;
  /** Epoch ms of its newest comment, or null. */
  lastCommentAt: number | null;
}

/** The interval between two comment polls of a post, at `now`. */
export function commentPollInterval(post: PostActivity, now: number, policy: PollPolicy = DEFAULT_POLL_POLICY): number {
  const age = Math.max(0, now - post.created);
  const byAge = age < DAY ? policy.hotMs : age < policy.activeForMs ? policy.activeMs : policy.maxMs;
  const newsAt = Math.max(post.created, post.lastCommentAt ?? Number.NEGATIVE_INFINITY);
  const sinceNews = Math.max(0, now - newsAt);
  const byNews = sinceNews / policy.newsDecay;
  // Whole milliseconds: due times stay whole numbers on a clock that gives whole numbers.
  return Math.round(clamp(Math.min(byAge, byNews), policy.hotMs, policy.maxMs));
}

/** The wait before trying a job again after `failures` failures in a row (1 = the first). */
export function retryDelay(failures: number, policy: PollPolicy = DEFAULT_POLL_POLICY): number {
  return Math.min(policy.retryMs * 2 ** Math.max(0, failures - 1), policy.maxRetryMs);
}

/**
 * The analytics of old posts change slowly: besides the service's own `nextUpdate`, a post of the
 * last week is asked whenever the service has new numbers, an older one at most hourly, one older
 * than a month at most every `maxMs`.
 */
export function analyticsMinInterval(created: number, now: number, policy: PollPolicy = DEFAULT_POLL_POLICY, onePostPerRequest = false): number {
  const age = Math.max(0, now - created);
  // Bluesky has analytics by service post id only: a request per post, not per hundred, so even a
  // fresh post's numbers are asked at most every half hour.
  const floor = onePostPerRequest ? 30 * MINUTE : 0;
  if (age < policy.activeForMs) return floor;
  if (age < 30 * DAY) return Math.max(floor, HOUR);
  return policy.maxMs;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
