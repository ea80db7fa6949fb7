// The sync server for development, tests and CI: express-pouchdb over PouchDB (LevelDB files in a
// data directory), speaking CouchDB's HTTP and replication protocol, so the app talks to it exactly
// as it talks to a team's CouchDB 3.x. It runs in express-pouchdb's full mode, the only mode that
// runs `validate_doc_update` (checked: `minimumForPouchDB` leaves out validation and `_users`), with
// admin party off: a server admin (whose password the caller gives) creates workspaces and
// members; members sign in with their own names. Binds 127.0.0.1 unless told otherwise.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb';
import { handleChangesErrors } from './handledChangesErrors.ts';
import { keepReplicatedHistory } from './keepReplicatedHistory.ts';
import { memberDirectory } from './memberDirectory.ts';
import { keepPrivate } from './privateFiles.ts';
import { requestGate } from './requestGate.ts';
import { SyncServerError, teamAdmin } from './teamAdmin.ts';

export interface SyncServerOptions {
  dataDir: string;
  adminPassword: string;
  adminName?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /**
   * False: members are told 503 (retry) until `openToMembers()`, so a caller that sets members and
   * workspaces up after the start is never seen half done. Default true.
   */
  openToMembers?: boolean;
}

export interface SyncServer {
  /** `http://127.0.0.1:<port>` (no credentials in it). */
  url: string;
  adminName: string;
  /** Creates (or re-creates the password of) a member who can sign in. */
  addMember(name: string, password: string): Promise<void>;
  /** Creates a workspace database with the team design document, open to these members only. */
  createWorkspace(name: string, members: string[]): Promise<void>;
  /** Live updates: the workspace's events database and its write-only hook user (teamAdmin.ts, decision 0072). */
  createEvents(workspace: string, members: string[], hookPassword: string): Promise<void>;
  /** Lets members in (see `SyncServerOptions.openToMembers`). */
  openToMembers(): void;
  stop(): Promise<void>;
}

export async function startSyncServer(options: SyncServerOptions): Promise<SyncServer> {
  const adminName = options.adminName ?? 'admin';
  if (options.adminPassword.length < 8) throw new SyncServerError('The admin password must be at least 8 characters.');
  mkdirSync(options.dataDir, { recursive: true });
  keepPrivate(options.dataDir);
  const LocalPouch = PouchDB.defaults({ prefix: `${join(options.dataDir, 'db')}/` });
  mkdirSync(join(options.dataDir, 'db'), { recursive: true });
  const pouchApp = expressPouchDB(LocalPouch, {
    mode: 'fullCouchDB',
    // The configuration (the admin, set below from the caller's password) is kept in memory: on a
    // restart over an existing config.json, express-pouchdb saved it twice at once and the second
    // rename failed (ENOENT), ending the start.
    inMemoryConfig: true,
    logPath: join(options.dataDir, 'log.txt'),
  });
  // Registered after express-pouchdb's own wrappers, so it wraps the validating bulkDocs (see the file).
  // (express-pouchdb's `_users` wrapper does not call next(), so `_users` is not wrapped here; the gate keeps it.)
  pouchApp.dbWrapper.registerWrapper((_name, db, next) => {
    keepReplicatedHistory(db);
    handleChangesErrors(db as unknown as Parameters<typeof handleChangesErrors>[0]);
    return next();
  });
  const setConfig = (section: string, key: string, value: string) =>
    new Promise<void>((resolve, reject) => pouchApp.couchConfig.set(section, key, value, (error) => (error ? reject(error) : resolve())));
  await setConfig('admins', adminName, options.adminPassword);
  // The secret the gate signs its session cookies with, so express-pouchdb takes them (memberSessions.ts).
  const secret = randomBytes(32).toString('hex');
  await setConfig('couch_httpd_auth', 'secret', secret);

  const app = express();
  app.disable('x-powered-by');
  let openToMembers = options.openToMembers ?? true;
  let url = '';
  const adminAuthorization = `Basic ${Buffer.from(`${adminName}:${options.adminPassword}`).toString('base64')}`;
  const directory = memberDirectory(() => url, adminAuthorization, secret);
  app.use(requestGate({ name: adminName, password: options.adminPassword }, directory, () => openToMembers));
  app.use('/', pouchApp);

  const host = options.host ?? '127.0.0.1';
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, () => resolve(listening));
    listening.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const admin = teamAdmin(url, { name: adminName, password: options.adminPassword });

  return {
    url,
    adminName,
    addMember: (name, password) => admin.addMember(name, password),
    createWorkspace: (name, members) => admin.createWorkspace(name, members),
    createEvents: (workspace, members, hookPassword) => admin.createEvents(workspace, members, hookPassword),
    openToMembers: () => {
      openToMembers = true;
    },
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
