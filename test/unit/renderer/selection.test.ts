// The list's one selection (issue 21, item 3): items, a whole view, or a publication's items, in one
// value, so picking an item ends a view's selection without a second store kept in step.
import { describe, expect, it } from 'vitest';
import type { ListFilter } from '../../../src/renderer/logic/listFilter.ts';
import {
  coveredBy,
  isPicked,
  NO_SELECTION,
  pickedKeys,
  selectListed,
  selectPostOf,
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

  it('selects the current row\'s post on every network: its "Group by post" group, not a conversation', () => {
    const rows = [
      { key: 'c:fb1', platform: 'facebook' as const, socialPostId: 'f1', kind: 'comment' as const, publicationKey: 'SVC1' },
      { key: 'c:li1', platform: 'linkedin' as const, socialPostId: 'l1', kind: 'comment' as const, publicationKey: 'linkedin:l1' },
      { key: 'c:ig1', platform: 'instagram' as const, socialPostId: 'i1', kind: 'comment' as const, publicationKey: 'SVC1' },
      { key: 'c:tw1', platform: 'twitter' as const, socialPostId: 't1', kind: 'comment' as const },
      { key: 'c:tw2', platform: 'twitter' as const, socialPostId: 't1', kind: 'comment' as const },
      { key: 'dm:ig:1', platform: 'instagram' as const, socialPostId: '', kind: 'conversation' as const },
    ];
    const [fb, li, , tw] = rows;
    if (!fb || !li || !tw) throw new Error('rows missing');
    const cross = selectPostOf(rows, fb);
    expect(cross.type === 'publication' ? cross.publicationKey : null).toBe('SVC1');
    expect(pickedKeys(cross).sort()).toEqual(['c:fb1', 'c:ig1']);
    expect(pickedKeys(selectPostOf(rows, li))).toEqual(['c:li1']);
    // A post without a publication key is grouped by its network's post.
    expect(pickedKeys(selectPostOf(rows, tw)).sort()).toEqual(['c:tw1', 'c:tw2']);
    expect(selectPostOf(rows, rows[5] ?? fb)).toEqual(NO_SELECTION);
  });

  it("covers the view's rows from its newest down, not the ones that came after", () => {
    expect(coveredBy(snapshot, { created: snapshot.newest.created, key: 'c:m' })).toBe(true);
    expect(coveredBy(snapshot, { created: '2026-11-20T09:59:59.000Z', key: 'c:z' })).toBe(true);
    expect(coveredBy(snapshot, { created: '2026-11-20T10:00:01.000Z', key: 'c:a' })).toBe(false);
  });

  it('picks every listed row of a list that is whole as loaded (Closing soon), as x would; none of an empty list', () => {
    const picked = selectListed([{ key: 'dm:instagram:a' }, { key: 'dm:facebook:b' }]);
    expect(picked.type).toBe('items');
    expect(pickedKeys(picked).sort()).toEqual(['dm:facebook:b', 'dm:instagram:a']);
    expect(viewSnapshot(picked)).toBeNull();
    // x on one of them lets it go and keeps the other.
    expect(pickedKeys(toggleItem(picked, 'dm:facebook:b'))).toEqual(['dm:instagram:a']);
    expect(selectListed([])).toBe(NO_SELECTION);
  });
});
