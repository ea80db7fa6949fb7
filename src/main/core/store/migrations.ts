// The schema, as a list of steps. A file's `PRAGMA user_version` says how many have been applied;
// opening runs the rest, each in its own transaction (see migrate.ts). Steps are never edited once
// released: a change is a new step at the end, with whatever backfill it needs.
import { conversationsByKey } from './migrationConversationKey.ts';
import { searchPrefixes } from './migrationSearchPrefixes.ts';
import { parentRowId } from './migrationParentRowId.ts';
import { directMessages } from './migrationDirectMessages.ts';
import { itemStateAndChangeLog } from './migrationItemState.ts';
import { publicationKey } from './migrationPublicationKey.ts';
import { typedStateTables } from './migrationTypedState.ts';
import { repliedOnlyWhereAnswered } from './migrationRepliedDirect.ts';
import { reviews } from './migrationReviews.ts';
import { wokenIndex } from './migrationWokenIndex.ts';
import type { Migration } from './migration.ts';
import { REPORT_INDEX_SQL } from './reportIndex.ts';

export type { Migration };

/** Version 1: what the service tells us, and the local triage state beside it (never in it). */
const syncedRecords: Migration = {
  version: 1,
  name: 'accounts, profiles, posts, comments, triage, sync cursors',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        account_id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        base_url TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('sandbox', 'service'))
      ) STRICT;

      -- No secrets here: profile keys live in the vault.
      CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        profile_id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL REFERENCES accounts(account_id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        is_primary INTEGER NOT NULL,
        networks TEXT NOT NULL,
        color TEXT
      ) STRICT;

      CREATE TABLE posts (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        platform TEXT NOT NULL,
        social_post_id TEXT NOT NULL,
        service_post_id TEXT,
        text TEXT NOT NULL,
        url TEXT,
        created TEXT NOT NULL,
        disable_comments INTEGER NOT NULL,
        raw TEXT NOT NULL,
        UNIQUE (platform, social_post_id)
      ) STRICT;
      CREATE INDEX posts_by_profile ON posts(profile_id);

      -- id: the created second << 20 plus a sequence (commentIds.ts), so row order is time order.
      -- by_account and replied are decided at ingest (ingest.ts), not computed per query.
      CREATE TABLE comments (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        platform TEXT NOT NULL,
        social_comment_id TEXT NOT NULL,
        service_comment_id TEXT,
        social_post_id TEXT NOT NULL,
        parent_social_comment_id TEXT,
        author_id TEXT NOT NULL,
        author_name TEXT NOT NULL,
        text TEXT NOT NULL,
        created TEXT NOT NULL,
        like_count INTEGER NOT NULL,
        hidden INTEGER NOT NULL,
        by_account INTEGER NOT NULL,
        replied INTEGER NOT NULL DEFAULT 0,
        comment_urn TEXT,
        video_id TEXT,
        cid TEXT,
        raw TEXT NOT NULL,
        UNIQUE (platform, social_comment_id)
      ) STRICT;
      CREATE INDEX comments_by_parent ON comments(platform, parent_social_comment_id)
        WHERE parent_social_comment_id IS NOT NULL;

      -- Local state, in its own table: the sync writes comments and never touches this one.
      CREATE TABLE triage (
        comment_id INTEGER PRIMARY KEY REFERENCES comments(id) ON DELETE CASCADE,
        unread INTEGER NOT NULL,
        done INTEGER NOT NULL DEFAULT 0,
        snoozed_until INTEGER,
        labels TEXT NOT NULL DEFAULT '[]'
      ) STRICT;

      CREATE TABLE sync_cursors (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `);
  },
};

/**
 * Version 2: what the inbox queries walk. The filters mix synced flags (hidden, replied, by the
 * account) with local ones (unread, done, snoozed), and a partial index can only name columns of
 * its own table, so \`inbox\` is a projection of both, with one small partial index per view (and
 * per view of unread ones). Each index is keyed by profile and network; the row id (time order)
 * ends every entry, so a page is a backwards walk per profile and network. Ingest inserts the
 * projection's row with the comment (it has every value at hand); triggers carry later changes of
 * either side, so no write path can forget it.
 */
const inboxProjectionAndSearch: Migration = {
  version: 2,
  name: 'inbox projection, its partial indexes, full-text search',
  up(db) {
    db.exec(`
      CREATE TABLE inbox (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL,
        platform TEXT NOT NULL,
        by_account INTEGER NOT NULL,
        hidden INTEGER NOT NULL,
        replied INTEGER NOT NULL,
        unread INTEGER NOT NULL,
        done INTEGER NOT NULL,
        snoozed_until INTEGER
      ) STRICT;

      INSERT INTO inbox (id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until)
        SELECT c.id, c.profile_id, c.platform, c.by_account, c.hidden, c.replied, t.unread, t.done, t.snoozed_until
        FROM comments c JOIN triage t ON t.comment_id = c.id;

      CREATE TRIGGER triage_change_reaches_inbox AFTER UPDATE OF unread, done, snoozed_until ON triage
      WHEN (old.unread, old.done, old.snoozed_until) IS NOT (new.unread, new.done, new.snoozed_until) BEGIN
        UPDATE inbox SET unread = new.unread, done = new.done, snoozed_until = new.snoozed_until WHERE id = new.comment_id;
      END;
      CREATE TRIGGER comment_flags_reach_inbox AFTER UPDATE OF by_account, hidden, replied ON comments
      WHEN (old.by_account, old.hidden, old.replied) IS NOT (new.by_account, new.hidden, new.replied) BEGIN
        UPDATE inbox SET by_account = new.by_account, hidden = new.hidden, replied = new.replied WHERE id = new.id;
      END;
      CREATE TRIGGER deleted_comment_leaves_inbox AFTER DELETE ON comments BEGIN
        DELETE FROM inbox WHERE id = old.id;
      END;

      -- Counts per profile and network for the sidebar, without a pass over 100,000 rows: ingest
      -- adds its new rows per batch, triggers follow every later change of a row. "open" is
      -- needs-reply without a snooze; snoozed rows are counted live against "now" (they are few).
      CREATE TABLE inbox_counts (
        profile_id INTEGER NOT NULL,
        platform TEXT NOT NULL,
        all_rows INTEGER NOT NULL DEFAULT 0,
        unread INTEGER NOT NULL DEFAULT 0,
        open INTEGER NOT NULL DEFAULT 0,
        done INTEGER NOT NULL DEFAULT 0,
        hidden INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (profile_id, platform)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO inbox_counts (profile_id, platform, all_rows, unread, open, done, hidden)
        SELECT profile_id, platform, count(*), sum(unread),
          sum(by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL), sum(done), sum(hidden)
        FROM inbox GROUP BY profile_id, platform;
      CREATE TRIGGER inbox_change_counted AFTER UPDATE ON inbox BEGIN
        UPDATE inbox_counts SET
          unread = unread + new.unread - old.unread,
          done = done + new.done - old.done,
          hidden = hidden + new.hidden - old.hidden,
          open = open
            + (new.by_account = 0 AND new.done = 0 AND new.hidden = 0 AND new.replied = 0 AND new.snoozed_until IS NULL)
            - (old.by_account = 0 AND old.done = 0 AND old.hidden = 0 AND old.replied = 0 AND old.snoozed_until IS NULL)
        WHERE profile_id = new.profile_id AND platform = new.platform;
      END;
      CREATE TRIGGER inbox_removal_counted AFTER DELETE ON inbox BEGIN
        UPDATE inbox_counts SET
          all_rows = all_rows - 1,
          unread = unread - old.unread,
          done = done - old.done,
          hidden = hidden - old.hidden,
          open = open - (old.by_account = 0 AND old.done = 0 AND old.hidden = 0 AND old.replied = 0 AND old.snoozed_until IS NULL)
        WHERE profile_id = old.profile_id AND platform = old.platform;
      END;

      CREATE INDEX inbox_all ON inbox(profile_id, platform);
      CREATE INDEX inbox_unread ON inbox(profile_id, platform) WHERE unread = 1;
      -- snoozed_until (always NULL here) is a key column so that the walk needs no table row.
      CREATE INDEX inbox_needs_reply ON inbox(profile_id, platform, snoozed_until)
        WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL;
      CREATE INDEX inbox_needs_reply_unread ON inbox(profile_id, platform, snoozed_until)
        WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL AND unread = 1;
      -- Snoozed ones that would need a reply once their snooze runs out: few, checked against "now".
      CREATE INDEX inbox_needs_reply_snoozed ON inbox(profile_id, platform)
        WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NOT NULL;
      CREATE INDEX inbox_done ON inbox(profile_id, platform) WHERE done = 1;
      CREATE INDEX inbox_done_unread ON inbox(profile_id, platform) WHERE done = 1 AND unread = 1;
      CREATE INDEX inbox_hidden ON inbox(profile_id, platform) WHERE hidden = 1;
      CREATE INDEX inbox_hidden_unread ON inbox(profile_id, platform) WHERE hidden = 1 AND unread = 1;
      CREATE INDEX inbox_snoozed ON inbox(snoozed_until) WHERE snoozed_until IS NOT NULL;

      -- External content: the text lives once, in comments; triggers keep the index in step.
      CREATE VIRTUAL TABLE comments_fts USING fts5(
        text, author_name,
        content = 'comments', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2',
        columnsize = 0
      );
      INSERT INTO comments_fts (comments_fts) VALUES ('rebuild');

      CREATE TRIGGER comment_enters_search AFTER INSERT ON comments BEGIN
        INSERT INTO comments_fts (rowid, text, author_name) VALUES (new.id, new.text, new.author_name);
      END;
      CREATE TRIGGER edited_comment_reindexed AFTER UPDATE OF text, author_name ON comments
      WHEN old.text IS NOT new.text OR old.author_name IS NOT new.author_name BEGIN
        INSERT INTO comments_fts (comments_fts, rowid, text, author_name) VALUES ('delete', old.id, old.text, old.author_name);
        INSERT INTO comments_fts (rowid, text, author_name) VALUES (new.id, new.text, new.author_name);
      END;
      CREATE TRIGGER deleted_comment_leaves_search AFTER DELETE ON comments BEGIN
        INSERT INTO comments_fts (comments_fts, rowid, text, author_name) VALUES ('delete', old.id, old.text, old.author_name);
      END;
    `);
  },
};

/**
 * Version 3: analytics history and what the scheduler keeps per post. Poll state is keyed by the
 * post's key, not its row: comments and analytics can arrive for a post not discovered yet.
 */
const analyticsAndPollState: Migration = {
  version: 3,
  name: 'analytics snapshots, poll state per post',
  up(db) {
    db.exec(`
      CREATE TABLE analytics_snapshots (
        id INTEGER PRIMARY KEY,
        post_key TEXT NOT NULL,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        platform TEXT NOT NULL,
        social_post_id TEXT NOT NULL,
        fetched_at INTEGER NOT NULL,
        last_updated TEXT NOT NULL,
        next_update TEXT NOT NULL,
        metrics TEXT NOT NULL,
        backfilled_from TEXT,
        recovered_from TEXT
      ) STRICT;
      CREATE INDEX analytics_by_post ON analytics_snapshots(post_key, fetched_at);

      CREATE TABLE poll_state (
        post_key TEXT PRIMARY KEY,
        comment_count INTEGER NOT NULL DEFAULT 0,
        last_comment_at TEXT,
        last_polled_at INTEGER,
        analytics_due_at INTEGER
      ) STRICT;

      INSERT INTO poll_state (post_key, comment_count, last_comment_at)
        SELECT platform || ':' || social_post_id, count(*), max(created) FROM comments GROUP BY platform, social_post_id;
    `);
  },
};

/**
 * Version 4: posts the user tracks by hand (a link or id), which no list of the service has, e.g. a
 * youtube video of another channel a client appeared in. `tracked_at` is when the user added it;
 * NULL for every post the sync discovered, so the files of earlier versions keep their meaning.
 */
const trackedPosts: Migration = {
  version: 4,
  name: 'posts tracked by hand',
  up(db) {
    db.exec(`ALTER TABLE posts ADD COLUMN tracked_at TEXT;`);
  },
};

/**
 * Version 5: ingest writes a batch's full-text rows in one statement (ingest.ts) instead of a
 * trigger per comment. A statement on the FTS5 table inside a trigger opens a savepoint, and FTS5
 * flushes its pending terms to disk at every savepoint: one index segment per comment, merged
 * again and again (on a bare table, 1.6 s of CPU for 100,000 rows against 0.3 s per batch).
 * The edit and delete triggers stay: those writes are rare and have no batch to gather.
 */
const searchRowsPerBatch: Migration = {
  version: 5,
  name: 'full-text rows of new comments written per batch by ingest',
  up(db) {
    db.exec('DROP TRIGGER IF EXISTS comment_enters_search;');
  },
};

/**
 * Version 7: the account's own figures (followers, reach, watch time), one row per profile, network
 * and day: the day the figures describe (youtube and tiktok lag), so a later read of that day
 * replaces the row and a month's growth is one range of the key.
 */
const accountSnapshots: Migration = {
  version: 7,
  name: 'account analytics: one snapshot per profile, network and day',
  up(db) {
    db.exec(`
      CREATE TABLE account_snapshots (
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        platform TEXT NOT NULL,
        day TEXT NOT NULL,
        figures TEXT NOT NULL,
        entry TEXT NOT NULL,
        fetched_at INTEGER NOT NULL,
        PRIMARY KEY (profile_id, platform, day)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};

/**
 * Version 8: the client report's two indexes. `comments_report` holds everything the report's read
 * of a period takes (reportCommentRows.ts), keyed by profile then row id (time order), so the read
 * walks a narrow index instead of table rows carrying the raw JSON and text; a comment's created
 * milliseconds, flags and network are one indexed expression (reportIndex.ts), computed at write
 * instead of at every read. `comments_by_post` counts a post's comments by others in a period as
 * one range of it (topPosts' "comments in period"), instead of a GROUP BY over the period's rows.
 */
const reportIndexes: Migration = {
  version: 8,
  name: "client report: covering index of a period's comments, comments by others per post",
  up(db) {
    db.exec(`
      ${REPORT_INDEX_SQL};
      CREATE INDEX comments_by_post ON comments(profile_id, platform, social_post_id, id) WHERE by_account = 0;
    `);
  },
};

export const MIGRATIONS: readonly Migration[] = [
  syncedRecords,
  inboxProjectionAndSearch,
  analyticsAndPollState,
  trackedPosts,
  searchRowsPerBatch,
  directMessages,
  accountSnapshots,
  reportIndexes,
  publicationKey,
  itemStateAndChangeLog,
  typedStateTables,
  repliedOnlyWhereAnswered,
  conversationsByKey,
  reviews,
  searchPrefixes,
  parentRowId,
  wokenIndex,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
