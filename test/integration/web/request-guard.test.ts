// The web host runs the user's whole app, so it must answer only this machine's browser tab that
// holds this run's token: every HTTP request and the socket upgrade are refused without the token,
// with a wrong one, from another site (Origin), or under another name (Host: DNS rebinding); and
// it listens on 127.0.0.1 alone. Each refusal is checked against the real server over TCP.
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWebHost, startWebHost } from '../../../src/main/web/webHost.ts';
import { makeRendererDir, nextMessage, openSocket, rawRequest, RecordingLogger, SmallDispatcher } from './harness.ts';

let host: RunningWebHost;
let rendererDir: string;
const logger = new RecordingLogger();
let own: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  rendererDir = makeRendererDir();
  host = await startWebHost({ port: 0, rendererDir, dispatcher: new SmallDispatcher(), logger });
  own = { host: `127.0.0.1:${host.port}`, origin: `http://127.0.0.1:${host.port}` };
  cookie = `social-inbox-token-${host.port}=${host.token}`;
});
afterAll(async () => {
  await host.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('the token', () => {
  it('is at least 128 random bits and new for every host', async () => {
    expect(Buffer.from(host.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const other = await startWebHost({ port: 0, rendererDir, dispatcher: new SmallDispatcher(), logger });
    await other.close();
    expect(other.token).not.toBe(host.token);
  });

  it('is in the printed URL, on 127.0.0.1', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
  });
});

describe('HTTP requests', () => {
  it('are refused without the token, for the page and for its files', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', '/nothing-here']) {
      const response = await rawRequest(host.port, path, own);
      expect(response.status, path).toBe(403);
      expect(response.body).not.toContain('<title>');
    }
  });

  it('are refused with a wrong token, in the query or in the cookie', async () => {
    const wrong = `${host.token.slice(0, -1)}${host.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await rawRequest(host.port, `/?token=${wrong}`, own)).status).toBe(403);
    expect((await rawRequest(host.port, '/?token=', own)).status).toBe(403);
    expect((await rawRequest(host.port, '/assets/app.js', { ...own, cookie: `social-inbox-token-${host.port}=${wrong}` })).status).toBe(403);
    // The cookie of a host on another port is not ours.
    expect((await rawRequest(host.port, '/assets/app.js', { ...own, cookie: `social-inbox-token-1=${host.token}` })).status).toBe(403);
  });

  it('are refused from a foreign Origin even with the right token', async () => {
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${host.port}`,
      'null',
      `http://127.0.0.1:${host.port + 1}`,
      `https://127.0.0.1:${host.port}`,
    ]) {
      const response = await rawRequest(host.port, `/?token=${host.token}`, { ...own, origin });
      expect(response.status, origin).toBe(403);
    }
  });

  it('are refused under a foreign Host header even with the right token (DNS rebinding)', async () => {
    for (const name of [
      `evil.example:${host.port}`,
      'evil.example',
      `127.0.0.1:${host.port + 1}`,
      '127.0.0.1',
      `127.0.0.2:${host.port}`,
      `[::1]:${host.port}`,
    ]) {
      const response = await rawRequest(host.port, `/?token=${host.token}`, { host: name });
      expect(response.status, name).toBe(403);
    }
  });

  it('serve the page with the token, under either loopback name, with the CSP header and the token cookie', async () => {
    for (const name of ['127.0.0.1', 'localhost']) {
      const response = await rawRequest(host.port, `/?token=${host.token}`, { host: `${name}:${host.port}`, origin: `http://${name}:${host.port}` });
      expect(response.status).toBe(200);
      expect(response.body).toContain('<title>Social Inbox</title>');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${host.port} ws://localhost:${host.port}`);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['set-cookie']).toEqual([`social-inbox-token-${host.port}=${host.token}; Path=/; HttpOnly; SameSite=Strict`]);
    }
  });

  it("serve the page's files with the cookie the page set, and nothing outside the build", async () => {
    const script = await rawRequest(host.port, '/assets/app.js', { ...own, cookie: `theme=dark; ${cookie}` });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('console.log');
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc%2fpasswd', '/%E0%A4%A', '/assets']) {
      expect((await rawRequest(host.port, path, { ...own, cookie })).status, path).toBe(404);
    }
  });

  it('answer only GET and HEAD', async () => {
    expect((await rawRequest(host.port, '/', { ...own, cookie }, 'POST')).status).toBe(405);
    const head = await rawRequest(host.port, '/', { ...own, cookie }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('log each refusal with its reason and never the token', () => {
    const refusals = logger.entries.filter((entry) => entry.message === 'web host: refused a request');
    expect(new Set(refusals.map((entry) => entry.detail?.['reason']))).toEqual(new Set(['no-token', 'wrong-token', 'foreign-origin', 'foreign-host']));
    expect(JSON.stringify(logger.entries)).not.toContain(host.token);
  });
});

describe('the socket upgrade', () => {
  it('is refused without the token, with a wrong one, from a foreign Origin, under a foreign Host', async () => {
    const refusals: Array<[string, string, Record<string, string>]> = [
      ['no token', '/bridge', own],
      ['wrong token', '/bridge?token=not-the-token', own],
      ['foreign origin', `/bridge?token=${host.token}`, { ...own, origin: 'http://evil.example' }],
      ['foreign host', `/bridge?token=${host.token}`, { host: `evil.example:${host.port}`, origin: `http://evil.example:${host.port}` }],
      ['foreign host, no origin', `/bridge?token=${host.token}`, { host: `evil.example:${host.port}` }],
    ];
    for (const [what, path, headers] of refusals) {
      const outcome = await openSocket(host.port, path, headers);
      expect(outcome, what).toEqual({ opened: false, status: 403 });
    }
  });

  it('is refused on any path but /bridge', async () => {
    expect(await openSocket(host.port, `/?token=${host.token}`, own)).toEqual({ opened: false, status: 404 });
  });

  it('opens with the token (in the query or the cookie) and carries a call', async () => {
    for (const [path, headers] of [
      [`/bridge?token=${host.token}`, own],
      ['/bridge', { ...own, cookie }],
    ] as const) {
      const outcome = await openSocket(host.port, path, headers);
      if (!outcome.opened) throw new Error(`refused: ${outcome.status}`);
      outcome.socket.send(JSON.stringify({ id: 1, command: 'accounts.list', input: {} }));
      const answer = await nextMessage(outcome.socket);
      expect(answer).toMatchObject({ id: 1, result: { ok: true, data: { accounts: [{ accountId: 'sandbox' }] } } });
      outcome.socket.close();
    }
  });

  it('answers a plain GET of /bridge with 426, not with the page', async () => {
    expect((await rawRequest(host.port, `/bridge?token=${host.token}`, own)).status).toBe(426);
  });
});

describe('listening', () => {
  it('binds 127.0.0.1 only: other loopback addresses and ::1 are not answered', async () => {
    const reach = (address: string) =>
      new Promise<string>((resolve) => {
        const socket = connect({ host: address, port: host.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    expect(await reach('127.0.0.1')).toBe('connected');
    expect(await reach('127.0.0.2')).toBe('ECONNREFUSED');
    expect(['ECONNREFUSED', 'EADDRNOTAVAIL', 'ENETUNREACH', 'EAFNOSUPPORT']).toContain(await reach('::1'));
  });
});
