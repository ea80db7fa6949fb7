// The rate test of the issue: 3 profiles × 300 posts, the service's limit of 300 requests per 5
// minutes per profile, outside people commenting all the while (`activity`). The first sync alone
// needs more requests than a window holds, so the scheduler must spread it: it never receives a
// 429 and never uses more than 90% of a window, as the service counts it (x-ratelimit-count) and
// as the client's budget does. The sandbox and the sync share one fake clock: the 300 posts of
// each profile are published over 60 days of it (one every 4.8 hours, far inside the limit), and
// the sync then runs for 16 minutes of it, which take seconds.
//
// That is the long form (`npm run test:long`). `npm test` scales both down by three, 100 posts a
// profile against a limit of 100 (the client reads the limit from the service's answers): the first
// sync still needs more than a window, the same assertions hold, with a third of the requests
// (decision 0080).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import { PROFILE_KEY_HEADER, X_KEY_HEADER, X_SECRET_HEADER } from '../../../src/shared/networks.ts';
import { shortOrLong } from '../../support/longForm.ts';
import { ACCOUNT } from '../service/harness.ts';
import { openSyncRig, type SyncRig } from './syncHarness.ts';

const DAY = 24 * 60 * 60_000;
const POSTS_PER_PROFILE = shortOrLong(100, 300);
/** The service's limit per profile per 5 minutes (the sandbox's `rateLimit`, told in `x-ratelimit-max`). */
const LIMIT = shortOrLong(100, 300);
const CEILING = 0.9 * LIMIT;

let rig: SyncRig;
let profiles: { refId: string; profileKey: string; platforms: string[] }[];

async function publish(profile: (typeof profiles)[number], n: number): Promise<void> {
  const { world, sandbox } = rig.fixture;
  const response = await fetch(`${sandbox.url}/post`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.apiKey}`,
      [PROFILE_KEY_HEADER]: profile.profileKey,
      [X_KEY_HEADER]: world.xCredentials.key,
      [X_SECRET_HEADER]: world.xCredentials.secret,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ post: `Post ${n} of ${profile.refId.slice(0, 6)}`, platforms: profile.platforms }),
  });
  if (response.status !== 200) throw new Error(`publishing failed: HTTP ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  rig = await openSyncRig({ start: Date.now() - 60 * DAY, sandbox: { rateLimit: LIMIT, activity: 600 } });
  profiles = rig.clientProfiles.slice(0, 3).map((p) => ({ refId: p.refId, profileKey: p.profileKey!, platforms: p.platforms }));
  const step = (60 * DAY) / POSTS_PER_PROFILE;
  for (let n = 0; n < POSTS_PER_PROFILE; n++) {
    await rig.clock.advanceTo(rig.clock.now() + step);
    await Promise.all(profiles.map((profile) => publish(profile, n)));
  }
  await rig.fixture.refresh();
  for (const profile of profiles) rig.addProfile(profile.refId);
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

describe(`rate budget: 3 profiles × ${POSTS_PER_PROFILE} posts against the service limit`, () => {
  it('never meets a 429 and never uses more than 90% of a window, while syncing every post', async () => {
    const targets: CallTarget[] = profiles.map((p) => ({ accountId: ACCOUNT, profileId: p.refId }));
    let mostUsedByBudget = 0;
    rig.sync.start();
    await rig.runFor(16 * 60_000, () => {
      for (const target of targets) mostUsedByBudget = Math.max(mostUsedByBudget, rig.client.budgetOf(target).used);
    });

    const wire = rig.wire.records.filter((r) => profiles.some((p) => p.refId === r.profileId));
    expect(wire.filter((r) => r.status === 429)).toEqual([]);
    expect(wire.every((r) => r.status === 200)).toBe(true);
    for (const profile of profiles) {
      const mine = wire.filter((r) => r.profileId === profile.refId);
      const mostCounted = Math.max(...mine.map((r) => r.count ?? 0));
      expect(mostCounted, `x-ratelimit-count of ${profile.refId}`).toBeLessThanOrEqual(CEILING);
      // The budget was worth having: the first window went almost entirely to the first sync.
      expect(mostCounted).toBeGreaterThanOrEqual(CEILING - 5);
      // Every post of the profile was fetched, its own 300 and the seeded ones.
      const status = rig.sync.status()[profile.refId]!;
      expect(status.postsDone).toBe(status.postsTotal);
      const published = rig.fixture.world.posts.filter((p) => p.profileRefId === profile.refId && !p.flags.includes('notOwned')).length;
      expect(status.postsTotal).toBe(published);
    }
    expect(mostUsedByBudget).toBeLessThanOrEqual(CEILING);
    // The outside comments made while it ran reached the store as news.
    expect(rig.events.some((e) => e.type === 'new-comments' && !e.firstFetch)).toBe(true);
  }, 180_000);
});
