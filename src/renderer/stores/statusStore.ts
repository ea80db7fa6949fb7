// Connectivity per account and sync progress per profile, for the offline bar and the sync line.
import { create } from 'zustand';
import type { Connectivity, StoreRecoveryView } from '../../shared/domain/status.ts';
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
  lastProblem: string | null;
  load: () => Promise<void>;
  setConnectivity: (value: Connectivity) => void;
  setProgress: (value: EventPayload<'sync.progress'>) => void;
  setProblem: (message: string | null) => void;
  setPaused: (paused: boolean) => Promise<void>;
}

export const useStatusStore = create<StatusState>((set) => ({
  connectivity: {},
  sync: {},
  syncPaused: false,
  keyWarning: null,
  storeRecovery: null,
  outboxHealth: [],
  lastProblem: null,
  async load() {
    const result = await call('status.get', {});
    if (!result.ok) return;
    const connectivity: Record<string, Connectivity> = {};
    for (const entry of result.data.connectivity) connectivity[entry.accountId] = entry;
    const sync: Record<string, SyncProgress> = {};
    for (const entry of result.data.sync) sync[entry.profileId] = { postsDone: entry.postsDone, postsTotal: entry.postsTotal };
    set({ connectivity, sync, syncPaused: result.data.syncPaused, keyWarning: result.data.keyWarning, storeRecovery: result.data.storeRecovery, outboxHealth: result.data.outboxHealth });
    // A key to enter again, found before this page listened for problems.
    if (result.data.keyProblem) set({ lastProblem: result.data.keyProblem.message });
  },
  setConnectivity(value) {
    set((state) => ({ connectivity: { ...state.connectivity, [value.accountId]: value } }));
  },
  setProgress(value) {
    set((state) => ({ sync: { ...state.sync, [value.profileId]: { postsDone: value.postsDone, postsTotal: value.postsTotal } } }));
  },
  setProblem(message) {
    set({ lastProblem: message });
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
