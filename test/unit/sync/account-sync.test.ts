// The account's sync: "refresh now" reaches the profile that has the post; the OS's network hints
// stop and restart every profile's sync through one connectivity judgement; the host's wiring of
// the client's events counts the outbox's traffic too.
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../src/main/core/service/errors.ts';
import { AccountSync } from '../../../src/main/core/sync/accountSync.ts';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';
import { commentRecord, FakeServiceClient } from './fakeServiceClient.ts';
import { MemoryStore } from './memoryStore.ts';
import { settle, SteppingClock } from '../../support/steppingClock.ts';

const syncs: AccountSync[] = [];
afterEach(async () => {
  await Promise.all(syncs.splice(0).map((s) => s.stop()));
});

function setup() {
  const clock = new SteppingClock();
  const client = new FakeServiceClient(clock, { linked: ['facebook'] });
  client.posts = [
    {
      servicePostId: 'S1',
      platform: 'facebook',
      socialPostId: 'fb1',
      created: new Date(clock.now() - 40 * 86_400_000).toISOString(),
      comments: [commentRecord('facebook', clock.now() - 39 * 86_400_000)],
    },
  ];
  const store = new MemoryStore();
  const events: SyncEvent[] = [];
  const sync = new AccountSync('acc', { client, store, clock, listener: (e) => events.push(e) }, { connectivity: { random: () => 0.5 } });
  syncs.push(sync);
  return { clock, client, store, events, sync };
}

describe('account sync', () => {
  it('"refresh now" of a post reaches the profile that has it; an unknown post or profile says so', async () => {
    const { clock, client, sync } = setup();
    sync.addProfile({ profileId: 'profile-1', isPrimary: false });
    sync.start();
    await clock.runFor(60_000);
    const from = client.callsOf('getComments').length;
    expect(sync.refreshNow({ postKey: 'facebook:fb1' })).toBe(true);
    await clock.runFor(2000);
    expect(client.callsOf('getComments').length).toBe(from + 1);
    expect(sync.refreshNow({ postKey: 'facebook:unknown' })).toBe(false);
    expect(sync.refreshNow({ profileId: 'nobody' })).toBe(false);
  });

  it('the OS saying offline stops every profile at once; saying online probes, and the answer restarts them', async () => {
    const { clock, client, sync, events } = setup();
    sync.addProfile({ profileId: 'profile-1', isPrimary: false });
    sync.addProfile({ profileId: 'profile-2', isPrimary: false });
    sync.start();
    await clock.runFor(60_000);
    // The laptop left the café's wifi: the service is out of reach, and the OS says so.
    client.failure = (call) => new NetworkError(call.operation, 'unreachable', 'ENETUNREACH');
    sync.onOsHint(false);
    await settle();
    expect(Object.values(sync.status()).map((s) => s.state)).toEqual(['offline', 'offline']);
    const sent = client.calls.length;
    // While offline, only probes (GET /user), few of them.
    await clock.runFor(30 * 60_000);
    const during = client.calls.slice(sent);
    expect(during.every((c) => c.operation === 'user')).toBe(true);
    // 1, 3, 7, … 511 s, then every 5 minutes: 13 in half an hour.
    expect(during.length).toBeLessThanOrEqual(13);
    const probes = during.length;
    client.failure = undefined;
    sync.onOsHint(true);
    await settle();
    // Probed at once, not at the end of the backoff.
    expect(client.calls[sent + probes]).toMatchObject({ operation: 'user', at: clock.now() });
    expect(sync.online).toBe(true);
    expect(events.filter((e) => e.type === 'connectivity').map((e) => e.type === 'connectivity' && [e.online, e.reason])).toEqual([
      [false, 'os-hint'],
      [true, 'probe'],
    ]);
    await clock.runFor(60_000);
    expect(Object.values(sync.status()).map((s) => s.state)).not.toContain('offline');
  });

  it('"refresh now" while offline asks the service at once instead of waiting out the backoff', async () => {
    const { clock, client, sync } = setup();
    sync.addProfile({ profileId: 'profile-1', isPrimary: false });
    sync.start();
    await clock.runFor(10_000);
    client.failure = (call) => new NetworkError(call.operation, 'unreachable', 'ECONNREFUSED');
    sync.onOsHint(false);
    await clock.runFor(10 * 60_000);
    client.failure = undefined;
    const asked = clock.now();
    sync.refreshNow({ profileId: 'profile-1' });
    await settle();
    expect(sync.online).toBe(true);
    expect(client.calls.filter((c) => c.at === asked && c.operation === 'user').length).toBeGreaterThanOrEqual(1);
  });

  it("counts the outbox's traffic: a reply that got no answer makes the account offline", async () => {
    const { clock, client, sync, events } = setup();
    sync.addProfile({ profileId: 'profile-1', isPrimary: false });
    sync.start();
    await clock.runFor(10_000);
    sync.observe({
      type: 'request',
      operation: 'reply',
      accountId: 'acc',
      profileId: 'profile-1',
      method: 'POST',
      path: '/comments/reply/x',
      status: undefined,
      durationMs: 30_000,
      error: { kind: 'timeout', message: 'no answer' },
    });
    sync.observe({
      type: 'request',
      operation: 'reply',
      accountId: 'other-account',
      profileId: undefined,
      method: 'POST',
      path: '/x',
      status: 200,
      durationMs: 5,
    });
    expect(sync.online).toBe(false);
    client.failure = (call) => (call.operation === 'user' ? new NetworkError('user', 'unreachable', 'ECONNREFUSED') : undefined);
    await clock.runFor(5000);
    expect(sync.online).toBe(false);
    client.failure = undefined;
    await clock.runFor(10_000);
    expect(sync.online).toBe(true);
    expect(events.filter((e) => e.type === 'connectivity')).toHaveLength(2);
  });
});
