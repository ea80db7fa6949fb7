// Reads of direct-message conversations: their inbox rows (beside comments' rows), one
// conversation with its messages (the thread pane, and the outbox's reconciliation of a send whose
// outcome is unknown), and the conversations whose reply window closes soonest.
import { MESSAGE_REPLY_WINDOW_MS, type MessageNetwork } from '../../../shared/networks.ts';
import { conversationKeyOf, parseConversationKey } from './keys.ts';
import { replyWindowClosesAt } from './replyWindow.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { NetworkRow } from '../../../shared/domain/inbox.ts';
import type { ClosingSoonQuery, ConversationThread, DirectMessage, InboxRow } from './types.ts';
import { parseStringList } from './stringList.ts';

const CONVERSATION_ROW_SQL = `
  SELECT cv.id, cv.inbox_id, pr.profile_id, cv.platform, cv.conversation_id, cv.recipient_id, cv.name, cv.username,
    cv.picture_url, cv.last_message_at, cv.last_text, cv.last_action, cv.last_received_at, cv.last_sent_at,
    cv.message_count, cv.status, t.unread, t.done, t.snoozed_until, t.labels, t.assignee
  FROM conversations cv
  JOIN item_state t ON t.key = 'dm:' || cv.platform || ':' || cv.conversation_id
  JOIN profiles pr ON pr.id = cv.profile_id`;

/** A conversation's row as CONVERSATION_ROW_SQL reads it (messageGroups.ts's summary is a part of it). */
export interface ConversationRowRecord {
  id: number;
  inbox_id: number;
  profile_id: string;
  platform: MessageNetwork;
  conversation_id: string;
  recipient_id: string;
  name: string;
  username: string | null;
  picture_url: string | null;
  last_message_at: string;
  last_text: string;
  last_action: 'sent' | 'received';
  last_received_at: string | null;
  last_sent_at: string | null;
  message_count: number;
  status: 'active' | 'archived';
  unread: number;
  done: number;
  snoozed_until: number | null;
  labels: string;
  assignee: string | null;
}

/** A conversation as an inbox row: the person as the author, the last message as the text. */
function toConversationRow(record: ConversationRowRecord): NetworkRow {
  return {
    key: conversationKeyOf(record.platform, record.conversation_id),
    kind: 'conversation',
    profileId: record.profile_id,
    platform: record.platform,
    socialCommentId: record.conversation_id,
    socialPostId: '',
    parentSocialCommentId: null,
    postExcerpt: '',
    authorId: record.recipient_id,
    authorName: record.name,
    text: record.last_text,
    created: record.last_message_at,
    likeCount: 0,
    hidden: false,
    byAccount: false,
    unread: record.unread === 1,
    done: record.done === 1,
    snoozedUntil: record.snoozed_until,
    replied: record.last_action === 'sent',
    labels: parseStringList(record.labels),
    commentUrn: null,
    videoId: null,
    conversation: {
      conversationId: record.conversation_id,
      recipientId: record.recipient_id,
      name: record.name,
      username: record.username,
      pictureUrl: record.picture_url,
      lastMessageAt: record.last_message_at,
      lastReceivedAt: record.last_received_at,
      lastSentAt: record.last_sent_at,
      replyWindowClosesAt: replyWindowClosesAt(record.platform, record.last_received_at),
      status: record.status,
      messageCount: record.message_count,
    },
    ...(record.assignee !== null ? { assignee: record.assignee } : {}),
  };
}

export class ConversationQuery {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;

  constructor(statements: Statements, profiles: ProfileTable) {
    this.#statements = statements;
    this.#profiles = profiles;
  }

  /** The conversation rows among these inbox ids (ids of comments are ignored). */
  rowsByInboxId(ids: readonly number[]): InboxRow[] {
    if (ids.length === 0) return [];
    const records = this.#statements
      .get(`${CONVERSATION_ROW_SQL} WHERE cv.inbox_id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as unknown as ConversationRowRecord[];
    return records.map(toConversationRow);
  }

  /** One conversation with every message, oldest first; null for a key the store does not know. */
  thread(key: string, profileId?: string): ConversationThread | null {
    const ref = parseConversationKey(key);
    if (ref === null) return null;
    const profileRow = profileId === undefined ? undefined : this.#profiles.byProfileId(profileId)?.rowId;
    if (profileId !== undefined && profileRow === undefined) return null;
    const record = this.#statements
      .get(
        `${CONVERSATION_ROW_SQL} WHERE cv.platform = :platform AND cv.conversation_id = :conversation
           AND (:profile IS NULL OR cv.profile_id = :profile) ORDER BY cv.id LIMIT 1`,
      )
      .get({ platform: ref.platform, conversation: ref.conversationId, profile: profileRow ?? null }) as ConversationRowRecord | undefined;
    if (record === undefined) return null;
    const messages = this.#statements
      .get('SELECT message_id, action, text, created, sender_id, media FROM messages WHERE conversation = ? ORDER BY created, id')
      .all(record.id) as { message_id: string; action: 'sent' | 'received'; text: string; created: string; sender_id: string; media: string }[];
    return {
      row: toConversationRow(record),
      messages: messages.map((message): DirectMessage => ({
        messageId: message.message_id,
        action: message.action,
        text: message.text,
        created: message.created,
        senderId: message.sender_id,
        mediaUrls: parseStringList(message.media),
      })),
    };
  }

  /**
   * Conversations waiting for the account (the person spoke last) on a network with a reply
   * window that is still open, the one that closes first first: the "closing soon" list. Done
   * conversations are left out; snoozed ones are not (a window does not wait for a snooze).
   */
  closingSoon(query: ClosingSoonQuery): InboxRow[] {
    const profileRows = query.profileIds?.flatMap((profileId) => {
      const known = this.#profiles.byProfileId(profileId);
      return known === undefined ? [] : [known.rowId];
    });
    if (profileRows?.length === 0) return [];
    const openSince = new Date(query.now - MESSAGE_REPLY_WINDOW_MS).toISOString();
    const openUntil = query.within === undefined ? null : new Date(query.now + query.within - MESSAGE_REPLY_WINDOW_MS).toISOString();
    const limit = Math.max(1, Math.min(500, Math.floor(query.limit ?? 50)));
    const ids = this.#statements
      .get(
        `SELECT cv.inbox_id FROM conversations cv INDEXED BY conversations_reply_window
         JOIN item_state t ON t.key = 'dm:' || cv.platform || ':' || cv.conversation_id
         WHERE cv.platform IN ('facebook', 'instagram') AND cv.last_action = 'received'
           AND cv.last_received_at > :since AND (:until IS NULL OR cv.last_received_at <= :until) AND t.done = 0
           ${profileRows === undefined ? '' : 'AND cv.profile_id IN (SELECT value FROM json_each(:profiles))'}
         ORDER BY cv.last_received_at LIMIT :limit`,
      )
      .all({ since: openSince, until: openUntil, limit, ...(profileRows === undefined ? {} : { profiles: JSON.stringify(profileRows) }) }) as {
      inbox_id: number;
    }[];
    const rows = this.rowsByInboxId(ids.map((row) => row.inbox_id));
    // The same order as the ids: the soonest-closing window first (ties by key, as the inbox's).
    return rows.sort((a, b) => (a.conversation?.lastReceivedAt ?? '').localeCompare(b.conversation?.lastReceivedAt ?? '') || a.key.localeCompare(b.key));
  }

  /**
   * How many conversations the "closing soon" list has per profile, without its length limit: the
   * sidebar's count of it (issue 27: it alone had none). `platforms` narrows it as the counts are.
   */
  closingSoonCounts(now: number, platforms?: readonly string[]): Record<string, number> {
    const names = this.#profiles.profileIdsByRow();
    const counted = this.#statements
      .get(
        `SELECT cv.profile_id, count(*) AS n FROM conversations cv INDEXED BY conversations_reply_window
         JOIN item_state t ON t.key = 'dm:' || cv.platform || ':' || cv.conversation_id
         WHERE cv.platform IN ('facebook', 'instagram') AND cv.last_action = 'received' AND cv.last_received_at > :since AND t.done = 0
           ${platforms === undefined ? '' : 'AND cv.platform IN (SELECT value FROM json_each(:platforms))'}
         GROUP BY cv.profile_id`,
      )
      .all({ since: new Date(now - MESSAGE_REPLY_WINDOW_MS).toISOString(), ...(platforms === undefined ? {} : { platforms: JSON.stringify(platforms) }) }) as {
      profile_id: number;
      n: number;
    }[];
    const result: Record<string, number> = {};
    for (const row of counted) {
      const profileId = names.get(row.profile_id);
      if (profileId !== undefined) result[profileId] = row.n;
    }
    return result;
  }
}
