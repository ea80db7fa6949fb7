// The wire of POST /analytics/social (docs/service-account-analytics.md): the request's rules, an
// answer read loosely (one odd network never fails the others), and each network's `analytics`
// turned into the common figures by hand-checked mappings; any value at all is read without
// throwing, numeric strings count, and a figure is never a negative or non-finite number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SchemaMismatchError } from '../../../src/main/core/service/errors.ts';
import { parseAnswer } from '../../../src/main/core/service/schemaMismatch.ts';
import { NETWORKS } from '../../../src/shared/networks.ts';
import {
  AccountAnalyticsBodySchema,
  AccountAnalyticsResponseSchema,
  accountFiguresOf,
  figureOf,
  figuresDayOf,
} from '../../../src/shared/wire/accountAnalytics.ts';
import { checkShape } from '../../../src/shared/wire/check.ts';

const context = { operation: 'accountAnalytics', status: 200, writeOutcome: 'not-applied' as const };

describe('request', () => {
  it.each([
    [{ platforms: ['instagram'] }, true],
    [{ platforms: ['tiktok'], quarters: 0, period60Days: true }, true],
    [{ platforms: ['youtube', 'facebook'], quarters: 4, daily: true }, true],
    [{ platforms: [] }, false],
    [{ platforms: ['pinterest'] }, false],
    [{ platforms: ['instagram'], quarters: 5 }, false],
    [{ platforms: ['instagram'], quarters: 1.5 }, false],
    [{ platforms: ['instagram'], daily: 'yes' }, false],
    [{ platforms: ['tiktok'], period60Days: true, daily: true }, false],
    [{ platforms: ['tiktok'], period60Days: true, quarters: 2 }, false],
  ])('%j accepted: %s', (body, accepted) => {
    expect(checkShape(AccountAnalyticsBodySchema, body).ok).toBe(accepted);
  });

  it('is accepted exactly when quarters is 0-4, and period60Days goes with neither daily nor a quarter', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...NETWORKS), { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: -2, max: 6 }), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        (platforms, quarters, daily, period60Days) => {
          const body = { platforms, quarters, daily, period60Days };
          const quartersOk = quarters === undefined || (quarters >= 0 && quarters <= 4);
          const combinationOk = period60Days !== true || (daily !== true && (quarters ?? 0) < 1);
          expect(checkShape(AccountAnalyticsBodySchema, body).ok).toBe(quartersOk && combinationOk);
        },
      ),
    );
  });
});

describe('answer', () => {
  it('keeps every field, and reads a network that is neither figures nor an error without failing the others', () => {
    const body = {
      status: 'error',
      brandNew: { x: 1 },
      instagram: { analytics: { followersCount: 10, newMetric: [1] }, lastUpdated: '2026-06-10T05:00:00.000Z', nextUpdate: '2026-06-10T05:10:00.000Z' },
      linkedin: { action: 'analytics', status: 'error', code: 109, message: 'linkedin is not linked to this profile', platform: 'linkedin' },
      youtube: 'surprise',
      errors: [{ code: 109, message: 'x', platform: 'linkedin' }, 'odd'],
    };
    expect(parseAnswer(AccountAnalyticsResponseSchema, body, context)).toEqual(body);
  });

  it('an answer without a status is a mismatch at the top', () => {
    const error = (() => {
      try {
        parseAnswer(AccountAnalyticsResponseSchema, { instagram: {} }, context);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect((error as SchemaMismatchError).path).toBe('status');
  });
});

describe('figures of one network', () => {
  it('twitter: followers, following and tweets; the likes it gave are not charted', () => {
    const raw = { followersCount: 1200, followingCount: 300, tweetCount: 812, likeCount: 999, listedCount: 7, username: 'studio' };
    expect(accountFiguresOf('twitter', raw)).toEqual({ network: 'twitter', followers: 1200, following: 300, posts: 812, raw });
  });

  it('bluesky: its profile record', () => {
    const raw = { followersCount: 40, followsCount: 12, postsCount: 95, handle: 'studio.bsky.social' };
    expect(accountFiguresOf('bluesky', raw)).toMatchObject({ followers: 40, following: 12, posts: 95 });
  });

  it('threads: replies are comments, reposts shares; engagement counts quotes too', () => {
    const raw = { followersCount: 500, views: 9000, likes: 300, replies: 40, reposts: 20, quotes: 5 };
    expect(accountFiguresOf('threads', raw)).toEqual({
      network: 'threads',
      followers: 500,
      views: 9000,
      likes: 300,
      comments: 40,
      shares: 20,
      engagement: 365,
      raw,
    });
  });

  it('facebook: page figures, every reaction a like, view time from milliseconds to minutes', () => {
    const raw = {
      fanCount: 900,
      followersCount: 1000,
      pageImpressions: 50_000,
      pagePostsImpressionsUnique: 20_000,
      pagePostEngagements: 1_500,
      pageVideoViews: 700,
      pageVideoViewTime: 5_400_000,
      reactions: { like: 80, love: 15, wow: 3, haha: 1, sorry: 1, anger: 0, total: 100 },
    };
    expect(accountFiguresOf('facebook', raw)).toEqual({
      network: 'facebook',
      followers: 1000,
      impressions: 50_000,
      reach: 20_000,
      views: 700,
      likes: 100,
      engagement: 1_500,
      watchMinutes: 90,
      raw,
    });
  });

  it('instagram: every figure it reports, engagement as likes plus comments', () => {
    const raw = {
      followersCount: 3000,
      followsCount: 400,
      mediaCount: 120,
      impressionsCount: 80_000,
      reachCount: 40_000,
      viewsCount: 90_000,
      likeCount: 2_000,
      commentsCount: 150,
      websiteClicksCount: 60,
      profileViewsCount: 900,
    };
    expect(accountFiguresOf('instagram', raw)).toEqual({
      network: 'instagram',
      followers: 3000,
      following: 400,
      posts: 120,
      impressions: 80_000,
      reach: 40_000,
      views: 90_000,
      likes: 2_000,
      comments: 150,
      clicks: 60,
      profileViews: 900,
      engagement: 2_150,
      raw,
    });
  });

  it('linkedin: organic and paid followers together, its rate beside the interaction count, all page views', () => {
    const raw = {
      followers: { organicFollowerCount: 800, paidFollowerCount: 25 },
      impressionCount: 10_000,
      clickCount: 200,
      likeCount: 150,
      commentCount: 20,
      shareCount: 10,
      engagement: 0.038,
      views: { allPageViews: 640, overviewPageViews: 300 },
    };
    expect(accountFiguresOf('linkedin', raw)).toEqual({
      network: 'linkedin',
      followers: 825,
      impressions: 10_000,
      clicks: 200,
      likes: 150,
      comments: 20,
      shares: 10,
      engagement: 380,
      engagementRate: 0.038,
      pageViews: 640,
      raw,
    });
  });

  it('tiktok: its lifetime totals', () => {
    const raw = {
      followerCount: 5000,
      followingCount: 80,
      videoCountTotal: 60,
      viewCountTotal: 400_000,
      likeCountTotal: 30_000,
      commentCountTotal: 900,
      shareCountTotal: 400,
    };
    expect(accountFiguresOf('tiktok', raw)).toEqual({
      network: 'tiktok',
      followers: 5000,
      following: 80,
      posts: 60,
      views: 400_000,
      likes: 30_000,
      comments: 900,
      shares: 400,
      engagement: 31_300,
      raw,
    });
  });

  it('youtube: counts as numeric strings (as YouTube gives them) read as numbers', () => {
    const raw = {
      subscriberCount: '2450',
      videoCount: '38',
      viewCount: '120000',
      views: 5000,
      likes: '200',
      comments: 30,
      shares: 10,
      estimatedMinutesWatched: 12_000,
      subscribersGained: 60,
      subscribersLost: '4',
    };
    expect(accountFiguresOf('youtube', raw)).toEqual({
      network: 'youtube',
      followers: 2450,
      posts: 38,
      views: 120_000,
      likes: 200,
      comments: 30,
      shares: 10,
      engagement: 240,
      watchMinutes: 12_000,
      subscribersGained: 60,
      subscribersLost: 4,
      raw,
    });
  });

  it('a missing part leaves its sum out rather than showing a drop', () => {
    const figures = accountFiguresOf('linkedin', { followers: { organicFollowerCount: 800 }, clickCount: 1, likeCount: 2, commentCount: 3 });
    expect(figures.followers).toBeUndefined();
    expect(figures.engagement).toBeUndefined();
    expect(figures.clicks).toBe(1);
  });

  it('values that are no count are left out', () => {
    const raw = { followersCount: -3, followingCount: '12abc', tweetCount: Number.NaN };
    expect(accountFiguresOf('twitter', raw)).toEqual({ network: 'twitter', raw });
    expect(accountFiguresOf('bluesky', { followersCount: '1e3', followsCount: ' 42 ', postsCount: true })).toMatchObject({ following: 42 });
    expect(accountFiguresOf('bluesky', { followersCount: '1e3' }).followers).toBeUndefined();
  });

  it('a sum too large for a number is no figure', () => {
    expect(accountFiguresOf('tiktok', { likeCountTotal: 1e308, commentCountTotal: 1e308, shareCountTotal: 0 }).engagement).toBeUndefined();
  });

  it('analytics that is not an object gives no figures and an empty raw', () => {
    for (const odd of [null, 'x', 42, [1, 2], undefined]) expect(accountFiguresOf('instagram', odd)).toEqual({ network: 'instagram', raw: {} });
  });

  it('a field inherited from Object.prototype is not a figure', () => {
    const figures = accountFiguresOf('linkedin', JSON.parse('{"followers":{"__proto__":{"organicFollowerCount":5}},"views":"x"}'));
    expect(figures.followers).toBeUndefined();
    expect(figures.pageViews).toBeUndefined();
  });
});

/** Every field name any mapping reads, so generated objects hit the mappings, not only miss them. */
const FIELDS = [
  'followersCount',
  'followingCount',
  'followsCount',
  'tweetCount',
  'postsCount',
  'mediaCount',
  'views',
  'likes',
  'replies',
  'reposts',
  'quotes',
  'pageImpressions',
  'pagePostsImpressionsUnique',
  'pageVideoViews',
  'pagePostEngagements',
  'pageVideoViewTime',
  'reactions',
  'total',
  'impressionsCount',
  'reachCount',
  'viewsCount',
  'likeCount',
  'commentsCount',
  'websiteClicksCount',
  'profileViewsCount',
  'followers',
  'organicFollowerCount',
  'paidFollowerCount',
  'impressionCount',
  'clickCount',
  'commentCount',
  'shareCount',
  'engagement',
  'allPageViews',
  'followerCount',
  'videoCountTotal',
  'viewCountTotal',
  'likeCountTotal',
  'commentCountTotal',
  'shareCountTotal',
  'subscriberCount',
  'videoCount',
  'viewCount',
  'comments',
  'shares',
  'estimatedMinutesWatched',
  'subscribersGained',
  'subscribersLost',
];

const leaf = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.nat().map(String),
  fc.string(),
  fc.constantFrom(null, true, undefined, '1e400', '  7  ', '-1', 'Infinity', '__proto__'),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.dictionary(fc.constantFrom(...FIELDS), tie('node'), { maxKeys: 8 }),
    fc.array(tie('node'), { maxLength: 3 }),
  ),
})).node;

describe('figures of any value', () => {
  it('never throw; every figure is a finite number ≥ 0; raw is the object when there is one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NETWORKS), fc.oneof(value, fc.anything()), (network, analytics) => {
        const figures = accountFiguresOf(network, analytics);
        expect(figures.network).toBe(network);
        const isObject = typeof analytics === 'object' && analytics !== null && !Array.isArray(analytics);
        expect(figures.raw).toBe(isObject ? analytics : figures.raw);
        if (!isObject) expect(figures.raw).toEqual({});
        for (const [key, n] of Object.entries(figures)) {
          if (key === 'network' || key === 'raw') continue;
          expect(typeof n === 'number' && Number.isFinite(n) && n >= 0, `${key} = ${String(n)}`).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a count reads the same as a number or as its decimal string', () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(figureOf(String(n))).toBe(n);
        expect(figureOf(n)).toBe(n);
      }),
    );
  });
});

describe('the day a snapshot belongs to', () => {
  it('youtube and tiktok: the end of the day before yesterday; the others: the refresh itself', () => {
    expect(figuresDayOf('youtube', '2026-06-12T01:00:00.000Z')).toEqual({ asOf: '2026-06-11T00:00:00.000Z', day: '2026-06-10' });
    expect(figuresDayOf('tiktok', '2026-06-12T23:59:59.999Z')).toEqual({ asOf: '2026-06-11T00:00:00.000Z', day: '2026-06-10' });
    expect(figuresDayOf('instagram', '2026-06-12T01:00:00.000Z')).toEqual({ asOf: '2026-06-12T01:00:00.000Z', day: '2026-06-12' });
    // A time with an offset is read as the moment it names.
    expect(figuresDayOf('facebook', '2026-06-12T01:00:00+02:00')).toEqual({ asOf: '2026-06-11T23:00:00.000Z', day: '2026-06-11' });
  });

  it('no time, or one at the edge of what a date can hold, is no day; any text never throws', () => {
    expect(figuresDayOf('youtube', undefined)).toBeUndefined();
    expect(figuresDayOf('youtube', 'yesterday')).toBeUndefined();
    expect(figuresDayOf('youtube', '-271821-04-20T00:00:00.000Z')).toBeUndefined();
    fc.assert(
      fc.property(
        fc.constantFrom(...NETWORKS),
        fc.oneof(
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        (network, text) => {
          const when = figuresDayOf(network, text);
          if (when) expect(when.day).toMatch(/^[+-]?\d{4,6}-\d{2}-\d{2}$/);
        },
      ),
    );
  });
});
