// The store checks itself: damage found by any query after open, or by the full check that runs
// beside every start, moves the file aside and puts a fresh store in its place (the same object, so
// every holder keeps working), and says so once; a store file that vanished or was emptied where
// one existed before is told too, never taken silently for a first start.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type StoreRecovery } from '../../../src/main/core/store/sqliteStore.ts';
import { overwritePage, pagesOf, truncateTo } from '../../support/sqlitePages.ts';
import { ACCOUNT, comment, FakeClock, profile, tempDir } from './storeFixtures.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function storeWithComments(file: string, count = 300): void {
  const { store } = openStore(file);
  store.upsertAccount(ACCOUNT);
  store.upsertProfile(profile('p-1'));
  store.setAccountAnalyticsDay('p-1', '2026-11-20');
  store.ingestComments(
    'p-1',
    Array.from({ length: count }, (_, n) => comment({ socialCommentId: `c${n}`, text: `Long enough ${'x'.repeat(200)}` })),
  );
  store.close();
}

function asideFiles(): string[] {
  return readdirSync(dir).filter((name) => name.includes('.unusable-') && !/-(wal|shm)$/.test(name));
}

describe('damage found after the store opened', () => {
  it.each(['sync_cursors', 'profiles', 'accounts', 'comments'])(
    'in the %s table: the query that meets it is answered from a fresh store, the file is moved aside, and it is said once',
    (table) => {
      dir = tempDir();
      const file = join(dir, 'inbox.sqlite');
      storeWithComments(file);
      for (const page of pagesOf(file, table)) overwritePage(file, page);
      const { store, recovered } = openStore(file, { clock: new FakeClock() });
      expect(recovered).toBeNull();
      const told: StoreRecovery[] = [];
      store.onRecovered((recovery) => told.push(recovery));

      expect(() => {
        store.accountAnalyticsDay('p-1');
        store.profiles();
        store.upsertAccount(ACCOUNT);
        store.inboxPage({});
      }).not.toThrow();
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ kind: 'corrupt', temporary: false });
      expect(told[0]!.movedTo).not.toBeNull();
      expect(existsSync(told[0]!.movedTo!)).toBe(true);
      expect(asideFiles()).toHaveLength(1);

      // The fresh store takes writes and reads, and the same object keeps serving them.
      store.upsertAccount(ACCOUNT);
      store.upsertProfile(profile('p-1'));
      expect(store.ingestComments('p-1', [comment({ socialCommentId: 'after' })]).inserted).toEqual(['instagram:after']);
      expect(store.inboxPage({}).rows.map((row) => row.key)).toEqual(['instagram:after']);
      expect(told).toHaveLength(1);
      store.close();
    },
  );

  it('lets a listener put back what it keeps elsewhere before the failed call is answered', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    storeWithComments(file);
    for (const page of pagesOf(file, 'profiles')) overwritePage(file, page);
    const { store } = openStore(file);
    store.onRecovered(() => {
      store.upsertAccount(ACCOUNT);
      store.upsertProfile(profile('p-1'));
    });
    expect(store.profiles().map((p) => p.profileId)).toEqual(['p-1']);
    store.close();
  });

  it('the full check beside the start finds damage no query has read yet', async () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    storeWithComments(file, 2000);
    const leaves = pagesOf(file, 'comments');
    overwritePage(file, leaves[leaves.length - 1]!);
    const { store, recovered } = openStore(file);
    expect(recovered).toBeNull();
    const told: StoreRecovery[] = [];
    store.onRecovered((recovery) => told.push(recovery));
    const found = await store.verify();
    expect(found).toMatchObject({ kind: 'corrupt', temporary: false });
    expect(told).toHaveLength(1);
    expect(asideFiles()).toHaveLength(1);
    expect(store.inboxPage({}).rows).toEqual([]);
    store.close();
  });

  it('the full check of a sound store finds nothing and changes nothing', async () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    storeWithComments(file);
    const { store } = openStore(file);
    expect(await store.verify()).toBeNull();
    expect(store.inboxPage({}).rows.length).toBeGreaterThan(0);
    expect(asideFiles()).toEqual([]);
    store.close();
  });
});

describe('a store file that was lost', () => {
  it('emptied to 0 bytes where a store existed: told, and the empty file is moved aside', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    storeWithComments(file);
    truncateTo(file, 0);
    const { store, recovered } = openStore(file);
    expect(recovered).toMatchObject({ kind: 'corrupt', temporary: false });
    expect(recovered!.reason).toMatch(/empty/i);
    expect(statSync(recovered!.movedTo!).size).toBe(0);
    store.upsertAccount(ACCOUNT);
    store.close();
  });

  it('cut to half: told, and moved aside', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    storeWithComments(file, 2000);
    truncateTo(file, 0.5);
    const { store, recovered } = openStore(file);
    expect(recovered).toMatchObject({ kind: 'corrupt', temporary: false });
    store.close();
  });

  it('gone where a store existed: told', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    storeWithComments(file);
    rmSync(file);
    const { store, recovered } = openStore(file);
    expect(recovered).toMatchObject({ kind: 'missing', temporary: false, movedTo: null });
    expect(recovered!.reason).toMatch(/missing/i);
    store.close();
  });

  it('gone with its WAL left behind: the WAL goes aside too, never replayed into the fresh store', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    storeWithComments(file);
    const { store: writing } = openStore(file);
    writing.setAccountAnalyticsDay('p-written-after', 'in the WAL only');
    const wal = readFileSync(`${file}-wal`);
    expect(wal.length).toBeGreaterThan(0);
    writing.close();
    rmSync(file);
    writeFileSync(`${file}-wal`, wal);
    const { store, recovered } = openStore(file);
    expect(recovered).toMatchObject({ kind: 'missing', temporary: false });
    expect(store.accountAnalyticsDay('p-written-after')).toBeNull();
    expect(store.profiles()).toEqual([]);
    expect(readdirSync(dir).some((name) => name.includes('.unusable-') && name.endsWith('-wal'))).toBe(true);
    store.close();
  });

  it('a first start, or a 0-byte file left by a first start that stopped before its first write, is no loss', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    const first = openStore(file);
    expect(first.recovered).toBeNull();
    first.store.close();
    const crashed = join(dir, 'crashed', 'inbox.sqlite');
    const opened = openStore(crashed);
    opened.store.close();
    rmSync(crashed);
    rmSync(join(dir, 'crashed'), { recursive: true, force: true });
    // No store was ever made there: an empty file is where SQLite starts, not a loss.
    const empty = join(dir, 'empty.sqlite');
    writeFileSync(empty, '');
    const second = openStore(empty);
    expect(second.recovered).toBeNull();
    second.store.close();
  });
});
