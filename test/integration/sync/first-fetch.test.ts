// Issue 27, items 3–5: whether each client's copy is whole, per inbox kind, from a real sandbox into
// a real store on a stepping clock. With the service down at the first start nothing counts as
// fetched; once it is back every client's comments and messages are fetched completely once (the
// client whose messaging is off too: that is its setting, not a failure) and the store remembers it;
// a restart knows it at once but is not "checked" until a request of that start is answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSync } from '../../../src/main/core/sync/accountSync.ts';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';
import { ACCOUNT } from '../service/harness.ts';
import { openSyncRig, type SyncRig } from './syncHarness.ts';

let rig: SyncRig;

const firstFetchEvents = (events: readonly SyncEvent[]) => events.filter((e): e is Extract<SyncEvent, { type: 'first-fetch' }> => e.type === 'first-fetch');

beforeAll(async () => {
  rig = await openSyncRig();
  for (const profile of rig.clientProfiles) rig.addProfile(profile.refId);
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

describe('first complete fetch per client and kind', () => {
  it('with the service down at the first start, nothing is fetched and nothing is checked', async () => {
    await rig.fixture.faults({ down: true });
    rig.sync.start();
    await rig.runFor(3 * 60_000);
    for (const profile of rig.clientProfiles) {
      const status = rig.sync.status()[profile.refId];
      expect(status?.firstFetched).toEqual({ comment: null, conversation: null });
      expect(status?.checked).toBe(false);
      expect(rig.store.firstFetchDoneAt(profile.refId, 'comment')).toBeNull();
    }
    expect(firstFetchEvents(rig.events)).toEqual([]);
  });

  it('once the service is back, every client is fetched completely once, messaging off included, and the store keeps it', async () => {
    await rig.fixture.control('DELETE', '/faults');
    const whole = () =>
      rig.clientProfiles.every((p) => {
        const status = rig.sync.status()[p.refId];
        return status !== undefined && status.checked && status.firstFetched.comment !== null && status.firstFetched.conversation !== null;
      });
    await rig.runUntil(whole, 60 * 60_000);
    const off = rig.fixture.world.profiles.find((p) => p.profileKey !== null && !p.messagingEnabled);
    expect(off, 'the seeded world has a client with messaging off').toBeDefined();
    for (const profile of rig.clientProfiles) {
      const status = rig.sync.status()[profile.refId]!;
      // Comments are whole only when every post's comments were read.
      expect(status.postsDone).toBe(status.postsTotal);
      expect(rig.store.firstFetchDoneAt(profile.refId, 'comment')).toBe(status.firstFetched.comment);
      expect(rig.store.firstFetchDoneAt(profile.refId, 'conversation')).toBe(status.firstFetched.conversation);
      const told = firstFetchEvents(rig.events)
        .filter((e) => e.profileId === profile.refId)
        .at(-1);
      expect(told?.fetched).toEqual(status.firstFetched);
    }
    // Messages are whole for that client although the service refused them: its messaging is off.
    expect(rig.events.some((e) => e.type === 'sync-error' && e.profileId === off!.refId && e.error.kind === 'messaging' && e.error.code === 361)).toBe(true);
  }, 300_000);

  it('a restart knows what was fetched at once, and is checked only once a request of that start is answered', async () => {
    await rig.sync.stop();
    const events: SyncEvent[] = [];
    const again = new AccountSync(ACCOUNT, {
      client: rig.client,
      store: rig.store,
      messages: rig.store,
      clock: rig.clock,
      listener: (event) => events.push(event),
    });
    for (const profile of rig.clientProfiles) again.addProfile({ profileId: profile.refId, isPrimary: false });
    await rig.fixture.faults({ down: true });
    again.start();
    try {
      for (const profile of rig.clientProfiles) {
        const status = again.status()[profile.refId]!;
        expect(status.firstFetched.comment).toBe(rig.store.firstFetchDoneAt(profile.refId, 'comment'));
        expect(status.firstFetched.comment).not.toBeNull();
        expect(status.checked).toBe(false);
      }
      await rig.runFor(60_000, () => undefined);
      expect(Object.values(again.status()).every((status) => !status.checked)).toBe(true);
      await rig.fixture.control('DELETE', '/faults');
      await rig.runUntil(() => Object.values(again.status()).every((status) => status.checked), 20 * 60_000);
      expect(firstFetchEvents(events).every((e) => e.checked)).toBe(true);
    } finally {
      await again.stop();
    }
  }, 300_000);
});
