// Issue 30: a sweep of a whole view (Shift+A, then e) and its undo write in batches: one statement
// per batch of keys for the states, one for the change log, not one or three per item. Counted on
// the real store over a real SQLite file: every statement the store runs goes through the
// connection's prepared statements, which this test counts as they run (nothing is replaced). The
// views, counts and log must say what the per-item writes said, across batch boundaries (12,000
// items: more than two batches), for comments and conversations alike.
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import { dm } from './messageFixtures.ts';
import { comment, post, profile, seeded, type TempStore } from './storeFixtures.ts';

const ITEMS = 10_200;
const CONVERSATIONS = 30;

let temp: TempStore | undefined;
let counted: SqliteStore | undefined;
afterEach(() => {
  counted?.close();
  counted = undefined;
  temp?.cleanup();
  temp = undefined;
});

/** The store over the same file, on a connection whose statements count their runs. */
function countingStore(t: TempStore): { store: SqliteStore; runs: () => number } {
  t.store.close();
  const db = new DatabaseSync(t.file);
  let runs = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    const statement = prepare(sql);
    for (const method of ['run', 'get', 'all', 'iterate'] as const) {
      const real = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        runs += 1;
        return real(...args);
      };
    }
    return statement;
  };
  counted = new SqliteStore(db, t.clock, t.file);
  // The fixture's cleanup closes its store: hand it the counting one (closing twice is a no-op).
  t.store = counted;
  return { store: counted, runs: () => runs };
}

function filled(): TempStore {
  temp = seeded([profile('p-1', ['instagram', 'facebook'])]);
  temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
  temp.store.ingestComments(
    'p-1',
    Array.from({ length: ITEMS }, (_, n) => comment({ socialCommentId: `c${n}` })),
  );
  temp.store.ingestMessages(
    'p-1',
    Array.from({ length: CONVERSATIONS }, (_, n) => dm({ conversationId: `conv-${n}`, senderId: `person-${n}` })),
  );
  return temp;
}

describe('a whole-view sweep and its undo', () => {
  it('writes the states and the log in a few statements per batch, and the views, counts and log say what per-item writes said', () => {
    const { store, runs } = countingStore(filled());
    const keys = [
      ...Array.from({ length: ITEMS }, (_, n) => `instagram:c${n}`),
      ...Array.from({ length: CONVERSATIONS }, (_, n) => conversationKeyOf('instagram', `conv-${n}`)),
    ];
    expect(store.inboxViewSize({ view: 'needsReply' }).count).toBe(ITEMS + CONVERSATIONS);

    const before = runs();
    const changes = store.setTriage(keys, { done: true });
    const sweepRuns = runs() - before;
    expect(changes).toHaveLength(keys.length);
    expect(changes.map((change) => change.itemKey)).toEqual(keys);
    // Per item it was three (read, write, log) for each of 10,230 items.
    expect(sweepRuns).toBeLessThan(30);
    expect(store.inboxViewSize({ view: 'needsReply' }).count).toBe(0);
    expect(store.inboxViewSize({ view: 'done' }).count).toBe(keys.length);
    expect(store.counts()['p-1']).toMatchObject({ needsReply: 0, done: keys.length });
    expect(store.itemHistory('instagram:c10199')).toEqual([changes[10_199]]);
    expect(store.itemHistory(keys.at(-1)!)).toEqual([changes.at(-1)]);

    const beforeUndo = runs();
    const inverses = store.undoItemChanges(changes.map((change) => change.id));
    const undoRuns = runs() - beforeUndo;
    expect(inverses.map((change) => [change.itemKey, change.field, change.from, change.to, change.undoes])).toEqual(
      changes.map((change) => [change.itemKey, 'done', true, false, change.id]),
    );
    expect(undoRuns).toBeLessThan(30);
    expect(store.inboxViewSize({ view: 'needsReply' }).count).toBe(keys.length);
    expect(store.inboxViewSize({ view: 'done' }).count).toBe(0);
    expect(store.counts()['p-1']).toMatchObject({ needsReply: keys.length, done: 0 });
    expect([...store.itemStates(keys).values()].every((state) => !state.done)).toBe(true);
    expect(store.itemHistory('instagram:c5000').map((change) => change.field)).toEqual(['done', 'done']);
    // The log holds each inverse as the undo returned it, the change it takes back included, past the
    // first batch and at the end (the undo makes those ids from their place: decision 0089).
    for (const place of [0, 5_000, 10_001, keys.length - 1]) {
      expect(store.itemHistory(keys[place]!)).toEqual([changes[place], inverses[place]]);
    }
  });

  it('undoes a mixed action per item: each item gets back what it had, in one statement per group of the same values', () => {
    const { store, runs } = countingStore(filled());
    const keys = Array.from({ length: ITEMS }, (_, n) => `instagram:c${n}`);
    // Half were read before the sweep: the sweep moves unread on the other half only.
    store.setTriage(
      keys.filter((_, n) => n % 2 === 0),
      { unread: false },
    );
    const changes = store.setTriage(keys, { done: true, unread: false });
    expect(changes).toHaveLength(ITEMS + ITEMS / 2);
    const before = runs();
    store.undoItemChanges(changes.map((change) => change.id));
    expect(runs() - before).toBeLessThan(30);
    const states = store.itemStates(keys);
    expect(keys.every((key, n) => !states.get(key)!.done && states.get(key)!.unread === (n % 2 === 1))).toBe(true);
    expect(store.counts()['p-1']).toMatchObject({ needsReply: ITEMS + CONVERSATIONS, done: 0 });
  });
});

describe('keys and text that pass through the batches', () => {
  it('a comment id and a message with a lone surrogate: the item keeps its state, its message its text, and a second read changes nothing', () => {
    temp = seeded([profile('p-1', ['instagram', 'facebook'])]);
    const odd = 'x\ud800y';
    const input = comment({ socialCommentId: odd });
    temp.store.ingestComments('p-1', [input]);
    temp.store.ingestMessages('p-1', [dm({ conversationId: 'conv-odd', text: `hello ${odd}` })]);
    const [row] = temp.store.inboxPage({ view: 'all', kind: 'comment' }, null, 50).rows;
    expect(temp.store.setTriage([row!.key], { done: true })).toHaveLength(1);
    expect(temp.store.itemStates([row!.key]).get(row!.key)?.done).toBe(true);
    expect(temp.store.ingestComments('p-1', [input]).unchanged).toBe(1);
    const thread = temp.store.conversation(conversationKeyOf('instagram', 'conv-odd'));
    expect(thread?.messages.map((message) => message.text)).toEqual([`hello x\ufffdy`]);
  });
});

describe('the change log of one write', () => {
  it("gives a write's changes ids in the order they were written, unique, and new ones to its undo", () => {
    temp = seeded([profile('p-1', ['instagram', 'facebook'])]);
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    temp.store.ingestComments(
      'p-1',
      Array.from({ length: 300 }, (_, n) => comment({ socialCommentId: `c${n}` })),
    );
    const keys = Array.from({ length: 300 }, (_, n) => `instagram:c${n}`);
    const ids = temp.store.setTriage(keys, { done: true, labels: ['later'] }).map((change) => change.id);
    expect(ids).toHaveLength(600);
    // In write order, so a sweep's rows are appended to the log's index side by side.
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const undone = temp.store.undoItemChanges(ids).map((change) => change.id);
    expect(undone).toHaveLength(600);
    expect([...undone].sort()).toEqual(undone);
    expect(undone.some((id) => ids.includes(id))).toBe(false);
  });

  it("logs each group of a write apart and still in the write's order: an undo given changes in mixed order, labels taken from different lists", () => {
    temp = seeded([profile('p-1', ['instagram', 'facebook'])]);
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'a' }), comment({ socialCommentId: 'b' }), comment({ socialCommentId: 'c' })]);
    const [a, b] = ['instagram:a', 'instagram:b'];
    // a's unread, a's done, b's unread, b's done.
    const action = temp.store.setTriage([a, b], { unread: false, done: true });
    expect(action.map((change) => [change.itemKey, change.field])).toEqual([
      [a, 'unread'],
      [a, 'done'],
      [b, 'unread'],
      [b, 'done'],
    ]);
    // Taken back as b's done before b's unread: the "unread" group (a's, then b's) is written
    // before the "done" group, yet b's log says done, then unread, as the undo did.
    const undone = temp.store.undoItemChanges([action[0]!.id, action[1]!.id, action[3]!.id, action[2]!.id]);
    expect(undone.map((change) => [change.itemKey, change.field, change.undoes])).toEqual([
      [a, 'unread', action[0]!.id],
      [a, 'done', action[1]!.id],
      [b, 'done', action[3]!.id],
      [b, 'unread', action[2]!.id],
    ]);
    expect(temp.store.itemHistory(b)).toEqual([action[2], action[3], undone[2], undone[3]]);
    expect(temp.store.itemHistory(a)).toEqual([action[0], action[1], undone[0], undone[1]]);

    // One label list on items that had different ones: each change keeps its own "from".
    temp.store.setTriage([a], { labels: ['x'] });
    temp.store.setTriage(['instagram:c'], { labels: ['y', 'z'] });
    const labelled = temp.store.setTriage([a, b, 'instagram:c'], { labels: ['vip'] });
    expect(labelled.map((change) => change.from)).toEqual([['x'], [], ['y', 'z']]);
    for (const change of labelled) expect(temp.store.itemHistory(change.itemKey).at(-1)).toEqual(change);
    const back = temp.store.undoItemChanges(labelled.map((change) => change.id));
    expect(back.map((change) => change.to)).toEqual([['x'], [], ['y', 'z']]);
    for (const change of back) expect(temp.store.itemHistory(change.itemKey).at(-1)).toEqual(change);
  });

  it('takes back no note and the note "null" each to what it was', () => {
    temp = seeded([profile('p-1', ['instagram', 'facebook'])]);
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'a' }), comment({ socialCommentId: 'b' })]);
    temp.store.setTriage(['instagram:b'], { note: 'null' });
    const changes = temp.store.setTriage(['instagram:a', 'instagram:b'], { note: 'call back' });
    temp.store.undoItemChanges(changes.map((change) => change.id));
    const states = temp.store.itemStates(['instagram:a', 'instagram:b']);
    expect(states.get('instagram:a')?.note).toBeNull();
    expect(states.get('instagram:b')?.note).toBe('null');
  });
});
