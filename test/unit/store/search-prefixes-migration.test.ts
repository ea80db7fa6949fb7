// Migration 15 (issue 30): both full-text indexes are made again with prefixes of 3 and 4
// characters, and the Snoozed view gets its index. A file written before it (the same tables without the prefix option, version 14)
// must find exactly what it found before, by whole words and by prefixes of every length, comments
// and conversations alike; and the tables must keep the prefixes afterwards.
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import { REPORT_INDEX_SQL } from '../../../src/main/core/store/reportIndex.ts';
import { dm } from './messageFixtures.ts';
import { comment, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const minute = (n: number): string => new Date(T0 - 86_400_000 + n * 60_000).toISOString();

/** The version-14 definitions of both tables, filled again as that version's app had them. */
function asVersion14(file: string): void {
  const db = new DatabaseSync(file);
  db.exec(`
    DROP TABLE comments_fts;
    CREATE VIRTUAL TABLE comments_fts USING fts5(text, author_name, content = 'comments', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', columnsize = 0);
    INSERT INTO comments_fts (comments_fts) VALUES ('rebuild');
    DROP TABLE conversations_fts;
    CREATE VIRTUAL TABLE conversations_fts USING fts5(text, author_name, content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2');
    INSERT INTO conversations_fts (rowid, text, author_name)
      SELECT cv.inbox_id, coalesce((SELECT group_concat(m.text, ' ') FROM messages m WHERE m.conversation = cv.id), ''),
        cv.name || ' ' || coalesce(cv.username, '')
      FROM conversations cv;
    DROP INDEX inbox_snoozed_by_partition;
    -- Migration 16's column, index and trigger, which came after.
    DROP TRIGGER deleted_parent_leaves_replies;
    DROP INDEX comments_report;
    ALTER TABLE comments DROP COLUMN parent_id;
    ${REPORT_INDEX_SQL};
    -- Migration 17's index, which came after too.
    DROP INDEX inbox_needs_reply_woken;
    PRAGMA user_version = 14;
  `);
  db.close();
}

function ftsDefinitions(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  const rows = db.prepare("SELECT sql FROM sqlite_schema WHERE name IN ('comments_fts', 'conversations_fts') ORDER BY name").all() as { sql: string }[];
  db.close();
  return rows.map((row) => row.sql);
}

const SEARCHES = ['sh', 'shi', 'ship', 'shipp', 'shipping', 'Norway', 'nor', 'Do you', 'ma', 'mcu', 'Marie', 'restock', 're', 'zz'];

describe('migration 15: full-text prefixes', () => {
  it('finds by word and by prefix exactly what version 14 found, comments and conversations, and keeps the prefixes', () => {
    temp = seeded([profile('p-1', ['instagram', 'facebook'])]);
    const s = (): TempStore['store'] => temp!.store;
    s().ingestComments('p-1', [
      comment({ socialCommentId: 'q1', created: minute(1), text: 'Do you ship to Norway?' }),
      comment({ socialCommentId: 'q2', created: minute(2), text: 'Shipping took three weeks', authorName: 'Shira Marks' }),
      comment({ socialCommentId: 'q3', created: minute(3), text: 'Lovely colours' }),
    ]);
    s().ingestMessages('p-1', [
      dm({ conversationId: 'a', at: 4, text: 'Any news about the restock?', personName: 'Marie Curie', personUsername: 'mcurie' }),
      dm({ platform: 'facebook', conversationId: 'b', at: 5, text: 'Is shipping free?', personName: 'Alan Turing' }),
    ]);
    const answers = (): string[][] => SEARCHES.map((text) => temp!.store.inboxPage({ text }).rows.map((row) => row.key));
    const before = answers();
    temp.store.close();
    asVersion14(temp.file);
    const reopened = temp.reopen();
    expect(reopened.migrated).toMatchObject({ from: 14 });
    for (const sql of ftsDefinitions(temp.file)) expect(sql).toContain("prefix = '3 4'");
    // The Snoozed view's index came with the same step, and the view reads through it.
    s().setTriage(['instagram:q1', 'instagram:q3'], { snoozedUntil: T0 + 3_600_000 });
    expect(temp.store.inboxPage({ view: 'snoozed', now: T0 }).rows.map((row) => row.key)).toEqual(['instagram:q3', 'instagram:q1']);
    // Both tables were filled again: every search finds what it found before (ingest wrote them then).
    expect(answers()).toEqual(before);
    expect(before[SEARCHES.indexOf('shi')]).toEqual([conversationKeyOf('facebook', 'b'), 'instagram:q2', 'instagram:q1']);
    expect(before[SEARCHES.indexOf('mcu')]).toEqual([conversationKeyOf('instagram', 'a')]);
    expect(before[SEARCHES.indexOf('zz')]).toEqual([]);
  });
});
