// What a server admin does for a team, over CouchDB's HTTP API, so that it works the same on the
// sync server and on a team's CouchDB 3.x (the optional COUCH_URL run of the team tests): create a
// member, create a workspace database open to its members only, with the team design document.

import { eventsDatabaseName, eventsDesignDoc, hookUserName } from './eventsDesignDoc.ts';
import { isHookName } from './hookRoutes.ts';
import { teamDesignDoc } from './teamDesignDoc.ts';

export class SyncServerError extends Error {
  override name = 'SyncServerError';
}

export interface TeamAdmin {
  /** Creates (or re-creates the password of) a member who can sign in. */
  addMember(name: string, password: string): Promise<void>;
  /** Creates a workspace database with the team design document, open to these members only. */
  createWorkspace(name: string, members: string[]): Promise<void>;
  /**
   * Live updates (decision 0072): the workspace's events database, open to its members and to the
   * write-only user `<workspace>-hook` (created, or its password re-set, with `hookPassword`), with
   * its validation function. Kept apart from `createWorkspace`: the hook's password is the proxy's.
   */
  createEvents(workspace: string, members: string[], hookPassword: string): Promise<void>;
}

/** CouchDB's rule for database names. */
const DATABASE_NAME = /^[a-z][a-z0-9_$()+/-]{0,127}$/;

/** 1 to 200 characters, no colon (CouchDB's user ids are `org.couchdb.user:<name>`), no control characters. */
function isMemberName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= 200 &&
    !name.includes(':') &&
    !Array.from({ length: name.length }, (_, index) => name.charCodeAt(index)).some((code) => code < 32)
  );
}

export function teamAdmin(serverUrl: string, admin: { name: string; password: string }): TeamAdmin {
  const base = serverUrl.replace(/\/+$/, '');
  const adminAuth = `Basic ${Buffer.from(`${admin.name}:${admin.password}`).toString('base64')}`;

  async function asAdmin(method: string, path: string, body: unknown, okStatuses: number[]): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: adminAuth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!okStatuses.includes(response.status)) {
      const reason = typeof answer === 'object' && answer !== null && 'reason' in answer ? String(answer.reason) : `status ${response.status}`;
      throw new SyncServerError(`The server refused ${method} ${path.split('/')[1] ?? ''}: ${reason}`);
    }
    return answer;
  }

  async function putUser(name: string, password: string): Promise<void> {
    if (password.length < 8) throw new SyncServerError('A member password must be at least 8 characters.');
    const id = `org.couchdb.user:${name}`;
    const path = `/_users/${encodeURIComponent(id)}`;
    const existing = (await asAdmin('GET', path, undefined, [200, 404])) as { _rev?: string } | null;
    const rev = existing?._rev ? { _rev: existing._rev } : {};
    await asAdmin('PUT', path, { _id: id, ...rev, name, password, roles: [], type: 'user' }, [201, 202]);
  }

  /** Creates the database if needed, sets who may reach it, and installs (or replaces) its design document. */
  async function setUpDatabase(name: string, members: string[], design: { _id: string }): Promise<void> {
    const db = `/${encodeURIComponent(name)}`;
    await asAdmin('PUT', db, undefined, [201, 412]);
    await asAdmin('PUT', `${db}/_security`, { admins: { names: [], roles: [] }, members: { names: members, roles: [] } }, [200]);
    const existing = (await asAdmin('GET', `${db}/${design._id}`, undefined, [200, 404])) as { _rev?: string } | null;
    const rev = existing?._rev ? { _rev: existing._rev } : {};
    await asAdmin('PUT', `${db}/${design._id}`, { ...design, ...rev }, [201, 202]);
  }

  return {
    async addMember(name, password) {
      if (!isMemberName(name)) throw new SyncServerError('A member name is 1 to 200 characters, without colons.');
      // The gate lets a `-hook` name only add events (hookRoutes.ts): a person with one could do nothing else.
      if (isHookName(name)) throw new SyncServerError('A member name cannot end in "-hook": those are kept for live updates.');
      await putUser(name, password);
    },
    async createWorkspace(name, members) {
      if (!DATABASE_NAME.test(name))
        throw new SyncServerError('A workspace name starts with a lowercase letter and has lowercase letters, digits and _$()+-/ only.');
      await setUpDatabase(name, members, teamDesignDoc());
    },
    async createEvents(workspace, members, hookPassword) {
      if (!DATABASE_NAME.test(eventsDatabaseName(workspace)))
        throw new SyncServerError('A workspace name starts with a lowercase letter and has lowercase letters, digits and _$()+-/ only.');
      await putUser(hookUserName(workspace), hookPassword);
      await setUpDatabase(eventsDatabaseName(workspace), [...members, hookUserName(workspace)], eventsDesignDoc(workspace));
    },
  };
}
