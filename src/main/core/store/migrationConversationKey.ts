// Migration 13 (issue 30): conversations found by their key (network and conversation id). The
// trigger that carries a conversation's item state to the inbox (migration 10) finds its row by
// `platform` and `conversation_id` alone, and the only index over those columns starts with the
// profile: each conversation of a sweep scanned every conversation (5,000 of them for 50,000
// messages), the largest single cost of Shift+A over Everything. This index makes it one search.
//
// Version number: kept in this file on its own so that it can be renumbered when another migration
// lands before it; nothing else refers to the number.
import type { Migration } from './migration.ts';

export const conversationsByKey: Migration = {
  version: 13,
  name: 'conversations found by network and conversation id (the item state trigger)',
  up(db) {
    db.exec('CREATE INDEX conversations_by_key ON conversations(platform, conversation_id)');
  },
};
