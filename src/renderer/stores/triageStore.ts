// Triage from the list: done, read/unread, snooze, on the current row or the bulk selection; each
// change is applied to the list at once and its undo token kept for `z`.
import { create } from 'zustand';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { call } from '../api/bridge.ts';
import { currentRow, useInboxStore } from './inboxStore.ts';
import { useUiStore } from './uiStore.ts';

export interface TriageChange {
  unread?: boolean;
  done?: boolean;
  snoozedUntil?: number | null;
}

interface Undoable {
  token: string;
  keys: string[];
  before: Record<string, Pick<InboxRow, 'unread' | 'done' | 'snoozedUntil'>>;
  label: string;
}

interface TriageState {
  history: Undoable[];
  apply(change: TriageChange, label: string, keys?: string[]): Promise<boolean>;
  undo(): Promise<void>;
}

/** The rows an action applies to: the bulk selection when there is one, else the current row. */
export function targetKeys(): string[] {
  const state = useInboxStore.getState();
  const checked = Object.keys(state.checked);
  if (checked.length > 0) return checked;
  const row = currentRow(state);
  return row ? [row.key] : [];
}

export const useTriageStore = create<TriageState>((set, get) => ({
  history: [],
  async apply(change, label, keys = targetKeys()) {
    if (keys.length === 0) return false;
    const inbox = useInboxStore.getState();
    const before: Undoable['before'] = {};
    for (const row of inbox.rows) if (keys.includes(row.key)) before[row.key] = { unread: row.unread, done: row.done, snoozedUntil: row.snoozedUntil };
    inbox.patchRows(keys, change);
    if (Object.keys(inbox.checked).length > 0) inbox.clearChecked();
    const result = await call('inbox.triage', { keys, ...change });
    if (!result.ok) {
      useUiStore.getState().showToast(`Could not change that: ${result.error.message}`);
      void useInboxStore.getState().refresh();
      return false;
    }
    set({ history: [...get().history.slice(-49), { token: result.data.undoToken, keys, before, label }] });
    const count = keys.length === 1 ? '' : ` (${keys.length})`;
    useUiStore.getState().showToast(`${label}${count}`, true);
    return true;
  },
  async undo() {
    const last = get().history[get().history.length - 1];
    if (!last) {
      useUiStore.getState().showToast('Nothing to undo');
      return;
    }
    set({ history: get().history.slice(0, -1) });
    const result = await call('inbox.undoTriage', { undoToken: last.token });
    if (!result.ok) {
      useUiStore.getState().showToast(`Could not undo: ${result.error.message}`);
      return;
    }
    for (const key of last.keys) {
      const before = last.before[key];
      if (before) useInboxStore.getState().patchRows([key], before);
    }
    await useInboxStore.getState().refresh();
    const first = last.keys[0];
    if (first !== undefined) useInboxStore.getState().selectKey(first);
    useUiStore.getState().showToast(`Undone: ${last.label.toLowerCase()}`);
  },
}));
