// The list's pure rules: newest-first order, merging a fresh first page into what is loaded,
// which rows stay in a view after a triage change, moving the selection, and grouping by post.
import type { InboxRow, InboxView } from '../../shared/domain/inbox.ts';
import type { Network } from '../../shared/networks.ts';
import { kindView } from '../kinds/kindViews.ts';

type Ordered = Pick<InboxRow, 'created' | 'key'>;

/** Newest first, ties by key descending (the store's keyset order). Negative: a comes first. */
export function compareRows(a: Ordered, b: Ordered): number {
  if (a.created !== b.created) return a.created < b.created ? 1 : -1;
  if (a.key === b.key) return 0;
  return a.key < b.key ? 1 : -1;
}

/**
 * A fresh first page replaces the loaded rows it covers; loaded rows after its last row are kept
 * (when the page had more behind it). Rows in both take the page's version.
 */
export function mergeFirstPage<R extends Ordered>(loaded: readonly R[], page: readonly R[], pageHasMore: boolean): R[] {
  if (!pageHasMore) return [...page];
  const last = page[page.length - 1];
  if (last === undefined) return [...page];
  const seen = new Set(page.map((row) => row.key));
  const rest = loaded.filter((row) => !seen.has(row.key) && compareRows(row, last) > 0);
  return [...page, ...rest];
}

/** Appends a next page, without duplicates. */
export function appendPage<R extends Ordered>(loaded: readonly R[], page: readonly R[]): R[] {
  const seen = new Set(loaded.map((row) => row.key));
  return [...loaded, ...page.filter((row) => !seen.has(row.key))];
}

/**
 * "Closing soon": conversations with an open reply window, the one that closes first first (ties by
 * key), as the core's inbox.closingSoon answers them. The person's last message opens the window.
 */
interface Closing {
  key: string;
  conversation?: { lastReceivedAt: string | null } | undefined;
}

export function compareClosing(a: Closing, b: Closing): number {
  const first = a.conversation?.lastReceivedAt ?? '';
  const second = b.conversation?.lastReceivedAt ?? '';
  if (first !== second) return first < second ? -1 : 1;
  return a.key === b.key ? 0 : a.key < b.key ? -1 : 1;
}

/** Whether a row still belongs in a view after a local change (the store's view rules). */
export function belongsToView(
  row: Pick<InboxRow, 'byAccount' | 'done' | 'hidden' | 'replied' | 'snoozedUntil' | 'unread' | 'assignee'>,
  view: InboxView | 'closingSoon',
  now: number,
  unreadOnly = false,
): boolean {
  if (unreadOnly && !row.unread) return false;
  const snoozed = row.snoozedUntil !== null && row.snoozedUntil > now;
  switch (view) {
    case 'all':
      return true;
    case 'needsReply':
      return !row.byAccount && !row.done && !row.hidden && !row.replied && !snoozed;
    case 'done':
      return row.done;
    case 'hidden':
      return row.hidden;
    case 'snoozed':
      return snoozed;
    case 'assignedToMe':
      // The list holds only this member's: one unassigned (or done, or snoozed) here leaves it.
      return row.assignee !== undefined && !row.done && !snoozed;
    case 'closingSoon':
      // Waiting for the account and not done; a snooze does not hold a window open, so it stays.
      return !row.done && !row.replied;
  }
}

/** The selection after moving by `delta`, kept inside the list. */
export function moveSelection(index: number, delta: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(length - 1, Math.max(0, index + delta));
}

/** The post a comment is on, as `${platform}:${socialPostId}`. */
export function postKeyOf(row: Pick<InboxRow, 'platform' | 'socialPostId'>): string {
  return `${row.platform}:${row.socialPostId}`;
}

/** The group a row is under when grouped by post: its publication (every network), or its kind's own group when it is on no post (the conversations'). */
export function groupKeyOf(row: Pick<InboxRow, 'platform' | 'socialPostId' | 'kind'> & { publicationKey?: string | undefined }): string {
  return kindView(row.kind).listGroup?.key ?? row.publicationKey ?? postKeyOf(row);
}

export type DisplayItem = { kind: 'header'; postKey: string; excerpt: string; count: number; networks?: readonly Network[] } | { kind: 'row'; index: number };

/**
 * The list's display items: one per row, or (grouped) the rows of each post together under a
 * header, posts in the order of their newest comment, comments newest first within a post; the
 * conversations together as one group, placed by the newest of them. A post sent to several
 * networks is one group (its publication, decision 0051; `postKey` is then the publication's key),
 * whose header names the networks its comments are on.
 */
export function displayItems(
  rows: readonly (Pick<InboxRow, 'platform' | 'socialPostId' | 'postExcerpt' | 'kind'> & { publicationKey?: string | undefined })[],
  grouped: boolean,
): DisplayItem[] {
  if (!grouped) return rows.map((_, index) => ({ kind: 'row', index }));
  const groups = new Map<string, { excerpt: string; indexes: number[]; networks: Set<Network>; onAPost: boolean }>();
  rows.forEach((row, index) => {
    const kindGroup = kindView(row.kind).listGroup;
    const key = groupKeyOf(row);
    let group = groups.get(key);
    if (!group) {
      group = { excerpt: kindGroup?.excerpt ?? row.postExcerpt, indexes: [], networks: new Set(), onAPost: kindGroup === null };
      groups.set(key, group);
    }
    if (group.excerpt === '' && group.onAPost) group.excerpt = row.postExcerpt;
    group.indexes.push(index);
    // Only a group under a post names its networks, and posts are on posting networks only.
    if (group.onAPost && row.platform !== 'gmb') group.networks.add(row.platform);
  });
  const items: DisplayItem[] = [];
  for (const [postKey, group] of groups) {
    const networks = group.onAPost ? [...group.networks] : [];
    items.push({ kind: 'header', postKey, excerpt: group.excerpt, count: group.indexes.length, ...(networks.length > 1 ? { networks } : {}) });
    for (const index of group.indexes) items.push({ kind: 'row', index });
  }
  return items;
}

/** Each item's top offset, plus the total height as the last entry. */
export function offsetsOf(items: readonly DisplayItem[], rowHeight: number, headerHeight: number): Float64Array {
  const offsets = new Float64Array(items.length + 1);
  let top = 0;
  for (let i = 0; i < items.length; i++) {
    offsets[i] = top;
    top += items[i]?.kind === 'header' ? headerHeight : rowHeight;
  }
  offsets[items.length] = top;
  return offsets;
}

/** The first item whose bottom is below `y` (binary search over the offsets). */
export function itemAt(offsets: Float64Array, y: number): number {
  const count = offsets.length - 1;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid + 1] ?? 0) <= y) low = mid + 1;
    else high = mid;
  }
  return Math.max(0, low);
}

/** The items to render for a viewport, with overscan: [start, end). */
export function visibleRange(offsets: Float64Array, scrollTop: number, viewportHeight: number, overscan = 6): { start: number; end: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const first = itemAt(offsets, Math.max(0, scrollTop));
  const last = itemAt(offsets, Math.max(0, scrollTop + viewportHeight - 1));
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) };
}

/** The scrollTop that brings an item into view, or null when it already is. */
export function scrollToReveal(offsets: Float64Array, index: number, scrollTop: number, viewportHeight: number): number | null {
  const top = offsets[index] ?? 0;
  const bottom = offsets[index + 1] ?? top;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return bottom - viewportHeight;
  return null;
}
