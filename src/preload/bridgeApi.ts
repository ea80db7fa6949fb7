// window.api, built from the bridge's name lists: one function per command, each invoking that
// command's own channel with one argument; `on(event, cb)` for the core's events, whose callback
// gets the payload only (never the IPC event, which would hand the page `sender` and with it
// ipcRenderer). Nothing else is exposed. Kept free of the 'electron' import so it can be tested
// against a fake ipcRenderer; index.ts hands it the real one.
import { COMMAND_CHANNEL_PREFIX, COMMAND_NAMES, EVENT_CHANNEL, EVENT_NAMES } from '../shared/bridge/names.ts';

export type CommandName = (typeof COMMAND_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

/** The parts of ipcRenderer the api uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export type PreloadApi = Readonly<Record<CommandName, (input?: unknown) => Promise<unknown>>> & {
  readonly on: (event: EventName, listener: (payload: unknown) => void) => () => void;
};

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

export function buildBridgeApi(ipc: IpcRendererLike): PreloadApi {
  const api: Record<string, unknown> = {};
  for (const name of COMMAND_NAMES) {
    const channel = COMMAND_CHANNEL_PREFIX + name;
    // Exactly one argument crosses, whatever the page passes.
    api[name] = (input?: unknown) => ipc.invoke(channel, input);
  }
  api['on'] = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!EVENTS.has(event)) throw new TypeError(`There is no bridge event "${String(event)}"`);
    if (typeof listener !== 'function') throw new TypeError('on(event, listener) needs a function');
    const relay = (_ipcEvent: unknown, message: unknown) => {
      if (typeof message !== 'object' || message === null) return;
      const { name, payload } = message as { name?: unknown; payload?: unknown };
      if (name === event) listener(payload);
    };
    ipc.on(EVENT_CHANNEL, relay);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipc.removeListener(EVENT_CHANNEL, relay);
    };
  };
  return Object.freeze(api) as PreloadApi;
}
