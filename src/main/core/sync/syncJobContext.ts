// What a job of one profile's sync (discovery, a comments poll, an analytics request) works with:
// the profile, the ports, and the parts the coordinator (ProfileSync) shares among its jobs. The
// jobs live in files of their own; they change only their own plan (a target's or a track's due
// time) and leave the choice of the next job to the coordinator.
import type { Clock } from '../clock.ts';
import type { AccountSnapshotStore, MessageStore, PostKey, Store } from '../store/types.ts';
import type { ConnectivityView } from './connectivityMonitor.ts';
import type { SyncListener } from './events.ts';
import type { SharedPolling } from './pollLease.ts';
import type { PollPolicy } from './pollPolicy.ts';
import type { PollTarget } from './pollTargets.ts';
import type { ProfileReporter } from './profileReporter.ts';
import type { RequestGate } from './requestGate.ts';
import type { SyncClient } from './syncClient.ts';
import type { StartCheck } from './startCheck.ts';

export interface ProfileRef {
  accountId: string;
  /** The service's refId of the profile (the store's profileId). */
  profileId: string;
  /** The primary profile is called without a Profile-Key. */
  isPrimary: boolean;
}

/** What the direct-messages job needs of the store: the ingest, and a conversation's last message after a restart. */
export type MessageSyncStore = Pick<MessageStore, 'ingestMessages' | 'conversation'>;

/** What the account-analytics job needs of the store: the day's snapshot (its last read day is a sync cursor of `store`), and the days it has (to fill the past ones it lacks). */
export type AccountSnapshotSyncStore = Pick<AccountSnapshotStore, 'recordAccountSnapshot'> & Partial<Pick<AccountSnapshotStore, 'accountSnapshots'>>;

export interface ProfileSyncPorts {
  client: SyncClient;
  store: Store;
  clock: Clock;
  connectivity: ConnectivityView;
  listener: SyncListener;
  /** The store of direct messages; without it, direct messages are not synced. */
  messages?: MessageSyncStore | undefined;
  /** The store of account snapshots; without it, account analytics are not read. */
  accountSnapshots?: AccountSnapshotSyncStore | undefined;
  /** In a team: the lease and the content other devices share (decision 0060); solo cores have none. */
  sharing?: SharedPolling | undefined;
  /** The account's: whether a request of this start has been answered (firstFetchWatch.ts). */
  startCheck?: StartCheck | undefined;
}

export interface SyncJobContext {
  readonly profile: ProfileRef;
  readonly ports: ProfileSyncPorts;
  readonly policy: PollPolicy;
  readonly requests: RequestGate;
  readonly reporter: ProfileReporter;
  /** The target's comments poll interval at `now`. */
  intervalOf(target: PollTarget, now: number): number;
  /** Tells the host how far the sync has come, if that changed. */
  emitProgress(): void;
  /**
   * The service no longer finds these posts (their comments answered "not found"): their figures are
   * asked at once, so the panel says "not found for this account" (186) instead of keeping the
   * figures of the first read until their next update.
   */
  postsGone?: ((keys: readonly PostKey[]) => void) | undefined;
}
