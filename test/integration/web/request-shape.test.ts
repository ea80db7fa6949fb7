// The shape of a request, checked before the token: one Host header only (RFC 9112 §3.2: a request
// with more than one is answered 400, since a proxy or another parser may believe the other one),
// and a URL of at most 2 KiB (414). Over real TCP; the duplicate header over a raw socket, since
// Node's client will not send two.
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_BYTES } from '../../../src/main/web/requestGuard.ts';
import { type RunningWebHost, startWebHost } from '../../../src/main/web/webHost.ts';
import { makeRendererDir, openSocket, rawRequest, RecordingLogger, SmallDispatcher } from './harness.ts';

let host: RunningWebHost;
let rendererDir: string;
const logger = new RecordingLogger();

beforeAll(async () => {
  rendererDir = makeRendererDir();
  host = await startWebHost({ port: 0, rendererDir, dispatcher: new SmallDispatcher(), logger });
});
afterAll(async () => {
  await host.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

/** Sends the request's head exactly as written and reads the status line of the answer. */
function rawHead(lines: string[]): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(host.port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      // One answer is enough; the host may keep the connection open.
      if (text.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on('error', reject);
  });
}

describe('two Host headers', () => {
  const own = () => `127.0.0.1:${host.port}`;

  it('the page with the token and our Host, then a hostile Host, is 400', async () => {
    const answer = await rawHead([`GET /?token=${host.token} HTTP/1.1`, `Host: ${own()}`, 'Host: evil.example']);
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain('<title>');
  });

  it('in the other order, or both ours, or differently spelled, is 400 too', async () => {
    for (const hosts of [
      ['Host: evil.example', `Host: ${own()}`],
      [`Host: ${own()}`, `Host: ${own()}`],
      [`host: ${own()}`, `HOST: localhost:${host.port}`],
    ]) {
      expect((await rawHead([`GET /?token=${host.token} HTTP/1.1`, ...hosts])).status, hosts.join(' / ')).toBe(400);
    }
  });

  it('on the bridge socket’s upgrade is 400, and the socket is not opened', async () => {
    const answer = await rawHead([
      `GET /bridge?token=${host.token} HTTP/1.1`,
      `Host: ${own()}`,
      'Host: evil.example',
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ]);
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain('101');
  });

  it('one Host header still gets the page', async () => {
    const answer = await rawHead([`GET /?token=${host.token} HTTP/1.1`, `Host: ${own()}`]);
    expect(answer.status).toBe(200);
  });
});

describe('long URLs', () => {
  const padded = (path: string, bytes: number) => {
    const start = `${path}?token=${host.token}&pad=`;
    return start + 'x'.repeat(bytes - start.length);
  };

  it.each([MAX_URL_BYTES + 1, 8 * 1024, 12 * 1024, 15 * 1024])('a URL of %i bytes with the token is 414, for the page and its files', async (bytes) => {
    for (const path of ['/', '/assets/app.js']) {
      const response = await rawRequest(host.port, padded(path, bytes));
      expect(response.status, path).toBe(414);
    }
  });

  it(`a URL of ${MAX_URL_BYTES} bytes is served`, async () => {
    expect((await rawRequest(host.port, padded('/', MAX_URL_BYTES))).status).toBe(200);
  });

  it('the bridge socket’s upgrade with a long URL is 414', async () => {
    expect(await openSocket(host.port, padded('/bridge', 8 * 1024))).toEqual({ opened: false, status: 414 });
  });
});
