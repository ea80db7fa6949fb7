// One client profile synced from a real sandbox into a real store, on a fake clock shared by both:
// the first sync brings every post and comment the service has for the profile; a second brings
// nothing; a new outside comment arrives after "refresh now" with its event; an outage is noticed,
// probed with backoff, and left behind when the service is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCommentsEvent, SyncEvent } from '../../../src/main/core/sync/events.ts';
import { openSyncRig, type SyncRig } from './syncHarness.ts';

let rig: SyncRig;
let profileId: string;

/** The profile with the most comments in the seeded world (a few hundred on some posts). */
function busiestProfile(): string {
  const totals = rig.clientProfiles.map((p) => ({
    refId: p.refId,
    comments: rig.fixture.world.posts.filter((post) => post.profileRefId === p.refId).reduce((sum, post) => sum + post.commentCount, 0),
  }));
  return totals.sort((a, b) => b.comments - a.comments)[0]!.refId;
}

/** The posts the service lists for the profile: every post except those of another account. */
const reachablePosts = () => rig.fixture.world.posts.filter((p) => p.profileRefId === profileId && !p.flags.includes('notOwned'));
const newCommentEvents = (from = 0) => rig.events.slice(from).filter((e): e is NewCommentsEvent => e.type === 'new-comments');

beforeAll(async () => {
  // Probe delays without jitter, so the test can check that each pause is longer than the last.
  rig = await openSyncRig({ sync: { connectivity: { random: () => 0.5 } } });
  profileId = busiestProfile();
  rig.addProfile(profileId);
  rig.sync.start();
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

describe('sync of one profile against the sandbox', () => {
  it('a first sync fills the store with every post and every comment the service has for the profile', async () => {
    await rig.runUntil(() => rig.firstSyncDone(profileId), 30 * 60_000);
    await rig.fixture.refresh();
    const expected = reachablePosts();
    const stored = new Map(rig.store.postsForSync(profileId).map((s) => [`${s.post.platform}:${s.post.socialPostId}`, s]));
    expect(stored.size).toBe(expected.length);
    for (const post of expected) {
      const state = stored.get(`${post.platform}:${post.socialId}`);
      expect(state, `${post.platform}:${post.socialId}`).toBeDefined();
      expect(state!.post.servicePostId).toBe(post.serviceId);
      expect(state!.commentCount, `comments of ${post.platform}:${post.socialId}`).toBe(post.commentCount);
    }
    const total = expected.reduce((sum, p) => sum + p.commentCount, 0);
    expect(total).toBeGreaterThan(300);
    expect(newCommentEvents().reduce((sum, e) => sum + e.keys.length, 0)).toBe(total);
    expect(rig.wire.records.every((r) => r.status === 200)).toBe(true);
  });

  it('a second sync with no news inserts nothing', async () => {
    const from = rig.events.length;
    const sent = rig.wire.records.length;
    rig.sync.refreshNow({ profileId });
    await rig.runFor(5 * 60_000);
    const polls = rig.wire.records.slice(sent).filter((r) => r.path.startsWith('/comments/'));
    // Every post was read again (the refresh), and more than once for the recent ones.
    expect(polls.length).toBeGreaterThanOrEqual(new Set(reachablePosts().map((p) => p.serviceId ?? p.socialId)).size);
    expect(newCommentEvents(from)).toEqual([]);
  });

  it('a new outside comment appears in the store after "refresh now" and raises the new-comments event', async () => {
    // An old post: left to its schedule it would wait for hours.
    const post = reachablePosts()
      .filter((p) => !p.flags.includes('commentsDisabled'))
      .sort((a, b) => a.commentCount - b.commentCount)[0]!;
    const postKey = `${post.platform}:${post.socialId}`;
    await rig.runFor(60_000);
    const from = rig.events.length;
    const injected = (await rig.fixture.control('POST', '/comments', {
      platform: post.platform,
      socialPostId: post.socialId,
      profileRefId: profileId,
      comment: 'Do you ship to Lisbon?',
    })) as { commentId: string };
    const key = `${post.platform}:${injected.commentId}`;
    expect(rig.sync.refreshNow({ postKey })).toBe(true);
    await rig.runFor(3000);
    const thread = rig.store.thread(key);
    expect(thread?.comment.text).toBe('Do you ship to Lisbon?');
    const events = newCommentEvents(from);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ profileId, postKey, keys: [key], firstFetch: false });
  });

  it('offline: the outage is noticed, probed with growing pauses, and left behind when the service is back', async () => {
    const connectivity = (from: number) => rig.events.slice(from).filter((e): e is Extract<SyncEvent, { type: 'connectivity' }> => e.type === 'connectivity');
    const from = rig.events.length;
    await rig.fixture.faults({ down: true });
    const downAt = rig.clock.now();
    const sent = rig.wire.records.length;
    await rig.runFor(15 * 60_000);
    expect(connectivity(from).map((e) => [e.online, e.reason])).toEqual([[false, 'traffic']]);
    expect(rig.sync.status()[profileId]?.state).toBe('offline');
    // After the request that failed, only probes (GET /user), each pause longer than the one before.
    const during = rig.wire.records.slice(sent);
    const probes = during.filter((r) => r.path === '/user').map((r) => r.at - downAt);
    expect(during.filter((r) => r.path !== '/user').length).toBeLessThanOrEqual(1);
    expect(probes.length).toBeGreaterThanOrEqual(5);
    expect(probes.length).toBeLessThanOrEqual(12);
    const gaps = probes.slice(1).map((at, i) => at - probes[i]!);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(during.every((r) => r.status === undefined)).toBe(true);

    await rig.fixture.control('DELETE', '/faults');
    const back = await rig.runUntil(() => rig.sync.online, 10 * 60_000);
    // Back at the next probe: within the longest pause (5 minutes, plus jitter).
    expect(back).toBeLessThanOrEqual(6 * 60_000);
    expect(connectivity(from).map((e) => [e.online, e.reason])).toEqual([
      [false, 'traffic'],
      [true, 'probe'],
    ]);
    const resumed = rig.wire.records.length;
    await rig.runFor(2 * 60_000);
    expect(rig.wire.records.slice(resumed).filter((r) => r.status === 200).length).toBeGreaterThan(10);
    expect(rig.sync.status()[profileId]?.state).not.toBe('offline');
  });

  it('errors and events carry no keys', () => {
    const text = JSON.stringify(rig.events);
    const world = rig.fixture.world;
    for (const secret of [
      world.apiKey,
      world.xCredentials.key,
      world.xCredentials.secret,
      ...world.profiles.map((p) => p.profileKey).filter((k) => k !== null),
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
