// The sidebar's counts, per client and over all, kept live by inbox.countsChanged.
import { create } from 'zustand';
import type { InboxCounts } from '../../shared/domain/inbox.ts';
import { call } from '../api/bridge.ts';

interface CountsState {
  counts: InboxCounts | null;
  load: () => Promise<void>;
  set: (counts: InboxCounts) => void;
}

export const useCountsStore = create<CountsState>((set) => ({
  counts: null,
  async load() {
    const result = await call('inbox.counts', {});
    if (result.ok) set({ counts: result.data });
  },
  set(counts) {
    set({ counts });
  },
}));
