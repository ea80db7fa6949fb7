// The built renderer (out/renderer), read from disk per request. Only files inside that folder are
// ever served; anything else, including `..` tricks and encoded slashes, is a 404.
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticFile {
  path: string;
  size: number;
  contentType: string;
  isHtml: boolean;
}

/** The file a URL path names inside `root`, or undefined when there is none (or it would leave `root`). */
export function resolveStaticFile(root: string, urlPath: string): StaticFile | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPath);
  } catch {
    return undefined; // A malformed %-escape names no file.
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const relative = pathname === '/' ? 'index.html' : pathname;
  const path = normalize(join(root, relative));
  if (!path.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return undefined;
    size = stats.size;
  } catch {
    return undefined;
  }
  const extension = extname(path).toLowerCase();
  return { path, size, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', isHtml: extension === '.html' };
}

export function openStaticFile(file: StaticFile): NodeJS.ReadableStream {
  return createReadStream(file.path);
}
