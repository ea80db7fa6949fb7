// The bridge over the web host's one WebSocket, as text frames of JSON:
//   page → host   {id, command, input}            one call of a bridge command
//   host → page   {id, result: BridgeResult}      its answer (id null when the call had no usable id)
//   host → page   {event: {name, payload}}        an event of the core, to every open page
// The page's side is src/renderer/api/webTransport.ts, which cannot import this file (the renderer
// never imports main), so the three shapes are written down in both and tested end to end.
import type { BridgeResult } from '../../shared/bridge/result.ts';
import type { BridgeEvent } from '../core/bridge/dispatcher.ts';

export type CallId = string | number;

export interface CallMessage {
  id: CallId;
  command: string;
  input: unknown;
}

export type HostMessage = { id: CallId | null; result: BridgeResult<unknown> } | { event: BridgeEvent };

export type ParsedCall = { ok: true; call: CallMessage } | { ok: false; id: CallId | null; message: string };

const ID_MAX_LENGTH = 128;
const COMMAND_MAX_LENGTH = 128;

function isCallId(value: unknown): value is CallId {
  return (typeof value === 'string' && value.length > 0 && value.length <= ID_MAX_LENGTH) || Number.isSafeInteger(value);
}

/** Never throws: whatever arrives is a call or a reason it is not one. */
export function parseCall(text: string): ParsedCall {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { ok: false, id: null, message: 'A message must be JSON: {"id", "command", "input"}.' };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { ok: false, id: null, message: 'A message must be a JSON object: {"id", "command", "input"}.' };
  }
  const { id, command, input } = message as Record<string, unknown>;
  if (!isCallId(id)) return { ok: false, id: null, message: `"id" must be a non-empty string of at most ${ID_MAX_LENGTH} characters or a whole number.` };
  if (typeof command !== 'string' || command === '' || command.length > COMMAND_MAX_LENGTH) {
    return { ok: false, id, message: '"command" must name a bridge command.' };
  }
  return { ok: true, call: { id, command, input } };
}
