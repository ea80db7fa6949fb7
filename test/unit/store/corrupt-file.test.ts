// A store file the app cannot use never stops it: it is moved aside (kept, renamed with the
// time), a fresh store takes its place, and the caller learns why.
import { closeSync, existsSync, openSync, readFileSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { ACCOUNT, comment, FakeClock, profile, tempDir } from './storeFixtures.ts';
import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A real store with enough comments to span many pages, closed cleanly (WAL folded in). */
function realStoreFile(file: string): void {
  const { store } = openStore(file);
  store.upsertAccount(ACCOUNT);
  store.upsertProfile(profile('p-1'));
  for (let batch = 0; batch < 20; batch += 1) {
    store.ingestComments(
      'p-1',
      Array.from({ length: 100 }, (_, n) => comment({ socialCommentId: `b${batch}-${n}`, text: `Long enough text to fill pages ${'x'.repeat(200)}` })),
    );
  }
  store.close();
}

function expectFreshStoreWorks(store: ReturnType<typeof openStore>['store']): void {
  store.upsertAccount(ACCOUNT);
  store.upsertProfile(profile('p-1'));
  expect(store.ingestComments('p-1', [comment({ socialCommentId: 'after' })]).inserted).toEqual(['instagram:after']);
  expect(store.inboxPage({}).rows.map((r) => r.key)).toEqual(['instagram:after']);
}

describe('a corrupt or unreadable store', () => {
  it('is moved aside when it is garbage, and a fresh store is made in its place', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    const garbage = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 256));
    writeFileSync(file, garbage);
    const clock = new FakeClock(Date.parse('2026-11-21T09:30:00.000Z'));
    const { store, recovered } = openStore(file, { clock });
    expect(recovered).toMatchObject({ kind: 'corrupt', temporary: false, movedTo: `${file}.unusable-2026-11-21T09-30-00-000Z` });
    expect(recovered!.reason).toMatch(/not a database|damaged/i);
    expect(readFileSync(recovered!.movedTo!).equals(garbage)).toBe(true);
    expectFreshStoreWorks(store);
    store.close();
  });

  it('is moved aside when a real store was cut short', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    realStoreFile(file);
    // Cut off the last pages: SQLite sees its header promise more pages than the file has.
    const size = statSync(file).size;
    const cut = size - 4096 * 8;
    truncateSync(file, cut);
    const { store, recovered } = openStore(file);
    expect(recovered).toMatchObject({ kind: 'corrupt', temporary: false });
    expect(recovered!.reason).toMatch(/malformed/);
    expect(statSync(recovered!.movedTo!).size).toBe(cut);
    expectFreshStoreWorks(store);
    store.close();
  });

  it('is moved aside when a query meets damage inside a page, or the full check at open finds it', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    realStoreFile(file);
    // Break the page headers of the comments table's leaves (found through SQLite's dbstat):
    // the schema and the indexes read fine, the rows do not.
    const probe = new DatabaseSync(file);
    const leaves = probe.prepare("SELECT pageno FROM dbstat WHERE name = 'comments' AND pagetype = 'leaf'").all() as { pageno: number }[];
    probe.close();
    expect(leaves.length).toBeGreaterThan(10);
    const fd = openSync(file, 'r+');
    for (const { pageno } of leaves) writeSync(fd, Buffer.alloc(8, 0xa5), 0, 8, (pageno - 1) * 4096);
    closeSync(fd);
    const damaged = readFileSync(file);
    const first = openStore(file);
    expect(first.recovered).toBeNull();
    // The query that meets the damage is answered from a fresh store (see self-check.test.ts).
    expect(first.store.inboxPage({}).rows).toEqual([]);
    first.store.close();
    writeFileSync(file, damaged);
    const second = openStore(file, { integrityCheck: 'quick' });
    expect(second.recovered).toMatchObject({ kind: 'corrupt', temporary: false });
    expectFreshStoreWorks(second.store);
    second.store.close();
  });

  it('is kept where it is when it cannot be reached at all, and the app runs on a temporary store', () => {
    dir = tempDir();
    // A file where a directory should be: the path cannot be opened, whoever runs the test.
    writeFileSync(join(dir, 'not-a-dir'), 'x');
    const file = join(dir, 'not-a-dir', 'inbox.sqlite');
    const { store, recovered } = openStore(file);
    expect(recovered).toMatchObject({ movedTo: null, temporary: true });
    expect(existsSync(join(dir, 'not-a-dir'))).toBe(true);
    expectFreshStoreWorks(store);
    store.close();
  });
});

describe('a first start', () => {
  it('creates the app data directory when it does not exist yet', () => {
    dir = tempDir();
    const file = join(dir, 'not', 'yet', 'inbox.sqlite');
    const { store, recovered } = openStore(file);
    expect(recovered).toBeNull();
    expectFreshStoreWorks(store);
    store.close();
    expect(existsSync(file)).toBe(true);
  });
});
