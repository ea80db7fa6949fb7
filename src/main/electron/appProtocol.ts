// The `app:` protocol: the renderer's files in production, served from out/renderer only, with the
// Content-Security-Policy as a response header. Not file://: a file URL is a null origin that can
// read any other file URL, while `app://renderer/` is a standard, secure origin of its own.
import type { CustomScheme } from 'electron';
import { APP_HOST, APP_SCHEME } from './appOrigin.ts';

/**
 * The policy of every response. The renderer's <meta> policy also applies (a page obeys both), so
 * this header can only make things stricter: no inline script, no eval, no remote anything, no
 * frames, no plugins; the renderer talks to the main process over IPC, never over the network.
 */
export const PRODUCTION_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "media-src 'none'",
  "worker-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Registered before 'ready' (Electron requires it): standard for real origins, secure for 'self'. */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

const MAX_PATH_LENGTH = 1024;

/**
 * The file an `app:` request may read, as a file URL inside `rendererDir`, or null for anything
 * else: another host, dot segments, encoded separators, NUL, a drive letter or a path that would
 * leave the folder. `rendererDir` is the file URL of out/renderer, ending in a slash.
 */
export function rendererFileUrl(requestUrl: string, rendererDir: URL): URL | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (!rendererDir.href.endsWith('/')) return null;
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.pathname.length > MAX_PATH_LENGTH) return null;

  const encoded = url.pathname === '/' ? ['index.html'] : url.pathname.slice(1).split('/');
  const segments: string[] = [];
  for (const part of encoded) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null;
    }
    // The URL parser already removed literal dot segments; these are the encoded ways back up
    // (`%2e%2e` is undone by the parser too, `..%2f` and `..%5c` are not) and Windows' own tricks.
    if (segment === '' || segment === '.' || segment === '..') return null;
    if (/[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }

  const file = new URL(segments.map(encodeURIComponent).join('/'), rendererDir);
  // Belt and braces: whatever the rules above missed, the result must lie inside the folder.
  if (file.protocol !== 'file:' || !file.href.startsWith(rendererDir.href)) return null;
  return file;
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  png: 'image/png',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  txt: 'text/plain; charset=utf-8',
};

/** Module scripts are refused without a JavaScript MIME type, so the type never depends on sniffing. */
export function contentTypeOf(fileUrl: URL): string {
  const dot = fileUrl.pathname.lastIndexOf('.');
  const extension = dot === -1 ? '' : fileUrl.pathname.slice(dot + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

function securityHeaders(contentType?: string): Headers {
  const headers = new Headers({
    'Content-Security-Policy': PRODUCTION_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
  });
  if (contentType) headers.set('Content-Type', contentType);
  return headers;
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: securityHeaders('text/plain; charset=utf-8') });
}

export interface AppProtocolOptions {
  /** File URL of out/renderer, ending in a slash. */
  rendererDir: URL;
  /** net.fetch: reads a file: URL (inside an asar archive too). */
  fetchFile(url: string): Promise<Response>;
}

/** Answers one `app:` request: the file with our headers, or 404. Never throws. */
export async function serveAppRequest(request: Pick<Request, 'url' | 'method'>, options: AppProtocolOptions): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: securityHeaders('text/plain; charset=utf-8') });
  }
  const file = rendererFileUrl(request.url, options.rendererDir);
  if (!file) return notFound();
  let response: Response;
  try {
    response = await options.fetchFile(file.href);
  } catch {
    return notFound(); // net::ERR_FILE_NOT_FOUND and friends
  }
  if (!response.ok) return notFound();
  return new Response(request.method === 'HEAD' ? null : response.body, {
    status: 200,
    headers: securityHeaders(contentTypeOf(file)),
  });
}

/** The parts of Electron's `protocol` module this uses. */
export interface ProtocolRegistry {
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
}

export function handleAppProtocol(protocol: ProtocolRegistry, options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, options));
}
