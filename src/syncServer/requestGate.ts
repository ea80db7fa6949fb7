// The gate in front of express-pouchdb, which is a development server: left to itself it let a
// member write `_local/_security` (and so make herself admin), answered `_bulk_get` to anyone
// sending any Authorization header, read gzip and chunked bodies without a bound, and hashed
// passwords with 10 iterations. So the gate decides everything about a request before the library
// sees it: who sends it (Basic or an AuthSession cookie, checked here: memberDirectory.ts), whether
// she belongs to the workspace, what she may reach (memberRoutes.ts), and the body, read whole
// within MAX_REQUEST_BYTES however it is encoded (requestBody.ts) and checked for the ids it writes.
// express-pouchdb then gets the parsed body and a session cookie for the member, and runs the
// workspace's validation function with her name. A server admin (whose password the gate was
// given) passes with her request as it came, bounded the same way.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hookRefusal, isHookName } from './hookRoutes.ts';
import type { Member, MemberDirectory } from './memberDirectory.ts';
import { hashPasswordsIn } from './memberPasswords.ts';
import { bodyRefusal, isRefusal, memberRoute, type MemberRoute, type Refusal } from './memberRoutes.ts';
import { authSessionOf, SESSION_SECONDS } from './memberSessions.ts';
import { readBoundedBody } from './requestBody.ts';

/** A request body larger than this (as sent, and once decompressed) is refused (a replication batch is far smaller). */
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

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

/** Why a member's request is refused by its method and address alone, or null. Exported for its unit test. */
export function memberRefusal(method: string, rawPath: string): { status: number; reason: string } | null {
  const route = memberRoute(method, rawPath);
  return isRefusal(route) ? { status: route.status, reason: route.reason } : null;
}

/** `true`: the request was answered here (returned, so each branch ends in an answer or `next()`). */
type Answered = true;
type Send = (status: number, body: unknown, headers?: Record<string, string>) => Answered;

function sender(request: IncomingMessage, response: ServerResponse): Send {
  return (status, body, headers = {}) => {
    if (response.headersSent) return true;
    // The rest of a body the gate did not read is skipped by Node when its declared length is within
    // the bound (so the client reads its answer); any other is not read at all: the connection closes.
    const declared = Number(request.headers['content-length'] ?? Number.NaN);
    const skippable = request.headers['transfer-encoding'] === undefined && declared <= MAX_REQUEST_BYTES;
    const close = !request.complete && !skippable;
    response.writeHead(status, { 'content-type': 'application/json', ...(close ? { connection: 'close' } : {}), ...headers });
    response.end(`${JSON.stringify(body)}\n`);
    return true;
  };
}

const refuseWith = (send: Send, refusal: Refusal): Answered => send(refusal.status, { error: refusal.error, reason: refusal.reason });
const UNAUTHORIZED: Refusal = { status: 401, error: 'unauthorized', reason: 'Name or password is incorrect.' };

function hasBody(request: IncomingMessage): boolean {
  return Number(request.headers['content-length'] ?? '0') > 0 || request.headers['transfer-encoding'] !== undefined;
}

/** The body as JSON (undefined when there is none), or why it is refused. `form`: a form-encoded body is read too (`/_session`). */
async function jsonBody(request: IncomingMessage, form = false): Promise<{ ok: true; value: unknown } | { ok: false; refusal: Refusal }> {
  if (!hasBody(request)) return { ok: true, value: undefined };
  const read = await readBoundedBody(request, MAX_REQUEST_BYTES);
  if (!read.ok) return { ok: false, refusal: { status: read.status, error: read.status === 413 ? 'too_large' : 'bad_request', reason: read.reason } };
  if (read.body.length === 0) return { ok: true, value: undefined };
  if (form && String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    return { ok: true, value: Object.fromEntries(new URLSearchParams(read.body.toString('utf8'))) };
  try {
    return { ok: true, value: JSON.parse(read.body.toString('utf8')) };
  } catch {
    return { ok: false, refusal: { status: 400, error: 'bad_request', reason: 'invalid_json' } };
  }
}

/** Hands a parsed body to express-pouchdb's body parser, which takes `_body` as "already read". */
function attachBody(request: IncomingMessage, value: unknown): void {
  const parsed = request as IncomingMessage & { body?: unknown; _body?: boolean };
  parsed.body = value ?? {};
  parsed._body = true;
  delete request.headers['content-encoding'];
}

async function sessionRoute(request: IncomingMessage, send: Send, directory: MemberDirectory, member: Member | null): Promise<Answered> {
  const method = request.method ?? 'GET';
  if (method === 'POST') {
    const body = await jsonBody(request, true);
    if (!body.ok) return refuseWith(send, body.refusal);
    const { name, password } = (typeof body.value === 'object' && body.value !== null ? body.value : {}) as { name?: unknown; password?: unknown };
    if (typeof name !== 'string' || typeof password !== 'string') return refuseWith(send, UNAUTHORIZED);
    const signedIn = await directory.signIn(name, password);
    if (signedIn === 'busy') return send(503, { error: 'service_unavailable', reason: 'Too many sign-ins at once; try again in a moment.' });
    if (signedIn === 'refused') return refuseWith(send, UNAUTHORIZED);
    const cookie = `AuthSession=${directory.cookieFor(signedIn)}; Version=1; Path=/; Max-Age=${SESSION_SECONDS}; HttpOnly`;
    return send(200, { ok: true, name, roles: [] }, { 'set-cookie': cookie });
  }
  if (method === 'DELETE') return send(200, { ok: true }, { 'set-cookie': 'AuthSession=; Version=1; Path=/; Max-Age=0; HttpOnly' });
  if (method !== 'GET' && method !== 'HEAD') return send(405, { error: 'method_not_allowed', reason: 'Only GET, POST and DELETE are allowed here.' });
  return send(200, { ok: true, userCtx: { name: member?.name ?? null, roles: [] }, info: { authentication_handlers: ['cookie', 'default'] } });
}

/** Who sent the request: a member, nobody (no credentials at all), or a refusal (credentials that do not hold). */
async function whoSent(request: IncomingMessage, directory: MemberDirectory): Promise<Member | null | Refusal> {
  const header = request.headers.authorization;
  const cookie = authSessionOf(request.headers.cookie);
  if (header !== undefined) {
    const given = basicCredentials(header);
    if (!given) return UNAUTHORIZED;
    const signedIn = await directory.signIn(given.name, given.password);
    if (signedIn === 'busy') return { status: 503, error: 'service_unavailable', reason: 'Too many sign-ins at once; try again in a moment.' };
    return signedIn === 'refused' ? UNAUTHORIZED : signedIn;
  }
  if (cookie !== undefined) return (await directory.fromCookie(cookie)) ?? UNAUTHORIZED;
  return null;
}

async function passMember(request: IncomingMessage, response: ServerResponse, send: Send, directory: MemberDirectory, next: () => void): Promise<Answered> {
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  const sender = await whoSent(request, directory);
  if (sender !== null && 'status' in sender) return refuseWith(send, sender);
  const hookRefused = sender !== null && isHookName(sender.name) ? hookRefusal(sender.name, method, url) : null;
  if (hookRefused) return refuseWith(send, hookRefused);
  const route: MemberRoute | Refusal = memberRoute(method, url);
  const signInFirst: Refusal = { ...UNAUTHORIZED, reason: 'Sign in with a member name and password.' };
  if (isRefusal(route)) return refuseWith(send, sender === null ? signInFirst : route);
  if (url.split('?')[0] === '/_session') return sessionRoute(request, send, directory, sender);
  if (route.db !== null) {
    if (sender === null) return refuseWith(send, signInFirst);
    const membership = await directory.isMember(route.db, sender.name);
    if (membership === 'missing') return send(404, { error: 'not_found', reason: 'Database does not exist.' });
    if (!membership) return send(403, { error: 'forbidden', reason: 'You are not allowed to access this db.' });
  }
  const body = await jsonBody(request);
  if (!body.ok) return refuseWith(send, body.refusal);
  const refused = bodyRefusal(route, body.value);
  if (refused) return refuseWith(send, refused);
  // express-pouchdb takes `body._id` over the address: make it the address the rules were checked against.
  if (route.docId !== undefined && typeof body.value === 'object' && body.value !== null) (body.value as { _id?: string })._id = route.docId;
  attachBody(request, body.value);
  // The member, as express-pouchdb will see her: its own session cookie for her, no other credentials.
  delete request.headers.authorization;
  request.headers.cookie = sender === null ? '' : `AuthSession=${directory.cookieFor(sender)}`;
  // express-pouchdb answers that cookie with a renewed one; it is the gate's, not the client's (CouchDB sends none on Basic).
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) => (name.toLowerCase() === 'set-cookie' ? response : setHeader(name, value));
  next();
  return true;
}

/**
 * Express middleware: admins pass; members pass to their routes only; anonymous requests only to the
 * welcome and `/_session`. Until `isOpen()` (the server's own setup, done as admin, is finished)
 * everyone else is told 503, which replication retries: a 401 in that moment (members being written)
 * would end a device's replication for good. Never throws: a failure inside answers 500.
 */
export function requestGate(admin: AdminCredentials, directory: MemberDirectory, isOpen: () => boolean = () => true) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const send = sender(request, response);
    const length = Number(request.headers['content-length'] ?? '0');
    if (!Number.isFinite(length) || length > MAX_REQUEST_BYTES) {
      send(413, { error: 'too_large', reason: 'The request is too large.' });
      return;
    }
    const given = basicCredentials(request.headers.authorization);
    const work = async (): Promise<Answered> => {
      if (given !== null && sameText(given.name, admin.name) && sameText(given.password, admin.password)) {
        const body = await jsonBody(request);
        if (!body.ok) return refuseWith(send, body.refusal);
        await hashPasswordsIn(request.url ?? '/', body.value);
        if (body.value !== undefined) attachBody(request, body.value);
        // Members, passwords or a workspace's security may have changed: ask again next time.
        if (request.method !== 'GET' && request.method !== 'HEAD') directory.forget();
        next();
        return true;
      }
      if (!isOpen()) return send(503, { error: 'service_unavailable', reason: 'The server is starting; try again in a moment.' });
      return passMember(request, response, send, directory, next);
    };
    void work().catch(() => send(500, { error: 'internal_server_error', reason: 'The server could not handle this request.' }));
  };
}
