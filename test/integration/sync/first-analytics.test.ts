// Issue 27, item 14: every owned post's figures within 2 minutes of the first start. Every client
// profile of the seeded world syncs from a real sandbox into a real store on one stepping clock;
// after two minutes of fake time, each post the service lists whose network has analytics has a
// snapshot in the store, and the analytics requests stayed few (100 ids a request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsRoute } from '../../../src/main/core/sync/analyticsPlan.ts';
import { openSyncRig, type SyncRig } from './syncHarness.ts';

let rig: SyncRig;

beforeAll(async () => {
  rig = await openSyncRig();
  for (const profile of rig.clientProfiles) rig.addProfile(profile.refId);
  rig.sync.start();
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

describe('first analytics after the first start', () => {
  it('every post of every client and network has figures two minutes after the first start', async () => {
    await rig.runFor(2 * 60_000);
    const missing: string[] = [];
    let withRoute = 0;
    const networks = new Set<string>();
    for (const profile of rig.clientProfiles) {
      for (const state of rig.store.postsForSync(profile.refId)) {
        const { post } = state;
        if (analyticsRoute(post.platform, post.servicePostId) === 'none') continue;
        // X needs the account's key pair; the rig gives none, so X is left out (the panel says why).
        if (post.platform === 'twitter') continue;
        withRoute++;
        networks.add(post.platform);
        const key = `${post.platform}:${post.socialPostId}`;
        if (rig.store.latestAnalytics(key) === null && rig.store.analyticsNotFound(key) === null) missing.push(`${profile.title} ${key}`);
      }
    }
    expect(withRoute).toBeGreaterThan(50);
    expect(networks.size).toBeGreaterThanOrEqual(5);
    expect(missing, `${missing.length} of ${withRoute} posts without figures`).toEqual([]);
    // 100 ids a request: the social-id networks cost one request per network and hundred posts.
    const analyticsRequests = rig.wire.records.filter((r) => r.path.startsWith('/analytics'));
    expect(analyticsRequests.length).toBeLessThan(withRoute / 2);
    // Within the rate budget: the service never had to refuse a request.
    expect(rig.wire.records.filter((r) => r.status === 429)).toEqual([]);
  }, 300_000);
});
