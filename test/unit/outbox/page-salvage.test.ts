// Reading rows out of an SQLite file page by page (the salvage of a damaged outbox): on a sound file
// it reads exactly what SQLite reads, long rows spilling onto overflow pages included; it finds the
// rows that live only in the write-ahead log of a process that never closed the file; and with a
// page destroyed it still reads every row of every other page.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { salvageRecords } from '../../../src/main/core/outbox/pageSalvage.ts';
import { overwritePage, pagesOf } from '../../support/sqlitePages.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'page-salvage-'));
  dirs.push(dir);
  return join(dir, 'file.sqlite');
}

/** Rows of all sizes: tiny, a few per page, and far larger than a page (overflow chains). */
function fill(db: DatabaseSync, count: number): void {
  db.exec('CREATE TABLE t (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, body TEXT, n INTEGER, r REAL, b BLOB)');
  const insert = db.prepare('INSERT INTO t (id, body, n, r, b) VALUES (?, ?, ?, ?, ?)');
  for (let i = 0; i < count; i++) {
    const size = [5, 900, 3_000, 25_000][i % 4]!;
    insert.run(`id-${i}`, `row ${i} ${'é'.repeat(size)}`, i % 3 === 0 ? -(2 ** 40) - i : i, i / 7, Buffer.from([i, 255, 0]));
  }
}

function rowsByIdOf(records: ReturnType<typeof salvageRecords>): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  for (const row of records.tableRows)
    if (row.values.length === 6 && typeof row.values[1] === 'string') found.set(row.values[1], [row.rowid, ...row.values.slice(1)]);
  return found;
}

describe('page salvage', () => {
  it('reads exactly the rows SQLite reads from a sound file, overflow pages included', () => {
    const file = tempFile();
    const db = new DatabaseSync(file);
    fill(db, 40);
    const expected = db
      .prepare('SELECT seq, id, body, n, r, b FROM t ORDER BY seq')
      .all()
      .map((row) => Object.values(row));
    db.close();
    const found = rowsByIdOf(salvageRecords(readFileSync(file)));
    expect(found.size).toBe(40);
    const plain = (values: unknown[]) => values.map((v) => (v instanceof Uint8Array ? [...v] : v));
    for (const row of expected) expect(plain(found.get(row[1] as string)!)).toEqual(plain(row));
  });

  it('finds rows that live only in the write-ahead log of a process that never closed the file', () => {
    const file = tempFile();
    const db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0');
    fill(db, 12);
    // Copied while open: the rows are in the log only, as after a crash.
    const copy = `${file}.copy`;
    copyFileSync(file, copy);
    expect(existsSync(`${file}-wal`)).toBe(true);
    const walOnly = salvageRecords(readFileSync(copy));
    const withWal = salvageRecords(readFileSync(copy), readFileSync(`${file}-wal`));
    db.close();
    expect(rowsByIdOf(walOnly).size).toBe(0);
    expect(rowsByIdOf(withWal).size).toBe(12);
  });

  it('with the root page and a leaf destroyed, reads every row of every other page', () => {
    const file = tempFile();
    const db = new DatabaseSync(file);
    fill(db, 40);
    db.close();
    const [root, ...rest] = pagesOf(file, 't');
    const leafDb = new DatabaseSync(file, { readOnly: true });
    const leaves = (leafDb.prepare("SELECT pageno FROM dbstat WHERE name = 't' AND pagetype = 'leaf' ORDER BY pageno").all() as { pageno: number }[]).map(
      (r) => r.pageno,
    );
    leafDb.close();
    expect(rest.length).toBeGreaterThan(3);
    const victim = leaves[1]!;
    const bytes = readFileSync(file);
    const onVictim = [...Array(40).keys()].map((i) => `id-${i}`).filter((id) => bytes.subarray((victim - 1) * 4096, victim * 4096).includes(Buffer.from(id)));
    overwritePage(file, root!);
    overwritePage(file, victim);
    const found = rowsByIdOf(salvageRecords(readFileSync(file)));
    for (let i = 0; i < 40; i++) {
      const id = `id-${i}`;
      if (!onVictim.some((lost) => lost === id)) expect(found.has(id), id).toBe(true);
    }
    expect(found.size).toBeGreaterThanOrEqual(40 - onVictim.length);
  });

  it('reads nothing, and does not throw, from bytes that are not a database', () => {
    const garbage = Buffer.alloc(3 * 4096, 0x5a);
    expect(salvageRecords(garbage).tableRows).toEqual([]);
    expect(salvageRecords(Buffer.alloc(0)).tableRows).toEqual([]);
  });
});
