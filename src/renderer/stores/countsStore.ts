// The sidebar's counts, per client and over all, kept live by inbox.countsChanged. They count what
// the All / Comments / Messages / Reviews switch shows: the event carries All's counts (the
// tray's), so with the switch on one kind a change is read again for that kind. The Outbox shows no
// switch: there the counts are of All (issue 27: with Messages chosen before, every badge
// vanished in the Outbox while no message was fetched, though comments waited).
import { create } from 'zustand';
import type { InboxCounts, InboxItemKind } from '../../shared/domain/inbox.ts';
import type { ListFilter } from '../logic/listFilter.ts';

/** The kind the sidebar counts for a list filter: the switch's, except in the Outbox, which has none. */
export function countedKindOf(filter: Pick<ListFilter, 'view' | 'kind'>): InboxItemKind | null {
  return filter.view === 'outbox' ? null : filter.kind;
}
import { call, on } from '../api/bridge.ts';
import { useInboxStore } from './inboxStore.ts';

interface CountsState {
  counts: InboxCounts | null;
  /** The kind counted; null: both. */
  kind: InboxItemKind | null;
  load: () => Promise<void>;
  /** Counts of both kinds, as the core's event has them. */
  set: (counts: InboxCounts) => void;
  setKind: (kind: InboxItemKind | null) => void;
}

export const useCountsStore = create<CountsState>((set, get) => ({
  counts: null,
  kind: null,
  async load() {
    const kind = get().kind;
    const result = await call('inbox.counts', kind === null ? {} : { kind });
    // A switch moved on while this was read: its own read sets the counts.
    if (result.ok && get().kind === kind) set({ counts: result.data });
  },
  set(counts) {
    if (get().kind === null) set({ counts });
    else void get().load();
  },
  setKind(kind) {
    if (get().kind === kind) return;
    set({ kind });
    void get().load();
  },
}));

/**
 * The counts' own events (stores/liveUpdates.ts starts them): the core's new counts, an account
 * added or removed. The one read of another store: the sidebar counts what the list's
 * All / Comments / Messages / Reviews switch shows, and that switch is the list's filter.
 */
export function listenForCounts(): (() => void)[] {
  return [
    useInboxStore.subscribe((state) => useCountsStore.getState().setKind(countedKindOf(state.filter))),
    on('inbox.countsChanged', (counts) => useCountsStore.getState().set(counts)),
    on('accounts.changed', () => void useCountsStore.getState().load()),
  ];
}
