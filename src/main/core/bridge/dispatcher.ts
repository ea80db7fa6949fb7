// The one seam between a host's transport (Electron IPC, the web host's socket) and the core: a
// command name and an untrusted input in, a BridgeResult out; events out to subscribers. Hosts add
// their own checks (sender frame, token, origin) before calling it; the dispatcher validates every
// input against the contract, so nothing reaches the core unparsed.
import type { BridgeResult } from '../../../shared/bridge/result.ts';

export interface BridgeEvent {
  name: string;
  payload: unknown;
}

export interface BridgeDispatcher {
  /** Never throws: every failure is an `{ok: false}` result. */
  invoke(command: string, input: unknown): Promise<BridgeResult<unknown>>;
  /** Events for the renderer; returns an unsubscribe function. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}
