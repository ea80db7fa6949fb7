// Migration 11 (issue 21): what hid in the key-value table `sync_cursors` gets tables of its own.
// Before it, eight kinds of state shared that table behind `cursor(name)`: the account list as
// JSON, thread edits and seen posts as JSON, and the sync's bookkeeping. Now:
//
// - `thread_edits`: a client's corrections of detected X threads, one row per profile.
// - `seen_posts`: what the person last saw on a post's metric panel, one row per post.
// - `accounts_carried_over`: the account list and the sandbox choice the store kept beside
//   accounts.json, until the account registry has carried what accounts.json lacks into it (once,
//   at the next start: accountRegistry.ts); then the rows go. accounts.json is the only list.
// - `sync_cursors` keeps only the sync's own bookkeeping, read and written through typed calls
//   (syncNotes.ts).
//
// Version number: kept in this file on its own so that it can be renumbered when another migration
// lands before it; nothing else refers to the number.
import type { Migration } from './migration.ts';

const THREAD_EDITS = 'threads:edits:';
const SEEN = 'posts:seen:';

export const typedStateTables: Migration = {
  version: 11,
  name: 'thread edits, seen posts and the carried-over account list out of the key-value table',
  up(db) {
    db.exec(`
      CREATE TABLE thread_edits (
        profile_id TEXT PRIMARY KEY,
        edits TEXT NOT NULL
      ) STRICT;
      INSERT INTO thread_edits (profile_id, edits)
        SELECT substr(name, ${THREAD_EDITS.length + 1}), value FROM sync_cursors
        WHERE substr(name, 1, ${THREAD_EDITS.length}) = '${THREAD_EDITS}' AND value <> '';

      CREATE TABLE seen_posts (
        post_key TEXT PRIMARY KEY,
        seen TEXT NOT NULL
      ) STRICT;
      INSERT INTO seen_posts (post_key, seen)
        SELECT substr(name, ${SEEN.length + 1}), value FROM sync_cursors WHERE substr(name, 1, ${SEEN.length}) = '${SEEN}';

      CREATE TABLE accounts_carried_over (
        name TEXT PRIMARY KEY CHECK (name IN ('accounts', 'sandboxRemoved')),
        value TEXT NOT NULL
      ) STRICT;
      INSERT INTO accounts_carried_over (name, value)
        SELECT CASE name WHEN 'app.accounts' THEN 'accounts' ELSE 'sandboxRemoved' END, value FROM sync_cursors
        WHERE name IN ('app.accounts', 'app.sandboxRemoved');

      DELETE FROM sync_cursors
      WHERE substr(name, 1, ${THREAD_EDITS.length}) = '${THREAD_EDITS}' OR substr(name, 1, ${SEEN.length}) = '${SEEN}'
        OR name IN ('app.accounts', 'app.sandboxRemoved');
    `);
  },
};
