// The renderer's one module over window.api (the Electron preload's, or the web host's transport):
// every command typed from the shared contract, every event's payload likewise. Types only come
// from the contract, so no schema (and no zod) is bundled into the page; main validates everything.
import type { CommandInput, CommandName, CommandOutput, EventName, EventPayload } from '../../shared/bridge/contract.ts';
import type { BridgeError, BridgeResult } from '../../shared/bridge/result.ts';

/** Commands whose whole input is optional may be called without one. */
type InputArgs<N extends CommandName> = object extends CommandInput<N> ? [input?: CommandInput<N>] : [input: CommandInput<N>];

const UNAVAILABLE: BridgeResult<never> = {
  ok: false,
  error: { code: 'internal', message: 'The app is not connected to its window (no window.api).' },
};

/** A failed command, for code that prefers `await request(…)` with try/catch. */
export class BridgeCallError extends Error {
  readonly command: string;
  readonly code: BridgeError['code'];
  readonly retryable: boolean;

  constructor(command: string, error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.code = error.code;
    this.retryable = error.retryable ?? false;
    this.command = command;
  }
}

function api(): RendererBridgeApi | null {
  return typeof window === 'undefined' ? null : (window.api ?? null);
}

/** Calls a command; failures come back as `{ok: false, error}`, never as a throw. */
export async function call<N extends CommandName>(name: N, ...args: InputArgs<N>): Promise<BridgeResult<CommandOutput<N>>> {
  const bridge = api();
  if (bridge === null) return UNAVAILABLE;
  try {
    return (await bridge[name](args[0] ?? {})) as BridgeResult<CommandOutput<N>>;
  } catch {
    return { ok: false, error: { code: 'internal', message: 'The app did not answer.' } };
  }
}

/** Calls a command and gives its data, or throws a BridgeCallError. */
export async function request<N extends CommandName>(name: N, ...args: InputArgs<N>): Promise<CommandOutput<N>> {
  const result = await call(name, ...args);
  if (!result.ok) throw new BridgeCallError(name, result.error);
  return result.data;
}

/** Listens to one event of the core; returns the unsubscribe. */
export function on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void {
  const bridge = api();
  if (bridge === null) return () => {};
  return bridge.on(name, listener as (payload: unknown) => void);
}
