// Live events as nudges on the real sync (decision 0072): the sandbox, a real store, the profile's
// real ProfileSync on the fake clock, and LiveNudges fed the events the device would read from the
// team's events database. A nudge for a known post is read at once, through the profile's budget;
// forged events (a post that does not exist, a flood of 10,000) cost a bounded number of requests
// and change nothing in the store; while events arrive the polls slow down, and they come back to
// today's pace 10 minutes after the last.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveNudges } from '../../../src/main/core/team/liveNudges.ts';
import type { LiveEvent } from '../../../src/main/core/team/liveEventShape.ts';
import type { Network } from '../../../src/shared/networks.ts';
import { PROFILE_KEY_HEADER, X_KEY_HEADER, X_SECRET_HEADER } from '../../../src/shared/networks.ts';
import { startNudgedSync } from './liveNudgesRig.ts';
import { openSyncRig, type SyncRig } from './syncHarness.ts';

const MINUTE = 60_000;
let rig: SyncRig;
let nudges: LiveNudges;
let profileId: string;
let fresh: { platform: Network; socialId: string; serviceId: string | null };

/** Requests for the fresh post's comments since `from` (fake time). */
function commentReads(from: number): number {
  const ids = [fresh.socialId, fresh.serviceId].filter((id): id is string => id !== null);
  return rig.wire.records.filter((r) => r.at >= from && r.path.startsWith('/comments') && ids.some((id) => r.path.includes(id))).length;
}

const requestsOfProfile = (from: number) => rig.wire.records.filter((r) => r.at >= from && r.profileId === profileId).length;

const eventFor = (post: { platform: Network; socialId: string; serviceId: string | null }): LiveEvent => ({
  action: 'comments',
  refId: profileId,
  platform: post.platform,
  socialPostId: post.socialId,
  ...(post.serviceId ? { postId: post.serviceId } : {}),
});

beforeAll(async () => {
  rig = await openSyncRig({ sandbox: { rateLimit: 300 } });
  const profile = rig.clientProfiles[0]!;
  profileId = profile.refId;
  const { world, sandbox } = rig.fixture;
  // A post of today: polled every 30 s at today's pace.
  const published = await fetch(`${sandbox.url}/post`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.apiKey}`,
      [PROFILE_KEY_HEADER]: profile.profileKey!,
      [X_KEY_HEADER]: world.xCredentials.key,
      [X_SECRET_HEADER]: world.xCredentials.secret,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ post: 'Spring menu is out', platforms: ['facebook'] }),
  });
  expect(published.status).toBe(200);
  const refreshed = await rig.fixture.refresh();
  const post = refreshed.posts.filter((p) => p.profileRefId === profileId && p.platform === 'facebook' && p.serviceId !== null).at(-1)!;
  fresh = { platform: 'facebook', socialId: post.socialId, serviceId: post.serviceId };
  nudges = await startNudgedSync(rig, profileId);
}, 120_000);

afterAll(async () => {
  await nudges?.stop();
  await rig?.close();
});

describe('live events as nudges on the real sync', () => {
  it('an event for a known post is read at once (no wait for its next poll), and the comment is stored', async () => {
    await rig.runFor(10 * MINUTE);
    const injected = (await rig.fixture.control('POST', '/comments', {
      platform: fresh.platform,
      socialPostId: fresh.socialId,
      profileRefId: profileId,
      comment: 'Do you deliver?',
    })) as { id?: string; commentId?: string };
    const before = rig.clock.now();
    const readsBefore = commentReads(before);
    expect(nudges.take(eventFor(fresh))).toBe('read');
    await rig.quiescent();
    // The read happened without the clock moving: within the pace, not at the post's next 30 s poll.
    expect(rig.clock.now()).toBe(before);
    expect(commentReads(before)).toBe(readsBefore + 1);
    const socialCommentId = injected.id ?? injected.commentId;
    expect(rig.store.thread(`${fresh.platform}:${String(socialCommentId)}`)).not.toBeNull();
  });

  it('forged events (an unknown post, 10,000 of them) cost a bounded number of requests and change nothing', async () => {
    await rig.runFor(10 * MINUTE); // the pace is back to today's
    const counts = JSON.stringify(rig.store.counts());
    const start = rig.clock.now();
    // Baseline: the same minute without events.
    await rig.runFor(MINUTE);
    const quiet = requestsOfProfile(start);
    const floodStart = rig.clock.now();
    for (let n = 0; n < 10_000; n++) nudges.take({ action: 'comments', refId: profileId, platform: 'facebook', socialPostId: `forged-${n}` });
    await rig.runFor(MINUTE);
    const flooded = requestsOfProfile(floodStart);
    // One discovery (the profile's post lists: a handful of requests), not 10,000 reads.
    expect(flooded).toBeLessThanOrEqual(quiet + 10);
    expect(rig.wire.records.filter((r) => r.at >= floodStart && r.path.includes('forged-'))).toHaveLength(0);
    expect(rig.wire.records.filter((r) => r.status === 429)).toHaveLength(0);
    expect(JSON.stringify(rig.store.counts())).toBe(counts);
  });

  it('polls the post less often while events arrive, and at today’s pace again 10 minutes after the last', async () => {
    await rig.runFor(11 * MINUTE);
    const todayFrom = rig.clock.now();
    await rig.runFor(5 * MINUTE);
    const today = commentReads(todayFrom);
    expect(nudges.take(eventFor(fresh))).toBe('read');
    await rig.quiescent();
    const liveFrom = rig.clock.now();
    await rig.runFor(5 * MINUTE);
    // After the nudged read itself (and a poll that fell due at that very moment).
    const live = commentReads(liveFrom + 1);
    // Events stop: after 10 quiet minutes the pace is today's again.
    await rig.runFor(6 * MINUTE);
    const backFrom = rig.clock.now();
    await rig.runFor(5 * MINUTE);
    const back = commentReads(backFrom);
    expect(today).toBeGreaterThanOrEqual(9);
    expect(live).toBeLessThanOrEqual(3);
    expect(back).toBeGreaterThanOrEqual(9);
  });
});
