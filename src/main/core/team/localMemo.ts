// A small memory a workspace keeps on its device only (a `_local/` document of its copy: never
// replicated), written at most every few seconds and once more when the workspace closes: who held
// which lease (leaseTerms.ts), which document owns a contested history entry (teamAdmission.ts).
import type PouchDB from 'pouchdb';

const SAVE_EVERY_MS = 5_000;

export class LocalMemo<T extends object> {
  readonly #local: PouchDB.Database;
  readonly #id: string;
  readonly #value: () => T;
  #timer: NodeJS.Timeout | null = null;
  #chain: Promise<void> = Promise.resolve();

  constructor(local: PouchDB.Database, name: string, value: () => T) {
    this.#local = local;
    this.#id = `_local/${name}`;
    this.#value = value;
  }

  /** What was kept before (null: nothing, or unreadable). */
  static async read(local: PouchDB.Database, name: string): Promise<Record<string, unknown> | null> {
    try {
      return await local.get(`_local/${name}`);
    } catch {
      return null;
    }
  }

  /** The value changed: written within a few seconds. */
  changed(): void {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#chain = this.#chain.then(() => this.#write());
    }, SAVE_EVERY_MS);
    this.#timer.unref();
  }

  /** Writes what waits to be written now (the workspace is closing). */
  async flush(): Promise<void> {
    if (this.#timer === null) return this.#chain;
    clearTimeout(this.#timer);
    this.#timer = null;
    this.#chain = this.#chain.then(() => this.#write());
    return this.#chain;
  }

  async #write(): Promise<void> {
    try {
      const existing = await this.#local.get(this.#id).catch(() => null);
      await this.#local.put({ _id: this.#id, ...(existing ? { _rev: existing._rev } : {}), ...this.#value() });
    } catch {
      // Only a memory across restarts: what it remembers is also read again from the documents.
    }
  }
}
