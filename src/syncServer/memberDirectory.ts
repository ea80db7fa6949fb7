// Who a request comes from and which workspaces she belongs to, as the gate decides it (not
// express-pouchdb: its `_bulk_get` and others never asked, and a junk Authorization header passed as
// "nobody" with the run of the workspace). Reads `_users` documents and a workspace's `_security`
// from the server itself, as its admin, over loopback. A password checked once is remembered (as
// CouchDB 3.4's auth cache does) for ten minutes or until an admin writes anything, so a device's
// replication does not cost 600,000 PBKDF2 iterations per request; password checks run one at a
// time, and a crowd of them waiting is told to come back (503) rather than queued without end.
import { createHash } from 'node:crypto';
import { passwordMatches } from './memberPasswords.ts';
import { cookieIsValid, cookieName, sessionCookie } from './memberSessions.ts';

export interface Member {
  name: string;
  salt: string;
}

export type SignIn = Member | 'refused' | 'busy';

const REMEMBER_MS = 10 * 60 * 1000;
const MAX_REMEMBERED = 1000;
const MAX_WAITING_CHECKS = 32;
const SECURITY_MS = 30 * 1000;

export interface MemberDirectory {
  signIn(name: string, password: string): Promise<SignIn>;
  /** The member an AuthSession cookie names, when it is valid. */
  fromCookie(cookie: string): Promise<Member | null>;
  /** A fresh AuthSession cookie for a member. */
  cookieFor(member: Member): string;
  /** 'missing' when there is no such workspace. */
  isMember(db: string, name: string): Promise<boolean | 'missing'>;
  /** Forgets what it remembered (an admin changed members, passwords or security). */
  forget(): void;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `secret` is the one express-pouchdb was configured with (couch_httpd_auth/secret), so it accepts the cookies made here. */
export function memberDirectory(serverUrl: () => string, adminAuthorization: string, secret: string): MemberDirectory {
  const remembered = new Map<string, { member: Member; until: number }>();
  const security = new Map<string, { names: string[] | 'missing'; until: number }>();
  let checking: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  async function asAdmin(path: string): Promise<Record<string, unknown> | null> {
    const response = await fetch(`${serverUrl()}${path}`, { headers: { authorization: adminAuthorization } });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 404) return null;
    if (!response.ok || typeof body !== 'object' || body === null) throw new Error(`The server's own ${path.split('/')[1] ?? ''} could not be read.`);
    return body as Record<string, unknown>;
  }

  async function userDoc(name: string): Promise<Record<string, unknown> | null> {
    const doc = await asAdmin(`/_users/${encodeURIComponent(`org.couchdb.user:${name}`)}`);
    return doc?.name === name && typeof doc.salt === 'string' ? doc : null;
  }

  /** One PBKDF2 check at a time (each is ~0.2 s of a core), at most MAX_WAITING_CHECKS waiting. */
  function oneAtATime<T>(work: () => Promise<T>): Promise<T | 'busy'> {
    if (waiting >= MAX_WAITING_CHECKS) return Promise.resolve('busy');
    waiting += 1;
    const run = checking.then(work, work);
    checking = run.catch(() => undefined);
    return run.finally(() => (waiting -= 1));
  }

  return {
    async signIn(name, password) {
      const key = `${name}\u0000${digest(password)}`;
      const known = remembered.get(key);
      if (known && known.until > Date.now()) return known.member;
      const doc = await userDoc(name);
      if (!doc) return 'refused';
      const matches = await oneAtATime(() => passwordMatches(doc, password));
      if (matches === 'busy') return 'busy';
      if (!matches) return 'refused';
      const member = { name, salt: doc.salt as string };
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(key, { member, until: Date.now() + REMEMBER_MS });
      return member;
    },
    async fromCookie(cookie) {
      const named = cookieName(cookie);
      if (!named) return null;
      const doc = await userDoc(named.name);
      if (!doc) return null;
      const member = { name: named.name, salt: doc.salt as string };
      return cookieIsValid(cookie, member.salt, secret, Math.floor(Date.now() / 1000)) ? member : null;
    },
    cookieFor: (member) => sessionCookie(member.name, member.salt, secret, Math.floor(Date.now() / 1000)),
    async isMember(db, name) {
      let known = security.get(db);
      if (!known || known.until <= Date.now()) {
        const object = await asAdmin(`/${encodeURIComponent(db)}/_security`);
        const members = object?.members as { names?: unknown } | undefined;
        const names = object === null ? 'missing' : Array.isArray(members?.names) ? members.names.filter((item) => typeof item === 'string') : [];
        known = { names, until: Date.now() + SECURITY_MS };
        if (security.size >= MAX_REMEMBERED) security.clear();
        security.set(db, known);
      }
      return known.names === 'missing' ? 'missing' : known.names.includes(name);
    },
    forget() {
      remembered.clear();
      security.clear();
    },
  };
}
