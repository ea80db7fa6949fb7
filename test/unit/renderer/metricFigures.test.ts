// The table of figures per network (issue 19, item 9): every numeric field the service sends is
// either one figure or left out on purpose; one name per figure; synonyms folded; rates as
// percentages, durations as time, counts whole; the CSV has one column per figure; a count's chart
// ticks are whole; "Refresh now" says what came of it.
import { describe, expect, it } from 'vitest';
import type { AnalyticsSnapshot, PostSummary } from '../../../src/shared/domain/posts.ts';
import { NETWORKS, type Network } from '../../../src/shared/networks.ts';
import { refreshOutcome } from '../../../src/renderer/logic/refreshOutcome.ts';
import { countTicks } from '../../../src/renderer/logic/chartTicks.ts';
import { setFormatter } from '../../../src/renderer/logic/format.ts';
import { csvColumn, FIGURES, figureSeries, figureValues, formatFigure, formatFigureChange, numericMetrics } from '../../../src/renderer/logic/metricFigures.ts';
import { postsCsv } from '../../../src/renderer/logic/postMetrics.ts';

// The app's formatter follows the system's locale and zone; these words are pinned to en-GB in UTC.
setFormatter({ locale: 'en-GB', timeZone: 'UTC' });

// The numeric fields of each network's post analytics, as ../shared/spec/public-facts.md and
// service-api.md list them (twitter's flattened one level, facebook's reactions too).
const SPEC_NUMBERS: Record<Network, string[]> = {
  twitter: [
    'publicMetrics.retweetCount',
    'publicMetrics.quoteCount',
    'publicMetrics.likeCount',
    'publicMetrics.replyCount',
    'publicMetrics.bookmarkCount',
    'publicMetrics.impressionCount',
    'nonPublicMetrics.userProfileClicks',
    'nonPublicMetrics.engagements',
    'nonPublicMetrics.impressionCount',
    'organicMetrics.likeCount',
    'organicMetrics.impressionCount',
    'organicMetrics.replyCount',
    'organicMetrics.retweetCount',
    'organicMetrics.userProfileClicks',
  ],
  facebook: [
    'commentsCount',
    'likeCount',
    ...['like', 'love', 'haha', 'wow', 'sorry', 'anger'].flatMap((r) => [`reactions.${r}`, `reactionsByType.${r}`]),
    'reactions.total',
    'sharesCount',
    'videoViews',
    'videoViewsUnique',
    'videoViewTime',
  ],
  instagram: ['commentsCount', 'engagementCount', 'likeCount', 'reachCount', 'savedCount', 'sharesCount', 'viewsCount'],
  linkedin: ['clickCount', 'commentCount', 'engagement', 'impressionCount', 'likeCount', 'shareCount', 'uniqueImpressionsCount'],
  tiktok: [
    'commentsCount',
    'likeCount',
    'shareCount',
    'videoViews',
    'reach',
    'averageTimeWatched',
    'fullVideoWatchedRate',
    'thumbnailHeight',
    'thumbnailWidth',
  ],
  youtube: [
    'views',
    'likes',
    'dislikes',
    'comments',
    'shares',
    'subscribersGained',
    'subscribersLost',
    'estimatedMinutesWatched',
    'averageViewDuration',
    'averageViewPercentage',
  ],
  threads: ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'],
  bluesky: ['likeCount', 'quoteCount', 'replyCount', 'repostCount'],
};

/** Numbers that are not figures: a thumbnail's size says nothing about how a post did. */
const NOT_FIGURES = new Set(['tiktok:thumbnailHeight', 'tiktok:thumbnailWidth']);

describe('the table of figures', () => {
  it('covers every numeric field of every network once, and leaves out sizes', () => {
    for (const network of NETWORKS) {
      const fields = FIGURES[network].flatMap((spec) => spec.fields);
      expect(new Set(fields).size, network).toBe(fields.length);
      const expected = SPEC_NUMBERS[network].filter((field) => !NOT_FIGURES.has(`${network}:${field}`));
      expect([...fields].sort(), network).toEqual([...expected].sort());
    }
  });

  it('gives each figure one name on its network', () => {
    for (const network of NETWORKS) {
      const names = FIGURES[network].map((spec) => spec.name);
      expect(new Set(names).size, network).toBe(names.length);
    }
  });

  it('folds synonyms into one figure: X’s impressions once, facebook’s likes once', () => {
    const tweet = { publicMetrics: { impressionCount: 900, likeCount: 4 }, nonPublicMetrics: { impressionCount: 900, engagements: 7 } };
    expect(figureValues('twitter', tweet)).toEqual({ 'publicMetrics.impressionCount': 900, 'publicMetrics.likeCount': 4, 'nonPublicMetrics.engagements': 7 });
    // Someone else's tweet: the public impressions alone carry the figure.
    expect(figureValues('twitter', { nonPublicMetrics: { impressionCount: 50 } })).toEqual({ 'publicMetrics.impressionCount': 50 });
    const facebook = { likeCount: 12, reactions: { like: 12, love: 3, total: 15 }, reactionsByType: { like: 12, love: 3 } };
    expect(figureValues('facebook', facebook)).toEqual({ 'reactions.total': 15, likeCount: 12, 'reactions.love': 3 });
  });

  it('leaves out ids, links, text and sizes', () => {
    const tiktok = { itemId: '7312', embedUrl: 'https://x', thumbnailWidth: 576, thumbnailHeight: 1024, tags: ['a'], videoViews: 100, likeCount: 9 };
    expect(Object.keys(figureValues('tiktok', tiktok))).toEqual(['videoViews', 'likeCount']);
    expect(numericMetrics(tiktok)).toHaveProperty('thumbnailWidth', 576);
  });

  it('brings rates to ratios and durations to milliseconds, whatever unit the network sends', () => {
    expect(figureValues('linkedin', { engagement: 0.1 })).toEqual({ engagement: 0.1 });
    expect(figureValues('youtube', { averageViewPercentage: 42.5, averageViewDuration: 130 })).toEqual({
      averageViewPercentage: 0.425,
      averageViewDuration: 130_000,
    });
    expect(figureValues('tiktok', { averageTimeWatched: 9.53, fullVideoWatchedRate: 0.3 })).toEqual({ averageTimeWatched: 9530, fullVideoWatchedRate: 0.3 });
    expect(figureValues('facebook', { videoViewTime: 1_800_000 })).toEqual({ videoViewTime: 30 });
  });
});

describe('a figure in words', () => {
  it('shows rates as percentages, counts whole, durations as time', () => {
    expect(formatFigure('rate', 0.1)).toBe('10%');
    expect(formatFigure('rate', 0.3)).toBe('30%');
    expect(formatFigure('rate', 0.0512)).toBe('5.1%');
    expect(formatFigure('count', 118.33)).toBe('118');
    expect(formatFigure('count', 12_345)).toBe('12,345');
    expect(formatFigure('duration', 9530)).toBe('10 s');
    expect(formatFigure('duration', 179_000)).toBe('2 min 59 s');
    expect(formatFigure('duration', 120_000)).toBe('2 min');
  });

  it('says a change in the figure’s own terms', () => {
    expect(formatFigureChange('count', 3)).toBe('+3');
    expect(formatFigureChange('count', -1200)).toBe('−1,200');
    expect(formatFigureChange('count', 0.2)).toBe('no change');
    expect(formatFigureChange('rate', 0.025)).toBe('+2.5 points');
    expect(formatFigureChange('rate', -0.0099)).toBe('−1 point');
    expect(formatFigureChange('duration', -4000)).toBe('−4 s');
  });

  it('charts a figure in its unit, over the snapshots in time order', () => {
    const snap = (fetchedAt: number, averageViewPercentage: number): AnalyticsSnapshot => ({
      id: fetchedAt,
      profileId: 'p1',
      platform: 'youtube',
      socialPostId: 'y1',
      fetchedAt,
      lastUpdated: '2026-11-01T10:00:00Z',
      nextUpdate: '2026-11-01T11:00:00Z',
      metrics: { averageViewPercentage },
    });
    expect(figureSeries([snap(2000, 50), snap(1000, 40)], 'averageViewPercentage')).toEqual({ x: [1, 2], y: [0.4, 0.5] });
  });

  it('puts a count’s chart ticks on whole numbers only', () => {
    expect(countTicks(537, 538, 4)).toEqual([537, 538]);
    expect(countTicks(0, 3, 4)).toEqual([0, 1, 2, 3]);
    expect(countTicks(96, 1234, 4)).toEqual([500, 1000]);
    for (const [min, max] of [
      [0.5, 2.5],
      [10, 17],
      [1, 1_000_000],
    ] as const) {
      const ticks = countTicks(min, max, 4);
      expect(ticks.length).toBeGreaterThan(0);
      expect(ticks.length).toBeLessThanOrEqual(4);
      for (const tick of ticks) expect(Number.isInteger(tick)).toBe(true);
    }
  });
});

describe('the CSV', () => {
  function summary(platform: Network, id: string, metrics: Record<string, unknown>): PostSummary {
    return {
      post: {
        key: `${platform}:${id}`,
        profileId: 'p1',
        platform,
        socialPostId: id,
        servicePostId: null,
        text: id,
        url: null,
        created: '2026-03-05T10:00:00Z',
        disableComments: false,
      },
      commentCount: 0,
      lastCommentAt: null,
      latest: {
        id: 1,
        profileId: 'p1',
        platform,
        socialPostId: id,
        fetchedAt: 0,
        lastUpdated: '2026-03-05T11:00:00Z',
        nextUpdate: '2026-03-05T12:00:00Z',
        metrics,
      },
      flags: { notOwned: false, preBusiness: false, notFoundAt: null },
    };
  }

  it('has one column per figure: likes / likeCount and shares / shareCount / sharesCount are one column each', () => {
    const csv = postsCsv(
      [
        summary('youtube', 'y1', { likes: 5, shares: 1 }),
        summary('linkedin', 'l1', { likeCount: 7, shareCount: 2, engagement: 0.1234 }),
        summary('facebook', 'f1', { likeCount: 3, sharesCount: 4 }),
        summary('tiktok', 't1', { likeCount: 9, shareCount: 6, thumbnailWidth: 576, averageTimeWatched: 9.5 }),
      ],
      { from: null, to: null },
      'Bloom Bakery',
    );
    const [head = '', ...rows] = csv.trimEnd().split('\r\n');
    // The figures come after the 8 columns that say which post it is, before its link and id.
    const columns = head.split(',').slice(8, -2);
    expect(columns).toEqual(['Average watch time (s)', 'Engagement rate (%)', 'Likes', 'Shares']);
    const cell = (row: string | undefined, column: string) => row?.split(',')[8 + columns.indexOf(column)];
    expect(rows.map((row) => cell(row, 'Likes'))).toEqual(['5', '7', '3', '9']);
    expect(rows.map((row) => cell(row, 'Shares'))).toEqual(['1', '2', '4', '6']);
    expect(cell(rows[1], 'Engagement rate (%)')).toBe('12.34');
    expect(cell(rows[3], 'Average watch time (s)')).toBe('9.5');
    expect(csvColumn({ name: 'Likes', kind: 'count' })).toBe('Likes');
  });
});

describe('what Refresh now says', () => {
  const at = (hh: number, mm: number) => Date.UTC(2026, 10, 27, hh, mm);
  const before = { fetchedAt: at(13, 0), lastUpdated: at(12, 5), nextUpdate: at(14, 5) };

  it('says updated when the service has newer figures', () => {
    expect(refreshOutcome(before, { ...before, fetchedAt: at(13, 30), lastUpdated: at(13, 29) }, null, at(13, 30))).toBe('Updated just now.');
  });

  it('says when the service will update them, when it has no newer ones yet', () => {
    expect(refreshOutcome(before, { ...before, fetchedAt: at(13, 30) }, null, at(13, 30))).toBe('No newer figures yet; the service updates them at 14:05.');
    // Before nextUpdate the app does not ask at all: the same answer, as true.
    expect(refreshOutcome(before, before, null, at(13, 30))).toBe('No newer figures yet; the service updates them at 14:05.');
    const tomorrow = { ...before, nextUpdate: Date.UTC(2026, 10, 28, 9, 0) };
    expect(refreshOutcome(tomorrow, tomorrow, null, at(13, 30))).toBe('No newer figures yet; the service updates them at 28 Nov 2026, 9:00.');
    expect(refreshOutcome(before, { ...before, fetchedAt: at(14, 10) }, null, at(14, 10))).toBe(
      'No newer figures yet; the service is due to update them any minute.',
    );
  });

  it('says so when the service did not answer or the asking failed', () => {
    expect(refreshOutcome(before, before, null, at(14, 10))).toMatch(/^The service has not answered yet/);
    expect(refreshOutcome(before, before, 'Offline.', at(13, 30))).toBe('Could not ask the service: Offline.');
    expect(refreshOutcome(null, null, null, at(13, 30))).toMatch(/^No figures yet/);
  });
});
