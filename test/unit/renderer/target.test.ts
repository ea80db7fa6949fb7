// Issue 27, one target: the rule "actions target the open item" (logic/target.ts), the open item's
// row kept in the list where it was when a change takes it out of the view, the highlight on it,
// the names the menus give their target, and the line that says why the open item left the view.
import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../../src/shared/format/formatter.ts';
import { leftViewLine, type LeftView } from '../../../src/renderer/logic/leftView.ts';
import { compareRows } from '../../../src/renderer/logic/listState.ts';
import { NO_SELECTION, toggleItem } from '../../../src/renderer/logic/selection.ts';
import { actionTarget, highlightOf, keepOpenRow, oneItem, targetKeys, targetName, type TargetState } from '../../../src/renderer/logic/target.ts';

/** Needs reply as the issue saw it, newest first. */
const ROWS = ['james_outdoors', 'the_real_noah', 'marcus_studio', 'the_real_arjun', 'mia.makes'].map((authorName, index) => ({
  key: `instagram:c${5 - index}`,
  created: `2026-11-28T1${5 - index}:00:00Z`,
  authorName,
  kind: 'comment' as const,
}));
const ORDER = ROWS.map((_, index) => index);

function state(patch: Partial<TargetState>): TargetState {
  return { openKey: null, selection: NO_SELECTION, rows: ROWS, order: ORDER, cursor: 0, ...patch };
}

describe('one target: what an action acts on', () => {
  it('acts on the open item, not on the highlighted row, when the two differ', () => {
    // The drift of the issue: the highlight on the_real_arjun, the pane on the_real_noah.
    const drifted = state({ openKey: 'instagram:c4', cursor: 3 });
    expect(actionTarget(drifted)).toEqual({ type: 'item', key: 'instagram:c4', open: true });
    expect(targetKeys(actionTarget(drifted))).toEqual(['instagram:c4']);
    expect(oneItem(drifted)).toBe('instagram:c4');
  });

  it('acts on the open item even when its row is not in the list at all', () => {
    const elsewhere = state({ openKey: 'instagram:from-a-notification', cursor: 2 });
    expect(targetKeys(actionTarget(elsewhere))).toEqual(['instagram:from-a-notification']);
  });

  it('acts on the highlighted row when nothing is open, and on nothing in an empty list', () => {
    expect(actionTarget(state({ cursor: 3 }))).toEqual({ type: 'item', key: 'instagram:c2', open: false });
    expect(actionTarget(state({ rows: [], order: [] }))).toEqual({ type: 'none' });
  });

  it('acts on the items picked on purpose (x) while there are some, open item or not', () => {
    const picked = toggleItem(toggleItem(NO_SELECTION, 'instagram:c1'), 'instagram:c3');
    const target = actionTarget(state({ openKey: 'instagram:c4', selection: picked }));
    expect(target).toEqual({ type: 'picked', keys: ['instagram:c1', 'instagram:c3'] });
    // …but reply, a saved reply and a note are for one item: the open one.
    expect(oneItem(state({ openKey: 'instagram:c4', selection: picked }))).toBe('instagram:c4');
  });
});

describe('one target: the highlight and the open item’s row', () => {
  it('puts the highlight on the open item’s row, wherever the cursor was left', () => {
    expect(highlightOf(ROWS, ORDER, 'instagram:c4', 3)).toBe(1);
    expect(highlightOf(ROWS, ORDER, null, 3)).toBe(3);
    // Not listed: the cursor stays, inside the list.
    expect(highlightOf(ROWS, ORDER, 'instagram:gone', 9)).toBe(4);
  });

  it('keeps the open item’s row where it sorts when a change takes it out of the view, and only that row', () => {
    const answered = ROWS.filter((row) => row.key !== 'instagram:c4' && row.key !== 'instagram:c2');
    const { rows, kept } = keepOpenRow(answered, ROWS, 'instagram:c4', compareRows);
    expect(kept).toBe(true);
    expect(rows.map((row) => row.authorName)).toEqual(['james_outdoors', 'the_real_noah', 'marcus_studio', 'mia.makes']);
    expect(highlightOf(rows, [0, 1, 2, 3], 'instagram:c4', 2)).toBe(1);
    // Nothing open, or the open row still in the view: the change as it came.
    expect(keepOpenRow(answered, ROWS, null, compareRows)).toEqual({ rows: answered, kept: false });
    expect(keepOpenRow(ROWS, ROWS, 'instagram:c4', compareRows).kept).toBe(false);
  });
});

describe('one target: names and reasons', () => {
  it('names the target in the menus’ words', () => {
    expect(targetName({ type: 'item', key: 'instagram:c5', open: true }, ROWS)).toBe('james_outdoors’s comment');
    expect(targetName({ type: 'picked', keys: ['instagram:c5', 'instagram:c4', 'instagram:c3'] }, ROWS)).toBe('3 comments');
    const mia = { key: 'dm:instagram:mia', authorName: 'Mia', kind: 'conversation' as const };
    expect(targetName({ type: 'item', key: mia.key, open: true }, [], mia)).toBe('the conversation with Mia');
  });

  const fmt = createFormatter({ locale: 'en-GB', timeZone: 'Europe/London' });
  const NOW = Date.parse('2026-11-28T16:00:00Z');
  const base: LeftView = {
    row: { done: false, replied: false, snoozedUntil: null, hidden: false, unread: false, kind: 'comment' },
    history: [],
    me: 'bob',
    undone: false,
    unreadOnly: false,
    searching: false,
    now: NOW,
    fmt,
  };

  it('says who took the open item out of the view, and when, from the team’s history', () => {
    const answered: LeftView = {
      ...base,
      row: { ...base.row, replied: true },
      history: [{ who: 'ann', device: 'laptop', at: NOW - 60_000, act: { kind: 'event', event: 'reply-sent' } }],
    };
    expect(leftViewLine(answered)).toBe('Ann answered this 1 min ago');
    const done: LeftView = {
      ...base,
      row: { ...base.row, done: true },
      history: [{ who: 'ann', device: 'laptop', at: NOW - 120_000, act: { kind: 'change', field: 'done', from: false, to: true, undo: false } }],
    };
    expect(leftViewLine(done)).toBe('Ann marked this done 2 min ago');
  });

  it('says what happened when nobody else did it', () => {
    expect(leftViewLine({ ...base, row: { ...base.row, done: true } })).toBe('Marked done');
    expect(leftViewLine({ ...base, undone: true })).toBe('Moved by undo');
    expect(leftViewLine({ ...base, unreadOnly: true })).toBe('Read, and the list shows unread only');
  });
});
