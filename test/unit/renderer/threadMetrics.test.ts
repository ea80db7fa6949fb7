import { describe, expect, it } from 'vitest';
import type { AnalyticsSnapshot } from '../../../src/shared/domain/posts.ts';
import { ADDITIVE_TWITTER_METRICS, oldestUpdate, threadMetricRows } from '../../../src/renderer/logic/threadMetrics.ts';
import { setFormatter } from '../../../src/renderer/logic/format.ts';

// The app's formatter follows the system's locale and zone; these words are pinned to en-GB in UTC.
setFormatter({ locale: 'en-GB', timeZone: 'UTC' });

let nextId = 1;
function snapshot(socialPostId: string, metrics: Record<string, unknown>, lastUpdated = '2026-11-20T10:00:00.000Z'): AnalyticsSnapshot {
  return {
    id: nextId++,
    profileId: 'p1',
    platform: 'twitter',
    socialPostId,
    fetchedAt: Date.parse(lastUpdated),
    lastUpdated,
    nextUpdate: '2026-11-20T10:10:00.000Z',
    metrics,
  };
}

const owned = (likes: number, impressions: number, clicks: number) => ({
  created: '2026-11-10T09:00:00Z',
  username: 'spokeandchain',
  post: 'a tweet',
  entities: { hashtags: [{ start: 0, end: 4, tag: 'bike' }] },
  publicMetrics: { likeCount: likes, impressionCount: impressions, retweetCount: 1, replyCount: 0, quoteCount: 0, bookmarkCount: 2 },
  nonPublicMetrics: { userProfileClicks: clicks, engagements: likes + clicks, impressionCount: impressions },
  organicMetrics: { likeCount: likes, impressionCount: impressions, replyCount: 0, retweetCount: 1, userProfileClicks: clicks },
});

describe('threadMetricRows', () => {
  it('sums every count over the tweets and keeps each tweet’s own value, in the thread’s order', () => {
    const rows = threadMetricRows([
      { key: 'twitter:a', latest: snapshot('a', owned(10, 1000, 3)) },
      { key: 'twitter:b', latest: snapshot('b', owned(4, 600, 1)) },
      { key: 'twitter:c', latest: snapshot('c', owned(7, 800, 0)) },
    ]);
    const likes = rows.find((r) => r.key === 'publicMetrics.likeCount');
    expect(likes).toEqual({ key: 'publicMetrics.likeCount', perTweet: [10, 4, 7], sum: 21, missing: 0 });
    // X's public and non-public impressions are one figure: one row.
    expect(rows.find((r) => r.key === 'publicMetrics.impressionCount')?.sum).toBe(2400);
    expect(rows.some((r) => r.key === 'nonPublicMetrics.impressionCount')).toBe(false);
    expect(rows.find((r) => r.key === 'organicMetrics.userProfileClicks')?.sum).toBe(4);
    // Every row is a count here, and every count of twitter's fields is on the additive list.
    expect(rows.map((r) => r.key)).toEqual(ADDITIVE_TWITTER_METRICS);
    for (const row of rows) expect(row.sum).toBe(row.perTweet.reduce<number>((t, v) => t + (v ?? 0), 0));
  });

  it('never sums strings, entities, or numbers it does not know to be counts (rates, averages)', () => {
    const rows = threadMetricRows([
      { key: 'twitter:a', latest: snapshot('a', { ...owned(1, 10, 0), engagementRate: 0.12 }) },
      { key: 'twitter:b', latest: snapshot('b', { ...owned(2, 20, 0), engagementRate: 0.3 }) },
    ]);
    expect(rows.some((r) => ['created', 'username', 'post', 'entities'].includes(r.key) || r.key.startsWith('entities'))).toBe(false);
    // A field the table of figures does not know is not shown, so never summed.
    expect(rows.some((r) => r.key === 'engagementRate')).toBe(false);
  });

  it('sums what is there and says how many tweets lack a number (no numbers yet, or omitted)', () => {
    const publicOnly = { publicMetrics: { likeCount: 5, impressionCount: 50, retweetCount: 0, replyCount: 0, quoteCount: 0, bookmarkCount: 0 } };
    const rows = threadMetricRows([
      { key: 'twitter:a', latest: snapshot('a', owned(10, 1000, 3)) },
      { key: 'twitter:b', latest: snapshot('b', publicOnly) },
      { key: 'twitter:c', latest: null },
    ]);
    expect(rows.find((r) => r.key === 'publicMetrics.likeCount')).toEqual({ key: 'publicMetrics.likeCount', perTweet: [10, 5, null], sum: 15, missing: 1 });
    expect(rows.find((r) => r.key === 'nonPublicMetrics.userProfileClicks')).toEqual({
      key: 'nonPublicMetrics.userProfileClicks',
      perTweet: [3, null, null],
      sum: 3,
      missing: 2,
    });
  });

  it('has no rows when no tweet has numbers yet', () => {
    expect(
      threadMetricRows([
        { key: 'twitter:a', latest: null },
        { key: 'twitter:b', latest: null },
      ]),
    ).toEqual([]);
  });
});

describe('oldestUpdate', () => {
  it('is the oldest lastUpdated of the tweets with numbers', () => {
    expect(
      oldestUpdate([
        { key: 'a', latest: snapshot('a', {}, '2026-11-20T10:05:00.000Z') },
        { key: 'b', latest: snapshot('b', {}, '2026-11-20T09:55:00.000Z') },
        { key: 'c', latest: null },
      ]),
    ).toBe('2026-11-20T09:55:00.000Z');
    expect(oldestUpdate([{ key: 'a', latest: null }])).toBeNull();
  });
});
