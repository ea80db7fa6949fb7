// The bridge over the web host's one WebSocket: {id, command, input} in, {id, result} out, events
// pushed as {event}. Whatever a page sends, the host answers and keeps running; a page that goes
// away stops receiving events (its subscription is dropped).
import { rmSync } from 'node:fs';
import type WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWebHost, startWebHost } from '../../../src/main/web/webHost.ts';
import { collectMessages, makeRendererDir, nextMessage, openSocket, RecordingLogger, SmallDispatcher, until } from './harness.ts';

let host: RunningWebHost;
let rendererDir: string;
const dispatcher = new SmallDispatcher();
const logger = new RecordingLogger();
const open: WebSocket[] = [];

async function connected(): Promise<WebSocket> {
  const outcome = await openSocket(host.port, `/bridge?token=${host.token}`, { host: `127.0.0.1:${host.port}`, origin: `http://127.0.0.1:${host.port}` });
  if (!outcome.opened) throw new Error(`refused: ${outcome.status}`);
  open.push(outcome.socket);
  return outcome.socket;
}

async function ask(socket: WebSocket, message: unknown): Promise<Record<string, unknown>> {
  const answer = nextMessage(socket);
  socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return answer;
}

beforeAll(async () => {
  rendererDir = makeRendererDir();
  host = await startWebHost({ port: 0, rendererDir, dispatcher, logger });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});
afterAll(async () => {
  await host.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('calls', () => {
  it("answer under the call's id with the dispatcher's result, input passed through untouched", async () => {
    const socket = await connected();
    expect(await ask(socket, { id: 'a-1', command: 'echo', input: { text: 'hello', list: [1, 2] } })).toEqual({
      id: 'a-1',
      result: { ok: true, data: { text: 'hello', list: [1, 2] } },
    });
    expect(dispatcher.calls.at(-1)).toEqual({ command: 'echo', input: { text: 'hello', list: [1, 2] } });
  });

  it('pass an absent input as undefined, as the preload does', async () => {
    const socket = await connected();
    await ask(socket, { id: 2, command: 'echo' });
    expect(dispatcher.calls.at(-1)).toEqual({ command: 'echo', input: undefined });
  });

  it("carry the dispatcher's refusals as they are", async () => {
    const socket = await connected();
    expect(await ask(socket, { id: 3, command: 'no.such' })).toEqual({
      id: 3,
      result: { ok: false, error: { code: 'unknown-command', message: 'There is no command "no.such"' } },
    });
  });

  it('are answered in the order they finish, each under its own id', async () => {
    const socket = await connected();
    const messages = collectMessages(socket);
    socket.send(JSON.stringify({ id: 'slow', command: 'sync.refresh' }));
    socket.send(JSON.stringify({ id: 'fast', command: 'echo', input: 1 }));
    await until(() => messages.length === 1, 'the fast answer');
    dispatcher.releaseHeld();
    await until(() => messages.length === 2, 'the slow answer');
    expect(messages.map((message) => message['id'])).toEqual(['fast', 'slow']);
  });
});

describe('malformed messages', () => {
  it('are answered with invalid-input, never a crash, and the socket keeps working', async () => {
    const socket = await connected();
    const bad: Array<[unknown, unknown]> = [
      ['not json {', null],
      ['[1,2]', null],
      ['"text"', null],
      ['null', null],
      [{ command: 'echo' }, null],
      [{ id: {}, command: 'echo' }, null],
      [{ id: '', command: 'echo' }, null],
      [{ id: 'x'.repeat(129), command: 'echo' }, null],
      [{ id: 1.5, command: 'echo' }, null],
      [{ id: 7 }, 7],
      [{ id: 8, command: 42 }, 8],
      [{ id: 9, command: '' }, 9],
    ];
    for (const [message, id] of bad) {
      const answer = await ask(socket, message);
      expect(answer, JSON.stringify(message)).toMatchObject({ id, result: { ok: false, error: { code: 'invalid-input' } } });
    }
    const binary = nextMessage(socket);
    socket.send(Buffer.from([1, 2, 3]));
    expect(await binary).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid-input' } } });
    expect(await ask(socket, { id: 10, command: 'echo', input: 'still here' })).toEqual({ id: 10, result: { ok: true, data: 'still here' } });
  });

  it('a dispatcher that throws, or a result JSON cannot carry, still gets an internal-error answer', async () => {
    const socket = await connected();
    expect(await ask(socket, { id: 1, command: 'broken.throws' })).toMatchObject({ id: 1, result: { ok: false, error: { code: 'internal' } } });
    expect(await ask(socket, { id: 2, command: 'broken.bigint' })).toMatchObject({ id: 2, result: { ok: false, error: { code: 'internal' } } });
    expect(logger.entries.map((entry) => entry.message)).toContain('web host: the bridge dispatcher threw');
  });

  it('an oversized frame closes that socket only; the host answers the next page', async () => {
    const socket = await connected();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('x'.repeat(9 * 1024 * 1024));
    expect(await closed).toBe(1009); // "message too big"
    const next = await connected();
    expect(await ask(next, { id: 1, command: 'echo', input: 'fine' })).toEqual({ id: 1, result: { ok: true, data: 'fine' } });
  });
});

describe('events', () => {
  it('reach every open page as {event: {name, payload}}', async () => {
    const first = await connected();
    const second = await connected();
    const toFirst = collectMessages(first);
    const toSecond = collectMessages(second);
    await ask(first, { id: 1, command: 'settings.update', input: { theme: 'dark' } });
    await until(() => toSecond.length === 1, 'the event on the second page');
    expect(toSecond[0]).toEqual({ event: { name: 'settings.changed', payload: { theme: 'dark' } } });
    // The first page gets the event and its answer (the event first: it was emitted during the call).
    expect(toFirst).toContainEqual({ event: { name: 'settings.changed', payload: { theme: 'dark' } } });
  });

  it('stop for a page whose socket closed: its subscription is dropped', async () => {
    // Sockets of earlier tests are terminated after each; wait for the host to see them go.
    await until(() => dispatcher.subscriberCount === 0, 'the earlier pages to go');
    const before = 0;
    const socket = await connected();
    await until(() => dispatcher.subscriberCount === before + 1, 'the subscription');
    socket.close();
    await until(() => dispatcher.subscriberCount === before, 'the unsubscription');
    // And a page that vanished without a close handshake too.
    const vanished = await connected();
    await until(() => dispatcher.subscriberCount === before + 1, 'the second subscription');
    vanished.terminate();
    await until(() => dispatcher.subscriberCount === before, 'the second unsubscription');
  });

  it('closing the host closes every socket and drops every subscription', async () => {
    const ownDispatcher = new SmallDispatcher();
    const own = await startWebHost({ port: 0, rendererDir, dispatcher: ownDispatcher, logger });
    const outcome = await openSocket(own.port, `/bridge?token=${own.token}`, { host: `127.0.0.1:${own.port}` });
    if (!outcome.opened) throw new Error('refused');
    await until(() => ownDispatcher.subscriberCount === 1, 'the subscription');
    const closed = new Promise((resolve) => outcome.socket.once('close', resolve));
    await own.close();
    await closed;
    await until(() => ownDispatcher.subscriberCount === 0, 'the unsubscription');
  });
});
