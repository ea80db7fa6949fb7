// One target (issue 27): what every action acts on, and where the list's highlight is. The rule,
// as Gmail, Superhuman and Front keep it: the item the person is reading is the target.
//
// - Items picked on purpose (x, Shift A, a post's comments) are the target while they are picked:
//   the toolbar says "3 selected", and the menus name them ("Snooze 3 comments until…").
// - Else the open item, whatever the list did meanwhile (a teammate answered it, a filter, an undo).
// - Else, nothing open, the highlighted row.
//
// The highlight follows: while an item is open and its row is in the list, the highlight is on that
// row. An open item whose row leaves the view stays in the list, where it was, until the person
// moves (keepOpenRow), so the highlight never moves by itself. Pure: the stores and the commands
// read these, and test/unit/renderer/target.test.ts holds the rule.
import { kindView, kindViewOfKey } from '../kinds/kindViews.ts';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { pickedKeys, viewSnapshot, type Selection, type ViewSnapshot } from './selection.ts';

export type ActionTarget =
  | { type: 'none' }
  /** One item: the open one (`open`), or the highlighted row when nothing is open. */
  | { type: 'item'; key: string; open: boolean }
  | { type: 'picked'; keys: readonly string[] }
  | { type: 'view'; snapshot: ViewSnapshot };

export interface TargetState {
  openKey: string | null;
  selection: Selection;
  rows: readonly Pick<InboxRow, 'key'>[];
  order: readonly number[];
  cursor: number;
}

/** The key of the highlighted row as stored (the cursor), whatever is open. */
function cursorKey(state: Pick<TargetState, 'rows' | 'order' | 'cursor'>): string | null {
  return state.rows[state.order[state.cursor] ?? -1]?.key ?? null;
}

/** What an action acts on now (see the rule above). */
export function actionTarget(state: TargetState): ActionTarget {
  const view = viewSnapshot(state.selection);
  if (view !== null) return { type: 'view', snapshot: view };
  const picked = pickedKeys(state.selection);
  if (picked.length > 0) return { type: 'picked', keys: picked };
  const key = oneItem(state);
  return key === null ? { type: 'none' } : { type: 'item', key, open: state.openKey !== null };
}

/** The one item an action on a single item acts on (reply, a saved reply, a note, x): the open item, else the highlighted row. */
export function oneItem(state: Pick<TargetState, 'openKey' | 'rows' | 'order' | 'cursor'>): string | null {
  return state.openKey ?? cursorKey(state);
}

/** The keys a triage or an assignment changes; a whole view's are the core's to find (empty here). */
export function targetKeys(target: ActionTarget): string[] {
  if (target.type === 'item') return [target.key];
  if (target.type === 'picked') return [...target.keys];
  return [];
}

/**
 * Where the highlight is: on the open item's row when it is in the list, else where the cursor is.
 * `order` holds row indexes in display order; the answer is a position in it.
 */
export function highlightOf(rows: readonly Pick<InboxRow, 'key'>[], order: readonly number[], openKey: string | null, cursor: number): number {
  if (openKey !== null) {
    const position = order.findIndex((index) => rows[index]?.key === openKey);
    if (position >= 0) return position;
  }
  return Math.min(Math.max(0, cursor), Math.max(0, order.length - 1));
}

/**
 * The list after a change (a fresh page, a triage, a teammate's decision), with the open item's row
 * kept where it sorts when the change took it out: nothing moves under the person's hands. `kept`
 * says whether the row is there only because it is open (the row and the pane say why).
 */
export function keepOpenRow<R extends Pick<InboxRow, 'key'>>(
  next: readonly R[],
  previous: readonly R[],
  openKey: string | null,
  compare: (a: R, b: R) => number,
): { rows: R[]; kept: boolean } {
  if (openKey === null || next.some((row) => row.key === openKey)) return { rows: [...next], kept: false };
  const open = previous.find((row) => row.key === openKey);
  if (open === undefined) return { rows: [...next], kept: false };
  const rows = [...next];
  const at = rows.findIndex((row) => compare(open, row) < 0);
  rows.splice(at < 0 ? rows.length : at, 0, open);
  return { rows, kept: true };
}

/** The item a menu or dialog names: "james_outdoors’s comment", "the conversation with Mia", "3 comments". */
export function targetName(
  target: ActionTarget,
  rows: readonly Pick<InboxRow, 'key' | 'authorName' | 'kind'>[],
  known?: Pick<InboxRow, 'key' | 'authorName' | 'kind'> | null,
): string {
  switch (target.type) {
    case 'none':
      return 'nothing';
    case 'view':
      return `every item of this view (${target.snapshot.count})`;
    case 'picked': {
      const kinds = new Set(rows.filter((row) => target.keys.includes(row.key)).map((row) => row.kind ?? 'comment'));
      const noun = kinds.size === 1 && kinds.has('conversation') ? 'conversations' : kinds.size === 1 ? 'comments' : 'items';
      const [only] = target.keys;
      return target.keys.length === 1 && only !== undefined ? oneName(only, rows, known) : `${target.keys.length} ${noun}`;
    }
    case 'item':
      return oneName(target.key, rows, known);
  }
}

function oneName(
  key: string,
  rows: readonly Pick<InboxRow, 'key' | 'authorName' | 'kind'>[],
  known?: Pick<InboxRow, 'key' | 'authorName' | 'kind'> | null,
): string {
  const row = rows.find((candidate) => candidate.key === key) ?? (known?.key === key ? known : undefined);
  const view = row === undefined ? kindViewOfKey(key) : kindView(row.kind);
  if (row === undefined) return `this ${view.words.one}`;
  return view.words.named(row.authorName);
}
