// Every reply in the outbox, by id, kept live by outbox.changed: the rows, the thread and the
// Outbox view all read their state from here, so a state shows the same everywhere.
import { create } from 'zustand';
import type { EventPayload } from '../../shared/bridge/contract.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { call, on } from '../api/bridge.ts';
import { useUiStore } from './uiStore.ts';
import { heldToast } from '../logic/heldWords.ts';
import { taskWordsOf } from '../kinds/kindViews.ts';
import { usePresenceStore } from './presenceStore.ts';

interface OutboxState {
  items: Record<string, OutboxItemView>;
  /** The newest live item per comment key (cancelled ones aside). */
  byComment: Record<string, OutboxItemView>;
  /** The reply or message sent last from this page, and when: `z` takes it back inside its undo window (undoLast.ts). */
  lastSent: { id: string; at: number } | null;
  sentNow: (id: string) => void;
  load: () => Promise<void>;
  put: (item: OutboxItemView) => void;
  apply: (change: EventPayload<'outbox.changed'>) => void;
  /** Retry, cancel or remove a reply; a refusal is said in the toast. */
  act: (command: 'outbox.retry' | 'outbox.cancel' | 'outbox.remove' | 'outbox.sendAnyway', id: string) => Promise<void>;
}

function indexByComment(items: Record<string, OutboxItemView>): Record<string, OutboxItemView> {
  const result: Record<string, OutboxItemView> = {};
  // Oldest first: the newest answer speaks for its item, and a removal that went takes back those before it.
  for (const item of Object.values(items).sort((a, b) => a.created - b.created)) {
    if (item.state === 'cancelled') continue;
    if (!taskWordsOf(item.kind).carriesText) {
      // A reply's removal (decision 0086): until it went, the reply it removes still stands.
      if (item.state === 'sent') delete result[item.answers];
      continue;
    }
    result[item.answers] = item;
  }
  return result;
}

export const useOutboxStore = create<OutboxState>((set) => ({
  items: {},
  byComment: {},
  lastSent: null,
  sentNow(id) {
    set({ lastSent: { id, at: Date.now() } });
  },
  async load() {
    const result = await call('outbox.list', {});
    if (!result.ok) return;
    const items: Record<string, OutboxItemView> = {};
    for (const item of result.data.items) items[item.id] = item;
    set({ items, byComment: indexByComment(items) });
  },
  put(item) {
    set((state) => {
      const existing = state.items[item.id];
      // Events and answers can cross: keep the newer of the two.
      if (existing && existing.updated > item.updated) return state;
      const items = { ...state.items, [item.id]: item };
      return { items, byComment: indexByComment(items) };
    });
  },
  apply(change) {
    if (change.kind === 'removed') {
      set((state) => {
        const items = { ...state.items };
        delete items[change.id];
        return { items, byComment: indexByComment(items) };
      });
      return;
    }
    useOutboxStore.getState().put(change.item);
  },
  async act(command, id) {
    const result = await call(command, { id });
    if (!result.ok) useUiStore.getState().showToast(result.error.message);
    else if ('item' in result.data) useOutboxStore.getState().put(result.data.item);
  },
}));

/**
 * Every reply's state, kept live (stores/liveUpdates.ts starts this). A reply of yours held by the
 * team (or offered again) is said where you are, with Open (issue 27): the toast reads who "you"
 * are from the presence store, the one other store this reads.
 */
export function listenForOutbox(): (() => void)[] {
  return [
    on('outbox.changed', (change) => {
      const before = change.kind === 'removed' ? undefined : useOutboxStore.getState().items[change.item.id];
      useOutboxStore.getState().apply(change);
      if (change.kind === 'removed') return;
      const held = heldToast(before, change.item, usePresenceStore.getState().me);
      if (held !== null) useUiStore.getState().showToast(held, false, change.item.answers);
    }),
  ];
}
