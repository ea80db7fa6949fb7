// Where a store's database comes from: its file opened and migrated (openDatabase), or a fresh one
// in place of a file that cannot be used (replaceFile), for openStore and for a rebuild after open.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../clock.ts';
import { openConnection, type IntegrityCheck } from './connection.ts';
import { classifySqliteError, messageOf, type StoreError } from './errors.ts';
import { migrate, type MigrationReport } from './migrate.ts';
import { moveAside } from './recovery.ts';
import { markStoreMade } from './storeMarker.ts';

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
