// The comparison of a post with another or with the client's average: which posts the average is
// made of, per-metric means over the posts that have the metric, and the difference in words.
import { describe, expect, it } from 'vitest';
import type { PostSummary } from '../../../src/shared/domain/posts.ts';
import {
  averagePool,
  compareNumbers,
  comparablePosts,
  describeDifference,
  formatPercent,
  postChoiceLabel,
} from '../../../src/renderer/logic/postComparison.ts';
import { setFormatter } from '../../../src/renderer/logic/format.ts';

// The app's formatter follows the system's locale and zone; these words are pinned to en-GB in UTC.
setFormatter({ locale: 'en-GB', timeZone: 'UTC' });

function summary(
  profileId: string,
  platform: PostSummary['post']['platform'],
  id: string,
  metrics: Record<string, unknown> | null,
  notOwned = false,
): PostSummary {
  return {
    post: {
      key: `${platform}:${id}`,
      profileId,
      platform,
      socialPostId: id,
      servicePostId: null,
      text: `Post ${id}`,
      url: null,
      created: '2026-11-01T10:00:00Z',
      disableComments: false,
    },
    commentCount: 0,
    lastCommentAt: null,
    latest:
      metrics === null
        ? null
        : { id: 1, profileId, platform, socialPostId: id, fetchedAt: 0, lastUpdated: '2026-11-01T10:00:00Z', nextUpdate: '2026-11-01T11:00:00Z', metrics },
    flags: { notOwned, preBusiness: false, notFoundAt: null },
  };
}

const me = summary('p1', 'instagram', 'me', { likeCount: 30, reachCount: 400 });
const list = [
  me,
  summary('p1', 'instagram', 'a', { likeCount: 10, reachCount: 100 }),
  summary('p1', 'instagram', 'b', { likeCount: 20 }), // before the business conversion: no reach
  summary('p1', 'instagram', 'c', null), // no numbers yet
  summary('p1', 'facebook', 'd', { likeCount: 1000 }), // another network
  summary('p2', 'instagram', 'e', { likeCount: 5000 }), // another client
];

describe('the client’s average', () => {
  it('is made of the same client’s other posts on the same network that have numbers', () => {
    expect(comparablePosts(list, me.post).map((s) => s.post.key)).toEqual(['instagram:a', 'instagram:b']);
    const pool = averagePool(list, me.post);
    expect(pool.posts).toHaveLength(2);
    expect(pool.leftOut).toBe(0);
  });

  it('averages each metric over the posts that have it, not counting a missing one as 0', () => {
    const pool = averagePool(list, me.post);
    expect(pool.means['likeCount']).toEqual({ mean: 15, count: 2 });
    expect(pool.means['reachCount']).toEqual({ mean: 100, count: 1 });
  });

  it('leaves out youtube videos of other channels, and says how many', () => {
    const mine = summary('p1', 'youtube', 'v0', { views: 90 });
    const videos = [mine, summary('p1', 'youtube', 'v1', { views: 100 }), summary('p1', 'youtube', 'v2', { views: 0 }, true)];
    const pool = averagePool(videos, mine.post);
    expect(pool.posts.map((s) => s.post.key)).toEqual(['youtube:v1']);
    expect(pool.leftOut).toBe(1);
    expect(pool.means['views']?.mean).toBe(100);
  });

  it('flattens twitter’s groups like the panel does', () => {
    const t1 = summary('p1', 'twitter', 't1', { publicMetrics: { likeCount: 4 } });
    const pool = averagePool(
      [t1, summary('p1', 'twitter', 't2', { publicMetrics: { likeCount: 8 } }), summary('p1', 'twitter', 't3', { publicMetrics: { likeCount: 2 } })],
      t1.post,
    );
    expect(pool.means['publicMetrics.likeCount']).toEqual({ mean: 5, count: 2 });
  });
});

describe('the difference in words', () => {
  it('says higher, lower or the same, with the amount and the share of the other', () => {
    expect(describeDifference(30, 15)).toEqual({ direction: 'higher', difference: '+15 · 100% higher' });
    expect(describeDifference(92, 100)).toEqual({ direction: 'lower', difference: '−8 · 8% lower' });
    expect(describeDifference(7, 7)).toEqual({ direction: 'same', difference: 'the same' });
    expect(describeDifference(5, 0)).toEqual({ direction: 'higher', difference: '+5 · the other is 0' });
    expect(describeDifference(5, null)).toEqual({ direction: 'none', difference: 'not measured there' });
  });

  it('rounds an average’s fractions as the table shows them: counts whole', () => {
    expect(describeDifference(10, 10.001).direction).toBe('same');
    expect(describeDifference(10, 10.4).direction).toBe('same');
    expect(describeDifference(10, 9.5).difference).toBe('+1 · 5.3% higher');
  });

  it('says a rate’s difference in percentage points, and a duration’s in time', () => {
    expect(describeDifference(0.12, 0.1, 'rate')).toEqual({ direction: 'higher', difference: '+2 points · 20% higher' });
    expect(describeDifference(0.1, 0.1002, 'rate').direction).toBe('same');
    expect(describeDifference(9_000, 12_000, 'duration')).toEqual({ direction: 'lower', difference: '−3 s · 25% lower' });
  });

  it('formats percentages as people say them', () => {
    expect(formatPercent(0.3512)).toBe('35%');
    expect(formatPercent(-0.025)).toBe('2.5%');
    expect(formatPercent(0.0004)).toBe('less than 0.1%');
    expect(formatPercent(12.5)).toBe('1,250%');
  });

  it('makes one row per number of this post, against a post or an average', () => {
    const rows = compareNumbers({ likeCount: 30, reachCount: 400, saves: 2 }, averagePool(list, me.post).means);
    expect(rows.map((r) => [r.key, r.other, r.otherCount, r.direction])).toEqual([
      ['likeCount', 15, 2, 'higher'],
      ['reachCount', 100, 1, 'higher'],
      ['saves', null, null, 'none'],
    ]);
    const againstPost = compareNumbers({ likeCount: 30 }, { likeCount: 40 });
    expect(againstPost).toEqual([{ key: 'likeCount', mine: 30, other: 40, otherCount: null, direction: 'lower', difference: '−10 · 25% lower' }]);
  });

  it('names a post by its date and the start of its text', () => {
    expect(postChoiceLabel({ created: '2026-11-01T10:00:00Z', text: 'Short one' })).toBe('1 Nov 2026 · Short one');
    const label = postChoiceLabel({ created: '2026-11-01T10:00:00Z', text: 'word '.repeat(40) });
    expect(label.endsWith('…')).toBe(true);
    expect(label.length).toBeLessThanOrEqual('1 Nov 2026 · '.length + 60);
  });
});
