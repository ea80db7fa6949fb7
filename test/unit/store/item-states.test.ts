// One item state per inbox item and its change log (issue 21), in a real SQLite file: every triage
// write appends one change per item and field that moved; an undo is the inverse change, written
// only where the field still holds what the undone change set; the sync's one write (a new message
// reopens a conversation) is logged as the sync's; listeners hear each write once it is committed.
import { afterEach, describe, expect, it } from 'vitest';
import type { ItemChange, ItemState } from '../../../src/shared/domain/itemState.ts';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import { dm } from './messageFixtures.ts';
import { comment, post, profile, seeded, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

function store(): TempStore {
  temp = seeded([profile('p-1', ['instagram', 'facebook'])]);
  temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
  temp.store.ingestComments('p-1', [comment({ socialCommentId: 'a' }), comment({ socialCommentId: 'b' })]);
  return temp;
}

const fieldsOf = (changes: readonly ItemChange[]) => changes.map((c) => [c.itemKey, c.field, c.from, c.to]);

describe('the item state port', () => {
  it('logs one change per item and field that moved, by me on this device, and nothing for what did not move', () => {
    const { store: s, clock } = store();
    const written = s.setTriage(['instagram:a', 'instagram:b', 'instagram:unknown'], { unread: false, labels: ['vip', 'vip'] });
    expect(fieldsOf(written)).toEqual([
      ['instagram:a', 'unread', true, false],
      ['instagram:a', 'labels', [], ['vip']],
      ['instagram:b', 'unread', true, false],
      ['instagram:b', 'labels', [], ['vip']],
    ]);
    expect(written.every((c) => c.who === 'me' && c.device === 'this device' && c.at === clock.now())).toBe(true);
    expect(new Set(written.map((c) => c.id)).size).toBe(4);

    expect(s.setTriage(['instagram:a'], { unread: false, labels: ['vip'] })).toEqual([]);
    expect(s.itemHistory('instagram:a')).toEqual(written.slice(0, 2));
    expect(s.itemStates(['instagram:a', 'instagram:unknown'])).toEqual(
      new Map([['instagram:a', { unread: false, done: false, snoozedUntil: null, labels: ['vip'], note: null, assignee: null }]]),
    );
  });

  it('undoes with the inverse change, and leaves a field someone changed since', () => {
    const { store: s } = store();
    const action = s.setTriage(['instagram:a', 'instagram:b'], { done: true, unread: false });
    // Later, elsewhere: b is read again. That decision stands; its "done" still goes back.
    s.setTriage(['instagram:b'], { unread: true });

    const inverses = s.undoItemChanges(action.map((c) => c.id));
    expect(fieldsOf(inverses)).toEqual([
      ['instagram:a', 'unread', false, true],
      ['instagram:a', 'done', true, false],
      ['instagram:b', 'done', true, false],
    ]);
    // action: a's unread and done, then b's unread and done.
    expect(inverses.map((c) => c.undoes)).toEqual([action[0]!.id, action[1]!.id, action[3]!.id]);
    expect(s.thread('instagram:a')?.comment).toMatchObject({ done: false, unread: true });
    expect(s.thread('instagram:b')?.comment).toMatchObject({ done: false, unread: true });
    expect(s.counts()['p-1']).toMatchObject({ done: 0, unread: 2, needsReply: 2 });

    // The same undo again changes nothing: no field holds what the action set any more.
    expect(s.undoItemChanges(action.map((c) => c.id))).toEqual([]);
    expect(s.thread('instagram:b')?.comment).toMatchObject({ done: false, unread: true });
  });

  it('undoes two changes of one field in one call against what the first wrote back; an id given twice, unknown, or of a deleted item writes nothing', () => {
    const { store: s } = store();
    // a: read, then unread again, then labelled; b: done, then b leaves the store.
    const [read] = s.setTriage(['instagram:a'], { unread: false });
    const [unreadAgain] = s.setTriage(['instagram:a'], { unread: true });
    const [labelled] = s.setTriage(['instagram:a'], { labels: ['vip', 'later'] });
    const [doneB] = s.setTriage(['instagram:b'], { done: true });
    expect(s.deleteComment('instagram:b')).toBe(true);

    // The later change first: taking it back sets unread false, which is what "read" set, so "read"
    // is taken back too (to unread). Read as stored, a's unread is true and "read" would be left.
    const ids = [unreadAgain!.id, read!.id, labelled!.id, labelled!.id, 'no-such-change', doneB!.id];
    const inverses = s.undoItemChanges(ids);
    expect(fieldsOf(inverses)).toEqual([
      ['instagram:a', 'unread', true, false],
      ['instagram:a', 'unread', false, true],
      ['instagram:a', 'labels', ['vip', 'later'], []],
    ]);
    expect(inverses.map((c) => c.undoes)).toEqual([unreadAgain!.id, read!.id, labelled!.id]);
    expect(s.itemStates(['instagram:a', 'instagram:b'])).toEqual(new Map([['instagram:a', expect.objectContaining({ unread: true, labels: [] })]]));
    expect(s.itemHistory('instagram:a').slice(-3)).toEqual(inverses);
  });

  it('logs the sync reopening a conversation, and tells listeners after each committed write only', () => {
    const { store: s } = store();
    const key = conversationKeyOf('instagram', 'conv-1');
    const told: { states: Map<string, ItemState>; changes: ItemChange[] }[] = [];
    s.onItemStatesChanged((statesNow, changes) => told.push({ states: new Map(statesNow()), changes: [...changes] }));
    s.ingestMessages('p-1', [dm({ at: 1 })]);
    expect(told).toEqual([]);

    s.setTriage([key], { done: true, unread: false });
    expect(told).toHaveLength(1);
    expect(told[0]!.states.get(key)).toMatchObject({ done: true, unread: false });

    expect(() => s.setTriage([key, 'not-a-key'], { done: false })).toThrow(StoreInputError);
    expect(told).toHaveLength(1);

    s.ingestMessages('p-1', [dm({ at: 10, text: 'Hello? Still there?' })]);
    expect(told).toHaveLength(2);
    expect(told[1]!.states.get(key)).toMatchObject({ done: false, unread: true });
    expect(fieldsOf(told[1]!.changes)).toEqual([
      [key, 'unread', false, true],
      [key, 'done', true, false],
    ]);
    expect(told[1]!.changes.every((c) => c.who === 'the sync')).toBe(true);
    expect(s.itemHistory(key).map((c) => c.who)).toEqual(['me', 'me', 'the sync', 'the sync']);
  });

  it('forgets a deleted comment’s state; the comment read again starts fresh', () => {
    const { store: s } = store();
    s.setTriage(['instagram:a'], { done: true, labels: ['vip'] });
    expect(s.deleteComment('instagram:a')).toBe(true);
    expect(s.itemStates(['instagram:a']).size).toBe(0);
    s.ingestComments('p-1', [comment({ socialCommentId: 'a' })]);
    expect(s.thread('instagram:a')?.comment).toMatchObject({ done: false, unread: true, labels: [] });
    expect(s.counts()['p-1']).toMatchObject({ all: 2, done: 0, unread: 2 });
  });
});
