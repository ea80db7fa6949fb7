// Triage from the list: done, read/unread, snooze, on the current row, the bulk selection, or every
// comment of the view ("select all", Shift+A); each change is applied to the list at once and its
// undo token kept for `z`.
//
// "Select all in this view" takes a snapshot (how many comments the view has, and its newest one)
// and the sweep passes it back: the core changes the rows from that newest one down, in one write,
// and refuses when more are there than were counted. Comments that arrive after the selection are
// never swept with it. No confirmation dialog: selecting is a deliberate step of its own whose bar
// says how many, and the sweep is undone with `z` like any other triage action.
import { create } from 'zustand';
import { VIEW_SWEEP_MAX } from '../../shared/domain/inbox.ts';
import { call } from '../api/bridge.ts';
import { coveredBy, pickedKeys, selectListed, viewSnapshot, type ViewSnapshot } from '../logic/selection.ts';
import { targetKeys as keysOf } from '../logic/target.ts';
import { currentTarget, inClosingSoon, type ListFilter, queryFilter, rowsOfView, useInboxStore } from './inboxStore.ts';
import { useUiStore } from './uiStore.ts';
import { fmt } from '../logic/format.ts';

export interface TriageChange {
  unread?: boolean;
  done?: boolean;
  snoozedUntil?: number | null;
}

/** One action `z` can take back: the core keeps what it changed (its change log) under the token. */
interface Undoable {
  token: string;
  keys: string[];
  label: string;
  /** Epoch ms when it was done: `z` takes back a send made after it first (undoLast.ts). */
  at: number;
}

/** Every comment of a view, as counted when it was selected: the inbox's one selection holds it. */
export type ViewSelection = ViewSnapshot;
export { coveredBy } from '../logic/selection.ts';

interface TriageState {
  history: Undoable[];
  apply: (change: TriageChange, label: string, keys?: string[]) => Promise<boolean>;
  /** Selects every comment of the current view (asks the core how many, and which is the newest). */
  selectView: () => Promise<void>;
  clearViewSelection: () => void;
  /** The change on every comment of the selected view, in one command. */
  applyToView: (change: TriageChange, label: string) => Promise<boolean>;
  undo: () => Promise<void>;
  /** An action made through another command (assign, a note): `z` takes it back with its token too. */
  remember: (action: { token: string; keys: string[]; label: string }) => void;
}

/** The list's filter as the core takes it (a search is the filter's text over every view). */
export function coreFilter(filter: ListFilter) {
  const text = filter.text.trim();
  return { ...queryFilter(filter), ...(text === '' ? {} : { text }) };
}

/** The items an action applies to: the items picked, else the open item, else the highlighted row (logic/target.ts). */
export function targetKeys(): string[] {
  return keysOf(currentTarget());
}

export const useTriageStore = create<TriageState>((set, get) => ({
  history: [],
  async apply(change, label, keys = targetKeys()) {
    if (keys.length === 0) return false;
    const inbox = useInboxStore.getState();
    inbox.patchRows(keys, change);
    if (pickedKeys(inbox.selection).length > 0) inbox.clearSelection();
    const result = await call('inbox.triage', { keys, ...change });
    if (!result.ok) {
      useUiStore.getState().showToast(`Could not change that: ${result.error.message}`);
      void useInboxStore.getState().refresh();
      return false;
    }
    set({ history: [...get().history.slice(-49), { token: result.data.undoToken, keys, label, at: Date.now() }] });
    const count = keys.length === 1 ? '' : ` (${keys.length})`;
    useUiStore.getState().showToast(`${label}${count}`, true);
    return true;
  },
  async selectView() {
    const filter = useInboxStore.getState().filter;
    const ui = useUiStore.getState();
    if (filter.view === 'outbox' && filter.text.trim() === '') {
      ui.showToast('The outbox lists replies, not comments: nothing to select here');
      return;
    }
    // Closing soon is whole as loaded (one answer, no pages) and the core's sweep has no filter for it:
    // its rows are picked as with x, and the actions change exactly those.
    if (inClosingSoon(filter)) {
      // Not a row kept only because it is open: it left the view.
      const rows = rowsOfView(useInboxStore.getState());
      if (rows.length === 0) {
        ui.showToast('Nothing to select in this view');
        return;
      }
      // The toolbar says how many are selected.
      useInboxStore.getState().setSelection(selectListed(rows));
      return;
    }
    const result = await call('inbox.viewSize', { filter: coreFilter(filter) });
    // The person moved to another view meanwhile: that is not the view they selected.
    if (useInboxStore.getState().filter !== filter) return;
    if (!result.ok) {
      ui.showToast(`Could not select this view: ${result.error.message}`);
      return;
    }
    const { count, newest } = result.data;
    if (count === 0 || newest === null) {
      ui.showToast('Nothing to select in this view');
      return;
    }
    if (count > VIEW_SWEEP_MAX) {
      ui.showToast(
        `This view has ${fmt.number(count)} comments, more than the ${fmt.number(VIEW_SWEEP_MAX)} one action may change: choose a client or a network first`,
      );
      return;
    }
    useInboxStore.getState().selectWholeView({ filter, count, newest });
  },
  clearViewSelection() {
    if (useInboxStore.getState().selection.type === 'view') useInboxStore.getState().clearSelection();
  },
  async applyToView(change, label) {
    const selection = viewSnapshot(useInboxStore.getState().selection);
    if (selection === null) return false;
    useInboxStore.getState().clearSelection();
    const inbox = useInboxStore.getState();
    const keys: string[] = [];
    for (const row of inbox.rows) if (coveredBy(selection, row)) keys.push(row.key);
    inbox.patchRows(keys, change);
    const result = await call('inbox.triageView', { filter: coreFilter(selection.filter), newest: selection.newest, count: selection.count, ...change });
    if (!result.ok) {
      useUiStore.getState().showToast(`Nothing was changed: ${result.error.message}`);
      void useInboxStore.getState().refresh();
      return false;
    }
    set({ history: [...get().history.slice(-49), { token: result.data.undoToken, keys, label, at: Date.now() }] });
    useUiStore.getState().showToast(`${label} (${fmt.number(result.data.changed)})`, true);
    void useInboxStore.getState().refresh();
    return true;
  },
  remember(action) {
    set({ history: [...get().history.slice(-49), { ...action, at: Date.now() }] });
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
    // One undo, in the core: it writes the inverse of each change the action made (where nobody
    // changed that field since), and its "item state changed" event puts the rows back (liveUpdates.ts).
    // The open item, if the undo takes it out of the view, stays and says so ("Moved by undo").
    useInboxStore.getState().noteUndo(last.keys);
    await useInboxStore.getState().refresh();
    // Back to the item the undo restored, as Gmail does: the highlight, and the pane when one is
    // open, go to it together (one target), when it is in this list.
    const first = last.keys[0];
    const inbox = useInboxStore.getState();
    if (first !== undefined && inbox.rows.some((row) => row.key === first)) inbox.selectKey(first);
    useUiStore.getState().showToast(`Undone: ${last.label.toLowerCase()}`);
  },
}));
