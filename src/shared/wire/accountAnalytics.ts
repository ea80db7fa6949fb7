// POST /analytics/social: the analytics of the profile's accounts themselves (followers, reach, page
// views), per network asked (docs/service-account-analytics.md). The request carries the service's
// rules; the answer is read loosely (a network's figures differ per network and may arrive as
// numeric strings, youtube's on the real service), and accountFiguresOf() turns one network's
// `analytics` into the common figures the app charts, keeping the whole object as `raw`.
import { z } from 'zod';
import type { Network } from '../networks.ts';
import { NetworkSchema, PlatformErrorSchema, TimestampSchema } from './common.ts';
import { perNetwork } from './perNetwork.ts';

/** A network the profile does not link answers this code under its key (and in `errors`). */
export const ACCOUNT_ANALYTICS_NOT_LINKED = 109;

export const MAX_ACCOUNT_ANALYTICS_QUARTERS = 4;

export const AccountAnalyticsBodySchema = z
  .object({
    platforms: z.array(NetworkSchema).min(1, 'Name at least one network to read the account analytics of'),
    /** 1-4: period figures cover that many past quarters; 0 or absent: all time. */
    quarters: z
      .number()
      .int('"quarters" is a whole number of quarters')
      .min(0, `"quarters" is 1 to ${MAX_ACCOUNT_ANALYTICS_QUARTERS} (0 or absent: all time)`)
      .max(MAX_ACCOUNT_ANALYTICS_QUARTERS, `"quarters" is 1 to ${MAX_ACCOUNT_ANALYTICS_QUARTERS} (0 or absent: all time)`)
      .optional(),
    /** facebook, instagram, tiktok, youtube add `analytics.daily`, one object per complete day. */
    daily: z.boolean().optional(),
    /** tiktok: comments, shares and views of the last 60 days. */
    period60Days: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.period60Days !== true) return;
    // The service's docs: do not combine them (the sandbox refuses with code 105).
    if (body.daily === true) {
      ctx.addIssue({ code: 'custom', path: ['period60Days'], message: '"period60Days" and "daily" cannot be combined: ask for one of them' });
    }
    if ((body.quarters ?? 0) >= 1) {
      ctx.addIssue({ code: 'custom', path: ['period60Days'], message: '"period60Days" and "quarters" cannot be combined: ask for one of them' });
    }
  });

/** One network's answer. `lastUpdated`/`nextUpdate` are the sandbox's (as post analytics have them): optional. */
export const AccountAnalyticsEntrySchema = z.looseObject({
  analytics: z.record(z.string(), z.unknown()),
  lastUpdated: TimestampSchema.optional(),
  nextUpdate: TimestampSchema.optional(),
});
export type AccountAnalyticsEntry = z.infer<typeof AccountAnalyticsEntrySchema>;

export const AccountAnalyticsErrorSchema = PlatformErrorSchema;

/**
 * The whole answer: HTTP 200 with `status: "success"`, or `"error"` when some network failed (its
 * key holds the error, also listed in `errors`); the sandbox answers 400 when every network failed,
 * and the real service may answer an error status with the other networks' figures inside. Each
 * network's value is checked on its own (entry or error), so one odd network loses no other's.
 */
export const AccountAnalyticsResponseSchema = z.looseObject({
  status: z.string(),
  code: z.number().optional(),
  message: z.string().optional(),
  errors: z.array(z.unknown()).optional(),
  ...perNetwork(z.unknown()),
});
export type AccountAnalyticsResponse = z.infer<typeof AccountAnalyticsResponseSchema>;

/**
 * One network's account figures in the app's words. Levels (followers, following, posts) are the
 * current value; the others are sums over the period asked (all time without `quarters`), so two
 * days' snapshots differ by that day's amount. A figure is missing when the network does not report
 * it or its value did not read as a non-negative number.
 */
export interface AccountFigures {
  network: Network;
  followers?: number;
  following?: number;
  /** Posts, tweets, media or videos the account has published. */
  posts?: number;
  impressions?: number;
  /** Distinct accounts reached. */
  reach?: number;
  views?: number;
  likes?: number;
  comments?: number;
  shares?: number;
  clicks?: number;
  /** Interactions with the account's content, as a count (see the mapping). */
  engagement?: number;
  /** linkedin's own rate: interactions per impression. */
  engagementRate?: number;
  pageViews?: number;
  profileViews?: number;
  watchMinutes?: number;
  /** youtube: subscribers gained and lost in the period. */
  subscribersGained?: number;
  subscribersLost?: number;
  /** The `analytics` object as the service sent it, fields the app does not chart included. */
  raw: Record<string, unknown>;
}

type Figure = Exclude<keyof AccountFigures, 'network' | 'raw'>;

/**
 * A number as the service may send it: a number, or a decimal string (YouTube's API gives its
 * channel statistics as strings). Anything else, and negative or non-finite values, is no figure.
 */
export function figureOf(value: unknown): number | undefined {
  let number: number | undefined;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) number = Number(value);
  return number !== undefined && Number.isFinite(number) && number >= 0 ? number : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The field at a dotted path ("followers.organicFollowerCount"), read as a figure. */
function at(raw: Record<string, unknown>, path: string): number | undefined {
  let value: unknown = raw;
  for (const key of path.split('.')) {
    if (!isRecord(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return figureOf(value);
}

/** A sum is a figure only when every part is: a partial sum would show as a drop on a chart. */
function sum(raw: Record<string, unknown>, paths: readonly string[]): number | undefined {
  let total = 0;
  for (const path of paths) {
    const part = at(raw, path);
    if (part === undefined) return undefined;
    total += part;
  }
  return total;
}

type Source = string | { sum: readonly string[] } | { path: string; scale: number };

/**
 * Where each figure comes from, per network (field names and their public sources:
 * docs/service-account-analytics.md, "Fields per network").
 *
 * twitter   followers followersCount, following followingCount, posts tweetCount (S1, S5). Its
 *           likeCount is likes the account gave (X's user like_count), so it is not charted.
 * bluesky   followers followersCount, following followsCount, posts postsCount (AT Protocol's profile).
 * threads   followers followersCount, views views, likes likes, comments replies, shares reposts,
 *           engagement likes + replies + reposts + quotes (S1).
 * facebook  followers followersCount, impressions pageImpressions, reach pagePostsImpressionsUnique,
 *           views pageVideoViews, likes reactions.total (every reaction type), engagement
 *           pagePostEngagements, watchMinutes pageVideoViewTime (milliseconds) / 60000 (S1, S5).
 * instagram followers followersCount, following followsCount, posts mediaCount, impressions
 *           impressionsCount, reach reachCount, views viewsCount, likes likeCount, comments
 *           commentsCount, clicks websiteClicksCount, profileViews profileViewsCount, engagement
 *           likeCount + commentsCount (S1, S5).
 * linkedin  followers followers.organicFollowerCount + followers.paidFollowerCount, impressions
 *           impressionCount, clicks clickCount, likes likeCount, comments commentCount, shares
 *           shareCount, engagement clicks + likes + comments + shares (the interactions of
 *           LinkedIn's rate), engagementRate engagement, pageViews views.allPageViews (S1).
 * tiktok    followers followerCount, following followingCount, posts videoCountTotal, views
 *           viewCountTotal, likes likeCountTotal, comments commentCountTotal, shares
 *           shareCountTotal, engagement likes + comments + shares (S1; lifetime totals, or 60 days
 *           with period60Days).
 * youtube   followers subscriberCount, posts videoCount, views viewCount (the channel's total;
 *           `views` of the period stays in raw), likes likes, comments comments, shares shares,
 *           engagement likes + comments + shares, watchMinutes estimatedMinutesWatched,
 *           subscribersGained, subscribersLost (S1, S5; the counts may be strings).
 */
const MAPPING: Record<Network, Partial<Record<Figure, Source>>> = {
  twitter: { followers: 'followersCount', following: 'followingCount', posts: 'tweetCount' },
  bluesky: { followers: 'followersCount', following: 'followsCount', posts: 'postsCount' },
  threads: {
    followers: 'followersCount',
    views: 'views',
    likes: 'likes',
    comments: 'replies',
    shares: 'reposts',
    engagement: { sum: ['likes', 'replies', 'reposts', 'quotes'] },
  },
  facebook: {
    followers: 'followersCount',
    impressions: 'pageImpressions',
    reach: 'pagePostsImpressionsUnique',
    views: 'pageVideoViews',
    likes: 'reactions.total',
    engagement: 'pagePostEngagements',
    watchMinutes: { path: 'pageVideoViewTime', scale: 1 / 60_000 },
  },
  instagram: {
    followers: 'followersCount',
    following: 'followsCount',
    posts: 'mediaCount',
    impressions: 'impressionsCount',
    reach: 'reachCount',
    views: 'viewsCount',
    likes: 'likeCount',
    comments: 'commentsCount',
    clicks: 'websiteClicksCount',
    profileViews: 'profileViewsCount',
    engagement: { sum: ['likeCount', 'commentsCount'] },
  },
  linkedin: {
    followers: { sum: ['followers.organicFollowerCount', 'followers.paidFollowerCount'] },
    impressions: 'impressionCount',
    clicks: 'clickCount',
    likes: 'likeCount',
    comments: 'commentCount',
    shares: 'shareCount',
    engagement: { sum: ['clickCount', 'likeCount', 'commentCount', 'shareCount'] },
    engagementRate: 'engagement',
    pageViews: 'views.allPageViews',
  },
  tiktok: {
    followers: 'followerCount',
    following: 'followingCount',
    posts: 'videoCountTotal',
    views: 'viewCountTotal',
    likes: 'likeCountTotal',
    comments: 'commentCountTotal',
    shares: 'shareCountTotal',
    engagement: { sum: ['likeCountTotal', 'commentCountTotal', 'shareCountTotal'] },
  },
  youtube: {
    followers: 'subscriberCount',
    posts: 'videoCount',
    views: 'viewCount',
    likes: 'likes',
    comments: 'comments',
    shares: 'shares',
    engagement: { sum: ['likes', 'comments', 'shares'] },
    watchMinutes: 'estimatedMinutesWatched',
    subscribersGained: 'subscribersGained',
    subscribersLost: 'subscribersLost',
  },
};

function read(raw: Record<string, unknown>, source: Source): number | undefined {
  let value: number | undefined;
  if (typeof source === 'string') value = at(raw, source);
  else if ('sum' in source) value = sum(raw, source.sum);
  else {
    const unscaled = at(raw, source.path);
    value = unscaled === undefined ? undefined : unscaled * source.scale;
  }
  // Parts near the largest number can add up to Infinity, which is no figure.
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

/** One network's `analytics` as the common figures. Pure; never throws, whatever `analytics` is. */
export function accountFiguresOf(network: Network, analytics: unknown): AccountFigures {
  const raw = isRecord(analytics) ? analytics : {};
  const figures: AccountFigures = { network, raw };
  for (const [figure, source] of Object.entries(MAPPING[network]) as [Figure, Source][]) {
    const value = read(raw, source);
    if (value !== undefined) figures[figure] = value;
  }
  return figures;
}

/**
 * youtube and tiktok report complete days only, through the day before yesterday (UTC): their
 * figures lag 24-48 h (docs/service-account-analytics.md, "Lag"). The others are of the refresh.
 */
export const LAGGING_ACCOUNT_NETWORKS: readonly Network[] = ['youtube', 'tiktok'];

const DAY_MS = 86_400_000;

/**
 * The moment a network's figures describe, from the answer's `lastUpdated`, and the UTC day a daily
 * snapshot of them belongs to: for youtube and tiktok the end of the day before yesterday (so the
 * day is that one), for the others the refresh itself. Undefined when `lastUpdated` is no time.
 */
export function figuresDayOf(network: Network, lastUpdated: string | undefined): { asOf: string; day: string } | undefined {
  const ms = lastUpdated === undefined ? Number.NaN : Date.parse(lastUpdated);
  const asOfMs = LAGGING_ACCOUNT_NETWORKS.includes(network) ? Math.floor(ms / DAY_MS) * DAY_MS - DAY_MS : ms;
  const dayMs = LAGGING_ACCOUNT_NETWORKS.includes(network) ? asOfMs - DAY_MS : ms;
  // Date.parse gives NaN for no time; a time at the edge of Date's range could step out of it.
  const asOf = new Date(asOfMs);
  const day = new Date(dayMs);
  if (Number.isNaN(asOf.getTime()) || Number.isNaN(day.getTime())) return undefined;
  // Up to the "T": years before 0 or after 9999 have six digits and a sign.
  const dayText = day.toISOString();
  return { asOf: asOf.toISOString(), day: dayText.slice(0, dayText.indexOf('T')) };
}
