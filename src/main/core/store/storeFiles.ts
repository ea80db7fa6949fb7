// Where a store's database comes from: its file opened and migrated (openDatabase), or a fresh one
// in place of a file that cannot be used (replaceFile), for openStore (openOrReplace) and for a
// rebuild after open.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../clock.ts';
import { openConnection, type IntegrityCheck } from './connection.ts';
import { classifySqliteError, messageOf, StoreError, StoreUnavailableError } from './errors.ts';
import { migrate, type MigrationReport } from './migrate.ts';
import { moveAside } from './recovery.ts';
import { lostStore, markStoreMade } from './storeMarker.ts';

/** The store's file in an app data directory: one per directory. */
export const STORE_FILE_NAME = 'inbox.sqlite';

export function storeFileIn(dataDir: string): string {
  return join(dataDir, STORE_FILE_NAME);
}

export interface OpenStoreOptions {
  clock?: Clock;
  /**
   * 'header' (default): a few reads that find garbage and truncation. 'quick' reads every page
   * before open returns (about 230 ms at 100,000 comments); the app runs that check beside its
   * start instead (SqliteStore.verify), so the start does not wait for it.
   */
  integrityCheck?: IntegrityCheck;
}

export interface StoreRecovery {
  /** Where the unusable file went; null when it was left in place (a temporary store is in use) or was not there. */
  movedTo: string | null;
  /** What was wrong, for the log (the person is told in words by the app). */
  reason: string;
  /** 'missing': the file was gone though a store had been made here (see storeMarker.ts). */
  kind: StoreError['kind'] | 'missing' | 'unknown';
  /** True when the store is in memory for this session only: nothing will be kept. */
  temporary: boolean;
}

export interface FreshStore {
  db: DatabaseSync;
  /** The file it lives in, or ':memory:' when it is temporary. */
  file: string;
  migrated: MigrationReport;
  recovered: StoreRecovery;
}

/**
 * openStore's database. It never throws because of the file: a file that is not a database, is
 * damaged, comes from a newer app or cannot be migrated is moved aside and a fresh store is made,
 * and the caller is told (`recovered`) so the UI can say so and the sync can refill it from the
 * service. A file that cannot be used at all (permissions, a full disk, another process holding it)
 * is left where it is and the app runs on a store in memory for this session
 * (`recovered.temporary`). A file that vanished or was emptied where a store had been made is told
 * too (storeMarker.ts).
 */
export function openOrReplace(file: string, check: IntegrityCheck, clock: Clock): Omit<FreshStore, 'recovered'> & { recovered: StoreRecovery | null } {
  const lost = file === ':memory:' ? null : lostStore(file);
  if (lost !== null) return replaceFile(file, { reason: lost.reason, kind: lost.kind, unreachable: false }, clock);
  try {
    return { ...openDatabase(file, check, clock), file, recovered: null };
  } catch (failure) {
    const error = classifySqliteError(failure);
    const kind = error instanceof StoreError ? error.kind : 'unknown';
    return replaceFile(file, { reason: messageOf(error), kind, unreachable: error instanceof StoreUnavailableError }, clock);
  }
}

/**
 * A fresh store where an unusable one was: the old file moved aside (never deleted), or left where
 * it is when it cannot be used at all (permissions, a full disk, another process holding it), and
 * then the app runs on a store in memory for this session.
 */
export function replaceFile(file: string, why: { reason: string; kind: StoreRecovery['kind']; unreachable: boolean }, clock: Clock): FreshStore {
  const { reason, kind } = why;
  if (why.unreachable || file === ':memory:') {
    return { ...openDatabase(':memory:', 'none', clock), file: ':memory:', recovered: { movedTo: null, reason, kind, temporary: true } };
  }
  let movedTo: string | null = null;
  try {
    // A WAL left without its file would be replayed into the fresh one: it goes aside too.
    const hadFile = existsSync(file);
    if (hadFile || existsSync(`${file}-wal`) || existsSync(`${file}-shm`)) {
      const target = moveAside(file, clock.now());
      if (hadFile) movedTo = target;
    }
    return { ...openDatabase(file, 'none', clock), file, recovered: { movedTo, reason, kind, temporary: false } };
  } catch (second) {
    const then = messageOf(classifySqliteError(second));
    return { ...openDatabase(':memory:', 'none', clock), file: ':memory:', recovered: { movedTo, reason: `${reason}; then: ${then}`, kind, temporary: true } };
  }
}

export function openDatabase(file: string, check: IntegrityCheck, clock: Clock): { db: DatabaseSync; migrated: MigrationReport } {
  if (file !== ':memory:') {
    try {
      // The app data directory may not exist yet on a first start.
      mkdirSync(dirname(file), { recursive: true });
    } catch {
      // then opening fails and says why
    }
  }
  const db = openConnection(file, check);
  try {
    const migrated = migrate(db);
    if (file !== ':memory:') markStoreMade(file, clock.now());
    return { db, migrated };
  } catch (error) {
    db.close();
    throw error;
  }
}
