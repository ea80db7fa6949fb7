// One page's socket to the bridge: its calls go to the dispatcher (which validates every input),
// their answers come back under the call's id, and every core event is pushed while the socket is
// open. Nothing a page sends can crash the host: bad frames get an error answer, and a closed
// socket drops its event subscription so a gone page leaks nothing.
import type { RawData, WebSocket } from 'ws';
import type { BridgeResult } from '../../shared/bridge/result.ts';
import type { BridgeDispatcher } from '../core/bridge/dispatcher.ts';
import type { LoggerPort } from '../core/ports.ts';
import { type CallId, type HostMessage, parseCall } from './socketMessages.ts';

function failure(code: 'invalid-input' | 'internal', message: string): BridgeResult<never> {
  return { ok: false, error: { code, message } };
}

export function serveBridgeSocket(socket: WebSocket, dispatcher: BridgeDispatcher, logger: LoggerPort): void {
  const send = (message: HostMessage): void => {
    if (socket.readyState !== socket.OPEN) return; // The page went away before its answer.
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      // A result the core built but JSON cannot carry (a bigint, a cycle) is our fault, not the page's.
      logger.error('web host: a bridge message could not be serialized', { error: (error as Error).message });
      if ('id' in message) text = JSON.stringify({ id: message.id, result: failure('internal', 'The app could not send this answer.') });
      else return;
    }
    socket.send(text);
  };

  const unsubscribe = dispatcher.subscribe((event) => send({ event }));
  socket.on('close', unsubscribe);
  // ws reports protocol faults (an oversized or broken frame) here, then closes the socket.
  socket.on('error', (error) => logger.warn('web host: a bridge socket failed', { error: error.message }));

  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (isBinary) {
      send({ id: null, result: failure('invalid-input', 'Messages are JSON text frames, not binary ones.') });
      return;
    }
    const parsed = parseCall(rawText(data));
    if (!parsed.ok) {
      send({ id: parsed.id, result: failure('invalid-input', parsed.message) });
      return;
    }
    void answer(parsed.call.id, parsed.call.command, parsed.call.input);
  });

  async function answer(id: CallId, command: string, input: unknown): Promise<void> {
    let result: BridgeResult<unknown>;
    try {
      result = await dispatcher.invoke(command, input);
    } catch (error) {
      // The dispatcher promises never to throw; if it does, the page still gets an answer.
      logger.error('web host: the bridge dispatcher threw', { command, error: (error as Error).message });
      result = failure('internal', 'Something went wrong in the app; the detail is in its log.');
    }
    send({ id, result });
  }
}

/** A WebSocket message as text, whichever of its forms ws delivers it in. */
export function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
