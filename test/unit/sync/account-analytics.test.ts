// The daily account-analytics job of a profile's sync, against the in-memory service on a stepping
// clock and the real SQLite store: one request a UTC day for every linked network, one snapshot per
// network for the figures' day, "not linked" left out quietly, other failures tried again later.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/main/core/service/errors.ts';
import { accountAnalyticsCursor } from '../../../src/main/core/sync/accountAnalyticsJob.ts';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';
import { ProfileSync } from '../../../src/main/core/sync/profileSync.ts';
import type { Network } from '../../../src/shared/networks.ts';
import { SteppingClock } from '../../support/steppingClock.ts';
import { profile, seeded, type TempStore } from '../store/storeFixtures.ts';
import { FakeServiceClient } from './fakeServiceClient.ts';
import { MemoryStore } from './memoryStore.ts';
import { FakeConnectivity } from './fakeConnectivity.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const running: ProfileSync[] = [];
const stores: TempStore[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  for (const temp of stores.splice(0)) temp.cleanup();
});

interface Setup {
  linked?: Network[];
  clock?: SteppingClock;
  client?: FakeServiceClient;
  store?: MemoryStore;
  snapshots?: TempStore;
  /** false: the host gives no store of account snapshots. */
  accountSnapshots?: boolean;
}

function setup(options: Setup = {}) {
  const linked = options.linked ?? ['facebook', 'instagram'];
  const clock = options.clock ?? new SteppingClock();
  const client = options.client ?? new FakeServiceClient(clock, { linked });
  const store = options.store ?? new MemoryStore();
  const snapshots = options.snapshots ?? seeded([profile('profile-1', linked)]);
  if (!stores.includes(snapshots)) stores.push(snapshots);
  const events: SyncEvent[] = [];
  const sync = new ProfileSync(
    { accountId: 'acc', profileId: 'profile-1', isPrimary: false },
    {
      client,
      store,
      clock,
      connectivity: new FakeConnectivity(),
      listener: (e) => events.push(e),
      ...(options.accountSnapshots === false ? {} : { accountSnapshots: snapshots.store }),
    },
  );
  running.push(sync);
  return { clock, client, store, snapshots, events, sync };
}

const accountCalls = (client: FakeServiceClient) => client.callsOf('accountAnalytics');
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const stored = (temp: TempStore) =>
  temp.store.accountSnapshots('profile-1', '0000-01-01', '9999-12-31').map((s) => `${s.day} ${s.network} ${s.figures.followers}`);
const problems = (events: SyncEvent[]) => events.flatMap((e) => (e.type === 'sync-error' ? [e.error] : []));

describe('account analytics of a profile', () => {
  it('asks once a UTC day for every linked network in one request, one snapshot per network and day', async () => {
    const { clock, client, snapshots, events, sync } = setup();
    const start = clock.now();
    sync.start();
    await clock.runFor(MINUTE);
    expect(accountCalls(client).map((c) => c.detail)).toEqual(['facebook,instagram']);
    const followers = 1000 + Math.floor(start / DAY) * 100;
    expect(stored(snapshots)).toEqual([`${dayOf(start)} facebook ${followers}`, `${dayOf(start)} instagram ${followers}`]);
    // The rest of the UTC day: no second read.
    const midnight = Math.floor(start / DAY) * DAY + DAY;
    await clock.runFor(midnight - clock.now() - MINUTE);
    expect(accountCalls(client)).toHaveLength(1);
    // The next day: one more, and that day's snapshots beside the first.
    await clock.runFor(2 * HOUR);
    expect(accountCalls(client)).toHaveLength(2);
    expect(stored(snapshots)).toEqual([
      `${dayOf(start)} facebook ${followers}`,
      `${dayOf(start)} instagram ${followers}`,
      `${dayOf(midnight)} facebook ${followers + 100}`,
      `${dayOf(midnight)} instagram ${followers + 100}`,
    ]);
    expect(problems(events)).toEqual([]);
  });

  it('leaves a network the service says is not linked out quietly, and does not ask again that day', async () => {
    const { clock, client, snapshots, events, sync } = setup();
    client.accountUnlinked = ['instagram'];
    sync.start();
    await clock.runFor(6 * HOUR);
    expect(accountCalls(client)).toHaveLength(1);
    expect(stored(snapshots).map((s) => s.split(' ')[1])).toEqual(['facebook']);
    expect(problems(events)).toEqual([]);
  });

  it('no network linked at all (HTTP 400, 109 for each): no failure, no second read that day', async () => {
    const { clock, client, snapshots, events, sync } = setup({ linked: ['facebook'] });
    client.accountUnlinked = ['facebook'];
    sync.start();
    await clock.runFor(6 * HOUR);
    expect(accountCalls(client)).toHaveLength(1);
    expect(stored(snapshots)).toEqual([]);
    expect(problems(events)).toEqual([]);
  });

  it('tries a network refused for another reason again later, and stops once it answered', async () => {
    const { clock, client, snapshots, sync } = setup();
    client.accountRefused = ['instagram'];
    sync.start();
    await clock.runFor(10 * MINUTE);
    const tries = accountCalls(client).length;
    expect(tries).toBeGreaterThan(1);
    expect(stored(snapshots).map((s) => s.split(' ')[1])).toEqual(['facebook']);
    client.accountRefused = [];
    await clock.runFor(2 * HOUR);
    const afterFix = accountCalls(client).length;
    expect(afterFix).toBeGreaterThan(tries);
    expect(stored(snapshots).map((s) => s.split(' ')[1])).toEqual(['facebook', 'instagram']);
    await clock.runFor(6 * HOUR);
    expect(accountCalls(client)).toHaveLength(afterFix);
  });

  it('a failed request is tried again within the day, not a day later', async () => {
    const { clock, client, snapshots, sync } = setup();
    client.failure = (call) =>
      call.operation === 'accountAnalytics'
        ? new HttpError({
            operation: 'accountAnalytics',
            status: 500,
            code: undefined,
            serviceMessage: 'down',
            errors: [],
            hint: undefined,
            body: {},
            retryable: true,
            writeOutcome: 'not-applied',
          })
        : undefined;
    sync.start();
    await clock.runFor(2 * MINUTE);
    expect(accountCalls(client).length).toBeGreaterThan(0);
    expect(stored(snapshots)).toEqual([]);
    client.failure = undefined;
    await clock.runFor(HOUR);
    expect(stored(snapshots)).toHaveLength(2);
  });

  it('after a restart the same UTC day it does not ask again (the day is kept in a sync cursor)', async () => {
    const first = setup();
    first.sync.start();
    await first.clock.runFor(MINUTE);
    expect(accountCalls(first.client)).toHaveLength(1);
    expect(first.store.cursor(accountAnalyticsCursor('profile-1'))).toBe(dayOf(first.clock.now()));
    await first.sync.stop();
    const second = setup({ clock: first.clock, store: first.store, snapshots: first.snapshots });
    second.sync.start();
    await second.clock.runFor(6 * HOUR);
    expect(accountCalls(second.client)).toHaveLength(0);
  });

  it('without a store of account snapshots the sync asks for none', async () => {
    const { clock, client, sync } = setup({ accountSnapshots: false });
    sync.start();
    await clock.runFor(HOUR);
    expect(accountCalls(client)).toHaveLength(0);
    expect(client.callsOf('user').length).toBeGreaterThan(0);
  });
});
