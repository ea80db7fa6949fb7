// The Electron transport of the bridge against a fake ipcMain and fake web contents, with the real
// dispatcher (contract validation included) over recording command handlers.
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../src/main/core/bridge/dispatcher.ts';
import { type CommandHandlers, createDispatcher } from '../../../src/main/core/bridge/createDispatcher.ts';
import { devServerOrigin, PRODUCTION_ORIGIN, type AppOrigin } from '../../../src/main/electron/appOrigin.ts';
import { commandChannel, EVENT_CHANNEL, type InvokeSender, isTrustedSender, registerIpcBridge } from '../../../src/main/electron/ipcBridge.ts';
import { COMMAND_NAMES } from '../../../src/shared/bridge/names.ts';
import { DEFAULT_SETTINGS } from '../../../src/shared/settings.ts';

type Listener = (event: InvokeSender, ...args: unknown[]) => Promise<unknown>;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle(channel: string, listener: Listener) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
    /** What Electron does when a renderer calls ipcRenderer.invoke(channel, ...args). */
    invoke(channel: string, sender: InvokeSender, ...args: unknown[]) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return handler(sender, ...args);
    },
  };
}

const mainFrame = (url: string): InvokeSender => ({ senderFrame: { url, parent: null } });
const subFrame = (url: string): InvokeSender => ({ senderFrame: { url, parent: { url: 'app://renderer/index.html' } } });

function setup(origin: AppOrigin = PRODUCTION_ORIGIN) {
  const calls: Array<{ command: string; input: unknown }> = [];
  const handlers = new Proxy({} as CommandHandlers, {
    get: (_target, command: string) => (input: unknown) => {
      calls.push({ command, input });
      if (command === 'settings.get') return DEFAULT_SETTINGS;
      if (command === 'sync.setPaused') return { paused: (input as { paused: boolean }).paused };
      throw new Error(`not used in this test: ${command}`);
    },
  });
  const listeners = new Set<(event: BridgeEvent) => void>();
  const dispatcher = createDispatcher({
    handlers,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  const ipcMain = fakeIpcMain();
  const sent: Array<{ channel: string; args: unknown[] }> = [];
  const window = { destroyed: false, isDestroyed: () => window.destroyed, send: (channel: string, ...args: unknown[]) => void sent.push({ channel, args }) };
  const dispose = registerIpcBridge({ ipcMain, dispatcher, commands: COMMAND_NAMES, origin, targets: () => [window] });
  const emit = (event: BridgeEvent) => listeners.forEach((listener) => listener(event));
  return { ipcMain, calls, sent, window, dispose, emit, listeners };
}

describe('registerIpcBridge', () => {
  it('registers one handler per command of the contract, on the channel the preload invokes', () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(COMMAND_NAMES.map((name) => `bridge:${name}`).sort());
    expect(commandChannel('settings.get')).toBe('bridge:settings.get');
  });

  it('passes a call from our own main frame to the core and returns its result as data', async () => {
    const { ipcMain, calls } = setup();
    const result = await ipcMain.invoke('bridge:sync.setPaused', mainFrame('app://renderer/index.html'), { paused: true });
    expect(result).toEqual({ ok: true, data: { paused: true } });
    expect(calls).toEqual([{ command: 'sync.setPaused', input: { paused: true } }]);
  });

  it('returns invalid-input from the contract for a bad input, without reaching the core', async () => {
    const { ipcMain, calls } = setup();
    const result = await ipcMain.invoke('bridge:sync.setPaused', mainFrame('app://renderer/index.html'), { paused: 'yes', extra: 1 });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(calls).toEqual([]);
  });

  it.each([
    ['a subframe of our page', subFrame('app://renderer/index.html')],
    ['a foreign origin', mainFrame('https://evil.example/')],
    ['a file: page', mainFrame('file:///app/out/renderer/index.html')],
    ['another app: host', mainFrame('app://other/index.html')],
    ['a frame that is gone', { senderFrame: null }],
  ])('answers forbidden to %s and never reaches the core', async (_case, sender) => {
    const { ipcMain, calls } = setup();
    const result = await ipcMain.invoke('bridge:settings.get', sender, {});
    expect(result).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
    expect(calls).toEqual([]);
  });

  it('in development trusts the dev server origin and not the production one', async () => {
    const { ipcMain, calls } = setup(devServerOrigin('http://localhost:5173')!);
    expect(await ipcMain.invoke('bridge:settings.get', mainFrame('http://localhost:5173/'), {})).toMatchObject({ ok: true });
    expect(await ipcMain.invoke('bridge:settings.get', mainFrame('app://renderer/index.html'), {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(calls).toHaveLength(1);
  });

  it('forwards core events to the window as {name, payload} on the event channel', () => {
    const { emit, sent } = setup();
    emit({ name: 'settings.changed', payload: DEFAULT_SETTINGS });
    expect(sent).toEqual([{ channel: EVENT_CHANNEL, args: [{ name: 'settings.changed', payload: DEFAULT_SETTINGS }] }]);
    expect(EVENT_CHANNEL).toBe('bridge:event');
  });

  it('sends nothing to a window that is already destroyed', () => {
    const { emit, sent, window } = setup();
    window.destroyed = true;
    emit({ name: 'accounts.changed', payload: {} });
    expect(sent).toEqual([]);
  });

  it('removes every handler and stops forwarding when disposed', () => {
    const { ipcMain, dispose, listeners } = setup();
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
    expect(listeners.size).toBe(0);
  });

  it('turns a dispatcher that throws into an internal error instead of a rejected invoke', async () => {
    const ipcMain = fakeIpcMain();
    const errors: string[] = [];
    registerIpcBridge({
      ipcMain,
      dispatcher: { invoke: () => Promise.reject(new Error('boom with details')), subscribe: () => () => {} },
      commands: ['settings.get'],
      origin: PRODUCTION_ORIGIN,
      targets: () => [],
      onError: (message) => errors.push(message),
    });
    const result = await ipcMain.invoke('bridge:settings.get', mainFrame('app://renderer/index.html'));
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('boom');
    expect(errors).toHaveLength(1);
  });
});

describe('isTrustedSender', () => {
  it('needs the main frame and our origin', () => {
    expect(isTrustedSender(mainFrame('app://renderer/index.html'), PRODUCTION_ORIGIN)).toBe(true);
    expect(isTrustedSender(subFrame('app://renderer/index.html'), PRODUCTION_ORIGIN)).toBe(false);
    expect(isTrustedSender(mainFrame('app://renderer.evil/index.html'), PRODUCTION_ORIGIN)).toBe(false);
  });
});
