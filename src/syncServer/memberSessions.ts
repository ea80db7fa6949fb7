// CouchDB's `AuthSession` cookie: base64url of `<name>:<seconds, hex>:` followed by an HMAC-SHA1 of
// `<name>:<seconds, hex>` keyed with the server's secret and the member's salt. The gate checks a
// cookie a client sends, issues one on `POST /_session`, and hands express-pouchdb a fresh one for
// a member it has signed in (express-pouchdb computes the same thing, so it learns who she is
// without checking her password again, which at 600,000 iterations it would do on its event loop).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Seconds a session cookie lasts (CouchDB's `timeout` default). */
export const SESSION_SECONDS = 600;

export function sessionCookie(name: string, salt: string, secret: string, seconds: number): string {
  const data = `${name}:${seconds.toString(16).toUpperCase()}`;
  const mac = createHmac('sha1', secret + salt)
    .update(data)
    .digest();
  return Buffer.concat([Buffer.from(`${data}:`), mac]).toString('base64url');
}

/** The member a cookie names, or null when it is not a cookie at all. */
export function cookieName(cookie: string): { name: string; seconds: number } | null {
  if (cookie.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(cookie)) return null;
  const [name, hex] = Buffer.from(cookie, 'base64url').toString('utf8').split(':');
  if (!name || !hex || !/^[0-9A-Fa-f]{1,12}$/.test(hex)) return null;
  return { name, seconds: Number.parseInt(hex, 16) };
}

/** True when `cookie` was issued for this member and salt by this server less than SESSION_SECONDS ago. */
export function cookieIsValid(cookie: string, salt: string, secret: string, nowSeconds: number): boolean {
  const named = cookieName(cookie);
  if (!named || nowSeconds >= named.seconds + SESSION_SECONDS || named.seconds > nowSeconds + 60) return false;
  const expected = Buffer.from(sessionCookie(named.name, salt, secret, named.seconds));
  const given = Buffer.from(cookie);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The `AuthSession` value of a Cookie header, or undefined. */
export function authSessionOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === 'AuthSession') return value.join('=');
  }
  return undefined;
}
