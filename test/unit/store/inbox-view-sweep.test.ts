// "Select all in this view" on the store: a view's size and newest row, and its rows from a bound
// down, on a real SQLite file. The bound is what keeps a sweep to what the person saw.
import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import type { InboxFilter } from '../../../src/main/core/store/types.ts';
import { comment, post, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore;
afterEach(() => temp?.cleanup());

const at = (secondsAgo: number, ms = 0) => new Date(T0 - secondsAgo * 1000 + ms).toISOString();
const shortKeys = (rows: { key: string }[]) => rows.map((row) => row.key.slice('instagram:'.length));

/** Every row of a view, page by page, as the list would load it. */
function allPages(filter: InboxFilter): string[] {
  const keys: string[] = [];
  let cursor = null;
  do {
    const page = temp.store.inboxPage(filter, cursor, 3);
    keys.push(...page.rows.map((row) => row.key));
    cursor = page.next;
  } while (cursor);
  return keys;
}

describe('the size of a view', () => {
  it('counts every row of the view, not a page, and names its newest row', () => {
    temp = seeded([profile('p-1'), profile('p-2')]);
    temp.store.ingestComments(
      'p-1',
      Array.from({ length: 700 }, (_, n) => comment({ socialCommentId: `a${n}`, created: at(n + 10) })),
    );
    temp.store.ingestComments('p-2', [comment({ socialCommentId: 'other', created: at(1) })]);
    temp.store.setTriage(['instagram:a0', 'instagram:a1'], { done: true });

    expect(temp.store.inboxViewSize({ profileIds: ['p-1'], view: 'needsReply' })).toEqual({ count: 698, newest: { created: at(12), key: 'instagram:a2' } });
    expect(temp.store.inboxViewSize({ view: 'all' })).toEqual({ count: 701, newest: { created: at(1), key: 'instagram:other' } });
    expect(temp.store.inboxViewSize({ view: 'done' }).count).toBe(2);
    expect(temp.store.inboxViewSize({ profileIds: ['nobody'] })).toEqual({ count: 0, newest: null });
  });

  it('counts a search over the view, the same rows its pages show', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 's1', text: 'Is the kumquat jam back?', created: at(30) }),
      comment({ socialCommentId: 's2', text: 'kumquat please', created: at(20) }),
      comment({ socialCommentId: 's3', text: 'lovely mugs', created: at(10) }),
    ]);
    temp.store.setTriage(['instagram:s2'], { done: true });
    const filter: InboxFilter = { view: 'needsReply', text: 'kumquat' };
    expect(temp.store.inboxViewSize(filter)).toEqual({ count: 1, newest: { created: at(30), key: 'instagram:s1' } });
    expect(temp.store.inboxRowsFrom(filter, null, 10).map((row) => row.key)).toEqual(allPages(filter));
  });
});

describe('the rows of a view from a bound down', () => {
  it('gives the same rows as paging through the view, in the same order, from the newest', () => {
    temp = seeded();
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    temp.store.ingestComments(
      'p-1',
      Array.from({ length: 40 }, (_, n) => comment({ socialCommentId: `r${String(n).padStart(2, '0')}`, created: at(Math.floor(n / 3)) })),
    );
    temp.store.setTriage(['instagram:r05', 'instagram:r17'], { done: true });
    const filter: InboxFilter = { view: 'needsReply' };
    const rows = temp.store.inboxRowsFrom(filter, null, 1_000);
    expect(rows.map((row) => row.key)).toEqual(allPages(filter));
    expect(rows).toHaveLength(38);
    // Whole rows: the triage state an undo needs is there.
    expect(rows[0]).toMatchObject({ profileId: 'p-1', unread: true, done: false, snoozedUntil: null, labels: [] });
  });

  it("leaves out rows newer than the bound, also inside the bound's own second (ordered by key there)", () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'new', created: at(1) }),
      comment({ socialCommentId: 'b', created: at(5, 100) }),
      comment({ socialCommentId: 'm', created: at(5, 100) }),
      comment({ socialCommentId: 'z', created: at(5, 100) }),
      comment({ socialCommentId: 'old', created: at(9) }),
    ]);
    // Same second, same time: newest first means keys descending (z, m, b).
    expect(shortKeys(temp.store.inboxRowsFrom({}, { created: at(5, 100), key: 'instagram:m' }, 10))).toEqual(['m', 'b', 'old']);
    expect(shortKeys(temp.store.inboxRowsFrom({}, { created: at(5, 100), key: 'instagram:z' }, 10))).toEqual(['z', 'm', 'b', 'old']);
    // A bound in an empty second: everything older.
    expect(shortKeys(temp.store.inboxRowsFrom({}, { created: at(3), key: 'instagram:none' }, 10))).toEqual(['z', 'm', 'b', 'old']);
  });

  it('stops at the limit, so a caller can ask for one more than it expects and tell', () => {
    temp = seeded();
    temp.store.ingestComments(
      'p-1',
      Array.from({ length: 10 }, (_, n) => comment({ socialCommentId: `l${n}`, created: at(n) })),
    );
    expect(shortKeys(temp.store.inboxRowsFrom({}, { created: at(2), key: 'instagram:l2' }, 3))).toEqual(['l2', 'l3', 'l4']);
    expect(temp.store.inboxRowsFrom({}, null, 0)).toEqual([]);
  });

  it('refuses a bound whose time is not a time, with a typed error', () => {
    temp = seeded();
    expect(() => temp.store.inboxRowsFrom({}, { created: 'yesterday', key: 'instagram:x' }, 5)).toThrow(StoreInputError);
  });
});
