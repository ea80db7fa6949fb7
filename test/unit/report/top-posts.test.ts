// The report's top posts: a post cross-posted through the service (one service post id) counts once,
// with its networks and its figures summed; a post whose figures are not in yet is not ranked as if
// it had none, it is counted apart. Hand-worked figures.
import { describe, expect, it } from 'vitest';
import { topPosts } from '../../../src/main/core/report/topPosts.ts';
import type { PostSummary } from '../../../src/shared/domain/posts.ts';
import type { Network } from '../../../src/shared/networks.ts';

const PERIOD = { start: Date.parse('2026-10-01T00:00:00Z'), end: Date.parse('2026-11-01T00:00:00Z') };

function summary(platform: Network, id: string, servicePostId: string | null, likes: number | null, created = '2026-10-10T10:00:00Z'): PostSummary {
  return {
    post: {
      key: `${platform}:${id}`,
      profileId: 'p',
      platform,
      socialPostId: id,
      servicePostId,
      text: `Post ${id}`,
      url: null,
      created,
      disableComments: false,
    },
    commentCount: 0,
    lastCommentAt: null,
    latest:
      likes === null
        ? null
        : {
            id: 1,
            profileId: 'p',
            platform,
            socialPostId: id,
            fetchedAt: 0,
            lastUpdated: created,
            nextUpdate: created,
            metrics: { likeCount: likes, commentsCount: 1 },
          },
    flags: { notOwned: false, preBusiness: false, notFoundAt: null },
  };
}

describe('top posts', () => {
  it('a cross-posted post counts once, with its networks and summed figures', () => {
    const posts = [
      summary('instagram', 'a1', 'S1', 10),
      summary('facebook', 'a2', 'S1', 30),
      summary('threads', 'a3', 'S1', 5),
      summary('instagram', 'b1', 'S2', 40),
      // Made outside the service: no service id, stands alone.
      summary('twitter', 'c1', null, 2),
    ];
    const comments = new Map([
      ['instagram:a1', 2],
      ['facebook:a2', 3],
    ]);
    const { posts: top, awaitingFigures } = topPosts(posts, PERIOD, comments);
    // S1: (10 + 1) + (30 + 1) + (5 + 1) = 48 > S2's 41 > c1's 3.
    expect(top.map((post) => [post.postKey, post.engagement, post.networks])).toEqual([
      ['facebook:a2', 48, ['facebook', 'instagram', 'threads']],
      ['instagram:b1', 41, ['instagram']],
      ['twitter:c1', 3, ['twitter']],
    ]);
    expect(top[0]!.commentsInPeriod).toBe(5);
    expect(awaitingFigures).toBe(0);
  });

  it('a post with no figures yet is not ranked as having none; one network without figures is named', () => {
    const posts = [
      summary('instagram', 'n1', 'S9', null),
      summary('facebook', 'x1', 'S3', 1),
      summary('instagram', 'x2', 'S3', null),
      summary('bluesky', 'z1', null, 0),
    ];
    const { posts: top, awaitingFigures } = topPosts(posts, PERIOD, new Map());
    expect(top.map((post) => post.postKey)).toEqual(['facebook:x1', 'bluesky:z1']);
    expect(top[0]!.awaitingFigures).toEqual(['instagram']);
    expect(awaitingFigures).toBe(1);
  });

  it('posts outside the period are left out', () => {
    const { posts: top } = topPosts([summary('instagram', 'old', 'S1', 99, '2026-09-30T23:59:59Z')], PERIOD, new Map());
    expect(top).toEqual([]);
  });
});
