// A batch's direct messages grouped by conversation (messageIngest.ts): who the person is, and the
// summary of a conversation that is new in the batch, computed from its messages as SUMMARY_SQL
// reads it back from the table (a new conversation's messages are all in the batch, so its row is
// written once, whole, instead of inserted and then rewritten: decision 0076's third section).
import type { ConversationRowRecord } from './conversations.ts';
import type { CleanMessage } from './messageInput.ts';

/** What a conversation row says of its messages (SUMMARY_SQL's columns): the read's own fields, and the raw record of the last message. */
export type Summary = Pick<ConversationRowRecord, 'last_message_at' | 'last_text' | 'last_action' | 'last_received_at' | 'last_sent_at' | 'message_count'> & {
  raw: string;
};

/**
 * The summary's columns, in the one order messageIngest.ts's insert and update of a conversation
 * bind them (and SUMMARY_SQL names them).
 */
export const SUMMARY_COLUMNS: readonly (keyof Summary)[] = [
  'last_message_at',
  'last_text',
  'last_action',
  'last_received_at',
  'last_sent_at',
  'message_count',
  'raw',
];

/** The summary's values in SUMMARY_COLUMNS' order, for a statement's parameters. */
export function summaryValues(summary: Summary): (string | number | null)[] {
  return SUMMARY_COLUMNS.map((column) => summary[column]);
}

export interface Person {
  id: string;
  name: string | null;
  username: string | null;
  pictureUrl: string | null;
  /** The person wrote at least one message of the batch. */
  spoke: boolean;
}

/** A batch's messages of one conversation, and its newest one. */
export interface Group {
  newest: CleanMessage;
  messages: Map<string, CleanMessage>;
}

/**
 * What SUMMARY_SQL reads back for a conversation whose messages are all in the batch: the last
 * message by time, of equal times the one stored last (the higher row id); the newest of each side.
 */
export function summaryOfNew(group: Group): Summary {
  let last: CleanMessage | undefined;
  let received: string | null = null;
  let sent: string | null = null;
  for (const message of group.messages.values()) {
    if (last === undefined || message.created >= last.created) last = message;
    if (message.action === 'received' && (received === null || message.created > received)) received = message.created;
    if (message.action === 'sent' && (sent === null || message.created > sent)) sent = message.created;
  }
  const newest = last ?? group.newest;
  return {
    last_message_at: newest.created,
    last_text: newest.text,
    last_action: newest.action,
    last_received_at: received,
    last_sent_at: sent,
    message_count: group.messages.size,
    raw: newest.raw,
  };
}

/** Who the person is, by the newest message that says each thing (their own messages first: they carry the handle). */
export function personOf(group: Group): Person {
  const byTime = [...group.messages.values()].sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
  const theirs = [...byTime.filter((message) => message.action === 'received'), ...byTime.filter((message) => message.action === 'sent')];
  const first = <T>(pick: (message: CleanMessage) => T | null): T | null => {
    for (const message of theirs) {
      const value = pick(message);
      if (value !== null) return value;
    }
    return null;
  };
  return {
    id: group.newest.personId,
    name: first((message) => message.personName),
    username: first((message) => message.personUsername),
    pictureUrl: first((message) => message.personPictureUrl),
    spoke: theirs[0]?.action === 'received',
  };
}
