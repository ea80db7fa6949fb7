// express-pouchdb ships no types: only what syncServer.ts uses.
declare module 'express-pouchdb' {
  import type { Express } from 'express';
  interface ExpressPouchDBOptions {
    configPath?: string;
    inMemoryConfig?: boolean;
    logPath?: string;
    mode?: 'fullCouchDB' | 'minimumForPouchDB' | 'custom';
  }
  interface CouchConfig {
    set(section: string, key: string, value: string, callback: (error: Error | null) => void): void;
  }
  interface DatabaseWrapper {
    registerWrapper(wrapper: (name: string, db: { bulkDocs: (...args: unknown[]) => unknown }, next: () => unknown) => unknown): void;
  }
  interface ExpressPouchDBApp extends Express {
    couchConfig: CouchConfig;
    dbWrapper: DatabaseWrapper;
  }
  function expressPouchDB(pouchDB: PouchDB.Static, options?: ExpressPouchDBOptions): ExpressPouchDBApp;
  export default expressPouchDB;
}
