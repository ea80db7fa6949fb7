// Conversations as items of the one inbox, beside comments: the same views and counts, the kind
// filter (Comments / Messages / Everything), paging across both kinds, search that finds a word of
// a direct message or the person's name through the same search path as comments.
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import type { InboxFilter } from '../../../src/main/core/store/types.ts';
import { dm } from './messageFixtures.ts';
import { comment, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const minute = (n: number): string => new Date(T0 - 86_400_000 + n * 60_000).toISOString();

/**
 * p-1: comments at minutes 1 (hidden), 3, 5 (by the account) on instagram; conversations "a"
 * (instagram, the person last at 4), "b" (facebook, the account last at 6). p-2: conversation "c"
 * (twitter, at 2).
 */
function mixed(): TempStore {
  temp = seeded([profile('p-1', ['instagram', 'facebook']), profile('p-2', ['twitter'])]);
  const s = temp.store;
  s.ingestComments('p-1', [
    comment({ socialCommentId: 'hidden', created: minute(1), hidden: true, text: 'buy followers' }),
    comment({ socialCommentId: 'question', created: minute(3), text: 'Do you ship to Norway?' }),
    comment({ socialCommentId: 'mine', created: minute(5), authorId: 'me:p-1:instagram', text: 'Thanks all' }),
  ]);
  s.ingestMessages('p-1', [
    dm({ conversationId: 'a', at: 0, text: 'Hi! Is the linen dress back?', personName: 'Marie Curie', personUsername: 'mcurie' }),
    dm({ conversationId: 'a', at: 4, text: 'Any news about the restock?', personName: 'Marie Curie', personUsername: 'mcurie' }),
    dm({ platform: 'facebook', conversationId: 'b', at: 2, senderId: 'fb-person', personName: 'Alan Turing' }),
    dm({ platform: 'facebook', conversationId: 'b', at: 6, action: 'sent', recipientId: 'fb-person', text: 'Your order left today' }),
  ]);
  s.ingestMessages('p-2', [dm({ platform: 'twitter', conversationId: 'c', at: 2, senderId: 'x-person', personName: 'Hedy Lamarr', text: 'Collab?' })]);
  return temp;
}

const A = conversationKeyOf('instagram', 'a');
const B = conversationKeyOf('facebook', 'b');
const C = conversationKeyOf('twitter', 'c');
const keys = (filter: InboxFilter = {}): string[] => temp!.store.inboxPage(filter).rows.map((row) => row.key);

describe('conversations in the one inbox', () => {
  it('interleaves both kinds by time in every view, and the kind filter keeps one kind', () => {
    mixed();
    expect(keys()).toEqual([B, 'instagram:mine', A, 'instagram:question', C, 'instagram:hidden']);
    expect(keys({ kind: 'comment' })).toEqual(['instagram:mine', 'instagram:question', 'instagram:hidden']);
    expect(keys({ kind: 'conversation' })).toEqual([B, A, C]);
    expect(keys({ view: 'needsReply' })).toEqual([A, 'instagram:question', C]);
    expect(keys({ view: 'needsReply', kind: 'conversation', profileIds: ['p-1'] })).toEqual([A]);
    expect(keys({ view: 'needsReply', kind: 'conversation', platforms: ['twitter'] })).toEqual([C]);
    expect(keys({ view: 'hidden', kind: 'conversation' })).toEqual([]);
    expect(keys({ unreadOnly: true, kind: 'conversation' })).toEqual([B, A, C]);
  });

  it('pages through both kinds with the same cursor, each row once', () => {
    mixed();
    const seen: string[] = [];
    let page = temp!.store.inboxPage({}, null, 2);
    for (;;) {
      seen.push(...page.rows.map((row) => row.key));
      if (page.next === null) break;
      page = temp!.store.inboxPage({}, page.next, 2);
    }
    expect(seen).toEqual(keys());
    expect(temp!.store.inboxViewSize({ kind: 'conversation' })).toEqual({ count: 3, newest: { created: minute(6), key: B } });
    expect(temp!.store.inboxRowsFrom({ view: 'needsReply' }, { created: minute(4), key: A }, 10).map((r) => r.key)).toEqual([A, 'instagram:question', C]);
  });

  it('moves a conversation to the top when a newer message comes, and counts it once', () => {
    mixed();
    temp!.store.ingestMessages('p-2', [dm({ platform: 'twitter', conversationId: 'c', at: 9, senderId: 'x-person', text: 'Hello again' })]);
    expect(keys()).toEqual([C, B, 'instagram:mine', A, 'instagram:question', 'instagram:hidden']);
    expect(temp!.store.counts()['p-2']).toEqual({ unread: 1, needsReply: 1, all: 1, done: 0, snoozed: 0, hidden: 0 });
  });

  it('counts both kinds per profile, and each kind alone', () => {
    mixed();
    const s = temp!.store;
    expect(s.counts()['p-1']).toEqual({ unread: 4, needsReply: 2, all: 5, done: 0, snoozed: 0, hidden: 1 });
    expect(s.counts({ kind: 'comment' })['p-1']).toEqual({ unread: 2, needsReply: 1, all: 3, done: 0, snoozed: 0, hidden: 1 });
    expect(s.counts({ kind: 'conversation' })['p-1']).toEqual({ unread: 2, needsReply: 1, all: 2, done: 0, snoozed: 0, hidden: 0 });
    expect(s.counts({ kind: 'conversation', platforms: ['facebook'] })['p-1']).toMatchObject({ all: 1, needsReply: 0 });
    s.setTriage([A, 'instagram:question'], { snoozedUntil: T0 + 60_000 });
    expect(s.counts({ now: T0 })['p-1']).toMatchObject({ needsReply: 0, snoozed: 2 });
    expect(s.counts({ now: T0, kind: 'conversation' })['p-1']).toMatchObject({ needsReply: 0, snoozed: 1 });
    expect(keys({ view: 'snoozed', now: T0, kind: 'conversation' })).toEqual([A]);
    // The snooze runs out: both need a reply again.
    expect(s.counts({ now: T0 + 60_000 })['p-1']).toMatchObject({ needsReply: 2, snoozed: 0 });
    expect(keys({ view: 'needsReply', now: T0 + 60_000 })).toEqual([A, 'instagram:question', C]);
  });

  it('counters kept by ingest and triggers agree with a count of the rows', () => {
    mixed();
    const s = temp!.store;
    s.setTriage([B], { done: true });
    s.ingestMessages('p-1', [dm({ platform: 'facebook', conversationId: 'b', at: 12, senderId: 'fb-person', text: 'One more thing' })]);
    s.setTriage([A], { unread: false });
    const db = new DatabaseSync(temp!.file);
    const kept = db
      .prepare(`SELECT kind, sum(all_rows) AS a, sum(unread) AS u, sum(open) AS o, sum(done) AS d FROM inbox_counts GROUP BY kind ORDER BY kind`)
      .all();
    const counted = db
      .prepare(
        `SELECT kind, count(*) AS a, sum(unread) AS u,
           sum(by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL) AS o, sum(done) AS d
         FROM inbox GROUP BY kind ORDER BY kind`,
      )
      .all();
    db.close();
    expect(kept).toEqual(counted);
  });
});

describe('search over direct messages', () => {
  it('finds a word of any message of a conversation, and the person by name or username', () => {
    mixed();
    expect(keys({ text: 'linen' })).toEqual([A]);
    expect(keys({ text: 'restock' })).toEqual([A]);
    expect(keys({ text: 'marie' })).toEqual([A]);
    expect(keys({ text: 'mcur' })).toEqual([A]);
    expect(keys({ text: 'turing' })).toEqual([B]);
    expect(keys({ text: 'norway' })).toEqual(['instagram:question']);
    expect(keys({ text: 'linen', kind: 'comment' })).toEqual([]);
    expect(keys({ text: 'norway', kind: 'conversation' })).toEqual([]);
    expect(keys({ text: 'order', view: 'needsReply' })).toEqual([]);
    expect(keys({ text: 'order' })).toEqual([B]);
  });

  it('follows a conversation that moved: a new word is found, an old one still is, and only once', () => {
    mixed();
    temp!.store.ingestMessages('p-1', [
      dm({ conversationId: 'a', at: 20, text: 'Found it in Oslo, thanks', personName: 'Marie Curie', personUsername: 'mcurie' }),
    ]);
    expect(keys({ text: 'oslo' })).toEqual([A]);
    expect(keys({ text: 'linen' })).toEqual([A]);
    // Both kinds match "thanks": newest first across the two indexes.
    expect(keys({ text: 'thanks' })).toEqual([A, 'instagram:mine']);
    const db = new DatabaseSync(temp!.file);
    const docs = db.prepare(`SELECT rowid FROM conversations_fts WHERE conversations_fts MATCH 'linen'`).all();
    db.close();
    expect(docs).toHaveLength(1);
  });

  it('walks the conversations index newest first and checks each hit by row id', () => {
    mixed();
    const db = new DatabaseSync(temp!.file);
    db.exec('ANALYZE');
    const plan = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT inbox.id FROM conversations_fts CROSS JOIN inbox NOT INDEXED ON inbox.id = conversations_fts.rowid
       WHERE conversations_fts MATCH 'x' AND conversations_fts.rowid >= 0 AND conversations_fts.rowid < 9 AND done = 1
       ORDER BY conversations_fts.rowid DESC LIMIT 51`,
        )
        .all() as { detail: string }[]
    )
      .map((row) => row.detail)
      .join(' | ');
    db.close();
    expect(plan).toMatch(/SCAN conversations_fts VIRTUAL TABLE/);
    expect(plan).toMatch(/SEARCH inbox USING INTEGER PRIMARY KEY/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});

describe('row ids of both kinds', () => {
  it('a comment and a conversation of the same second get different rows', () => {
    temp = seeded([profile('p-1', ['instagram'])]);
    const s = temp.store;
    s.ingestMessages('p-1', [dm({ conversationId: 'same', created: minute(7) })]);
    s.ingestComments('p-1', [comment({ socialCommentId: 'same-second', created: minute(7) })]);
    s.ingestMessages('p-1', [dm({ conversationId: 'same-too', created: minute(7) })]);
    expect(keys().sort()).toEqual([conversationKeyOf('instagram', 'same'), conversationKeyOf('instagram', 'same-too'), 'instagram:same-second'].sort());
    expect(s.counts()['p-1']).toMatchObject({ all: 3 });
  });
});
