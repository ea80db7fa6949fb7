// The sync's public surface: what the host composes (AccountSync, or ProfileSync alone) and what it
// listens to (SyncEvent).
export { AccountSync, type AccountSyncOptions, type AccountSyncPorts, type RefreshTarget } from './accountSync.ts';
export { ConnectivityMonitor, type ConnectivityOptions, type ConnectivityView, type ProbeOutcome } from './connectivityMonitor.ts';
export type {
  ConnectivityEvent,
  ConnectivityReason,
  NewCommentsEvent,
  NewMessagesEvent,
  SyncErrorEvent,
  SyncErrorInfo,
  SyncErrorKind,
  SyncEvent,
  SyncListener,
  SyncProgressEvent,
} from './events.ts';
export { DEFAULT_MESSAGE_POLICY, type MessagePolicy } from './messagePolicy.ts';
export { DEFAULT_POLL_POLICY, type PollPolicy } from './pollPolicy.ts';
export { ProfileSync, type ProfileSyncOptions, type ProfileSyncState, type ProfileSyncStatus } from './profileSync.ts';
export type { MessageSyncStore, ProfileRef, ProfileSyncPorts } from './syncJobContext.ts';
export type { PacerOptions } from './requestPacer.ts';
export type { SyncClient } from './syncClient.ts';
