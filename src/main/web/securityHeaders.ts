// Headers on everything the web host serves. The page's CSP comes as a header, as the desktop app
// sends it in production: a header cannot be dropped by a changed index.html, and it is where
// frame-ancestors works (a <meta> CSP ignores it).
import { ownOrigins } from './requestGuard.ts';

export function contentSecurityPolicy(port: number): string {
  const sockets = ownOrigins(port).map((origin) => origin.replace(/^http:/, 'ws:'));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${sockets.join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** For every response: no sniffing, no framing, and no Referer, which would carry the page's `?token=`. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // Every run has a new token and maybe a new build: nothing is worth keeping in a cache.
  'cache-control': 'no-store',
};
