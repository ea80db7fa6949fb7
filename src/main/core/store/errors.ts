// The store's failures, typed so callers decide by kind and never by message: a damaged file is
// moved aside and rebuilt (openStore does that), bad input is refused without writing anything.

export type StoreErrorKind = 'corrupt' | 'newer-version' | 'migration-failed' | 'invalid-input' | 'unavailable';

export abstract class StoreError extends Error {
  abstract readonly kind: StoreErrorKind;

  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/** The file is not a database, or SQLite found it damaged ("database disk image is malformed"). */
export class StoreCorruptError extends StoreError {
  readonly kind = 'corrupt';
}

/** The file was written by a newer version of the app: its schema is unknown to this one. */
export class StoreVersionError extends StoreError {
  readonly kind = 'newer-version';
  readonly fileVersion: number;
  readonly knownVersion: number;

  constructor(fileVersion: number, knownVersion: number) {
    super(`The store's schema is version ${fileVersion}; this version of the app knows up to ${knownVersion}`);
    this.fileVersion = fileVersion;
    this.knownVersion = knownVersion;
  }
}

/** A migration failed; it was rolled back, so the file is as it was before that migration. */
export class StoreMigrationError extends StoreError {
  readonly kind = 'migration-failed';
  readonly version: number;

  constructor(version: number, cause: unknown) {
    super(`Migration to schema version ${version} failed: ${messageOf(cause)}`, cause);
    this.version = version;
  }
}

/** The caller handed the store something it cannot keep (an unknown profile, a bad timestamp). */
export class StoreInputError extends StoreError {
  readonly kind = 'invalid-input';
}

/** The file cannot be opened or written at all (permissions, a full disk, a locked file). */
export class StoreUnavailableError extends StoreError {
  readonly kind = 'unavailable';
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** SQLite's primary result codes that mean the file itself is damaged or not a database. */
const CORRUPT_CODES = new Set([11 /* SQLITE_CORRUPT */, 26 /* SQLITE_NOTADB */]);
/** Codes that mean the file cannot be read or written, whatever its content. */
/** Busy and locked among them: a file another process holds must never be moved aside. */
const UNAVAILABLE_CODES = new Set([
  5 /* SQLITE_BUSY */, 6 /* SQLITE_LOCKED */, 8 /* SQLITE_READONLY */, 10 /* SQLITE_IOERR */, 13 /* SQLITE_FULL */, 14 /* SQLITE_CANTOPEN */,
  23 /* SQLITE_AUTH */,
]);

/** The primary SQLite result code of an error thrown by node:sqlite, or null for anything else. */
export function sqliteCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const errcode = (error as { errcode?: unknown }).errcode;
  return typeof errcode === 'number' ? errcode & 0xff : null;
}

/**
 * Turns what node:sqlite threw into the store's own error when it says something about the file;
 * anything else (a bug, a constraint the store should have checked) is returned unchanged.
 */
export function classifySqliteError(error: unknown): unknown {
  if (error instanceof StoreError) return error;
  const code = sqliteCode(error);
  if (code !== null && CORRUPT_CODES.has(code)) return new StoreCorruptError(`The store's file is damaged: ${messageOf(error)}`, error);
  if (code !== null && UNAVAILABLE_CODES.has(code)) return new StoreUnavailableError(`The store's file cannot be used: ${messageOf(error)}`, error);
  return error;
}
