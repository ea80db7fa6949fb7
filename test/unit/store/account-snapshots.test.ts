// Account figures per profile, network and day (migration 7), on a real SQLite file: one row a day,
// a later read of a day replaces it, a range of days reads back oldest first, a v6 file migrates.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { migrate } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import type { AccountSnapshotInput } from '../../../src/main/core/store/types.ts';
import { accountFiguresOf } from '../../../src/shared/wire/accountAnalytics.ts';
import { FakeClock, profile, seeded, tempDir, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
let dir: string | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function snapshot(day: string, followers: number, overrides: Partial<AccountSnapshotInput> = {}): AccountSnapshotInput {
  const analytics = { followersCount: followers, followsCount: 12, postsCount: 40, handle: 'studio.bsky.social' };
  const network = overrides.network ?? 'bluesky';
  return {
    profileId: 'p-1',
    network,
    day,
    figures: accountFiguresOf(network, analytics),
    entry: { analytics, lastUpdated: `${day}T10:00:00.000Z`, nextUpdate: `${day}T11:00:00.000Z` },
    fetchedAt: Date.parse(`${day}T10:00:05.000Z`),
    ...overrides,
  };
}

describe('account snapshots', () => {
  it('keeps one row per profile, network and day; a later read of a day replaces it', () => {
    temp = seeded([profile('p-1', ['bluesky', 'youtube']), profile('p-2', ['bluesky'])]);
    const { store } = temp;
    store.recordAccountSnapshot(snapshot('2026-11-01', 100));
    store.recordAccountSnapshot(snapshot('2026-11-02', 110));
    store.recordAccountSnapshot(snapshot('2026-11-02', 115, { fetchedAt: Date.parse('2026-11-02T18:00:00Z') }));
    store.recordAccountSnapshot(snapshot('2026-11-02', 7, { profileId: 'p-2' }));
    const read = store.accountSnapshots('p-1', '2026-11-01', '2026-11-30');
    expect(read.map((s) => [s.day, s.network, s.figures.followers, s.fetchedAt])).toEqual([
      ['2026-11-01', 'bluesky', 100, Date.parse('2026-11-01T10:00:05Z')],
      ['2026-11-02', 'bluesky', 115, Date.parse('2026-11-02T18:00:00Z')],
    ]);
    expect(store.accountSnapshots('p-2', '2026-11-01', '2026-11-30').map((s) => s.figures.followers)).toEqual([7]);
  });

  it('gives back the normalized figures and the entry as sent, and survives a reopen', () => {
    temp = seeded([profile('p-1', ['bluesky', 'youtube'])]);
    const written = snapshot('2026-11-03', 120);
    temp.store.recordAccountSnapshot(written);
    temp.reopen();
    const [read] = temp.store.accountSnapshots('p-1', '2026-11-03', '2026-11-03');
    expect(read).toEqual(written);
    expect(read?.figures).toMatchObject({ network: 'bluesky', followers: 120, following: 12, posts: 40 });
  });

  it('reads a range of days, both ends included, oldest first then by network', () => {
    temp = seeded([profile('p-1', ['bluesky', 'youtube'])]);
    for (const day of ['2026-10-31', '2026-11-01', '2026-11-15', '2026-11-30', '2026-12-01']) {
      temp.store.recordAccountSnapshot(snapshot(day, 100, { network: 'youtube' }));
      temp.store.recordAccountSnapshot(snapshot(day, 100));
    }
    const read = temp.store.accountSnapshots('p-1', '2026-11-01', '2026-11-30');
    expect(read.map((s) => `${s.day} ${s.network}`)).toEqual([
      '2026-11-01 bluesky',
      '2026-11-01 youtube',
      '2026-11-15 bluesky',
      '2026-11-15 youtube',
      '2026-11-30 bluesky',
      '2026-11-30 youtube',
    ]);
    expect(temp.store.accountSnapshots('nobody', '2026-11-01', '2026-11-30')).toEqual([]);
  });

  it('refuses bad input with a typed error and stores nothing of it', () => {
    temp = seeded([profile('p-1', ['bluesky'])]);
    const { store } = temp;
    expect(() => store.recordAccountSnapshot(snapshot('2026-11-01', 1, { profileId: 'nobody' }))).toThrow(StoreInputError);
    expect(() => store.recordAccountSnapshot({ ...snapshot('2026-11-01', 1), network: 'myspace' as never })).toThrow(StoreInputError);
    expect(() => store.recordAccountSnapshot(snapshot('2026-02-30', 1))).toThrow(StoreInputError);
    expect(() => store.recordAccountSnapshot(snapshot('2026-11-01', 1, { day: '2026-11-01T00:00:00Z' }))).toThrow(StoreInputError);
    expect(() => store.recordAccountSnapshot(snapshot('2026-11-01', 1, { fetchedAt: Number.NaN }))).toThrow(StoreInputError);
    expect(() => store.recordAccountSnapshot(snapshot('2026-11-01', 1, { entry: null as never }))).toThrow(StoreInputError);
    expect(store.accountSnapshots('p-1', '0000-01-01', '9999-12-31')).toEqual([]);
  });

  it('migrates a version 6 file with data: its comments stay, account snapshots can be stored', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    const db = new DatabaseSync(file);
    migrate(db, MIGRATIONS.slice(0, 6));
    db.exec(`
      INSERT INTO accounts VALUES ('acc', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
      INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
        VALUES (1, 'p-1', 'acc', 'Client', 0, '{"bluesky":{"id":"me","username":"me"}}', NULL);
      INSERT INTO comments (id, profile_id, platform, social_comment_id, social_post_id, parent_social_comment_id, author_id, author_name,
        text, created, like_count, hidden, by_account, replied, raw)
      VALUES (${1_795_000_000 * 2 ** 20}, 1, 'bluesky', 'q', 'post', NULL, 'fan', 'Fan', 'Hello', '2026-11-18T08:53:20.000Z', 0, 0, 0, 0, '{}');
    `);
    db.close();
    const opened = openStore(file, { clock: new FakeClock(Date.parse('2026-11-20T00:00:00Z')) });
    expect(opened.recovered).toBeNull();
    expect(opened.migrated).toEqual({ from: 6, to: SCHEMA_VERSION });
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(7);
    const { store } = opened;
    try {
      expect(store.reportItems('p-1', { start: 0, end: Date.parse('2027-01-01T00:00:00Z') }).map((i) => i.key)).toEqual(['bluesky:q']);
      store.recordAccountSnapshot(snapshot('2026-11-19', 42));
      expect(store.accountSnapshots('p-1', '2026-11-19', '2026-11-19').map((s) => s.figures.followers)).toEqual([42]);
    } finally {
      store.close();
    }
  });
});
