import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { comment, ownId, post, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore;
afterEach(() => temp?.cleanup());

describe('inbox pages', () => {
  it('orders comments of the same second by key and pages through them without a gap or a repeat', () => {
    temp = seeded();
    const sameSecond = ['k', 'b', 'x', 'a', 'm', 'c', 'z'].map((id, n) =>
      comment({ socialCommentId: id, created: `2026-11-20T10:00:00.${String(n * 100).padStart(3, '0')}Z` }),
    );
    const tied = ['t2', 't1', 't3'].map((id) => comment({ socialCommentId: id, created: '2026-11-20T10:00:00.500Z' }));
    temp.store.ingestComments('p-1', [...sameSecond, ...tied, comment({ socialCommentId: 'older', created: '2026-11-20T09:59:59.999Z' })]);
    const keys: string[] = [];
    let cursor = null;
    do {
      const page = temp.store.inboxPage({}, cursor, 2);
      keys.push(...page.rows.map((r) => r.key.slice('instagram:'.length)));
      cursor = page.next;
    } while (cursor);
    // .600 z; then .500: t3, t2, t1, c (keys descending); then .400 m, .300 a, .200 x, .100 b, .000 k.
    expect(keys).toEqual(['z', 't3', 't2', 't1', 'c', 'm', 'a', 'x', 'b', 'k', 'older']);
  });

  it('says there is no next page when the last page is exactly full', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [comment(), comment()]);
    const page = temp.store.inboxPage({}, null, 2);
    expect(page.rows).toHaveLength(2);
    expect(page.next).toBeNull();
  });

  it('fills a row with its post excerpt, profile and triage state', () => {
    temp = seeded();
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1', { text: 'Autumn drop: four new colours' })]);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'r', authorName: 'Ines', text: 'Love the rust one', likeCount: 4 })]);
    temp.store.setTriage(['instagram:r'], { labels: ['order'] });
    expect(temp.store.inboxPage({}).rows[0]).toMatchObject({
      key: 'instagram:r',
      profileId: 'p-1',
      postExcerpt: 'Autumn drop: four new colours',
      authorName: 'Ines',
      likeCount: 4,
      unread: true,
      labels: ['order'],
      replied: false,
      byAccount: false,
    });
  });

  it('filters by profile and network, and an unknown profile or an empty list matches nothing', () => {
    temp = seeded([profile('p-1'), profile('p-2', ['linkedin'])]);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'ig' }), comment({ socialCommentId: 'fb', platform: 'facebook' })]);
    temp.store.ingestComments('p-2', [comment({ socialCommentId: 'li', platform: 'linkedin' })]);
    const keys = (filter: Parameters<typeof temp.store.inboxPage>[0]) =>
      temp.store
        .inboxPage(filter)
        .rows.map((r) => r.key)
        .sort();
    expect(keys({ profileIds: ['p-2'] })).toEqual(['linkedin:li']);
    expect(keys({ platforms: ['facebook', 'linkedin'] })).toEqual(['facebook:fb', 'linkedin:li']);
    expect(keys({ profileIds: ['p-1'], platforms: ['linkedin'] })).toEqual([]);
    expect(keys({ profileIds: ['nobody'] })).toEqual([]);
    expect(keys({ profileIds: [] })).toEqual([]);
    expect(keys({ platforms: [] })).toEqual([]);
  });

  it('shows each view: needs reply, done, snoozed until it wakes, hidden', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'open' }),
      comment({ socialCommentId: 'done' }),
      comment({ socialCommentId: 'snoozed' }),
      comment({ socialCommentId: 'hidden', hidden: true }),
      comment({ socialCommentId: 'mine', authorId: ownId('p-1', 'instagram') }),
    ]);
    temp.store.setTriage(['instagram:done'], { done: true });
    temp.store.setTriage(['instagram:snoozed'], { snoozedUntil: T0 + 60_000 });
    const view = (v: 'needsReply' | 'done' | 'snoozed' | 'hidden', now = T0) =>
      temp.store
        .inboxPage({ view: v, now })
        .rows.map((r) => r.key.split(':')[1])
        .sort();
    expect(view('needsReply')).toEqual(['open']);
    expect(view('done')).toEqual(['done']);
    expect(view('snoozed')).toEqual(['snoozed']);
    expect(view('hidden')).toEqual(['hidden']);
    expect(view('needsReply', T0 + 60_000)).toEqual(['open', 'snoozed']);
    expect(view('snoozed', T0 + 60_000)).toEqual([]);
    // The store's clock decides when no "now" is given.
    temp.clock.time = T0 + 120_000;
    expect(temp.store.inboxPage({ view: 'snoozed' }).rows).toEqual([]);
  });

  it('combines search with the other filters', () => {
    temp = seeded([profile('p-1'), profile('p-2')]);
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'a', text: 'shipping to Canada?' }),
      comment({ socialCommentId: 'b', text: 'shipping cost?', hidden: true }),
    ]);
    temp.store.ingestComments('p-2', [comment({ socialCommentId: 'c', text: 'free shipping!' })]);
    temp.store.setTriage(['instagram:a'], { unread: false });
    const keys = (filter: Parameters<typeof temp.store.inboxPage>[0]) =>
      temp.store
        .inboxPage(filter)
        .rows.map((r) => r.key)
        .sort();
    expect(keys({ text: 'shipping' })).toEqual(['instagram:a', 'instagram:b', 'instagram:c']);
    expect(keys({ text: 'shipping', profileIds: ['p-1'] })).toEqual(['instagram:a', 'instagram:b']);
    expect(keys({ text: 'shipping', view: 'hidden' })).toEqual(['instagram:b']);
    expect(keys({ text: 'shipping', unreadOnly: true, view: 'needsReply' })).toEqual(['instagram:c']);
    expect(keys({ text: 'ship' })).toHaveLength(3);
    expect(keys({ text: 'canada shipping' })).toEqual(['instagram:a']);
  });

  it('never fails on search text: FTS syntax is taken literally, symbols alone match nothing', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [comment({ text: 'NEAR the "price" AND more' })]);
    for (const text of ['"', 'price" OR', 'NEAR(', 'AND', '*', 'text:price', '-price', '^price', '(', '😍', '   ']) {
      expect(() => temp.store.inboxPage({ text })).not.toThrow();
    }
    expect(temp.store.inboxPage({ text: '"price" AND' }).rows).toHaveLength(1);
    expect(temp.store.inboxPage({ text: '😍' }).rows).toHaveLength(0);
    expect(temp.store.inboxPage({ text: '   ' }).rows).toHaveLength(1);
  });

  it('refuses a cursor whose time is not a time, with a typed error', () => {
    temp = seeded();
    expect(() => temp.store.inboxPage({}, { created: 'soon', key: 'instagram:x' })).toThrow(StoreInputError);
  });

  it('keeps page sizes within 1 to 500', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [comment(), comment(), comment()]);
    expect(temp.store.inboxPage({}, null, 0).rows).toHaveLength(1);
    expect(temp.store.inboxPage({}, null, Number.NaN).rows).toHaveLength(3);
  });
});

describe('query plans', () => {
  it('walks the partial index of the view per profile, network and kind, never the whole table, whatever the statistics say', () => {
    // The same SQL as inboxQuery.ts builds for two (profile, network, kind) walks.
    temp = seeded([profile('p-1'), profile('p-2', ['linkedin'])]);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'x' })]);
    temp.store.ingestComments('p-2', [comment({ socialCommentId: 'y', platform: 'linkedin' })]);
    const db = new DatabaseSync(temp.file);
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({}) as { detail: string }[]).map((r) => r.detail).join(' | ');
    const views: [string, string][] = [
      ['inbox_all', '1'],
      ['inbox_unread', 'unread = 1'],
      ['inbox_needs_reply', 'by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL'],
      ['inbox_needs_reply_unread', 'by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL AND unread = 1'],
      ['inbox_done_unread', 'done = 1 AND unread = 1'],
      ['inbox_hidden', 'hidden = 1'],
    ];
    for (const [index, condition] of views) {
      const detail = plan(
        `SELECT id FROM (SELECT id FROM inbox INDEXED BY ${index} WHERE profile_id = 1 AND platform = 'instagram' AND kind = 0 AND ${condition} AND id >= 0 AND id < 99 ORDER BY id DESC LIMIT 51)
         UNION ALL SELECT id FROM (SELECT id FROM inbox INDEXED BY ${index} WHERE profile_id = 2 AND platform = 'linkedin' AND kind = 1 AND ${condition} AND id >= 0 AND id < 99 ORDER BY id DESC LIMIT 51)
         ORDER BY id DESC LIMIT 51`,
      );
      // (The needs-reply walks read each row too: SQLite drops at most two "column = constant"
      // terms implied by a partial index, so they cannot be covering; a page reads 51 rows per walk.)
      expect(detail).toMatch(
        new RegExp(`USING (COVERING )?INDEX ${index} \\(profile_id=\\? AND platform=\\? AND kind=\\? (AND snoozed_until=\\? )?AND rowid>\\? AND rowid<\\?\\)`),
      );
      // Never a scan of the table; what gets sorted is each walk's own page (at most 51 ids).
      expect(detail).not.toMatch(/SCAN inbox\b/);
      expect(detail.match(/SEARCH inbox USING (COVERING )?INDEX/g)).toHaveLength(2);
    }
    // Statistics taken while the done view was empty must not turn each hit's check into a scan.
    db.exec('ANALYZE');
    const search = plan(
      `SELECT inbox.id FROM comments_fts CROSS JOIN inbox NOT INDEXED ON inbox.id = comments_fts.rowid WHERE comments_fts MATCH 'x' AND comments_fts.rowid >= 0 AND comments_fts.rowid < 9 AND done = 1 ORDER BY comments_fts.rowid DESC LIMIT 51`,
    );
    expect(search).toMatch(/SCAN comments_fts VIRTUAL TABLE/);
    expect(search).toContain('SEARCH inbox USING INTEGER PRIMARY KEY (rowid=?)');
    expect(search).not.toContain('TEMP B-TREE');
    db.close();
  });
});
