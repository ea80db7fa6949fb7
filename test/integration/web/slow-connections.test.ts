// Connections that have not shown the token are dropped soon and are capped: a local program that
// opens sockets and sends nothing, or trickles a header a byte at a time (slowloris), must not hold
// the host's sockets and memory forever. The page's own connections (a request with the token,
// the bridge socket) are not affected. Real sockets on 127.0.0.1; the limits are made small here
// so the test is quick; nothing asserts on time, only on who is closed and who is not.
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWebHost, startWebHost } from '../../../src/main/web/webHost.ts';
import { makeRendererDir, nextMessage, openSocket, RecordingLogger, SmallDispatcher, until } from './harness.ts';

const LIMITS = { unauthenticatedMs: 300, maxUnauthenticated: 4 };

let host: RunningWebHost;
let rendererDir: string;

beforeAll(async () => {
  rendererDir = makeRendererDir();
  host = await startWebHost({ port: 0, rendererDir, dispatcher: new SmallDispatcher(), logger: new RecordingLogger(), limits: LIMITS });
});
afterAll(async () => {
  await host.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

interface Watched {
  socket: Socket;
  closed: boolean;
  received: string;
}

function open(port = host.port): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const watched: Watched = { socket, closed: false, received: '' };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (watched.received += chunk));
    socket.on('close', () => (watched.closed = true));
    socket.on('error', () => {});
    socket.once('connect', () => resolve(watched));
    socket.once('error', reject);
  });
}

/** Bounded by turns of the event loop (see harness.until), far beyond the limit given to the host. */
const closedSoon = (watched: Watched, what: string) => until(() => watched.closed, what);

describe('a connection that has not shown the token', () => {
  it('is closed when it sends nothing', async () => {
    const idle = await open();
    await closedSoon(idle, 'the idle connection to be closed');
  });

  it('is closed while it trickles a request header a byte at a time (slowloris)', async () => {
    const slow = await open();
    const header = `GET /?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Padding: `;
    let sent = 0;
    const drip = setInterval(() => {
      if (slow.closed) return;
      slow.socket.write(header[sent % header.length] ?? 'a');
      sent++;
    }, 20);
    try {
      await closedSoon(slow, 'the trickling connection to be closed');
    } finally {
      clearInterval(drip);
    }
    expect(sent).toBeGreaterThan(0);
  });

  it('is closed after its deadline even when it keeps sending requests the guard refuses', async () => {
    const refused = await open();
    const ask = () => refused.socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`);
    const again = setInterval(() => !refused.closed && ask(), 30);
    try {
      await closedSoon(refused, 'the refused connection to be closed');
    } finally {
      clearInterval(again);
    }
    expect(refused.received).toContain('403');
  });

  it('is one of a capped number: more of them push the oldest out, and the page is still served', async () => {
    // A deadline far beyond the test: only the cap can close these.
    const capped = await startWebHost({
      port: 0,
      rendererDir,
      dispatcher: new SmallDispatcher(),
      logger: new RecordingLogger(),
      limits: { unauthenticatedMs: 600_000, maxUnauthenticated: 4 },
    });
    try {
      const many: Watched[] = [];
      for (let i = 0; i < 7; i++) {
        many.push(await open(capped.port));
        // Accepted in order, so "oldest" is well defined.
        await until(() => capped.waitingConnections >= Math.min(i + 1, 4), 'the host to accept the connection');
      }
      await until(() => many.filter((watched) => watched.closed).length >= 3, 'the oldest connections over the cap to be closed');
      expect(many.map((watched) => watched.closed)).toEqual([true, true, true, false, false, false, false]);
      // The page's request on a fresh connection gets through.
      const page = await open(capped.port);
      page.socket.write(`GET /?token=${capped.token} HTTP/1.1\r\nHost: 127.0.0.1:${capped.port}\r\nConnection: close\r\n\r\n`);
      await closedSoon(page, 'the page to be served');
      expect(page.received).toMatch(/^HTTP\/1\.1 200/);
      for (const watched of many) watched.socket.destroy();
    } finally {
      await capped.close();
    }
  });
});

describe('the page’s own connections', () => {
  it('the bridge socket stays open well past the deadline of unauthenticated ones, and answers', async () => {
    const opened = await openSocket(host.port, `/bridge?token=${host.token}`, { origin: `http://127.0.0.1:${host.port}` });
    if (!opened.opened) throw new Error(`the bridge socket was refused (${opened.status})`);
    const idle = await open(); // A witness: closed once the deadline has passed.
    await closedSoon(idle, 'the witness connection to be closed');
    expect(opened.socket.readyState).toBe(opened.socket.OPEN);
    const answer = nextMessage(opened.socket);
    opened.socket.send(JSON.stringify({ id: 1, command: 'echo', input: { still: 'here' } }));
    expect(await answer).toEqual({ id: 1, result: { ok: true, data: { still: 'here' } } });
    opened.socket.close();
  });

  it('a kept-alive connection that showed the token is not cut at the unauthenticated deadline', async () => {
    const page = await open();
    const ask = () => page.socket.write(`GET /assets/app.js?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`);
    ask();
    await until(() => page.received.includes('console.log'), 'the first answer');
    const witness = await open();
    await closedSoon(witness, 'the witness connection to be closed');
    expect(page.closed).toBe(false);
    page.received = '';
    ask();
    await until(() => page.received.includes('console.log'), 'the second answer on the same connection');
    page.socket.destroy();
  });
});
