// The team proxy's live-updates route, for tests (decision 0072, docs/team.md "Live updates"): an
// HTTPS server on 127.0.0.1 with a certificate openssl makes for the run, standing in for Caddy.
// `POST /hooks/<secret>` is sent on to `<server>/<workspace>-events` (its query dropped) with the
// hook user's Basic credentials, and its answer status is passed back; another method on that path
// is 405, any other path 404. The sandbox delivers its signed events to loopback HTTPS addresses,
// so the whole path (service → proxy → CouchDB → devices) runs on this machine.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Caddy's `request_body max_size` in the documented route: an event is a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;

export interface HookFront {
  /** The address the service is told: `https://127.0.0.1:<port>/hooks/<secret>`. */
  url: string;
  /** Events sent on, and the status the server answered each. */
  forwarded: number[];
  stop(): Promise<void>;
}

export async function startHookFront(options: { syncUrl: string; workspace: string; hookPassword: string; secret?: string }): Promise<HookFront> {
  const dir = mkdtempSync(join(tmpdir(), 'hook-front-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', keyPath, '-out', certPath], {
    stdio: 'ignore',
  });
  const key = readFileSync(keyPath);
  const cert = readFileSync(certPath);
  rmSync(dir, { recursive: true, force: true });
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const route = `/hooks/${secret}`;
  const upstream = `${options.syncUrl.replace(/\/+$/, '')}/${encodeURIComponent(`${options.workspace}-events`)}`;
  const authorization = `Basic ${Buffer.from(`${options.workspace}-hook:${options.hookPassword}`).toString('base64')}`;
  const forwarded: number[] = [];

  const server: Server = createServer({ key, cert }, (request, response) => {
    const answer = (status: number) => {
      response.writeHead(status, { 'content-type': 'text/plain', connection: 'close' }).end();
    };
    if ((request.url ?? '/').split('?')[0] !== route) return answer(404);
    if (request.method !== 'POST') return answer(405);
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        answer(413);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY_BYTES) return;
      // Only the body and its type go on: the service's signature headers cannot be checked by CouchDB.
      fetch(upstream, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then(async (upstreamAnswer) => {
          await upstreamAnswer.arrayBuffer();
          forwarded.push(upstreamAnswer.status);
          answer(upstreamAnswer.status);
        })
        .catch(() => answer(502));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}${route}`,
    forwarded,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
