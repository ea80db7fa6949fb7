// The list's one selection (issue 21, item 3): items, a whole view, or a publication's items, in one
// value, so picking an item ends a view's selection without a second store kept in step.
import { describe, expect, it } from 'vitest';
import type { ListFilter } from '../../../src/renderer/logic/listFilter.ts';
import {
  coveredBy,
  isPicked,
  NO_SELECTION,
  pickedKeys,
  selectPublication,
  selectView,
  toggleItem,
  viewSnapshot,
} from '../../../src/renderer/logic/selection.ts';

const filter: ListFilter = { view: 'needsReply', profileId: null, platform: null, unreadOnly: false, kind: null, text: '' };
const snapshot = { filter, count: 120, newest: { created: '2026-11-20T10:00:00.000Z', key: 'c:m' } };

describe('the selection', () => {
  it('picks items one by one with x and lets them go again', () => {
    let selection = toggleItem(NO_SELECTION, 'c:a');
    selection = toggleItem(selection, 'c:b');
    expect(pickedKeys(selection).sort()).toEqual(['c:a', 'c:b']);
    expect(isPicked(selection, 'c:a')).toBe(true);
    selection = toggleItem(toggleItem(selection, 'c:a'), 'c:b');
    expect(selection).toEqual(NO_SELECTION);
  });

  it('holds a whole view as its snapshot; picking an item ends it', () => {
    const view = selectView(snapshot);
    expect(viewSnapshot(view)).toBe(snapshot);
    expect(pickedKeys(view)).toEqual([]);
    const picked = toggleItem(view, 'c:z');
    expect(viewSnapshot(picked)).toBeNull();
    expect(pickedKeys(picked)).toEqual(['c:z']);
  });

  it("holds a publication's items (a post cross-posted to several networks) as picked keys", () => {
    const publication = selectPublication('pub-1', ['c:fb', 'c:ig']);
    expect(publication.type).toBe('publication');
    expect(pickedKeys(publication).sort()).toEqual(['c:fb', 'c:ig']);
    expect(isPicked(publication, 'c:fb')).toBe(true);
    expect(viewSnapshot(publication)).toBeNull();
    expect(selectPublication('pub-2', [])).toEqual(NO_SELECTION);
    // x on a row starts a selection of items of its own.
    expect(pickedKeys(toggleItem(publication, 'c:x'))).toEqual(['c:x']);
  });

  it("covers the view's rows from its newest down, not the ones that came after", () => {
    expect(coveredBy(snapshot, { created: snapshot.newest.created, key: 'c:m' })).toBe(true);
    expect(coveredBy(snapshot, { created: '2026-11-20T09:59:59.000Z', key: 'c:z' })).toBe(true);
    expect(coveredBy(snapshot, { created: '2026-11-20T10:00:01.000Z', key: 'c:a' })).toBe(false);
  });
});
