// Brings a file's schema up to date: each missing step of MIGRATIONS in its own transaction, with
// `user_version` set inside it, so a crash or a failing step leaves the file at the last complete
// version and the next start carries on from there.
import type { DatabaseSync } from 'node:sqlite';
import { classifySqliteError, StoreError, StoreMigrationError, StoreVersionError } from './errors.ts';
import { type Migration, MIGRATIONS } from './migrations.ts';

export interface MigrationReport {
  from: number;
  to: number;
}

export function userVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  return row?.user_version ?? 0;
}

export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): MigrationReport {
  const from = userVersion(db);
  const latest = migrations.length;
  if (from > latest) throw new StoreVersionError(from, latest);
  for (const migration of migrations.slice(from)) {
    db.exec('BEGIN IMMEDIATE');
    try {
      migration.up(db);
      // PRAGMA takes no bound parameters; the version is our own integer.
      db.exec(`PRAGMA user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      rollbackQuietly(db);
      const classified = classifySqliteError(error);
      throw classified instanceof StoreError ? classified : new StoreMigrationError(migration.version, error);
    }
  }
  return { from, to: latest };
}

/** SQLite may have rolled back already (a full disk, a damaged page); the error that matters is the first. */
export function rollbackQuietly(db: DatabaseSync): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // no transaction was open any more
  }
}
