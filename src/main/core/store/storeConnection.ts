// The store's database under its damage guard. Damage any query meets, or the full check
// (`verify`, every page, in a worker) finds, replaces the file under the same connection (and so
// under the same SqliteStore object) and tells `onRecovered` listeners.
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../clock.ts';
import { type BackgroundCheck, checkInBackground } from './backgroundCheck.ts';
import { classifySqliteError, StoreCorruptError } from './errors.ts';
import { replaceFile, type StoreRecovery } from './storeFiles.ts';
import { inTransaction } from './transaction.ts';

/** Told when the store replaced its file after open; runs before the call that found the damage is answered. */
export type StoreRecoveryListener = (recovery: StoreRecovery) => void;

export class StoreConnection {
  // Not readonly: a damaged file found after open is replaced under the same object (see #rebuild),
  // so everything that holds the store keeps working with the fresh one.
  #db: DatabaseSync;
  #file: string;
  readonly #clock: Clock;
  /** Wires the store's parts to a fresh database after a rebuild. */
  readonly #attach: (db: DatabaseSync) => void;
  readonly #listeners: StoreRecoveryListener[] = [];
  #rebuilding = false;
  /** Counts rebuilds: a check that started on an older file says nothing of the current one. */
  #generation = 0;
  #check: BackgroundCheck | null = null;
  #closed = false;

  constructor(db: DatabaseSync, clock: Clock, file: string, attach: (db: DatabaseSync) => void) {
    this.#db = db;
    this.#clock = clock;
    this.#file = file;
    this.#attach = attach;
  }

  /** Listens for a rebuild after open (the open's own recovery is in openStore's answer). */
  onRecovered(listener: StoreRecoveryListener): void {
    this.#listeners.push(listener);
  }

  /**
   * The full check (every page) on a connection of its own in a worker thread; damage it finds is
   * handled as damage a query meets: the file is moved aside and a fresh store takes its place.
   * Resolves to that recovery, or null when the file is sound (or the check could not run).
   */
  async verify(): Promise<StoreRecovery | null> {
    if (this.#file === ':memory:' || this.#closed) return null;
    const generation = this.#generation;
    this.#check?.stop();
    const check = checkInBackground(this.#file);
    this.#check = check;
    const problems = await check.result;
    if (this.#check === check) this.#check = null;
    if (problems.length === 0 || this.#closed || generation !== this.#generation) return null;
    return this.#rebuild(new StoreCorruptError(`The store's file is damaged: ${problems.join('; ')}`));
  }

  /** One write transaction on the current database (a rebuild may have replaced it since the last). */
  inTransaction<T>(work: () => T): T {
    return inTransaction(this.#db, work);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#check?.stop();
    // No PRAGMA optimize here: the inbox's queries pin their plans (INDEXED BY, CROSS JOIN), and
    // statistics taken at a moment when a view was empty misled SQLite long after.
    this.#db.close();
  }

  /**
   * SQLite's own failures leave as the store's typed errors (a full disk, a locked file). Damage
   * (SQLITE_CORRUPT, SQLITE_NOTADB) is not passed on: the file is replaced by a fresh store and the
   * call is answered from that one, once; a fresh file that fails again is reported as it is.
   */
  guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      const classified = classifySqliteError(error);
      if (!(classified instanceof StoreCorruptError) || this.#rebuilding || this.#closed) throw classified;
      this.#rebuild(classified);
      try {
        return work();
      } catch (again) {
        throw classifySqliteError(again);
      }
    }
  }

  #rebuild(cause: StoreCorruptError): StoreRecovery {
    this.#rebuilding = true;
    this.#generation += 1;
    try {
      try {
        this.#db.close();
      } catch {
        // a damaged file may refuse even its last checkpoint; it is moved aside as it is
      }
      const fresh = replaceFile(this.#file, { reason: cause.message, kind: cause.kind, unreachable: false }, this.#clock);
      this.#file = fresh.file;
      this.#db = fresh.db;
      this.#attach(fresh.db);
      for (const listener of this.#listeners) {
        try {
          listener(fresh.recovered);
        } catch {
          // a listener's failure must not keep the fresh store from answering
        }
      }
      return fresh.recovered;
    } finally {
      this.#rebuilding = false;
    }
  }
}
