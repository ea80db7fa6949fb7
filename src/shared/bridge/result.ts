// What every bridge command answers, over IPC and over the web host's socket alike. Thrown errors
// lose their detail across IPC, so failures travel as data: a code the UI can act on and a message
// a person can read. Never a secret, never a stack.
import { z } from 'zod';

export const BRIDGE_ERROR_CODES = [
  /** The input did not match the command's schema. */
  'invalid-input',
  /** No such command. */
  'unknown-command',
  /** The call did not come from our own window (Electron) or lacked the token / origin (web host). */
  'forbidden',
  /** The core refused it (not found, not allowed in this state, …): the message says why. */
  'refused',
  /** The service or the network failed; the message says what, and whether trying again helps. */
  'service',
  /** A fault of ours; the message is generic, the detail is in the main process's log. */
  'internal',
] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

export const bridgeErrorSchema = z.object({
  code: z.enum(BRIDGE_ERROR_CODES),
  message: z.string(),
  /** Set on 'service' errors: whether trying again later can help (offline, 5xx, 429). */
  retryable: z.boolean().optional(),
});
export type BridgeError = z.infer<typeof bridgeErrorSchema>;

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: BridgeError };

/** The codes that mean the call never reached the core: the input or the command was wrong. */
export const VALIDATION_ERROR_CODES: readonly BridgeErrorCode[] = ['invalid-input', 'unknown-command'];
