// Decision 0085: a start reads its copy in id order unless two documents claim one entry id of an item
// whose owner is not written down. The check reads the documents as stored (before their own checks),
// from the fields a history entry takes its item and id from: a change's `change.itemKey`/`change.id`,
// an event's `itemKey`/`id`, across both kinds and at any number of entries per item.
import { describe, expect, it } from 'vitest';
import { orderDecidesAClaim } from '../../../src/main/core/team/localCopyReading.ts';

const change = (docId: string, itemKey: string, id: string) => ({ _id: `change:${docId}`, change: { itemKey, id } });
const event = (docId: string, itemKey: string, id: string) => ({ _id: `event:${docId}`, itemKey, id });
const nothingRemembered = () => false;

/** An item's `count` entries, each with its own id. */
const entries = (itemKey: string, count: number) => Array.from({ length: count }, (_, index) => change(`${itemKey}-${index}`, itemKey, `e${index}`));

describe('whether the reading order decides who owns an entry', () => {
  for (const count of [1, 5, 40]) {
    it(`not while every entry id is claimed once (items of ${count} entries)`, () => {
      expect(orderDecidesAClaim([...entries('a', count), ...entries('b', count), event('x', 'a', 'other')], nothingRemembered)).toBe(false);
    });

    it(`when two documents claim one entry id (items of ${count} entries), a change's or an event's`, () => {
      const docs = [...entries('a', count), ...entries('b', count)];
      expect(orderDecidesAClaim([...docs, change('again', 'b', `e${count - 1}`)], nothingRemembered)).toBe(true);
      expect(orderDecidesAClaim([...docs, event('again', 'a', 'e0')], nothingRemembered)).toBe(true);
    });
  }

  it('not when the entry’s owner is written down, and yes for another entry that is not', () => {
    const docs = [...entries('a', 3), change('again', 'a', 'e1')];
    expect(orderDecidesAClaim(docs, (itemKey, entryId) => itemKey === 'a' && entryId === 'e1')).toBe(false);
    expect(orderDecidesAClaim([...docs, event('more', 'a', 'e2')], (itemKey, entryId) => itemKey === 'a' && entryId === 'e1')).toBe(true);
  });

  it('an id shared between two items is no claim; documents of other kinds and odd shapes are passed over', () => {
    const odd = [null, 7, { _id: 5 }, { _id: 'change:z', change: null }, { _id: 'change:y', change: 'text' }, { _id: 'presence:p', itemKey: 'a', id: 'e0' }];
    expect(orderDecidesAClaim([change('1', 'a', 'e0'), change('2', 'b', 'e0'), ...odd], nothingRemembered)).toBe(false);
  });
});
