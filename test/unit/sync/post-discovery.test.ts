// The two post lists → post rows: a post on both is the service's (one comments request for all its
// networks), deleted service posts are left out, and an incomplete answer never erases what the
// store already knows.
import { describe, expect, it } from 'vitest';
import { mergeDiscoveredPosts, postsFromHistory, postsFromNetworkHistory } from '../../../src/main/core/sync/postDiscovery.ts';
import type { PostRecord } from '../../../src/main/core/store/types.ts';

const history = {
  history: [
    {
      id: 'S1',
      created: '2026-05-01T10:00:00Z',
      post: 'Fresh bread',
      platforms: ['facebook', 'instagram'],
      postIds: [
        { status: 'success', id: 'fb1', platform: 'facebook', postUrl: 'https://fb/1' },
        { status: 'success', id: 'ig1', platform: 'instagram' },
        { status: 'error', id: 'x', platform: 'tiktok' },
      ],
      status: 'success',
    },
    { id: 'S2', created: '2026-04-01T10:00:00Z', post: 'Gone', postIds: [{ status: 'success', id: 'fb2', platform: 'facebook' }], status: 'deleted' },
  ],
};

describe('post discovery', () => {
  it('a service post becomes one row per network it was published on; deleted ones are named, not kept', () => {
    const { posts, deletedServicePostIds } = postsFromHistory('P', history);
    expect(posts.map((p) => [p.platform, p.socialPostId, p.servicePostId, p.url])).toEqual([
      ['facebook', 'fb1', 'S1', 'https://fb/1'],
      ['instagram', 'ig1', 'S1', null],
    ]);
    expect(deletedServicePostIds).toEqual(['S2']);
  });

  it('a post on both lists stays the service post; posts only on the network list are outside posts', () => {
    const service = postsFromHistory('P', history).posts;
    const outside = postsFromNetworkHistory('P', 'facebook', {
      posts: [
        { id: 'fb1', created: '2026-05-01T10:00:00Z', post: 'Fresh bread' },
        { id: 'fb9', created: '2026-05-02T10:00:00Z', post: 'Made on facebook', postUrl: 'https://fb/9' },
      ],
    });
    const merged = mergeDiscoveredPosts(service, outside, () => null, Date.UTC(2026, 4, 3));
    expect(merged.map((p) => [p.socialPostId, p.servicePostId])).toEqual([
      ['fb1', 'S1'],
      ['ig1', 'S1'],
      ['fb9', null],
    ]);
  });

  it('an answer that leaves things out does not erase what the store knows', () => {
    const known: PostRecord = {
      profileId: 'P',
      platform: 'facebook',
      socialPostId: 'fb1',
      servicePostId: 'S1',
      text: 'Fresh bread',
      url: 'https://fb/1',
      created: '2026-05-01T10:00:00Z',
      disableComments: true,
      raw: {},
    };
    // Only the network's list answered this time, without a time or text.
    const outside = postsFromNetworkHistory('P', 'facebook', { posts: [{ id: 'fb1' }] });
    const [post] = mergeDiscoveredPosts([], outside, (key) => (key === 'facebook:fb1' ? known : null), Date.UTC(2026, 4, 3));
    expect(post).toMatchObject({ servicePostId: 'S1', created: '2026-05-01T10:00:00Z', text: 'Fresh bread', url: 'https://fb/1', disableComments: true });
  });

  it('a post nobody gave a time gets the discovery time', () => {
    const now = Date.UTC(2026, 4, 3);
    const [post] = mergeDiscoveredPosts([], postsFromNetworkHistory('P', 'youtube', { posts: [{ id: 'y1' }] }), () => null, now);
    expect(post!.created).toBe(new Date(now).toISOString());
  });
});
