// The daily account-analytics job of a profile's sync, against the in-memory service on a stepping
// clock and the real SQLite store: one request a UTC day for every linked network, one snapshot per
// network for the figures' day, "not linked" left out quietly, other failures tried again later.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/main/core/service/errors.ts';
import { unreadNotesOf } from '../../../src/main/core/store/syncNotes.ts';
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

  it('holds a network refused for another reason until the next day, and keeps since when and why for the report', async () => {
    const { clock, client, snapshots, store, sync } = setup();
    client.accountRefused = ['instagram'];
    const start = clock.now();
    sync.start();
    await clock.runFor(MINUTE);
    const refusedAt = accountCalls(client)[0]!.at;
    // The rest of the UTC day: the refusal is the day's answer, not asked again every half hour.
    const midnight = Math.floor(start / DAY) * DAY + DAY;
    await clock.runFor(midnight - clock.now() - MINUTE);
    expect(accountCalls(client)).toHaveLength(1);
    expect(stored(snapshots).map((s) => s.split(' ')[1])).toEqual(['facebook']);
    expect(store.accountFiguresUnread('profile-1')).toEqual([{ network: 'instagram', since: refusedAt, reason: 'instagram refused (code 300)' }]);
    // The next day's read asks it again; still refused, the note keeps its first moment.
    await clock.runFor(2 * HOUR);
    expect(accountCalls(client)).toHaveLength(2);
    expect(store.accountFiguresUnread('profile-1').map((n) => n.since)).toEqual([refusedAt]);
    // It answers the day after: its figures are stored and the note is gone.
    client.accountRefused = [];
    await clock.runFor(DAY);
    expect(accountCalls(client)).toHaveLength(3);
    expect(stored(snapshots).filter((s) => s.includes('instagram'))).toHaveLength(1);
    expect(store.accountFiguresUnread('profile-1')).toEqual([]);
  });

  it('every network refused (HTTP 400, not 109): one read that day, a note for each, kept across a restart', async () => {
    const first = setup({ linked: ['facebook', 'instagram'] });
    first.client.accountRefused = ['facebook', 'instagram'];
    first.sync.start();
    await first.clock.runFor(6 * HOUR);
    expect(accountCalls(first.client)).toHaveLength(1);
    const notes = first.store.accountFiguresUnread('profile-1');
    expect(notes.map((n) => [n.network, n.reason])).toEqual([
      ['facebook', 'facebook refused (code 300)'],
      ['instagram', 'instagram refused (code 300)'],
    ]);
    await first.sync.stop();
    // A restart the next day: asked again, the notes keep the moment the refusals began.
    const second = setup({ clock: first.clock, store: first.store, snapshots: first.snapshots, client: first.client });
    await second.clock.runFor(DAY - 6 * HOUR);
    second.sync.start();
    await second.clock.runFor(HOUR);
    expect(accountCalls(first.client)).toHaveLength(2);
    expect(first.store.accountFiguresUnread('profile-1')).toEqual(notes);
  });

  it('a cursor of notes that does not read is no note', () => {
    expect(unreadNotesOf(null)).toEqual([]);
    expect(unreadNotesOf('{not json')).toEqual([]);
    expect(unreadNotesOf('{"instagram":{"since":"yesterday","reason":"x"}}')).toEqual([]);
    expect(unreadNotesOf('{"myspace":{"since":1,"reason":"x"},"bluesky":{"since":2,"reason":"y"}}')).toEqual([{ network: 'bluesky', since: 2, reason: 'y' }]);
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
    expect(first.store.accountAnalyticsDay('profile-1')).toBe(dayOf(first.clock.now()));
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
