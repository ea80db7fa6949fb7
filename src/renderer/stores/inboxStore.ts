// The list: its filter, the loaded rows (keyset pages, newest first), the current row, the one
// selection (logic/selection.ts) and the open comment or conversation. Rows load a page at a time as the list scrolls;
// a change elsewhere (new comments or messages, a triage) refreshes the first page and merges,
// keeping the place. "Closing soon" is one answer of the core (no pages), soonest window first.
import { create } from 'zustand';
import type { InboxRow, InboxView, InboxCursor } from '../../shared/domain/inbox.ts';
import { call } from '../api/bridge.ts';
import { afterNextFrame } from './afterFrame.ts';
import { useOutboxStore } from './outboxStore.ts';
import type { ListFilter } from '../logic/listFilter.ts';
import { NO_SELECTION } from '../logic/selection.ts';
import { createSelectionSlice, type SelectionSlice } from './selectionSlice.ts';
import { appendPage, belongsToView, compareClosing, compareRows, displayItems, mergeFirstPage, moveSelection, type DisplayItem } from '../logic/listState.ts';

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
  /** Position in `order` of the current row. */
  cursor: number;
  /** The comment whose thread is open, or null. */
  openKey: string | null;

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
  /** For handlers and effects: the filter now, whether this item is the open one now. */
  filterNow: () => ListFilter;
  isOpen: (key: string) => boolean;
  /** The row's key at this position of the list's order, or null. */
  keyAt: (position: number) => string | null;
  /** The item after this one as the list is ordered now (or the one before, at the end); null when alone. */
  keyAfter: (key: string) => string | null;
  /** Takes a row out of the loaded list (a deleted comment); the next row takes its place. */
  dropRow: (key: string) => void;
  /** Applies a local change to rows; rows that leave the view are dropped, the cursor stays in place. */
  patchRows: (keys: readonly string[], patch: Partial<InboxRow>) => void;
}

let generation = 0;
let followPending = false;

function withOrder(rows: InboxRow[], grouped: boolean): { items: DisplayItem[]; order: number[] } {
  const items = displayItems(rows, grouped);
  const order: number[] = [];
  for (const item of items) if (item.kind === 'row') order.push(item.index);
  return { items, order };
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

  setFilter(patch) {
    const filter = { ...get().filter, ...patch };
    set({ filter, cursor: 0, selection: NO_SELECTION, ...(patch.view !== undefined || patch.profileId !== undefined ? { openKey: null } : {}) });
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
    set({ grouped, ...next, cursor: position });
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
    const rows = result.data.rows;
    set({ rows, next: result.data.next, loading: false, ready: true, cursor: 0, ...withOrder(rows, get().grouped) });
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
    const rows = sticky.length === 0 ? merged : [...merged, ...sticky].sort(closing ? compareClosing : compareRows);
    const next = rows.length > result.data.rows.length ? state.next : result.data.next;
    const ordered = withOrder(rows, state.grouped);
    let cursor = currentKey === undefined ? 0 : ordered.order.findIndex((index) => rows[index]?.key === currentKey);
    if (cursor < 0) cursor = Math.min(state.cursor, Math.max(0, ordered.order.length - 1));
    set({ rows, next, ...ordered, cursor });
  },

  move(delta) {
    const { cursor, order } = get();
    const position = moveSelection(cursor, delta, order.length);
    if (position !== cursor) set({ cursor: position });
    if (position >= order.length - 30) void get().loadMore();
    // The open thread follows the current row, but not within the key press: opening another
    // comment re-renders the screen around the list (the thread pane, the app's layout), which
    // would not fit in the frame that shows the new selection. Presses before it runs share one.
    if (get().openKey !== null && !followPending) {
      followPending = true;
      afterNextFrame(() => {
        followPending = false;
        const state = get();
        if (state.openKey === null) return;
        const key = currentRow(state)?.key ?? null;
        if (key !== state.openKey) state.open(key);
      });
    }
  },

  selectPosition(position) {
    set({ cursor: moveSelection(position, 0, get().order.length) });
  },

  selectKey(key) {
    const { rows, order } = get();
    const position = order.findIndex((index) => rows[index]?.key === key);
    if (position >= 0) set({ cursor: position });
  },

  open(key) {
    set({ openKey: key });
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
    set({ rows, ...ordered, cursor: Math.min(state.cursor, Math.max(0, ordered.order.length - 1)), openKey: null });
  },

  patchRows(keys, patch) {
    const wanted = new Set(keys);
    const state = get();
    const now = Date.now();
    const searching = state.filter.text.trim() !== '';
    const view: InboxView | 'closingSoon' = searching || state.filter.view === 'outbox' ? 'all' : state.filter.view;
    const currentKey = state.rows[state.order[state.cursor] ?? -1]?.key;
    const rows: InboxRow[] = [];
    for (const row of state.rows) {
      if (!wanted.has(row.key)) {
        rows.push(row);
        continue;
      }
      const changed = { ...row, ...patch };
      if (belongsToView(changed, view, now, state.filter.unreadOnly)) rows.push(changed);
    }
    const ordered = withOrder(rows, state.grouped);
    let cursor = currentKey === undefined ? 0 : ordered.order.findIndex((index) => rows[index]?.key === currentKey);
    // The current row left the view: the next one takes its place ("done, and move on").
    if (cursor < 0) cursor = Math.min(state.cursor, Math.max(0, ordered.order.length - 1));
    set({ rows, ...ordered, cursor });
    if (cursor >= ordered.order.length - 30) void get().loadMore();
  },
}));

/** The current row, or null. */
export function currentRow(state: Pick<InboxState, 'rows' | 'order' | 'cursor'>): InboxRow | null {
  return state.rows[state.order[state.cursor] ?? -1] ?? null;
}
