// Migration 14 (issue 31, decision 0082): reviews, the third inbox kind. A review is one inbox item
// beside comments and conversations, so it gets a row in the same projection (`inbox`, kind 2),
// walked by the same per-view indexes, counted by the same counters and triaged through the one
// item state (its key `review:<network>:<id>`).
//
// - `inbox.kind` was declared `CHECK (kind IN (0, 1))` by migration 6, and SQLite cannot change a
//   CHECK in place (the schema table is read-only here), so the projection is copied into a table
//   that takes 2, and its indexes and its two counting triggers are made again as they were. The
//   triggers of other tables that write into `inbox` name it by name and need nothing.
// - A review's inbox id is its created time (second << 20 plus a sequence, from the same space as
//   the other kinds'), so "newest first" stays one backwards walk; a review never moves.
// - Search: one contentless document per review (its words and the reviewer's name) whose rowid
//   is its inbox id, as conversations_fts is.
import type { Migration } from './migration.ts';

const VIEW_INDEXES = `
  CREATE INDEX inbox_snoozed ON inbox(snoozed_until) WHERE snoozed_until IS NOT NULL;
  CREATE INDEX inbox_all ON inbox(profile_id, platform, kind);
  CREATE INDEX inbox_unread ON inbox(profile_id, platform, kind) WHERE unread = 1;
  CREATE INDEX inbox_needs_reply ON inbox(profile_id, platform, kind, snoozed_until)
    WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL;
  CREATE INDEX inbox_needs_reply_unread ON inbox(profile_id, platform, kind, snoozed_until)
    WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL AND unread = 1;
  CREATE INDEX inbox_needs_reply_snoozed ON inbox(profile_id, platform, kind)
    WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NOT NULL;
  CREATE INDEX inbox_done ON inbox(profile_id, platform, kind) WHERE done = 1;
  CREATE INDEX inbox_done_unread ON inbox(profile_id, platform, kind) WHERE done = 1 AND unread = 1;
  CREATE INDEX inbox_hidden ON inbox(profile_id, platform, kind) WHERE hidden = 1;
  CREATE INDEX inbox_hidden_unread ON inbox(profile_id, platform, kind) WHERE hidden = 1 AND unread = 1;
`;

const OPEN_NEW = '(new.by_account = 0 AND new.done = 0 AND new.hidden = 0 AND new.replied = 0 AND new.snoozed_until IS NULL)';
const OPEN_OLD = '(old.by_account = 0 AND old.done = 0 AND old.hidden = 0 AND old.replied = 0 AND old.snoozed_until IS NULL)';

/** The review key's network and id, from an item_state key `review:<network>:<id>`. */
const REST = 'substr(new.key, 8)';
const NETWORK = `substr(${REST}, 1, instr(${REST}, ':') - 1)`;
const REVIEW_ID = `substr(${REST}, instr(${REST}, ':') + 1)`;

export const reviews: Migration = {
  version: 14,
  name: 'reviews: the third inbox kind (its table, search and state), the projection taking kind 2',
  up(db) {
    db.exec(`
      CREATE TABLE inbox_with_reviews (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL,
        platform TEXT NOT NULL,
        by_account INTEGER NOT NULL,
        hidden INTEGER NOT NULL,
        replied INTEGER NOT NULL,
        unread INTEGER NOT NULL,
        done INTEGER NOT NULL,
        snoozed_until INTEGER,
        -- 0: a comment, 1: a conversation, 2: a review (itemKinds.ts).
        kind INTEGER NOT NULL DEFAULT 0 CHECK (kind IN (0, 1, 2)),
        publication_key TEXT
      ) STRICT;
      INSERT INTO inbox_with_reviews (id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until, kind, publication_key)
        SELECT id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until, kind, publication_key FROM inbox;
      DROP TABLE inbox;
    `);
    // Other tables' triggers name "inbox": the modern rename checks them against a schema that has
    // none for a moment; the legacy rename does not, and the name they use is back after it.
    db.exec('PRAGMA legacy_alter_table = ON');
    try {
      db.exec('ALTER TABLE inbox_with_reviews RENAME TO inbox');
    } finally {
      db.exec('PRAGMA legacy_alter_table = OFF');
    }
    db.exec(`
      ${VIEW_INDEXES}
      CREATE TRIGGER inbox_change_counted AFTER UPDATE ON inbox BEGIN
        UPDATE inbox_counts SET
          unread = unread + new.unread - old.unread,
          done = done + new.done - old.done,
          hidden = hidden + new.hidden - old.hidden,
          open = open + ${OPEN_NEW} - ${OPEN_OLD}
        WHERE profile_id = new.profile_id AND platform = new.platform AND kind = new.kind;
      END;
      CREATE TRIGGER inbox_removal_counted AFTER DELETE ON inbox BEGIN
        UPDATE inbox_counts SET
          all_rows = all_rows - 1,
          unread = unread - old.unread,
          done = done - old.done,
          hidden = hidden - old.hidden,
          open = open - ${OPEN_OLD}
        WHERE profile_id = old.profile_id AND platform = old.platform AND kind = old.kind;
      END;

      -- id is the review's inbox id. text is '' for a rating without words; stars NULL on Facebook;
      -- recommends NULL on Google; reply_* the business's latest answer as the service showed it.
      CREATE TABLE reviews (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        platform TEXT NOT NULL CHECK (platform IN ('gmb', 'facebook')),
        review_id TEXT NOT NULL,
        created TEXT NOT NULL,
        rating TEXT NOT NULL,
        stars INTEGER CHECK (stars BETWEEN 1 AND 5),
        recommends INTEGER,
        text TEXT NOT NULL,
        reviewer_name TEXT NOT NULL,
        reviewer_id TEXT NOT NULL,
        reply_text TEXT,
        reply_updated TEXT,
        answers TEXT NOT NULL,
        raw TEXT NOT NULL,
        UNIQUE (platform, review_id)
      ) STRICT;
      CREATE INDEX reviews_by_profile ON reviews(profile_id, id);

      CREATE VIRTUAL TABLE reviews_fts USING fts5(
        text, author_name,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2'
      );

      CREATE TRIGGER review_state_reaches_inbox AFTER UPDATE OF unread, done, snoozed_until ON item_state
      WHEN new.key LIKE 'review:%' AND (old.unread, old.done, old.snoozed_until) IS NOT (new.unread, new.done, new.snoozed_until) BEGIN
        UPDATE inbox SET unread = new.unread, done = new.done, snoozed_until = new.snoozed_until
        WHERE id = (SELECT id FROM reviews WHERE platform = ${NETWORK} AND review_id = ${REVIEW_ID});
      END;
      CREATE TRIGGER review_reply_reaches_inbox AFTER UPDATE OF reply_text ON reviews
      WHEN (old.reply_text IS NULL) IS NOT (new.reply_text IS NULL) BEGIN
        UPDATE inbox SET replied = (new.reply_text IS NOT NULL) WHERE id = new.id;
      END;
      CREATE TRIGGER deleted_review_leaves_inbox AFTER DELETE ON reviews BEGIN
        DELETE FROM inbox WHERE id = old.id;
        DELETE FROM reviews_fts WHERE rowid = old.id;
      END;
    `);
  },
};
