// window.api for a page served by the web host (`npm run web`), where no Electron preload ran: the
// same shape as the preload's (one function per bridge command, resolving to a BridgeResult, and
// `on(event, cb)` returning an unsubscribe), carried over one WebSocket to the host. The rest of the
// renderer never learns which host it runs in.
//
// The socket's messages (written down on the host's side too, in src/main/web/socketMessages.ts):
//   page → host {id, command, input}; host → page {id, result} and {event: {name, payload}}.
// The token comes from the page's own address (`?token=`, as `npm run web` printed it) and is kept
// in memory, in the socket's URL only.
import { COMMAND_NAMES, EVENT_NAMES } from '../../shared/bridge/names.ts';
import type { BridgeResult } from '../../shared/bridge/result.ts';

type CommandName = (typeof COMMAND_NAMES)[number];
type EventName = (typeof EVENT_NAMES)[number];

export type WebBridgeApi = Readonly<Record<CommandName, (input?: unknown) => Promise<BridgeResult<unknown>>>> & {
  readonly on: (event: EventName, listener: (payload: unknown) => void) => () => void;
};

/** What the transport needs from the page; tests pass Node's own WebSocket and a fixed address. */
export interface WebTransportEnvironment {
  location: { href: string; host: string; protocol: string };
  WebSocket: typeof WebSocket;
}

export interface WebTransportOptions {
  /** First wait before reconnecting; doubles per failed try. */
  reconnectBaseMs?: number;
  /** The longest wait between tries. */
  reconnectMaxMs?: number;
}

export interface WebTransport {
  api: WebBridgeApi;
  /** Stops for good: the socket closes, no reconnect, unanswered calls are answered with an error. */
  close(): void;
}

export const BRIDGE_SOCKET_PATH = '/bridge';

const LOST: BridgeResult<never> = {
  ok: false,
  error: {
    code: 'service',
    message: 'The connection to the app was lost before it answered. If this was a change, check whether it was made before trying again.',
  },
};
const CLOSED: BridgeResult<never> = { ok: false, error: { code: 'service', message: 'The connection to the app was closed.' } };

/** The socket's address: this page's host, with the token from this page's address. */
export function bridgeSocketUrl(location: WebTransportEnvironment['location']): string {
  const token = new URL(location.href).searchParams.get('token');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${BRIDGE_SOCKET_PATH}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
}

export function createWebTransport(environment: WebTransportEnvironment, options: WebTransportOptions = {}): WebTransport {
  const baseMs = options.reconnectBaseMs ?? 250;
  const maxMs = options.reconnectMaxMs ?? 5_000;
  const url = bridgeSocketUrl(environment.location);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  /** Calls sent on the current socket, waiting for their answers. */
  const inFlight = new Map<number, (result: BridgeResult<unknown>) => void>();
  /** Calls made while there was no open socket: sent as soon as there is one. */
  const waiting: Array<{ id: number; text: string; resolve: (result: BridgeResult<unknown>) => void }> = [];
  let socket: WebSocket | undefined;
  let nextId = 1;
  let failedTries = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function connect(): void {
    const current = new environment.WebSocket(url);
    socket = current;
    current.onopen = () => {
      failedTries = 0;
      for (const call of waiting.splice(0)) {
        inFlight.set(call.id, call.resolve);
        current.send(call.text);
      }
    };
    current.onmessage = (message: MessageEvent) => {
      if (typeof message.data === 'string') receive(message.data);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = undefined;
      // The host may or may not have done what was asked: say so, rather than wait forever.
      for (const resolve of inFlight.values()) resolve(LOST);
      inFlight.clear();
      if (closed) return;
      // Backoff with jitter, so a restarted host is not met by every tab at the same instant.
      const delay = Math.min(maxMs, baseMs * 2 ** failedTries) * (0.5 + Math.random() / 2);
      failedTries += 1;
      reconnectTimer = setTimeout(connect, delay);
    };
  }

  function receive(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return; // Not from our host; nothing to do with it.
    }
    if (typeof message !== 'object' || message === null) return;
    const { id, result, event } = message as { id?: unknown; result?: unknown; event?: { name?: unknown; payload?: unknown } };
    if (typeof id === 'number' && result !== undefined) {
      const resolve = inFlight.get(id);
      inFlight.delete(id);
      resolve?.(result as BridgeResult<unknown>);
    } else if (event && typeof event.name === 'string') {
      for (const listener of [...(listeners.get(event.name) ?? [])]) {
        try {
          listener(event.payload);
        } catch (error) {
          // One listener's fault must not keep the event from the others.
          console.error(`A listener of ${event.name} failed`, error);
        }
      }
    }
  }

  function call(command: CommandName, input: unknown): Promise<BridgeResult<unknown>> {
    if (closed) return Promise.resolve(CLOSED);
    const id = nextId++;
    const text = JSON.stringify({ id, command, input });
    return new Promise((resolve) => {
      if (socket?.readyState === environment.WebSocket.OPEN) {
        inFlight.set(id, resolve);
        socket.send(text);
      } else {
        waiting.push({ id, text, resolve });
      }
    });
  }

  const api: Record<string, unknown> = {};
  for (const command of COMMAND_NAMES) api[command] = (input?: unknown) => call(command, input);
  api['on'] = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new TypeError(`There is no bridge event "${String(event)}"`);
    if (typeof listener !== 'function') throw new TypeError('A listener must be a function');
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    // A wrapper of its own, so the same function subscribed twice is unsubscribed one at a time.
    const own = (payload: unknown) => listener(payload);
    set.add(own);
    return () => {
      set.delete(own);
    };
  };

  connect();
  return {
    api: Object.freeze(api) as WebBridgeApi,
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      for (const waiter of waiting.splice(0)) waiter.resolve(CLOSED);
      for (const resolve of inFlight.values()) resolve(CLOSED);
      inFlight.clear();
      socket?.close();
      socket = undefined;
    },
  };
}

/**
 * Gives the page a window.api over the web host's socket when none is there. In Electron the
 * preload has already put one in place, and this does nothing.
 * @returns whether it installed one.
 */
export function installWebTransport(target: Window & typeof globalThis = window): boolean {
  if ((target as { api?: unknown }).api !== undefined) return false;
  const { api } = createWebTransport({ location: target.location, WebSocket: target.WebSocket });
  Object.defineProperty(target, 'api', { value: api, enumerable: true, configurable: false, writable: false });
  return true;
}
