// The outbox's own SQLite file (and, with its own schema, the post settings queue's file). Its own
// file, because the store may be found corrupt and rebuilt from the service, and a queued reply
// exists nowhere but here. WAL with synchronous=FULL: a reply the person saw as "queued" must still
// be there after a power cut, not only after a crash.
// EXCLUSIVE locking: one process owns the outbox; a second app instance (or a second drain) would
// otherwise send the same queue twice. The lock goes with the process, also when it is killed.
//
// A damaged file never stops the app and never silently loses what it holds: a file that cannot be
// opened, fails `PRAGMA quick_check`, or is empty is moved aside (kept, with its log, next to the
// original), a fresh file takes its place, and every row still readable is salvaged from the moved
// bytes (pageSalvage.ts) for the queue to put back and report.
import { copyFileSync, existsSync, lstatSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { OutboxError } from './errors.ts';
import { migrate } from './migrations.ts';
import { type SalvagedRecords, salvageRecords } from './pageSalvage.ts';
import type { DamagedFileReport } from './types.ts';

/** How long opening waits for another process to let go of the file (an instance just quitting). */
const LOCK_WAIT_MS = 1000;

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** How a queue file is made current and named in errors (the reply outbox's by default). */
export interface QueueFileSchema {
  migrate: (db: DatabaseSync, path: string) => void;
  label: string;
}

export const REPLY_OUTBOX_SCHEMA: QueueFileSchema = { migrate, label: 'The reply outbox' };

export type DamageKind = DamagedFileReport['kind'];

export interface FileProblem {
  kind: DamageKind;
  /** What was wrong, in words (SQLite's own words included: for the log). */
  problem: string;
}

/** A queue file that could not be used as it was, and what was done about it. */
export interface QueueFileDamage<T> extends FileProblem {
  /** The name the damaged file was kept under (in the same folder). */
  movedTo: string;
  /** Why nothing could be read back from it, or null when it could be read. */
  unreadable: string | null;
  /** What the queue made of the rows read back. */
  restored: T;
}

export interface OpenedQueueFile<T> {
  db: DatabaseSync;
  damage: QueueFileDamage<T> | null;
}

/** Puts the rows read back from a damaged file into the fresh one (the queue knows its rows). */
export type RestoreRows<T> = (db: DatabaseSync, salvaged: SalvagedRecords) => T;

/**
 * Opens a queue file and checks it; a damaged one is replaced by a fresh file holding every row
 * still readable. Another process holding the file, or a file of a newer app, is no damage: those
 * still throw.
 */
export function openCheckedQueueFile<T>(path: string, schema: QueueFileSchema, restore: RestoreRows<T>, now: number): OpenedQueueFile<T> {
  if (!existsSync(path)) createWhole(path, schema);
  let problem: FileProblem | null = problemBeforeOpen(path, schema.label);
  if (problem === null) {
    try {
      const db = openOutboxFile(path, schema);
      const check = quickCheck(db);
      if (check === null) return { db, damage: null };
      closeQuietly(db);
      problem = { kind: 'damaged', problem: `${schema.label} file ${basename(path)} is damaged (${check})` };
    } catch (error) {
      if (error instanceof OutboxError && (error.code === 'locked' || error.code === 'newer-file')) throw error;
      const cause = error instanceof OutboxError && error.cause !== undefined ? error.cause : error;
      problem = {
        kind: 'damaged',
        problem: `${schema.label} file ${basename(path)} could not be read (${cause instanceof Error ? cause.message : String(cause)})`,
      };
    }
  }
  return salvageQueueFile(path, problem, schema, restore, now);
}

/**
 * Replaces a damaged file by a fresh one holding what could be read back from it. In an order that
 * a crash at any point leaves either the damaged file in place (done again at the next start) or
 * the fresh one: the rows are read and written to a new file beside it first, the damaged file (and
 * its log) is copied aside, and only then does the new file take its name.
 */
export function salvageQueueFile<T>(
  path: string,
  { kind, problem }: FileProblem,
  schema: QueueFileSchema,
  restore: RestoreRows<T>,
  now: number,
): OpenedQueueFile<T> {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const aside = `${path}.damaged-${stamp}`;
  const fresh = `${path}.salvage-${stamp}`;
  let unreadable: string | null = null;
  let salvaged: SalvagedRecords = { tableRows: [], indexRecords: [], damagedLeaves: 0, freelistKnown: true };
  try {
    const wal = existsSync(`${path}-wal`) ? readFileSync(`${path}-wal`) : null;
    salvaged = salvageRecords(readFileSync(path), wal);
  } catch (error) {
    unreadable = `it cannot be read: ${codeOf(error)}`;
  }
  let restored: T;
  try {
    for (const suffix of ['', '-wal', '-shm']) rmSync(fresh + suffix, { force: true });
    const db = openOutboxFile(fresh, schema);
    try {
      db.exec('BEGIN IMMEDIATE');
      restored = restore(db, salvaged);
      db.exec('COMMIT');
    } finally {
      db.close();
    }
    if (lstatSync(path).isFile()) {
      for (const suffix of ['', '-wal']) if (existsSync(path + suffix)) copyFileSync(path + suffix, aside + suffix);
      for (const suffix of ['-wal', '-shm']) rmSync(path + suffix, { force: true });
    } else {
      renameSync(path, aside);
    }
    renameSync(fresh, path);
  } catch (error) {
    throw new OutboxError('unreadable-file', `${problem}; it could not be replaced (${codeOf(error)}), so it was left as it is`, error);
  }
  return { db: openOutboxFile(path, schema), damage: { kind, problem, movedTo: basename(aside), unreadable, restored } };
}

function codeOf(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A new file is made beside its place and moved there with its schema: a process killed while
 * creating it leaves no empty file behind, so an empty file at the place is always damage.
 */
function createWhole(path: string, schema: QueueFileSchema): void {
  const draft = `${path}.new-${process.pid}`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(draft + suffix, { force: true });
  openOutboxFile(draft, schema).close();
  renameSync(draft, path);
}

/** What is wrong with the file before SQLite sees it: something else in its place, or no bytes at all. */
function problemBeforeOpen(path: string, label: string): FileProblem | null {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return null; // Not there: a new file, nothing to check.
  }
  if (!stat.isFile())
    return {
      kind: 'not-a-file',
      problem: `${label} file ${basename(path)} is not a file (${stat.isDirectory() ? 'a folder' : 'something else'} is in its place)`,
    };
  // SQLite would take an empty file for a new database; a file this app made is never empty (createWhole).
  if (stat.size === 0) return { kind: 'empty', problem: `${label} file ${basename(path)} is empty (0 bytes): it was cut off` };
  return null;
}

/** null when the file is sound, else SQLite's first complaint. */
function quickCheck(db: DatabaseSync): string | null {
  const rows = db.prepare('PRAGMA quick_check(5)').all() as { quick_check?: unknown }[];
  const complaints = rows.map((row) => String(row.quick_check)).filter((text) => text !== 'ok');
  return complaints.length === 0 ? null : complaints.join('; ').slice(0, 300);
}

function closeQuietly(db: DatabaseSync): void {
  try {
    db.close();
  } catch {
    // Already unusable.
  }
}

export function openOutboxFile(path: string, schema: QueueFileSchema = REPLY_OUTBOX_SCHEMA): DatabaseSync {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { timeout: LOCK_WAIT_MS });
  } catch (error) {
    throw fileError(path, error, schema.label);
  }
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    // A write transaction now takes the exclusive lock at open rather than at the first reply.
    db.exec('BEGIN IMMEDIATE');
    db.exec('COMMIT');
    schema.migrate(db, path);
    return db;
  } catch (error) {
    closeQuietly(db);
    throw fileError(path, error, schema.label);
  }
}

function fileError(path: string, error: unknown, label: string): OutboxError {
  if (error instanceof OutboxError) return error;
  const errcode = typeof error === 'object' && error !== null ? (error as { errcode?: unknown }).errcode : undefined;
  if (errcode === SQLITE_BUSY || errcode === SQLITE_LOCKED) {
    return new OutboxError('locked', `${label} ${path} is open in another process (another instance of the app?)`, error);
  }
  if (errcode === SQLITE_CORRUPT || errcode === SQLITE_NOTADB) {
    return new OutboxError('unreadable-file', `${label} ${path} is not a readable database; it was left untouched`, error);
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new OutboxError('unreadable-file', `${label} ${path} could not be opened: ${detail}`, error);
}
