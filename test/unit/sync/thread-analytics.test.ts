// Spec, analytics by Social Post ID, rule 2: every tweet of a thread is asked for individually (the
// service adds no tweet of a thread by itself). The plan makes each stored tweet a track of its own,
// so a thread's three tweets go out as three ids, alongside tracked posts of other networks.
import { describe, expect, it } from 'vitest';
import { analyticsTracksOf, nextAnalyticsJob } from '../../../src/main/core/sync/analyticsPlan.ts';
import type { PostRecord, PostSyncState } from '../../../src/main/core/store/types.ts';
import { detectTwitterThreads } from '../../../src/shared/domain/twitterThreads.ts';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');

function tweet(id: string, text: string, secondsAgo: number): PostRecord {
  return {
    profileId: 'p1',
    platform: 'twitter',
    socialPostId: id,
    servicePostId: null,
    text,
    url: null,
    created: new Date(NOW - 86_400_000 - secondsAgo * 1000).toISOString(),
    disableComments: false,
    raw: {},
  };
}

const state = (post: PostRecord): PostSyncState => ({ post, commentCount: 0, lastCommentAt: null, lastPolledAt: null, analyticsDueAt: null });

const thread = [
  tweet('3857713739678945098', 'A short thread 🧵 1/3', 120),
  tweet('5944890112871910900', '2/3 Riding to work daily?', 75),
  tweet('1665850872980556211', '3/3 Weekend riders', 0),
];

describe('analytics of a twitter thread', () => {
  it('asks for every tweet of the thread by its own id, in one request of the network', () => {
    const detected = detectTwitterThreads(
      thread.map((p) => ({ key: `twitter:${p.socialPostId}`, profileId: p.profileId, platform: p.platform, text: p.text, created: p.created })),
    );
    expect(detected).toHaveLength(1);

    const tracks = analyticsTracksOf(thread.map(state), new Map(), NOW);
    expect([...tracks.keys()].sort()).toEqual([...detected[0]!.keys].sort());
    const { job } = nextAnalyticsJob(tracks.values(), NOW, { batchDelayMs: 0 });
    expect(job?.kind).toBe('by-social-ids');
    expect(job?.platform).toBe('twitter');
    expect(job?.tracks.map((t) => t.socialPostId).sort()).toEqual(thread.map((p) => p.socialPostId).sort());
  });

  it('makes a post tracked by hand (a youtube video of another channel) a track by its social id', () => {
    const guest: PostRecord = { ...tweet('Oxzc9eRHtgz', '', 0), platform: 'youtube', trackedAt: new Date(NOW).toISOString() };
    const tracks = analyticsTracksOf([state(guest)], new Map(), NOW);
    // Never fetched: asked for at once, without waiting for a batch to fill.
    expect(tracks.get('youtube:Oxzc9eRHtgz')).toMatchObject({ socialPostId: 'Oxzc9eRHtgz', servicePostId: null, dueAt: NOW, manual: true });
    const { job } = nextAnalyticsJob(tracks.values(), NOW, { batchDelayMs: 300_000 });
    expect(job).toMatchObject({ kind: 'by-social-ids', platform: 'youtube' });
    // Once answered, it waits with the others.
    const answered = analyticsTracksOf([{ ...state(guest), analyticsDueAt: NOW + 600_000 }], new Map(), NOW);
    expect(answered.get('youtube:Oxzc9eRHtgz')?.manual).toBeUndefined();
    // A discovered post is never asked for alone.
    expect(analyticsTracksOf([state({ ...guest, trackedAt: undefined })], new Map(), NOW).get('youtube:Oxzc9eRHtgz')?.manual).toBeUndefined();
  });
});
