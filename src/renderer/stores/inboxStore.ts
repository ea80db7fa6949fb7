// The list: its filter, the loaded rows (keyset pages, newest first), the current row, the one
// selection (logic/selection.ts) and the open comment or conversation. Rows load a page at a time as the list scrolls;
// a change elsewhere (new comments or messages, a triage) refreshes the first page and merges,
// keeping the place. "Closing soon" is one answer of the core (no pages), soonest window first.
//
// One target (issue 27, logic/target.ts): while an item is open the highlight is on its row, and
// its row stays in the list when a change takes it out of the view (`kept`), until the person
// moves. `j`/`k` move both.
import { create } from 'zustand';
import type { InboxRow, InboxView, InboxCursor } from '../../shared/domain/inbox.ts';
import { call } from '../api/bridge.ts';
import { afterNextFrame } from './afterFrame.ts';
import { useOutboxStore } from './outboxStore.ts';
import type { ListFilter } from '../logic/listFilter.ts';
import { NO_SELECTION } from '../logic/selection.ts';
import { createSelectionSlice, type SelectionSlice } from './selectionSlice.ts';
import { appendPage, belongsToView, compareClosing, compareRows, displayItems, mergeFirstPage, moveSelection, type DisplayItem } from '../logic/listState.ts';
import { actionTarget, highlightOf, keepOpenRow, oneItem, type ActionTarget } from '../logic/target.ts';

export type { ListFilter, ListView } from '../logic/listFilter.ts';

export const PAGE_SIZE = 200;

/** The list's state, and (as a slice of the same store) its selection, so one set changes both. */
export interface InboxState extends SelectionSlice {
  filter: ListFilter;
  rows: InboxRow[];
  next: InboxCursor | null;
  loading: boolean;
  /** The first page of the current filter has arrived. */
  ready: boolean;
  error: string | null;
  grouped: boolean;
  items: DisplayItem[];
  /** Row indexes in display order (the order j/k walk). */
  order: number[];
  /** Position in `order` of the current row: the open item's while it is in the list. */
  cursor: number;
  /** The open comment or conversation, or null: the target of every action (logic/target.ts). */
  openKey: string | null;
  /** The item the pane shows: the open one, a frame later while `j`/`k` walk (the pane's render waits for the frame after the key's). */
  shownKey: string | null;
  /** The open item's key when its row is in the list only because it is open (it left the view): the row and the pane say why. */
  kept: string | null;
  /** The open item an undo took out of the view ("Moved by undo"), until it is left. */
  movedByUndo: string | null;

  setFilter: (patch: Partial<ListFilter>) => void;
  setGrouped: (grouped: boolean) => void;
  loadFirst: () => Promise<void>;
  loadMore: () => Promise<void>;
  refresh: () => Promise<void>;
  /** j/k: moves the current row; an open thread follows it after the frame (followOpen). */
  move: (delta: number) => void;
  selectPosition: (position: number) => void;
  selectKey: (key: string) => void;
  open: (key: string | null) => void;
  /** An undo took these items back: the open one, if it leaves the view, says so. */
  noteUndo: (keys: readonly string[]) => void;
  /** For handlers and effects: the filter now, whether this item is the open one now. */
  filterNow: () => ListFilter;
  isOpen: (key: string) => boolean;
  /** The row's key at this position of the list's order, or null. */
  keyAt: (position: number) => string | null;
  /** The item after this one as the list is ordered now (or the one before, at the end); null when alone. */
  keyAfter: (key: string) => string | null;
  /** Takes a row out of the loaded list (a deleted comment); the next row takes its place. */
  dropRow: (key: string) => void;
  /** A listed row takes the state the core just gave for its item (the open item's, read by the pane). */
  refreshRow: (row: InboxRow) => void;
  /** Applies a local change to rows; rows that leave the view are dropped, the cursor stays in place. */
  patchRows: (keys: readonly string[], patch: Partial<InboxRow>) => void;
}

let generation = 0;
let followPending = false;

/** A row's state, which the core may change under it (a teammate, the sync, an undo). */
const ROW_STATE_FIELDS = ['unread', 'done', 'snoozedUntil', 'replied', 'hidden', 'byAccount', 'assignee'] as const;

/** The order rows sort in, in this list (Closing soon by its windows). */
function compareFor(filter: ListFilter): (a: InboxRow, b: InboxRow) => number {
  return inClosingSoon(filter) ? compareClosing : compareRows;
}

/**
 * The list's rows after a change, arranged by the one-target rule: the open row kept where it sorts
 * if the change took it out, the highlight on it. `fallback`: the cursor when nothing open is listed.
 */
function arranged(state: InboxState, next: InboxRow[], fallback: number) {
  const { rows, kept } = keepOpenRow(next, state.rows, state.openKey, compareFor(state.filter));
  const ordered = withOrder(rows, state.grouped);
  return { rows, ...ordered, cursor: highlightOf(rows, ordered.order, state.openKey, fallback), kept: kept ? state.openKey : null };
}

/** What opening `key` changes: a row kept only for the item open before leaves, the highlight goes to the new one. */
function opened(state: InboxState, key: string | null) {
  const dropped = state.kept !== null && state.kept !== key ? state.rows.filter((row) => row.key !== state.kept) : state.rows;
  const ordered = dropped === state.rows ? { items: state.items, order: state.order } : withOrder(dropped, state.grouped);
  // Without a kept row the positions after it move up one: the cursor stays on the row it was on.
  const current = state.rows[state.order[state.cursor] ?? -1]?.key;
  const fallback = current === undefined ? state.cursor : ordered.order.findIndex((index) => dropped[index]?.key === current);
  return {
    openKey: key,
    rows: dropped,
    ...ordered,
    cursor: highlightOf(dropped, ordered.order, key, fallback < 0 ? state.cursor : fallback),
    kept: state.kept === key ? state.kept : null,
    movedByUndo: state.movedByUndo === key ? key : null,
  };
}

function withOrder(rows: InboxRow[], grouped: boolean): { items: DisplayItem[]; order: number[] } {
  const items = displayItems(rows, grouped);
  const order: number[] = [];
  for (const item of items) if (item.kind === 'row') order.push(item.index);
  return { items, order };
}

/**
 * The loaded rows that are the view's own: all but a row kept only because its item is open (it
 * left the view). What counts or selects "this view" uses these, so the kept row is neither a
 * search result nor an item of Closing soon.
 */
export function rowsOfView(state: Pick<InboxState, 'rows' | 'kept'>): InboxRow[] {
  return state.kept === null ? state.rows : state.rows.filter((row) => row.key !== state.kept);
}

/** How many rows rowsOfView holds, without building the array (for a store selector). */
export function countOfView(state: Pick<InboxState, 'rows' | 'kept'>): number {
  const kept = state.kept;
  return kept !== null && state.rows.some((row) => row.key === kept) ? state.rows.length - 1 : state.rows.length;
}

/** Whether the list shows "Closing soon" (a search shows search results instead). */
export function inClosingSoon(filter: Pick<ListFilter, 'view' | 'text'>): boolean {
  return filter.view === 'closingSoon' && filter.text.trim() === '';
}

/** The core's filter of a list (its search text goes separately, to inbox.search). */
export function queryFilter(filter: ListFilter) {
  return {
    ...(filter.profileId ? { profileIds: [filter.profileId] } : {}),
    ...(filter.platform ? { platforms: [filter.platform] } : {}),
    ...(filter.unreadOnly ? { unreadOnly: true } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
    view: filter.text.trim() !== '' || filter.view === 'outbox' || filter.view === 'closingSoon' ? ('all' as const) : filter.view,
  };
}

/** The core has no network or unread filter for "Closing soon": the few rows are narrowed here. */
async function fetchClosingSoon(filter: ListFilter) {
  const result = await call('inbox.closingSoon', filter.profileId ? { profileIds: [filter.profileId] } : {});
  if (!result.ok) return result;
  const rows = result.data.rows.filter((row) => (!filter.platform || row.platform === filter.platform) && (!filter.unreadOnly || row.unread));
  return { ok: true as const, data: { rows, next: null } };
}

async function fetchPage(filter: ListFilter, cursor: InboxCursor | null, limit = PAGE_SIZE) {
  const text = filter.text.trim();
  if (inClosingSoon(filter)) return fetchClosingSoon(filter);
  return text !== ''
    ? call('inbox.search', { filter: queryFilter(filter), cursor, limit, text })
    : call('inbox.page', { filter: queryFilter(filter), cursor, limit });
}

export const useInboxStore = create<InboxState>()((set, get, store) => ({
  ...createSelectionSlice(set, get, store),
  filter: { view: 'needsReply', profileId: null, platform: null, unreadOnly: false, kind: null, text: '' },
  rows: [],
  next: null,
  loading: false,
  ready: false,
  error: null,
  grouped: false,
  items: [],
  order: [],
  cursor: 0,
  openKey: null,
  shownKey: null,
  kept: null,
  movedByUndo: null,

  setFilter(patch) {
    const filter = { ...get().filter, ...patch };
    const closes = patch.view !== undefined || patch.profileId !== undefined;
    set({ filter, cursor: 0, selection: NO_SELECTION, ...(closes ? { openKey: null, shownKey: null, kept: null, movedByUndo: null } : {}) });
    void get().loadFirst();
  },

  setGrouped(grouped) {
    const { rows } = get();
    const current = get().rows[get().order[get().cursor] ?? -1]?.key;
    const next = withOrder(rows, grouped);
    const position =
      current === undefined
        ? 0
        : Math.max(
            0,
            next.order.findIndex((index) => rows[index]?.key === current),
          );
    set({ grouped, ...next, cursor: highlightOf(rows, next.order, get().openKey, position) });
  },

  async loadFirst() {
    const mine = ++generation;
    const filter = get().filter;
    if (filter.view === 'outbox' && filter.text.trim() === '') {
      set({ rows: [], next: null, items: [], order: [], loading: false, ready: true, error: null });
      return;
    }
    set({ loading: true, error: null });
    const result = await fetchPage(filter, null);
    if (mine !== generation) return;
    if (!result.ok) {
      set({ loading: false, ready: true, error: result.error.message, rows: [], next: null, items: [], order: [] });
      return;
    }
    // A filter that leaves out the open item keeps its row, marked, until the person moves.
    set({ next: result.data.next, loading: false, ready: true, ...arranged(get(), result.data.rows, 0) });
  },

  async loadMore() {
    const { next, loading, filter } = get();
    if (next === null || loading) return;
    const mine = generation;
    set({ loading: true });
    const result = await fetchPage(filter, next);
    if (mine !== generation) return;
    if (!result.ok) {
      set({ loading: false, error: result.error.message });
      return;
    }
    const rows = appendPage(get().rows, result.data.rows);
    set({ rows, next: result.data.next, loading: false, ...withOrder(rows, get().grouped) });
  },

  async refresh() {
    const filter = get().filter;
    if (filter.view === 'outbox' && filter.text.trim() === '') return;
    const mine = generation;
    const result = await fetchPage(filter, null);
    if (mine !== generation || !result.ok) return;
    const state = get();
    const currentKey = state.rows[state.order[state.cursor] ?? -1]?.key;
    const merged = mergeFirstPage(state.rows, result.data.rows, result.data.next !== null);
    // A comment answered from here stays in place (showing its reply's state) until the view is
    // left, even once the answer takes it out of the view: rows never vanish under the cursor.
    // Closing soon is the exception once the answer is sent: the list of what is urgent drops it.
    const answered = useOutboxStore.getState().byComment;
    const present = new Set(merged.map((row) => row.key));
    const last = merged[merged.length - 1];
    const closing = inClosingSoon(filter);
    const sticky = state.rows.filter(
      (row) =>
        !present.has(row.key) &&
        answered[row.key] !== undefined &&
        !(closing && answered[row.key]?.state === 'sent') &&
        (result.data.next === null || last === undefined || compareRows(row, last) < 0),
    );
    const listed = sticky.length === 0 ? merged : [...merged, ...sticky].sort(closing ? compareClosing : compareRows);
    const next = listed.length > result.data.rows.length ? state.next : result.data.next;
    const fallbackOrder = withOrder(listed, state.grouped).order;
    let cursor = currentKey === undefined ? 0 : fallbackOrder.findIndex((index) => listed[index]?.key === currentKey);
    if (cursor < 0) cursor = Math.min(state.cursor, Math.max(0, fallbackOrder.length - 1));
    // The open item stays where it was even when the change took it out (a teammate answered it).
    set({ next, ...arranged(state, listed, cursor) });
  },

  move(delta) {
    const state = get();
    const position = moveSelection(state.cursor, delta, state.order.length);
    if (position >= state.order.length - 30) void get().loadMore();
    if (state.openKey === null) {
      if (position !== state.cursor) set({ cursor: position });
      return;
    }
    // One target: the open item moves with the highlight, at once (what the next key acts on).
    const key = state.rows[state.order[position] ?? -1]?.key ?? null;
    if (key === null || key === state.openKey) return;
    set(opened(state, key));
    // The pane follows after the frame: showing another item re-renders the screen around the list
    // (the thread pane, the app's layout), which would not fit in the frame that shows the new
    // highlight. Presses before it runs share one.
    if (!followPending) {
      followPending = true;
      afterNextFrame(() => {
        followPending = false;
        const now = get();
        if (now.shownKey !== now.openKey) set({ shownKey: now.openKey });
      });
    }
  },

  selectPosition(position) {
    const state = get();
    // While an item is open the highlight is its: a click opens the row (actions.openAt).
    set({ cursor: highlightOf(state.rows, state.order, state.openKey, moveSelection(position, 0, state.order.length)) });
  },

  selectKey(key) {
    const state = get();
    // One target: with an item open, the row to highlight is the one to open.
    if (state.openKey !== null) {
      if (state.openKey !== key) state.open(key);
      return;
    }
    const position = state.order.findIndex((index) => state.rows[index]?.key === key);
    if (position >= 0) set({ cursor: position });
  },

  open(key) {
    set({ ...opened(get(), key), shownKey: key });
  },

  noteUndo(keys) {
    const { openKey } = get();
    if (openKey !== null && keys.includes(openKey)) set({ movedByUndo: openKey });
  },

  filterNow() {
    return get().filter;
  },

  isOpen(key) {
    return get().openKey === key;
  },

  keyAt(position) {
    const { rows, order } = get();
    return rows[order[position] ?? -1]?.key ?? null;
  },

  keyAfter(key) {
    const { rows, order } = get();
    const position = order.findIndex((index) => rows[index]?.key === key);
    if (position < 0) return null;
    const after = order[position + 1] ?? order[position - 1];
    return after === undefined ? null : (rows[after]?.key ?? null);
  },

  dropRow(key) {
    const state = get();
    const rows = state.rows.filter((row) => row.key !== key);
    if (rows.length === state.rows.length) return;
    const ordered = withOrder(rows, state.grouped);
    set({
      rows,
      ...ordered,
      cursor: Math.min(state.cursor, Math.max(0, ordered.order.length - 1)),
      ...(state.openKey === key ? { openKey: null, shownKey: null, kept: null, movedByUndo: null } : {}),
    });
  },

  refreshRow(fresh) {
    const listed = get().rows.find((row) => row.key === fresh.key);
    if (listed === undefined) return;
    const patch: Partial<InboxRow> = {};
    for (const field of ROW_STATE_FIELDS) if (listed[field] !== fresh[field]) Object.assign(patch, { [field]: fresh[field] });
    if (Object.keys(patch).length > 0) get().patchRows([fresh.key], patch);
  },

  patchRows(keys, patch) {
    const wanted = new Set(keys);
    const state = get();
    const now = Date.now();
    const searching = state.filter.text.trim() !== '';
    const view: InboxView | 'closingSoon' = searching || state.filter.view === 'outbox' ? 'all' : state.filter.view;
    const currentKey = state.rows[state.order[state.cursor] ?? -1]?.key;
    const rows: InboxRow[] = [];
    let kept = state.kept;
    for (const row of state.rows) {
      if (!wanted.has(row.key)) {
        rows.push(row);
        continue;
      }
      const changed = { ...row, ...patch };
      const belongs = belongsToView(changed, view, now, state.filter.unreadOnly);
      // The open item's row stays, marked, until the person moves on (one target).
      if (belongs || row.key === state.openKey) rows.push(changed);
      if (row.key === state.openKey) kept = belongs ? null : row.key;
    }
    const ordered = withOrder(rows, state.grouped);
    let fallback = currentKey === undefined ? 0 : ordered.order.findIndex((index) => rows[index]?.key === currentKey);
    // The current row left the view: the next one takes its place ("done, and move on").
    if (fallback < 0) fallback = Math.min(state.cursor, Math.max(0, ordered.order.length - 1));
    const cursor = highlightOf(rows, ordered.order, state.openKey, fallback);
    set({ rows, ...ordered, cursor, kept });
    if (cursor >= ordered.order.length - 30) void get().loadMore();
  },
}));

/** The current row, or null. */
export function currentRow(state: Pick<InboxState, 'rows' | 'order' | 'cursor'>): InboxRow | null {
  return state.rows[state.order[state.cursor] ?? -1] ?? null;
}

/** What an action acts on now: the items picked, else the open item, else the highlighted row (logic/target.ts). */
export function currentTarget(state: InboxState = useInboxStore.getState()): ActionTarget {
  return actionTarget(state);
}

/** The one item an action on a single item acts on (the open one, else the highlighted row), or null. */
export function targetItemKey(state: InboxState = useInboxStore.getState()): string | null {
  return oneItem(state);
}

/** That item's row in the list, or null (an item opened from elsewhere may not be listed). */
export function targetRow(state: InboxState = useInboxStore.getState()): InboxRow | null {
  const key = oneItem(state);
  return key === null ? null : (state.rows.find((row) => row.key === key) ?? null);
}
