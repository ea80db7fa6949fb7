// What a profile's sync answers when asked how it is (accountSync.ts gathers them for the status
// board): the loop's state, its progress through the plan's posts, the next planned job, and what
// of the profile has been fetched and checked.
import type { FirstFetched, FirstFetchWatch } from './firstFetchWatch.ts';
import type { SyncProgress } from './profileReporter.ts';

export type ProfileSyncState = 'stopped' | 'paused' | 'offline' | 'held' | 'syncing' | 'idle';

export interface ProfileSyncStatus {
  state: ProfileSyncState;
  postsDone: number;
  postsTotal: number;
  /** Epoch ms of the next planned job, or null when none is planned. */
  nextDueAt: number | null;
  /** The profile's first complete fetch of each inbox kind (firstFetchWatch.ts). */
  firstFetched: FirstFetched;
  /** A request of this start has been answered: the store's copy has been checked against the service. */
  checked: boolean;
}

/** The loop's state, the first that holds: stopped, paused, offline, held after a refusal, running a job, or idle. */
export function syncStateOf(
  loop: { running: boolean; stopping: boolean; paused: boolean; online: boolean; heldUntil: number; busy: boolean },
  now: number,
): ProfileSyncState {
  if (!loop.running || loop.stopping) return 'stopped';
  if (loop.paused) return 'paused';
  if (!loop.online) return 'offline';
  if (loop.heldUntil > now) return 'held';
  if (loop.busy) return 'syncing';
  return 'idle';
}

/** The answer: the loop's state, the progress through the plan's posts, the next planned job (at Infinity: none). */
export function syncStatusOf(state: ProfileSyncState, progress: SyncProgress, nextAt: number, firstFetch: FirstFetchWatch): ProfileSyncStatus {
  return {
    state,
    postsDone: progress.done,
    postsTotal: progress.total,
    nextDueAt: Number.isFinite(nextAt) ? nextAt : null,
    firstFetched: firstFetch.fetched,
    checked: firstFetch.checked,
  };
}
