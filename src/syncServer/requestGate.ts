// The gate in front of express-pouchdb. express-pouchdb is a development server: some requests a
// member should never make hang it or end in an unhandled rejection (a member's `PUT /<db>`, tried
// here, never answers and rejects inside the library), and a few routes (`_config`, `_replicate`,
// `_utils`, `_users`) have no business being reachable by members. So the gate lets a server admin
// through, and lets a member reach only what replication, claims and presence need: the workspace
// databases' documents, changes, bulk routes and checkpoints. Everything else is refused here with
// CouchDB's own error shape, before the library sees it. Member passwords are still checked by
// express-pouchdb (against `_users`); the gate checks only the admin's, which it was given.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request body larger than this is refused (a replication batch is far smaller). */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** Routes under a workspace database that members use; anything else starting with `_` is admin-only. */
const MEMBER_DB_ROUTES = new Set(['_changes', '_bulk_docs', '_bulk_get', '_all_docs', '_revs_diff', '_local', '_ensure_full_commit', '_design']);

export interface AdminCredentials {
  name: string;
  password: string;
}

function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The name and password of a Basic authorization header, or null when there is none (or it is malformed). */
export function basicCredentials(header: string | undefined): { name: string; password: string } | null {
  if (header === undefined) return null;
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header.trim());
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function isAdmin(request: IncomingMessage, admin: AdminCredentials): boolean {
  const given = basicCredentials(request.headers.authorization);
  return given !== null && sameText(given.name, admin.name) && sameText(given.password, admin.password);
}

/** Why a member's request is refused, or null when it may pass. Exported for its unit test. */
export function memberRefusal(method: string, rawPath: string): { status: number; reason: string } | null {
  const path = rawPath.split('?')[0] ?? '';
  if (path === '/' && (method === 'GET' || method === 'HEAD')) return null;
  if (path === '/_session' || path.startsWith('/_session?')) return null;
  const segments = path.split('/').filter((segment) => segment !== '');
  const [db, route, ...rest] = segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '\u0000';
    }
  });
  if (db === undefined || db.startsWith('_') || db.includes('\u0000')) return { status: 403, reason: 'Only a server admin can do this.' };
  if (route === undefined) {
    // Reading a database's info is how replication starts; creating or deleting one is an admin's job.
    return method === 'GET' || method === 'HEAD' || method === 'POST' ? null : { status: 403, reason: 'Only a server admin can create or delete a workspace.' };
  }
  if (!route.startsWith('_')) return null;
  if (!MEMBER_DB_ROUTES.has(route)) return { status: 403, reason: 'Only a server admin can do this.' };
  if (route === '_design' && method !== 'GET' && method !== 'HEAD') return { status: 403, reason: "Only a server admin can change the workspace's rules." };
  if (route === '_local' && rest.length === 0) return { status: 403, reason: 'Only a server admin can do this.' };
  return null;
}

function refuse(response: ServerResponse, status: number, error: string, reason: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(`${JSON.stringify({ error, reason })}\n`);
}

/**
 * Express middleware: admins pass; members pass to their routes only; anonymous requests only to the
 * welcome and login. Until `isOpen()` (the server's own setup, done as admin, is finished) everyone
 * else is told 503, which replication retries: a 401 in that moment (members being written) would
 * end a device's replication for good.
 */
export function requestGate(admin: AdminCredentials, isOpen: () => boolean = () => true) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const length = Number(request.headers['content-length'] ?? '0');
    if (!Number.isFinite(length) || length > MAX_REQUEST_BYTES) {
      refuse(response, 413, 'too_large', 'The request is too large.');
      return;
    }
    if (isAdmin(request, admin)) {
      next();
      return;
    }
    if (!isOpen()) {
      refuse(response, 503, 'service_unavailable', 'The server is starting; try again in a moment.');
      return;
    }
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const hasCredentials = request.headers.authorization !== undefined || (request.headers.cookie ?? '').includes('AuthSession=');
    const path = url.split('?')[0];
    if (!hasCredentials && path !== '/' && path !== '/_session') {
      refuse(response, 401, 'unauthorized', 'Sign in with a member name and password.');
      return;
    }
    const refusal = memberRefusal(method, url);
    if (refusal) {
      refuse(response, refusal.status, 'forbidden', refusal.reason);
      return;
    }
    next();
  };
}
