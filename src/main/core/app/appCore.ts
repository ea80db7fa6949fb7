// What a host gets from the core: the bridge's one seam, and the few things a host does itself
// (the tray's count and its "Pause sync", a notification's click, the operating system's network
// and power hints, quitting).
import type { BridgeDispatcher } from '../bridge/dispatcher.ts';

export interface AppCore {
  /** Every command and event of the contract; the host's transport calls nothing else. */
  dispatcher: BridgeDispatcher;
  /** Unread comments over every client (the tray's count). */
  unreadTotal(): number;
  /** Called (coalesced) whenever the unread total may have changed; returns an unsubscribe. */
  onUnreadChanged(listener: (total: number) => void): () => void;
  /** The tray's "Pause sync": every profile's sync rests; replies still go out. */
  pauseSync(): void;
  resumeSync(): void;
  readonly syncPaused: boolean;
  /** The host showed a notification (NotifierPort) and the person clicked it: the UI opens it. */
  notificationClicked(notificationId: string): void;
  /** The operating system says the network went away (false) or came back (true). */
  networkHint(online: boolean): void;
  /** The machine woke from sleep: timers did not count the time it slept. */
  resumedFromSleep(): void;
  /** Stops the sync, lets a reply in flight finish, closes the files. Idempotent. */
  close(): Promise<void>;
}
