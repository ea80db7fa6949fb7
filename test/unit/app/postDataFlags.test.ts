import { describe, expect, it } from 'vitest';
import { postDataFlags } from '../../../src/main/core/app/views.ts';
import type { AnalyticsSnapshot, PostRecord, ProfileRecord } from '../../../src/main/core/store/types.ts';
import type { Network } from '../../../src/shared/networks.ts';

const profile: ProfileRecord = {
  accountId: 'a',
  profileId: 'p',
  title: 'Bloom Bakery',
  isPrimary: false,
  networks: { youtube: { id: 'yt1', username: 'bloombakery', displayName: 'Bloom Bakery' }, instagram: { id: 'ig1', username: 'bloom' } },
  color: null,
};

function post(platform: Network): PostRecord {
  return {
    profileId: 'p',
    platform,
    socialPostId: 's1',
    servicePostId: null,
    text: '',
    url: null,
    created: '2026-03-01T00:00:00Z',
    disableComments: false,
    raw: {},
  };
}

function snapshot(platform: Network, metrics: Record<string, unknown>): AnalyticsSnapshot {
  return { id: 1, profileId: 'p', platform, socialPostId: 's1', fetchedAt: 0, lastUpdated: '', nextUpdate: '', metrics };
}

describe('honest-data flags of a post', () => {
  it('marks a youtube video of another channel, not the profile’s own', () => {
    expect(postDataFlags(post('youtube'), snapshot('youtube', { channelTitle: 'Someone Else', views: 0 }), profile, null).notOwned).toBe(true);
    expect(postDataFlags(post('youtube'), snapshot('youtube', { channelTitle: 'Bloom Bakery', views: 40 }), profile, null).notOwned).toBe(false);
    expect(postDataFlags(post('youtube'), null, profile, null).notOwned).toBe(false);
  });

  it('marks an instagram post without business insights as posted before the conversion', () => {
    expect(postDataFlags(post('instagram'), snapshot('instagram', { likeCount: 3, commentsCount: 1, caption: 'x' }), profile, null).preBusiness).toBe(true);
    expect(postDataFlags(post('instagram'), snapshot('instagram', { likeCount: 3, reachCount: 90 }), profile, null).preBusiness).toBe(false);
  });

  it('carries the service’s "not found for this account" until the post is found again', () => {
    expect(postDataFlags(post('facebook'), null, profile, '2026-03-02T00:00:00.000Z').notFoundAt).toBe('2026-03-02T00:00:00.000Z');
    expect(postDataFlags(post('facebook'), null, profile, '').notFoundAt).toBeNull();
    expect(postDataFlags(post('facebook'), null, profile, null).notFoundAt).toBeNull();
  });
});
