// Who may talk to the web host. It runs the user's whole app (their clients' inboxes, replies sent
// in their name), so every HTTP request and the socket upgrade pass three checks, after two of
// their shape (one Host header, as RFC 9112 requires: 400; a URL of at most 2 KiB: 414):
// - Host is 127.0.0.1:<port> or localhost:<port>: a DNS-rebinding page (evil.example resolving to
//   127.0.0.1) still sends `Host: evil.example`, and is refused;
// - Origin, when the browser sends one, is our own: another site's page cannot drive the bridge;
// - the run's secret token, from `?token=` (the printed URL, and the page's socket URL) or from the
//   HttpOnly, SameSite=Strict cookie the host sets on the page, so the page's own scripts and styles,
//   which the browser fetches without a query, carry it too. Another local program or site that
//   does not know the token gets nothing, not even the page.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** 256 random bits, URL-safe: unguessable, and fits a query string without escaping. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Cookies are shared by every port of a host, so the name carries the port: two hosts never mix. */
export function tokenCookieName(port: number): string {
  return `social-inbox-token-${port}`;
}

export function tokenCookie(port: number, token: string): string {
  return `${tokenCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

/** Every origin the page may have: the two loopback names of our port. */
export function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/**
 * The page's own addresses are under 100 bytes (`/?token=…`, `/assets/…`, `/bridge?token=…`);
 * 2 KiB leaves room and still refuses the 8-16 KB a client might use to probe the parser or the logs.
 */
export const MAX_URL_BYTES = 2048;

export type RefusalReason = 'duplicate-host' | 'url-too-long' | 'foreign-host' | 'foreign-origin' | 'no-token' | 'wrong-token';

export type GuardVerdict = { allowed: true; tokenFrom: 'query' | 'cookie' } | { allowed: false; reason: RefusalReason };

/** The HTTP status of each refusal: a malformed request (RFC 9112: more than one Host is 400), a URL too long (414), else forbidden. */
export const REFUSAL_STATUS: Record<RefusalReason, 400 | 403 | 414> = {
  'duplicate-host': 400,
  'url-too-long': 414,
  'foreign-host': 403,
  'foreign-origin': 403,
  'no-token': 403,
  'wrong-token': 403,
};

export interface GuardedRequest {
  headers: IncomingHttpHeaders;
  /** The headers as sent, name and value alternating: Node keeps only the first of two Host headers in `headers`. */
  rawHeaders?: readonly string[];
  url?: string | undefined;
}

export class RequestGuard {
  private readonly port: number;
  private readonly token: Buffer;
  private readonly hosts: Set<string>;
  private readonly origins: Set<string>;

  constructor(port: number, token: string) {
    this.port = port;
    this.token = Buffer.from(token);
    this.hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    this.origins = new Set(ownOrigins(port));
  }

  check(request: GuardedRequest): GuardVerdict {
    // The request's shape first: a second Host could be the one a proxy or another parser believes.
    if (hostHeaderCount(request.rawHeaders) > 1) return { allowed: false, reason: 'duplicate-host' };
    if (Buffer.byteLength(request.url ?? '') > MAX_URL_BYTES) return { allowed: false, reason: 'url-too-long' };
    const host = request.headers.host?.toLowerCase();
    if (host === undefined || !this.hosts.has(host)) return { allowed: false, reason: 'foreign-host' };
    // Browsers send Origin on every cross-origin request and on the WebSocket handshake; "null"
    // (sandboxed frames, file: pages) is not ours either.
    const origin = request.headers.origin;
    if (origin !== undefined && !this.origins.has(origin.toLowerCase())) return { allowed: false, reason: 'foreign-origin' };

    const fromQuery = queryToken(request.url);
    if (fromQuery !== undefined) return this.matches(fromQuery) ? { allowed: true, tokenFrom: 'query' } : { allowed: false, reason: 'wrong-token' };
    const fromCookie = cookieValue(request.headers.cookie, tokenCookieName(this.port));
    if (fromCookie !== undefined) return this.matches(fromCookie) ? { allowed: true, tokenFrom: 'cookie' } : { allowed: false, reason: 'wrong-token' };
    return { allowed: false, reason: 'no-token' };
  }

  /** Constant time, so the token cannot be guessed a character at a time from response times. */
  private matches(candidate: string): boolean {
    const given = Buffer.from(candidate);
    return given.length === this.token.length && timingSafeEqual(given, this.token);
  }
}

function hostHeaderCount(rawHeaders: readonly string[] | undefined): number {
  let count = 0;
  for (let i = 0; i < (rawHeaders?.length ?? 0); i += 2) if (rawHeaders?.[i]?.toLowerCase() === 'host') count++;
  return count;
}

function queryToken(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(url.slice(query + 1)).get('token') ?? undefined;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}
