// The client report's read of a period's direct messages: per conversation of the profile with a
// message since the period's start, the last message before it (did the person or the account
// speak last?) and every message since, oldest first, as the thread pane orders them (created,
// then row). Messages after the period's end are read too: an answer can come later. The report
// turns these into items (report/messageTurns.ts); nothing here decides what an item is.
//
// A conversation's `last_message_at` is its newest message's time, so "a message since the start"
// is a condition on the conversation's row; the messages are then one range of `messages_in_order`
// per conversation. Times are stored as normalized ISO text (messageInput.ts), which orders as time.
import type { MessageNetwork } from '../../../shared/networks.ts';
import { StoreInputError } from './errors.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { ReportConversation, ReportPeriod } from './types.ts';

const MS = (column: string) => `CAST(round(unixepoch(${column}, 'subsec') * 1000) AS INTEGER)`;

const CONVERSATIONS_SQL = `SELECT cv.id, cv.platform, cv.conversation_id,
    (SELECT m.action FROM messages m WHERE m.conversation = cv.id AND m.created < :since ORDER BY m.created DESC, m.id DESC LIMIT 1) AS before_action,
    (SELECT ${MS('m.created')} FROM messages m WHERE m.conversation = cv.id AND m.created < :since ORDER BY m.created DESC, m.id DESC LIMIT 1) AS before_at
  FROM conversations cv WHERE cv.profile_id = :profile AND cv.last_message_at >= :since ORDER BY cv.id`;

const MESSAGES_SQL = `SELECT m.conversation, m.message_id, m.action, ${MS('m.created')} AS at FROM messages m
  WHERE m.conversation IN (SELECT value FROM json_each(:ids)) AND m.created >= :since ORDER BY m.conversation, m.created, m.id`;

interface ConversationRecord {
  id: number;
  platform: MessageNetwork;
  conversation_id: string;
  before_action: 'sent' | 'received' | null;
  before_at: number | null;
}

interface MessageRecord {
  conversation: number;
  message_id: string;
  action: 'sent' | 'received';
  at: number | null;
}

export class ReportMessagesQuery {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;

  constructor(statements: Statements, profiles: ProfileTable) {
    this.#statements = statements;
    this.#profiles = profiles;
  }

  conversations(profileId: string, period: ReportPeriod): ReportConversation[] {
    const { start, end } = period;
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new StoreInputError('A report period must end after it starts');
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) return [];
    const since = new Date(Math.max(0, start)).toISOString();
    const records = this.#statements.get(CONVERSATIONS_SQL).all({ profile: profile.rowId, since }) as unknown as ConversationRecord[];
    if (records.length === 0) return [];
    const byId = new Map<number, ReportConversation>();
    for (const record of records) {
      byId.set(record.id, {
        platform: record.platform,
        conversationId: record.conversation_id,
        before: record.before_action === null || record.before_at === null ? null : { action: record.before_action, at: record.before_at },
        messages: [],
      });
    }
    const messages = this.#statements.get(MESSAGES_SQL).all({ ids: JSON.stringify([...byId.keys()]), since }) as unknown as MessageRecord[];
    for (const message of messages) {
      // A time SQLite cannot read (not written by this app's ingest) has no place in the order.
      if (message.at === null) continue;
      byId.get(message.conversation)?.messages.push({ messageId: message.message_id, action: message.action, at: message.at });
    }
    return [...byId.values()];
  }
}
