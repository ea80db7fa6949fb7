// Connectivity per account and sync progress per profile, for the offline bar and the sync line; and the
// troubles the person must be told of until they are over (StatusNotices.tsx): the store's rebuild (until
// dismissed) and a key to enter again (until it is).
import { create } from 'zustand';
import type { Connectivity, StoreRecoveryView, SyncProblem } from '../../shared/domain/status.ts';
import type { EventPayload } from '../../shared/bridge/contract.ts';
import type { OutboxHealth } from '../../shared/domain/outbox.ts';
import { call } from '../api/bridge.ts';

interface SyncProgress {
  postsDone: number;
  postsTotal: number;
}

interface StatusState {
  connectivity: Record<string, Connectivity>;
  sync: Record<string, SyncProgress>;
  syncPaused: boolean;
  keyWarning: string | null;
  storeRecovery: StoreRecoveryView | null;
  /** Outbox files found damaged, or that cannot be opened (see OutboxHealthBanner). */
  outboxHealth: OutboxHealth[];
  /** A key to enter again (missing or refused): shown until it is entered or its account removed. */
  keyProblem: SyncProblem | null;
  /** Any other sync problem: shown in the sync line until that account's sync works again. */
  lastProblem: SyncProblem | null;
  load: () => Promise<void>;
  setConnectivity: (value: Connectivity) => void;
  setProgress: (value: EventPayload<'sync.progress'>) => void;
  setProblem: (problem: SyncProblem) => void;
  /** The account's sync brought something (progress, comments): its last problem is over. */
  syncWorked: (accountId: string) => void;
  /** The person has read the sync line's problem. */
  dismissProblem: () => void;
  /** Keys were entered or an account removed: asks the core whether a key is still missing. */
  recheckKeyProblem: () => Promise<void>;
  /** The person has read that the store was rebuilt: hidden here, and no page is told it again. */
  acknowledgeStoreRecovery: () => Promise<void>;
  setPaused: (paused: boolean) => Promise<void>;
}

export const useStatusStore = create<StatusState>((set, get) => ({
  connectivity: {},
  sync: {},
  syncPaused: false,
  keyWarning: null,
  storeRecovery: null,
  outboxHealth: [],
  keyProblem: null,
  lastProblem: null,
  async load() {
    const result = await call('status.get', {});
    if (!result.ok) return;
    const connectivity: Record<string, Connectivity> = {};
    for (const entry of result.data.connectivity) connectivity[entry.accountId] = entry;
    const sync: Record<string, SyncProgress> = {};
    for (const entry of result.data.sync) sync[entry.profileId] = { postsDone: entry.postsDone, postsTotal: entry.postsTotal };
    set({
      connectivity,
      sync,
      syncPaused: result.data.syncPaused,
      keyWarning: result.data.keyWarning,
      storeRecovery: result.data.storeRecovery,
      outboxHealth: result.data.outboxHealth,
      // A key to enter again, found before this page listened for problems.
      keyProblem: result.data.keyProblem,
    });
  },
  setConnectivity(value) {
    set((state) => ({ connectivity: { ...state.connectivity, [value.accountId]: value } }));
  },
  setProgress(value) {
    set((state) => ({ sync: { ...state.sync, [value.profileId]: { postsDone: value.postsDone, postsTotal: value.postsTotal } } }));
    get().syncWorked(value.accountId);
  },
  setProblem(problem) {
    // A key only the person can give holds the profile: a notice with the way to Settings, not a line.
    if (problem.kind === 'auth') set({ keyProblem: problem });
    else set({ lastProblem: problem });
  },
  syncWorked(accountId) {
    if (get().lastProblem?.accountId === accountId) set({ lastProblem: null });
  },
  dismissProblem() {
    set({ lastProblem: null });
  },
  async recheckKeyProblem() {
    const result = await call('status.get', {});
    if (result.ok) set({ keyProblem: result.data.keyProblem });
  },
  async acknowledgeStoreRecovery() {
    set({ storeRecovery: null });
    await call('status.acknowledgeStoreRecovery', {});
  },
  async setPaused(paused) {
    const result = await call('sync.setPaused', { paused });
    if (result.ok) set({ syncPaused: result.data.paused });
  },
}));

/** The accounts that are offline now. */
export function offlineAccounts(connectivity: Record<string, Connectivity>): string[] {
  return Object.values(connectivity)
    .filter((entry) => !entry.online)
    .map((entry) => entry.accountId);
}
