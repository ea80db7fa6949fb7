// Migration 15 (issue 30): both full-text indexes keep prefixes of three and four characters.
// A search's last word is a prefix (the person may still be typing, searchText.ts), and without a
// prefix index FTS5 answers a prefix by reading the list of every word that starts with it and
// merging them in memory before the first hit comes out: 1.5 to 2.3 ms of CPU for "love", "ship" or
// "where can" on 100,000 comments (0.6 ms in 5,000 conversations), whatever the page's limit. With
// the prefixes kept, a prefix of those lengths is one list, read newest first like a whole word, and
// the walk stops after its page (0.05 to 0.15 ms). Longer prefixes match fewer words and stay as
// they were; two characters ("sh": 2.5 ms) would cost ingest another tenth and are left out. The
// comments' index about doubles (11 to 21 MB for 100,000 comments' text) and each new comment writes
// its prefixes too: about a fifth more CPU at ingest (BENCHMARKS.md's issue-30 section).
//
// FTS5 takes its options only when a table is created, so each table is made again and filled:
// comments_fts from the comments it indexes (external content), conversations_fts (contentless)
// from each conversation's messages, the document messageSearch.ts writes. Nothing refers to their
// rows but ingest, messageSearch.ts and the delete triggers, by the tables' names.
//
// The same step adds the Snoozed view's index: each partition's snoozed rows newest first, with
// their snooze time and unread flag in the entry, so the view walks back from the newest and stops
// after a page, deciding each row from the index alone (inboxQuery.ts), instead of reading every
// snooze ahead, each with a table look-up, and sorting them (2,000 snoozes ahead: about 2 to 3.5 ms
// of CPU a page before).
//
// Version number: kept in this file on its own so that it can be renumbered when another migration
// lands before it (it is 15: the reviews' migration took 14 first); nothing else refers to it.
import type { Migration } from './migration.ts';

/** The prefix lengths both indexes keep: what a search box sees while a word is being typed. */
const PREFIXES = "prefix = '3 4'";

export const searchPrefixes: Migration = {
  version: 15,
  name: 'full-text indexes keep prefixes of 3 and 4 characters; snoozed rows indexed per partition',
  up(db) {
    db.exec(`
      DROP TABLE comments_fts;
      CREATE VIRTUAL TABLE comments_fts USING fts5(
        text, author_name,
        content = 'comments', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2',
        columnsize = 0,
        ${PREFIXES}
      );
      INSERT INTO comments_fts (comments_fts) VALUES ('rebuild');

      DROP TABLE conversations_fts;
      CREATE VIRTUAL TABLE conversations_fts USING fts5(
        text, author_name,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2',
        ${PREFIXES}
      );
      INSERT INTO conversations_fts (rowid, text, author_name)
        SELECT cv.inbox_id, coalesce((SELECT group_concat(m.text, ' ') FROM messages m WHERE m.conversation = cv.id), ''),
          cv.name || ' ' || coalesce(cv.username, '')
        FROM conversations cv ORDER BY cv.inbox_id;

      CREATE INDEX inbox_snoozed_by_partition ON inbox(profile_id, platform, kind, id, snoozed_until, unread)
        WHERE snoozed_until IS NOT NULL;
    `);
  },
};
