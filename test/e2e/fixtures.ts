// A worker-scoped static server for the built renderer (out/renderer), on 127.0.0.1 and a port the
// OS picks, so tests never collide on a port. It stands in for the web host until that exists.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { test as base } from '@playwright/test';

const rendererDir = resolve(import.meta.dirname, '../../out/renderer');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

function serveStatic(root: string): Server {
  return createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    // Never serve anything outside the build folder.
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
}

export const test = base.extend<object, { rendererUrl: string }>({
  rendererUrl: [
    async ({}, use) => {
      if (!existsSync(join(rendererDir, 'index.html'))) {
        throw new Error(`${rendererDir}/index.html is missing: run \`npm run build\` first.`);
      }
      const server = serveStatic(rendererDir);
      await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
      const { port } = server.address() as AddressInfo;
      await use(`http://127.0.0.1:${port}/`);
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
