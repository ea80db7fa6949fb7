// The one selection of the list: nothing, items picked one by one (x), a whole view as counted when
// it was selected (Shift A), or the items of one publication (a post on several networks, for
// "Group by post"). One value, so picking an item ends a view's selection and a new filter ends
// either, without two stores kept in step.
import type { InboxCursor, InboxRow } from '../../shared/domain/inbox.ts';
import type { ListFilter } from './listFilter.ts';
import { compareRows, groupKeyOf } from './listState.ts';
import { kindView } from '../kinds/kindViews.ts';

/** Every comment of a view, as counted when it was selected. */
export interface ViewSnapshot {
  /** The list's filter then: another filter ends the selection. */
  filter: ListFilter;
  count: number;
  /** The newest comment of the view then: the sweep's bound. */
  newest: InboxCursor;
}

export type Selection =
  | { type: 'none' }
  | { type: 'items'; keys: Readonly<Record<string, true>> }
  | { type: 'view'; snapshot: ViewSnapshot }
  | { type: 'publication'; publicationKey: string; keys: Readonly<Record<string, true>> };

export const NO_SELECTION: Selection = { type: 'none' };

/** The keys picked (items, or a publication's); none for a view, whose rows are its snapshot's. */
export function pickedKeys(selection: Selection): string[] {
  return selection.type === 'items' || selection.type === 'publication' ? Object.keys(selection.keys) : [];
}

export function isPicked(selection: Selection, key: string): boolean {
  return (selection.type === 'items' || selection.type === 'publication') && selection.keys[key] === true;
}

/** x on a row: picked or not; picking one by one ends a view's or a publication's selection. */
export function toggleItem(selection: Selection, key: string): Selection {
  const keys: Record<string, true> = selection.type === 'items' ? { ...selection.keys } : {};
  if (keys[key]) delete keys[key];
  else keys[key] = true;
  return Object.keys(keys).length === 0 ? NO_SELECTION : { type: 'items', keys };
}

/**
 * Every row of a list that is whole as loaded (Closing soon: one answer of the core, no pages),
 * picked as if with x: the core's view sweep cannot bound such a list, and it needs none.
 */
export function selectListed(rows: readonly Pick<InboxRow, 'key'>[]): Selection {
  if (rows.length === 0) return NO_SELECTION;
  return { type: 'items', keys: Object.fromEntries(rows.map((row) => [row.key, true as const])) };
}

export function selectView(snapshot: ViewSnapshot): Selection {
  return { type: 'view', snapshot };
}

/** The items of one publication (its networks' posts' comments), as the list holds them. */
export function selectPublication(publicationKey: string, keys: readonly string[]): Selection {
  if (keys.length === 0) return NO_SELECTION;
  return { type: 'publication', publicationKey, keys: Object.fromEntries(keys.map((key) => [key, true as const])) };
}

/**
 * "Select this post's comments": the loaded items under the same post as this row, on every network
 * it was sent to (its "Group by post" group). None for a conversation: messages are not a post's.
 */
export function selectPostOf(
  rows: readonly Pick<InboxRow, 'key' | 'platform' | 'socialPostId' | 'kind' | 'publicationKey'>[],
  row: (typeof rows)[number],
): Selection {
  if (!kindView(row.kind).onAPost) return NO_SELECTION;
  const publicationKey = groupKeyOf(row);
  return selectPublication(
    publicationKey,
    rows.filter((candidate) => kindView(candidate.kind).onAPost && groupKeyOf(candidate) === publicationKey).map((candidate) => candidate.key),
  );
}

/** The view's snapshot when a whole view is selected, else null. */
export function viewSnapshot(selection: Selection): ViewSnapshot | null {
  return selection.type === 'view' ? selection.snapshot : null;
}

/** Whether a loaded row is one the view's snapshot covers (the snapshot's newest or older). */
export function coveredBy(snapshot: Pick<ViewSnapshot, 'newest'>, row: Pick<InboxRow, 'created' | 'key'>): boolean {
  return compareRows(row, snapshot.newest) >= 0;
}
