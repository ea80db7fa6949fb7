// The Electron transport of the bridge: one ipcMain handler per command of the contract, all built
// the same way, and the core's events forwarded to the window. Before anything reaches the
// dispatcher the sender is checked: the main frame of a page of our own origin. A subframe, a page
// the window was somehow navigated to, or a frame already gone gets `forbidden` and nothing else.
// The dispatcher then validates the input against the contract, so nothing reaches the core unparsed.
import { COMMAND_CHANNEL_PREFIX, EVENT_CHANNEL } from '../../shared/bridge/names.ts';
import type { BridgeResult } from '../../shared/bridge/result.ts';
import type { BridgeDispatcher, BridgeEvent } from '../core/bridge/dispatcher.ts';
import { type AppOrigin, isAppUrl } from './appOrigin.ts';

/** Channel of command `name`: the preload invokes exactly this (names.ts is shared with it). */
export function commandChannel(name: string): string {
  return `${COMMAND_CHANNEL_PREFIX}${name}`;
}

export { EVENT_CHANNEL };

/** What Electron's IpcMainInvokeEvent carries that the check needs. */
export interface InvokeSender {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

/** The parts of ipcMain this uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeSender, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** The parts of a WebContents events are sent to. */
export interface EventTarget {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

const FORBIDDEN: BridgeResult<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'This call did not come from the app’s own window.' },
};

const INTERNAL: BridgeResult<never> = {
  ok: false,
  error: { code: 'internal', message: 'Something went wrong in the app; the details are in its log.' },
};

/** Our main frame, showing a page of our own origin. */
export function isTrustedSender(event: InvokeSender, origin: AppOrigin): boolean {
  const frame = event.senderFrame;
  // null: the frame navigated away or was destroyed between the call and now.
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url, origin);
}

export interface IpcBridgeOptions {
  ipcMain: IpcMainLike;
  dispatcher: BridgeDispatcher;
  /** Every command name of the contract. */
  commands: readonly string[];
  origin: AppOrigin;
  /** The windows events go to (today one); asked at each event, so a new window gets them too. */
  targets(): readonly EventTarget[];
  /** For faults of ours; never given an input or a result, which may hold what a user typed. */
  onError?(message: string): void;
}

/** Registers every command and starts forwarding events; returns the undo of both. */
export function registerIpcBridge(options: IpcBridgeOptions): () => void {
  const { ipcMain, dispatcher, origin } = options;
  for (const name of options.commands) {
    ipcMain.handle(commandChannel(name), async (event, ...args) => {
      if (!isTrustedSender(event, origin)) return FORBIDDEN;
      try {
        // One argument per command; a missing one is `undefined`, which the contract's schema judges.
        return await dispatcher.invoke(name, args[0]);
      } catch {
        // The dispatcher never throws by contract; if it does anyway, the renderer still gets data.
        options.onError?.(`The bridge command ${name} threw instead of answering.`);
        return INTERNAL;
      }
    });
  }

  const unsubscribe = dispatcher.subscribe((event: BridgeEvent) => {
    for (const target of options.targets()) {
      if (target.isDestroyed()) continue;
      try {
        target.send(EVENT_CHANNEL, { name: event.name, payload: event.payload });
      } catch {
        // A window closing while we send: the event is for the UI only, nothing is lost.
        options.onError?.(`The bridge event ${event.name} could not be sent to a window.`);
      }
    }
  });

  return () => {
    unsubscribe();
    for (const name of options.commands) ipcMain.removeHandler(commandChannel(name));
  };
}
