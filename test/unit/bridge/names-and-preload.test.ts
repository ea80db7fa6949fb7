import { describe, expect, it } from 'vitest';
import { buildBridgeApi, type IpcRendererLike } from '../../../src/preload/bridgeApi.ts';
import { commands, events } from '../../../src/shared/bridge/contract.ts';
import { COMMAND_CHANNEL_PREFIX, COMMAND_NAMES, EVENT_CHANNEL, EVENT_NAMES } from '../../../src/shared/bridge/names.ts';

/** ipcRenderer as far as the preload uses it: invoke records, on/removeListener keep listeners. */
class FakeIpcRenderer implements IpcRendererLike {
  readonly invoked: { channel: string; args: unknown[] }[] = [];
  readonly listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args });
    return Promise.resolve({ ok: true, data: channel });
  }

  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): this {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
    return this;
  }

  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): this {
    this.listeners.get(channel)?.delete(listener);
    return this;
  }

  /** What main's webContents.send would deliver, with an IPC event object carrying `sender`. */
  deliver(message: unknown): void {
    const ipcEvent = { sender: { send: () => {} }, ports: [] };
    for (const listener of this.listeners.get(EVENT_CHANNEL) ?? []) listener(ipcEvent, message);
  }
}

describe('the zod-free name lists', () => {
  it('are exactly the contract’s commands and events', () => {
    expect([...COMMAND_NAMES].sort()).toEqual(Object.keys(commands).sort());
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(events).sort());
    expect(new Set(COMMAND_NAMES).size).toBe(COMMAND_NAMES.length);
  });
});

describe('the preload’s window.api', () => {
  it('has one function per command and `on`, and nothing else', () => {
    const api = buildBridgeApi(new FakeIpcRenderer());
    expect(Object.keys(api).sort()).toEqual([...COMMAND_NAMES, 'on'].sort());
    for (const key of Object.keys(api)) expect(typeof (api as Record<string, unknown>)[key]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('invokes the command’s own channel with exactly one argument', async () => {
    const ipc = new FakeIpcRenderer();
    const api = buildBridgeApi(ipc);
    await expect(api['inbox.page']({ limit: 5 })).resolves.toEqual({ ok: true, data: `${COMMAND_CHANNEL_PREFIX}inbox.page` });
    // The page may pass more than one argument; tsc needs this cast to allow it (the rule misreads it as a no-op).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- see the line above
    await (api['settings.get'] as (...args: unknown[]) => Promise<unknown>)({}, 'smuggled', 'more');
    expect(ipc.invoked).toEqual([
      { channel: 'bridge:inbox.page', args: [{ limit: 5 }] },
      { channel: 'bridge:settings.get', args: [{}] },
    ]);
  });

  it('gives an event’s listener the payload only, never the IPC event, and unsubscribes', () => {
    const ipc = new FakeIpcRenderer();
    const api = buildBridgeApi(ipc);
    const seen: unknown[][] = [];
    const unsubscribe = api.on('items.new', (...args: unknown[]) => seen.push(args));
    ipc.deliver({ name: 'items.new', payload: { keys: ['instagram:c1'] } });
    ipc.deliver({ name: 'outbox.changed', payload: { kind: 'removed', id: 'o1' } });
    ipc.deliver('garbage');
    unsubscribe();
    unsubscribe();
    ipc.deliver({ name: 'items.new', payload: { keys: ['instagram:c2'] } });
    expect(seen).toEqual([[{ keys: ['instagram:c1'] }]]);
    expect(ipc.listeners.get(EVENT_CHANNEL)?.size).toBe(0);
  });

  it('refuses to listen to an event the contract does not have', () => {
    const api = buildBridgeApi(new FakeIpcRenderer());
    expect(() => api.on('ipc.raw' as never, () => {})).toThrow(/no bridge event/);
  });
});
