// Migration 6: direct messages. A conversation is one inbox item beside the comments, so it gets a
// row in the same projection (`inbox`), walked by the same partial indexes, counted by the same
// counters, triaged the same way. What that takes:
//
// - `inbox.kind` says which kind a row is, and every per-view index is keyed by (profile, network,
//   kind): a page is still one backwards walk per partition, now per kind too, and a kind filter
//   only drops partitions. `inbox_counts` is keyed the same way.
// - A conversation's inbox row id is its LAST message's time (second << 20 plus a sequence, as a
//   comment's is): when a newer message arrives the row moves to a new id (conversations.inbox_id
//   follows), so "newest first" stays a backwards walk. Ids of both kinds are taken from the same
//   space: ingest of either kind looks for a second's next free id in `inbox`.
// - Local triage of conversations has its own table, as comments' has: the sync writes
//   conversations and messages, never this one (except that a new message by the person makes the
//   conversation unread and open again: that is what a new comment is for comments).
// - Search: one full-text document per conversation (every message's text, and the person's name and
//   username), whose rowid is the conversation's inbox id, so the search walks it newest first as it
//   walks comments_fts. Contentless with delete support: a document is replaced when its
//   conversation changes, per batch (messageSearch.ts).
import type { Migration } from './migration.ts';

/** The per-view indexes of migration 2, now keyed by kind as well (same names: the queries pin them). */
const VIEW_INDEXES = `
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

export const directMessages: Migration = {
  version: 6,
  name: 'direct messages: conversations, messages, their triage and search; inbox items by kind',
  up(db) {
    db.exec(`
      -- 0: a comment, 1: a conversation (itemKinds.ts).
      ALTER TABLE inbox ADD COLUMN kind INTEGER NOT NULL DEFAULT 0 CHECK (kind IN (0, 1));

      DROP INDEX inbox_all; DROP INDEX inbox_unread; DROP INDEX inbox_needs_reply; DROP INDEX inbox_needs_reply_unread;
      DROP INDEX inbox_needs_reply_snoozed; DROP INDEX inbox_done; DROP INDEX inbox_done_unread;
      DROP INDEX inbox_hidden; DROP INDEX inbox_hidden_unread;
      ${VIEW_INDEXES}

      DROP TRIGGER inbox_change_counted;
      DROP TRIGGER inbox_removal_counted;
      CREATE TABLE inbox_counts_by_kind (
        profile_id INTEGER NOT NULL,
        platform TEXT NOT NULL,
        kind INTEGER NOT NULL,
        all_rows INTEGER NOT NULL DEFAULT 0,
        unread INTEGER NOT NULL DEFAULT 0,
        open INTEGER NOT NULL DEFAULT 0,
        done INTEGER NOT NULL DEFAULT 0,
        hidden INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (profile_id, platform, kind)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO inbox_counts_by_kind (profile_id, platform, kind, all_rows, unread, open, done, hidden)
        SELECT profile_id, platform, 0, all_rows, unread, open, done, hidden FROM inbox_counts;
      DROP TABLE inbox_counts;
      ALTER TABLE inbox_counts_by_kind RENAME TO inbox_counts;
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

      -- The person is the one the account writes to; last_* are decided at ingest from the messages.
      CREATE TABLE conversations (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        platform TEXT NOT NULL,
        conversation_id TEXT NOT NULL,
        inbox_id INTEGER NOT NULL UNIQUE,
        recipient_id TEXT NOT NULL,
        name TEXT NOT NULL,
        username TEXT,
        picture_url TEXT,
        last_message_at TEXT NOT NULL,
        last_text TEXT NOT NULL,
        last_action TEXT NOT NULL CHECK (last_action IN ('sent', 'received')),
        last_received_at TEXT,
        last_sent_at TEXT,
        message_count INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'archived')),
        raw TEXT NOT NULL,
        UNIQUE (profile_id, platform, conversation_id)
      ) STRICT;
      -- "Closing soon": conversations waiting for the account where a reply window applies.
      CREATE INDEX conversations_reply_window ON conversations(last_received_at)
        WHERE platform IN ('facebook', 'instagram') AND last_action = 'received';

      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        conversation INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        message_id TEXT NOT NULL,
        action TEXT NOT NULL CHECK (action IN ('sent', 'received')),
        text TEXT NOT NULL,
        created TEXT NOT NULL,
        sender_id TEXT NOT NULL,
        media TEXT NOT NULL,
        raw TEXT NOT NULL,
        UNIQUE (conversation, message_id)
      ) STRICT;
      CREATE INDEX messages_in_order ON messages(conversation, created);

      CREATE TABLE conversation_triage (
        conversation INTEGER PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
        unread INTEGER NOT NULL,
        done INTEGER NOT NULL DEFAULT 0,
        snoozed_until INTEGER,
        labels TEXT NOT NULL DEFAULT '[]'
      ) STRICT;
      CREATE TRIGGER conversation_triage_reaches_inbox AFTER UPDATE OF unread, done, snoozed_until ON conversation_triage
      WHEN (old.unread, old.done, old.snoozed_until) IS NOT (new.unread, new.done, new.snoozed_until) BEGIN
        UPDATE inbox SET unread = new.unread, done = new.done, snoozed_until = new.snoozed_until
        WHERE id = (SELECT inbox_id FROM conversations WHERE id = new.conversation);
      END;

      CREATE VIRTUAL TABLE conversations_fts USING fts5(
        text, author_name,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2'
      );

      CREATE TRIGGER deleted_conversation_leaves_inbox AFTER DELETE ON conversations BEGIN
        DELETE FROM inbox WHERE id = old.inbox_id;
        DELETE FROM conversations_fts WHERE rowid = old.inbox_id;
      END;
    `);
  },
};
