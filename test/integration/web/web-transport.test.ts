// The renderer's window.api outside Electron (src/renderer/api/webTransport.ts), driven by Node's own
// WebSocket (the browser's API) against the real web host: the preload's shape, calls and events
// over the socket, and a socket that drops and comes back.
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type RunningWebHost } from '../../../src/main/web/webHost.ts';
import { COMMAND_NAMES } from '../../../src/shared/bridge/names.ts';
import { makeRendererDir, RecordingLogger, SAMPLE_ACCOUNTS, SmallDispatcher, until } from './harness.ts';
import type { WebTransport, WebTransportModule, WebWindow } from './webTransportModule.ts';

// The renderer's file is type-checked in its own project (DOM types, tsconfig.web.json), which a
// Node-side test cannot import from; it is loaded at run time and seen through the declared shape.
const RENDERER_MODULE = '../../../src/renderer/api/webTransport.ts';
const { bridgeSocketUrl, createWebTransport, installWebTransport } = (await import(RENDERER_MODULE)) as WebTransportModule;

let rendererDir: string;
let host: RunningWebHost;
let dispatcher: SmallDispatcher;
const transports: WebTransport[] = [];

function locationOf(running: RunningWebHost) {
  const url = new URL(running.url);
  return { href: url.href, host: url.host, protocol: url.protocol };
}

function transportTo(running: RunningWebHost): WebTransport {
  const transport = createWebTransport({ location: locationOf(running), WebSocket: globalThis.WebSocket }, { reconnectBaseMs: 5, reconnectMaxMs: 40 });
  transports.push(transport);
  return transport;
}

beforeAll(async () => {
  rendererDir = makeRendererDir();
  dispatcher = new SmallDispatcher();
  host = await startWebHost({ port: 0, rendererDir, dispatcher, logger: new RecordingLogger() });
});
afterEach(() => {
  for (const transport of transports.splice(0)) transport.close();
});
afterAll(async () => {
  await host.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('the shape of window.api', () => {
  it("is the preload's: one function per command name, and on(); nothing else, and frozen", () => {
    const { api } = transportTo(host);
    expect(Object.keys(api).sort()).toEqual([...COMMAND_NAMES, 'on'].sort());
    for (const name of [...COMMAND_NAMES, 'on'] as const) expect(typeof api[name]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('takes the token from the page address into the socket address', () => {
    expect(bridgeSocketUrl({ href: 'http://127.0.0.1:5317/?token=a-b_c', host: '127.0.0.1:5317', protocol: 'http:' })).toBe(
      'ws://127.0.0.1:5317/bridge?token=a-b_c',
    );
    // Reloaded without the query: the HttpOnly cookie carries the token instead.
    expect(bridgeSocketUrl({ href: 'http://localhost:5317/', host: 'localhost:5317', protocol: 'http:' })).toBe('ws://localhost:5317/bridge');
  });

  it('is installed only where no preload put one, and cannot be replaced by page scripts', () => {
    const existing = { marker: true };
    const electronWindow = { api: existing } as unknown as WebWindow;
    expect(installWebTransport(electronWindow)).toBe(false);
    expect((electronWindow as unknown as { api: unknown }).api).toBe(existing);

    const page: WebWindow = { location: locationOf(host), WebSocket: globalThis.WebSocket };
    expect(installWebTransport(page)).toBe(true);
    const installed = (page as unknown as { api: Record<string, unknown> }).api;
    expect(typeof installed['accounts.list']).toBe('function');
    expect(() => {
      (page as unknown as { api: unknown }).api = {};
    }).toThrow(TypeError);
  });
});

describe('calls and events', () => {
  it('a call made before the socket opens is sent once it does, and answered', async () => {
    const { api } = transportTo(host);
    expect(await api['accounts.list']({})).toEqual({ ok: true, data: SAMPLE_ACCOUNTS });
    expect(dispatcher.calls.at(-1)).toEqual({ command: 'accounts.list', input: {} });
  });

  it('events reach the listeners of their name until they unsubscribe', async () => {
    const { api } = transportTo(host);
    const seen: unknown[] = [];
    const other: unknown[] = [];
    const unsubscribe = api.on('settings.changed', (payload) => seen.push(payload));
    api.on('outbox.changed', (payload) => other.push(payload));
    await api['settings.update']({ theme: 'dark' });
    await until(() => seen.length === 1, 'the event');
    expect(seen).toEqual([{ theme: 'dark' }]);
    unsubscribe();
    await api['settings.update']({ theme: 'light' });
    await api['accounts.list']({}); // One more round trip: the event would have come before its answer.
    expect(seen).toEqual([{ theme: 'dark' }]);
    expect(other).toEqual([]);
  });

  it('a listener that throws does not keep the event from the others', async () => {
    const { api } = transportTo(host);
    const seen: unknown[] = [];
    const quiet = console.error;
    console.error = () => {};
    try {
      api.on('settings.changed', () => {
        throw new Error('a renderer bug');
      });
      api.on('settings.changed', (payload) => seen.push(payload));
      await api['settings.update']({ notifications: false });
      await until(() => seen.length === 1, 'the event');
    } finally {
      console.error = quiet;
    }
  });

  it('on() refuses an event name the contract does not have', () => {
    const { api } = transportTo(host);
    expect(() => api.on('no.such' as never, () => {})).toThrow(TypeError);
  });
});

describe('a socket that drops', () => {
  it('answers the calls in flight with an error, reconnects with backoff, and carries calls and events again', async () => {
    const first = new SmallDispatcher();
    const own = await startWebHost({ port: 0, rendererDir, dispatcher: first, logger: new RecordingLogger() });
    const { api } = transportTo(own);
    const seen: unknown[] = [];
    api.on('settings.changed', (payload) => seen.push(payload));
    expect((await api['accounts.list']({})).ok).toBe(true);

    const inFlight = api['sync.refresh']({ profileId: 'p1' }); // held by the dispatcher: never answered
    await until(() => first.calls.some((call) => call.command === 'sync.refresh'), 'the call to reach the host');
    await own.close();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'service', message: expect.stringContaining('lost') } });

    // Made while the host is down: it waits for the socket, then is answered.
    const waiting = api['settings.update']({ theme: 'dark' });
    const second = new SmallDispatcher();
    const restarted = await startWebHost({ port: own.port, token: own.token, rendererDir, dispatcher: second, logger: new RecordingLogger() });
    try {
      expect(await waiting).toEqual({ ok: true, data: { theme: 'dark' } });
      await until(() => seen.length === 1, 'the event after reconnecting');
      expect(seen).toEqual([{ theme: 'dark' }]);
      expect(second.calls).toEqual([{ command: 'settings.update', input: { theme: 'dark' } }]);
    } finally {
      first.releaseHeld();
      await restarted.close();
    }
  });

  it('close() answers waiting calls and stops reconnecting', async () => {
    const transport = createWebTransport(
      { location: { href: 'http://127.0.0.1:9/?token=x', host: '127.0.0.1:9', protocol: 'http:' }, WebSocket: globalThis.WebSocket },
      { reconnectBaseMs: 5, reconnectMaxMs: 10 },
    );
    const waiting = transport.api['accounts.list']({});
    transport.close();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'service' } });
    expect(await transport.api['accounts.list']({})).toMatchObject({ ok: false, error: { code: 'service' } });
  });
});
