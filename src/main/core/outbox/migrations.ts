// The outbox file's schema, versioned by `PRAGMA user_version`: migration N takes a file from
// version N-1 to N, each in one transaction with its version bump. A file newer than this code is
// refused (typed error), never "repaired" by an older app.
//
// Columns are loosely typed on purpose: rows are parsed defensively when loaded (rowCodec.ts), and
// a row that does not parse is quarantined rather than made impossible to store.
import type { DatabaseSync } from 'node:sqlite';
import { OutboxError } from './errors.ts';
import { MIGRATION_SENT_UNCHECKED } from './migrationSentUnchecked.ts';

const MIGRATIONS: readonly string[] = [
  // 1: items, the replies each item has claimed on the networks, rows that could not be read.
  `
  CREATE TABLE items (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    account_id TEXT,
    profile_id TEXT,
    request TEXT,
    thread TEXT,
    answers TEXT,
    created INTEGER,
    send_after INTEGER,
    state TEXT,
    results TEXT,
    attempts INTEGER,
    first_attempt_at INTEGER,
    last_attempt_at INTEGER,
    last_error TEXT,
    next_attempt_at INTEGER,
    outcome_unknown INTEGER,
    failures INTEGER,
    updated INTEGER
  );
  -- A reply on a network belongs to at most one item: an item whose outcome is unknown must not
  -- adopt a reply another item already posted or adopted. Kept when the item is removed.
  CREATE TABLE claims (
    platform TEXT NOT NULL,
    social_comment_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    PRIMARY KEY (platform, social_comment_id)
  ) WITHOUT ROWID;
  CREATE TABLE quarantine (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id TEXT,
    reason TEXT NOT NULL,
    at INTEGER NOT NULL,
    row TEXT NOT NULL
  );
  `,
  // 2: whether the item went out without the team server's check.
  MIGRATION_SENT_UNCHECKED,
];

export const OUTBOX_SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: DatabaseSync, path: string): void {
  migrateWith(db, path, MIGRATIONS, 'The reply outbox');
}

/** Runs `migrations` (one per schema version) on a queue file; `label` names the file in errors. */
export function migrateWith(db: DatabaseSync, path: string, migrations: readonly string[], label: string): void {
  const version = userVersion(db);
  if (version > migrations.length) {
    throw new OutboxError('newer-file', `${label} ${path} was written by a newer version of the app (schema ${version}; this one knows ${migrations.length})`);
  }
  for (let next = version + 1; next <= migrations.length; next++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migrations[next - 1] ?? '');
      db.exec(`PRAGMA user_version = ${next}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

function userVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version?: unknown } | undefined;
  return typeof row?.user_version === 'number' ? row.user_version : 0;
}
