// Migration 10 (issue 21): one item state per inbox item, keyed by the item's stable key, and the
// change log beside it. Before it, triage lived in two tables keyed by local row ids (`triage` for
// comments, `conversation_triage` for conversations): a key means the same on another device, a row
// id does not, and one table means one write path for every kind.
//
// - `item_state`: unread, done, snooze and labels as before, and a note and an assignee (null until
//   a screen or a team sets them). Keyed by `platform:socialId` or `dm:platform:conversationId`.
// - Triggers carry a change of unread, done or snooze to the `inbox` projection (its row found from
//   the key, through the comments' and conversations' unique keys), as the two old triggers did, so
//   the inbox's queries and counts answer as before.
// - `item_changes`: each decision (which field, from, to, who, on which device, when, what it takes
//   back), appended by the one port that writes state (itemStates.ts). Values are JSON text.
//
// Version number: kept in this file on its own so that it can be renumbered when another migration
// lands before it; nothing else refers to the number.
import type { Migration } from './migration.ts';

const CHANGED = '(old.unread, old.done, old.snoozed_until) IS NOT (new.unread, new.done, new.snoozed_until)';
/** The network and id of a comment key (`platform:socialId`; the first colon separates them). */
const COMMENT_PLATFORM = "substr(new.key, 1, instr(new.key, ':') - 1)";
const COMMENT_ID = "substr(new.key, instr(new.key, ':') + 1)";
/** The same after a conversation key's `dm:`. */
const REST = 'substr(new.key, 4)';
const CONVERSATION_PLATFORM = `substr(${REST}, 1, instr(${REST}, ':') - 1)`;
const CONVERSATION_ID = `substr(${REST}, instr(${REST}, ':') + 1)`;

export const ITEM_STATE_SQL = `
  CREATE TABLE item_state (
    key TEXT PRIMARY KEY,
    unread INTEGER NOT NULL DEFAULT 0,
    done INTEGER NOT NULL DEFAULT 0,
    snoozed_until INTEGER,
    labels TEXT NOT NULL DEFAULT '[]',
    note TEXT,
    assignee TEXT
  ) STRICT, WITHOUT ROWID;

  CREATE TRIGGER comment_state_reaches_inbox AFTER UPDATE OF unread, done, snoozed_until ON item_state
  WHEN new.key NOT LIKE 'dm:%' AND ${CHANGED} BEGIN
    UPDATE inbox SET unread = new.unread, done = new.done, snoozed_until = new.snoozed_until
    WHERE id = (SELECT id FROM comments WHERE platform = ${COMMENT_PLATFORM} AND social_comment_id = ${COMMENT_ID});
  END;
  CREATE TRIGGER conversation_state_reaches_inbox AFTER UPDATE OF unread, done, snoozed_until ON item_state
  WHEN new.key LIKE 'dm:%' AND ${CHANGED} BEGIN
    UPDATE inbox SET unread = new.unread, done = new.done, snoozed_until = new.snoozed_until
    WHERE id IN (SELECT inbox_id FROM conversations WHERE platform = ${CONVERSATION_PLATFORM} AND conversation_id = ${CONVERSATION_ID});
  END;

  CREATE TABLE item_changes (
    id TEXT PRIMARY KEY,
    item_key TEXT NOT NULL,
    field TEXT NOT NULL CHECK (field IN ('unread', 'done', 'snoozedUntil', 'labels', 'note', 'assignee')),
    from_value TEXT NOT NULL,
    to_value TEXT NOT NULL,
    who TEXT NOT NULL,
    device TEXT NOT NULL,
    at INTEGER NOT NULL,
    undoes TEXT
  ) STRICT;
  CREATE INDEX item_changes_by_item ON item_changes(item_key, at);
`;

export const itemStateAndChangeLog: Migration = {
  version: 10,
  name: 'one item state per inbox item (by its key) and the change log',
  up(db) {
    db.exec(`
      ${ITEM_STATE_SQL}

      INSERT INTO item_state (key, unread, done, snoozed_until, labels)
        SELECT c.platform || ':' || c.social_comment_id, t.unread, t.done, t.snoozed_until, t.labels
        FROM triage t JOIN comments c ON c.id = t.comment_id;
      -- The same conversation id under two profiles was two rows; its key is one: the first is kept.
      INSERT INTO item_state (key, unread, done, snoozed_until, labels)
        SELECT 'dm:' || cv.platform || ':' || cv.conversation_id, t.unread, t.done, t.snoozed_until, t.labels
        FROM conversation_triage t JOIN conversations cv ON cv.id = t.conversation
        WHERE true ORDER BY cv.id
        ON CONFLICT (key) DO NOTHING;
      UPDATE inbox SET unread = s.unread, done = s.done, snoozed_until = s.snoozed_until
        FROM conversations cv JOIN item_state s ON s.key = 'dm:' || cv.platform || ':' || cv.conversation_id
        WHERE inbox.id = cv.inbox_id AND (inbox.unread, inbox.done, inbox.snoozed_until) IS NOT (s.unread, s.done, s.snoozed_until);

      DROP TRIGGER triage_change_reaches_inbox;
      DROP TRIGGER conversation_triage_reaches_inbox;
      DROP TABLE triage;
      DROP TABLE conversation_triage;
    `);
  },
};
