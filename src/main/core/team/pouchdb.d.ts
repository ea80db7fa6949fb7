// PouchDB's types, only what the team workspace and the sync server use. Ours, not `@types/pouchdb`:
// its `pouchdb-core` part declares a global `interface Buffer extends Uint8Array`, which merges into
// Node's own `Buffer` and breaks the type of every Buffer in the program (73 errors in files that
// never touch PouchDB). Documents come back as `unknown`-valued records: every reader checks them.
declare namespace PouchDB {
  interface Document {
    _id: string;
    _rev?: string;
    [field: string]: unknown;
  }

  interface StoredDocument extends Document {
    _rev: string;
  }

  interface Response {
    ok: boolean;
    id: string;
    rev: string;
  }

  interface BulkError {
    error: string | boolean;
    id?: string;
    reason?: string;
    status?: number;
  }

  interface AllDocsResult {
    rows: { id: string; doc?: StoredDocument }[];
  }

  interface SyncResult {
    direction: 'push' | 'pull';
    change: { docs: StoredDocument[] };
  }

  /** One direction of a sync; emits 'active', 'paused' (with an error when it paused on one) and 'error'. */
  interface Replication {
    on(event: string, listener: (value?: unknown) => void): this;
  }

  /** Both directions: `push` and `pull`; emits 'change' (a SyncResult), 'denied', 'error', 'complete'. */
  interface Sync extends Replication {
    push: Replication;
    pull: Replication;
    cancel(): void;
  }

  interface SyncOptions {
    live?: boolean;
    retry?: boolean;
    batch_size?: number;
    heartbeat?: number;
    push?: { filter?: (doc: { device?: unknown }) => boolean };
    back_off_function?: (delay: number) => number;
  }

  interface DatabaseOptions {
    auth?: { username: string; password: string };
    skip_setup?: boolean;
    fetch?: (input: string | Request, init?: RequestInit) => Promise<globalThis.Response>;
    prefix?: string;
  }

  interface Database {
    info(): Promise<unknown>;
    /** What PouchDB names a replication's checkpoints after (a server database asks the server). */
    id(): Promise<string>;
    get(id: string, options?: { rev?: string; revs?: boolean }): Promise<StoredDocument>;
    put(doc: Document): Promise<Response>;
    bulkDocs(docs: Document[]): Promise<(Response | BulkError)[]>;
    allDocs(options: { include_docs: true; conflicts?: boolean }): Promise<AllDocsResult>;
    /**
     * Every document once, at its latest revision, in the order the database took them in (a one-off
     * read, not live): after `since`, at most `limit` of them; `last_seq` is where the next page starts.
     */
    changes(options: { since: number | string; include_docs: true; limit?: number }): Promise<{
      results: { id: string; doc?: StoredDocument }[];
      last_seq: number | string;
    }>;
    sync(remote: Database, options: SyncOptions): Sync;
    close(): Promise<void>;
  }

  interface Static {
    new (name: string, options?: DatabaseOptions): Database;
    defaults(options: DatabaseOptions): Static;
    fetch(input: string | Request, init?: RequestInit): Promise<globalThis.Response>;
  }
}

declare module 'pouchdb' {
  const PouchDB: PouchDB.Static;
  export default PouchDB;
}
