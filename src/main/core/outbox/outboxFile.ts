// The outbox's own SQLite file (and, with its own schema, the post settings queue's file). Its own
// file, because the store may be found corrupt and rebuilt from the service, and a queued reply
// exists nowhere but here. WAL with synchronous=FULL: a reply the person saw as "queued" must still
// be there after a power cut, not only after a crash.
// EXCLUSIVE locking: one process owns the outbox; a second app instance (or a second drain) would
// otherwise send the same queue twice. The lock goes with the process, also when it is killed.
import { DatabaseSync } from 'node:sqlite';
import { OutboxError } from './errors.ts';
import { migrate } from './migrations.ts';

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

const REPLY_OUTBOX_SCHEMA: QueueFileSchema = { migrate, label: 'The reply outbox' };

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
    try {
      db.close();
    } catch {
      // Already unusable; the error below says why.
    }
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
