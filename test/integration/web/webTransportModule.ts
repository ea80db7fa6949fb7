// The shape of src/renderer/api/webTransport.ts as the Node-side tests use it (that file belongs to
// the renderer's TypeScript project, with DOM types, so tests here load it at run time). A change
// of the real shape fails the tests that use it.
import type { BridgeResult } from '../../../src/shared/bridge/result.ts';
import type { COMMAND_NAMES, EVENT_NAMES } from '../../../src/shared/bridge/names.ts';

type CommandName = (typeof COMMAND_NAMES)[number];
type EventName = (typeof EVENT_NAMES)[number];

export type WebBridgeApi = Readonly<Record<CommandName, (input?: unknown) => Promise<BridgeResult<unknown>>>> & {
  readonly on: (event: EventName, listener: (payload: unknown) => void) => () => void;
};

export interface WebTransport {
  api: WebBridgeApi;
  close(): void;
}

export interface PageLocation {
  href: string;
  host: string;
  protocol: string;
}

/** The part of a browser window the transport touches. */
export interface WebWindow {
  location: PageLocation;
  WebSocket: typeof WebSocket;
}

// Function properties, not methods: the module's exports are plain functions, taken apart by the tests.
export interface WebTransportModule {
  bridgeSocketUrl: (location: PageLocation) => string;
  createWebTransport: (
    environment: { location: PageLocation; WebSocket: typeof WebSocket },
    options?: { reconnectBaseMs?: number; reconnectMaxMs?: number },
  ) => WebTransport;
  installWebTransport: (target: WebWindow) => boolean;
}
