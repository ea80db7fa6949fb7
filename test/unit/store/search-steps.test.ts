// A search page that starts or ends inside one second reads that whole second (to order it by key),
// and the search walk reads a second from its top down in steps (issue 30: FTS5 is slow when given
// a lower row id bound). With 40 hits in one second, more than a step holds, every page in a row
// must come out as the same rows, in the same order, as the view without the search.
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxCursor, InboxFilter } from '../../../src/main/core/store/types.ts';
import { comment, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

function allPages(filter: InboxFilter, size: number): string[] {
  const keys: string[] = [];
  let cursor: InboxCursor | null = null;
  for (let page = 0; page < 100; page += 1) {
    const result = temp!.store.inboxPage(filter, cursor, size);
    keys.push(...result.rows.map((row) => row.key));
    if (result.next === null) break;
    cursor = result.next;
  }
  return keys;
}

describe('search pages inside one busy second', () => {
  it('pages through 40 hits of one second (and the seconds around it) as the view without the search does', () => {
    temp = seeded([profile('p-1', ['instagram'])]);
    const second = new Date(T0 - 60_000).toISOString();
    const comments = [
      ...Array.from({ length: 40 }, (_, n) => comment({ socialCommentId: `s${String(n).padStart(2, '0')}`, created: second, text: `Shipping question ${n}` })),
      comment({ socialCommentId: 'before', created: new Date(T0 - 61_000).toISOString(), text: 'Ship it' }),
      comment({ socialCommentId: 'after', created: new Date(T0 - 59_000).toISOString(), text: 'Shipped?' }),
      comment({ socialCommentId: 'other', created: second, text: 'Lovely' }),
    ];
    temp.store.ingestComments('p-1', comments);
    const expected = allPages({}, 500).filter((key) => key !== 'instagram:other');
    expect(expected).toHaveLength(42);
    for (const size of [1, 3, 7, 16, 17, 50]) expect(allPages({ text: 'shi' }, size)).toEqual(expected);
    expect(allPages({ text: 'shipping' }, 5)).toEqual(expected.filter((key) => key.startsWith('instagram:s')));
  });
});
