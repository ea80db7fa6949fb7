// The conversation kind: direct messages with one person, keyed `dm:${platform}:${conversationId}`,
// answered by a message (the outbox's `message` task). Its row is the store's conversation read; a
// sent message goes into its conversation at once. In the report, each turn of the person is an item
// (report/messageTurns.ts).
import { conversationMatch } from '../store/searchMatch.ts';
import { CONVERSATION_KIND, KIND_SEARCH_INDEXES } from '../store/itemKinds.ts';
import { parseConversationKey } from '../store/keys.ts';
import { addMessageTurns } from '../report/messageTurns.ts';
import { type AnswerSentPorts, type InboxKindDescriptor, WAITING_TEXT_MAX } from './inboxKind.ts';
import type { OutboxItem } from '../outbox/types.ts';

export const conversationKind: InboxKindDescriptor = {
  name: 'conversation',
  code: CONVERSATION_KIND,
  answeredBy: 'message',
  words: {
    one: 'conversation',
    other: 'conversations',
    // A conversation is counted once however many messages the person wrote (the sync tells which conversations have news, not how much).
    news: (count, counted) => `new messages in ${counted(count, { one: 'conversation', other: 'conversations' })}`,
  },
  news: {
    count: 'per key',
    firstFetch: 'none',
    // A conversation where the account spoke last (it wrote from the network's own app) is news to no one.
    isNews: (store, key) => store.conversation(key)?.row.replied === false,
  },
  searchIndex: KIND_SEARCH_INDEXES.conversation,
  owns: (key) => parseConversationKey(key) !== null,
  parse: (key) => {
    const ref = parseConversationKey(key);
    return ref === null ? null : { platform: ref.platform, id: ref.conversationId };
  },
  row: (store, key, profileId) => store.conversation(key, profileId)?.row,
  searchMatch: (store, row, terms) => conversationMatch(row, store.conversation(row.key)?.messages ?? [], terms),
  answerSent: recordSentMessage,
  report: {
    addItems: (columns, store, profileId, period, confirmed) => addMessageTurns(columns, store.reportConversations(profileId, period), confirmed, period.start),
    waitingWords: (store, profileId, id, createdAt) => {
      // A direct message's turn: the person's message that opened it.
      const conversation = store.conversation(id, profileId);
      if (conversation === null) return {};
      const received = conversation.messages.filter((message) => message.action === 'received');
      const opening = received.find((message) => Date.parse(message.created) === createdAt) ?? received.at(-1);
      return { author: conversation.row.authorName, ...(opening === undefined ? {} : { text: opening.text.slice(0, WAITING_TEXT_MAX) }) };
    },
  },
};

/**
 * A message the service confirmed goes into its conversation at once, under the id the service
 * gave it: the account has spoken last, so the conversation leaves "needs reply" now rather than at
 * the sync's next read of it (up to an hour for a quiet one). That read brings the same id and
 * updates it with the service's own record.
 */
function recordSentMessage(ports: AnswerSentPorts, item: OutboxItem): void {
  // The outbox's item types are a union by task kind: this narrows it to a direct message's (this kind's own answer).
  if (item.kind !== 'message') return;
  const { platform, conversationId, recipientId } = item.request;
  const result = item.results[platform];
  if (result?.state !== 'sent' || result.socialCommentId === null) return;
  try {
    const thread = ports.store.conversation(item.answers);
    if (thread === null) return;
    const senderId = thread.messages.find((message) => message.action === 'sent')?.senderId ?? 'account';
    const created = new Date(result.at).toISOString();
    const raw = { id: result.socialCommentId, action: 'sent', message: item.text, conversationId, created, recipientId, recordedBy: 'outbox' };
    const profileId = thread.row.profileId;
    ports.store.ingestMessages(profileId, [
      { platform, messageId: result.socialCommentId, conversationId, action: 'sent', text: item.text, created, senderId, recipientId, raw },
    ]);
    ports.itemsAdded({ accountId: item.target.accountId, profileId, platform, keys: [item.answers] });
  } catch (error) {
    // The store could not take it: the sync's next read of the conversation brings it.
    ports.warn('A sent direct message could not be put in its conversation yet', { error: error instanceof Error ? error.name : 'error' });
  }
}
