// What a server admin does for a team, over CouchDB's HTTP API, so that it works the same on the
// sync server and on a team's CouchDB 3.x (the optional COUCH_URL run of the team tests): create a
// member, create a workspace database open to its members only, with the team design document.

import { teamDesignDoc } from './teamDesignDoc.ts';

export class SyncServerError extends Error {
  override name = 'SyncServerError';
}

export interface TeamAdmin {
  /** Creates (or re-creates the password of) a member who can sign in. */
  addMember(name: string, password: string): Promise<void>;
  /** Creates a workspace database with the team design document, open to these members only. */
  createWorkspace(name: string, members: string[]): Promise<void>;
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

  return {
    async addMember(name, password) {
      if (!isMemberName(name)) throw new SyncServerError('A member name is 1 to 200 characters, without colons.');
      if (password.length < 8) throw new SyncServerError('A member password must be at least 8 characters.');
      const id = `org.couchdb.user:${name}`;
      const path = `/_users/${encodeURIComponent(id)}`;
      const existing = (await asAdmin('GET', path, undefined, [200, 404])) as { _rev?: string } | null;
      const rev = existing?._rev ? { _rev: existing._rev } : {};
      await asAdmin('PUT', path, { _id: id, ...rev, name, password, roles: [], type: 'user' }, [201, 202]);
    },
    async createWorkspace(name, members) {
      if (!DATABASE_NAME.test(name))
        throw new SyncServerError('A workspace name starts with a lowercase letter and has lowercase letters, digits and _$()+-/ only.');
      const db = `/${encodeURIComponent(name)}`;
      await asAdmin('PUT', db, undefined, [201, 412]);
      await asAdmin('PUT', `${db}/_security`, { admins: { names: [], roles: [] }, members: { names: members, roles: [] } }, [200]);
      const design = teamDesignDoc();
      const existing = (await asAdmin('GET', `${db}/${design._id}`, undefined, [200, 404])) as { _rev?: string } | null;
      const rev = existing?._rev ? { _rev: existing._rev } : {};
      await asAdmin('PUT', `${db}/${design._id}`, { ...design, ...rev }, [201, 202]);
    },
  };
}
