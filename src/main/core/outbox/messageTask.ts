// The `message` task kind: a direct message in a conversation (POST /messages/:platform), on its one
// network. Its rules are messageRules.ts (the wire's, and facebook's and instagram's reply window,
// checked again right before it goes); an unknown outcome is settled by reading the conversation for
// a message the account sent to the same person with exactly the text. The account's own messages
// are marked by the service (`action: "sent"`), so no identity lookup is needed.
import { isMessageNetwork, type Network } from '../../../shared/networks.ts';
import type { MessageRecord } from '../../../shared/wire/messages.ts';
import { HttpError } from '../service/errors.ts';
import { messageIssues, replyWindowClosed } from './messageRules.ts';
import type { OutboxTaskKind, TaskPayload } from './outboxTaskKind.ts';
import { earliestOurs, type ReconcileResult, type ReconcilerPorts } from './reconciliation.ts';
import { isText, isTimestamp, problem } from './rowChecks.ts';
import type { DirectMessageRequest, MessageItem } from './types.ts';

/**
 * A message's request is marked `to: "conversation"` on disk: the file keeps one table for every
 * kind (no migration), and a build that knows only replies quarantines such a row, never sends it.
 */
const STORED_MARK = 'conversation';

/** A message id is claimed marked `dm:`: in the one claims table a message id must never stand for a comment of the same id. */
const CLAIM_PREFIX = 'dm:';

export const messageTask: OutboxTaskKind<MessageItem> = {
  kind: 'message',
  noun: 'message',
  one: 'A direct message',
  teamClaim: 'turn',
  answeredWhat: 'answered in this conversation',
  platforms: (item) => [item.request.platform],
  issues: (payload) => messageIssues(payload.request),
  whyNotNow: (item, now) => replyWindowClosed(item.request, now),
  withText: (item, text) => ({ ...item, request: { ...item.request, message: text }, text }),
  textOf: (payload) => payload.request.message,
  claimId: (socialId) => `${CLAIM_PREFIX}${socialId}`,
  send: async (client, item, _pending, signal) => {
    const { platform, recipientId, message } = item.request;
    const sent = await client.sendMessage(item.target, { platform, recipientId, message }, { signal });
    return { commentId: undefined, posted: { [platform]: { commentId: sent.messageId } }, failed: [] };
  },
  reconcile: reconcileMessage,
  storedRequest: (item) => ({ to: STORED_MARK, ...item.request }),
  ownsStoredRequest: (value) => value.to === STORED_MARK,
  readStored: (value, thread): TaskPayload<MessageItem> => {
    const request = messageRequestOf(value);
    if (thread !== null && thread !== undefined) problem('the message could never be sent: a message has no thread');
    return { kind: 'message', request, thread: null };
  },
};

async function reconcileMessage(ports: ReconcilerPorts, item: MessageItem, platforms: readonly Network[], signal?: AbortSignal): Promise<ReconcileResult> {
  const { platform, conversationId, recipientId } = item.request;
  const result: ReconcileResult = { found: {}, missing: platforms.filter((p) => p !== platform) };
  if (!platforms.includes(platform)) return result;
  let messages: readonly MessageRecord[];
  try {
    messages = (await ports.client.getConversation(item.target, { platform, conversationId }, signal ? { signal } : {})).messages;
  } catch (error) {
    // The conversation is gone: nothing of ours is in it, and a resend is refused by the service.
    if (error instanceof HttpError && error.status === 404) messages = [];
    else throw error;
  }
  const notBefore = earliestOurs(item.firstAttemptAt ?? 0, ports.clockSkewMs);
  const wanted = item.text.trim();
  const ours = messages
    .filter((message) => {
      const created = Date.parse(message.created);
      return (
        message.action === 'sent' &&
        message.recipientId === recipientId &&
        (message.message ?? '').trim() === wanted &&
        Number.isFinite(created) &&
        created >= notBefore &&
        !ports.claimedByOther(item, platform, message.id)
      );
    })
    .sort((a, b) => Date.parse(a.created) - Date.parse(b.created) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const first = ours[0];
  if (first) result.found[platform] = first.id;
  else result.missing.push(platform);
  return result;
}

function messageRequestOf(value: Record<string, unknown>): DirectMessageRequest {
  const { platform, conversationId, recipientId, message, replyWindowClosesAt } = value;
  if (!isMessageNetwork(platform)) problem('request.platform is not a network with direct messages');
  if (!isText(conversationId) || !isText(recipientId) || !isText(message)) problem('request.conversationId, recipientId and message are not all texts');
  if (replyWindowClosesAt !== null && !isTimestamp(replyWindowClosesAt)) problem('request.replyWindowClosesAt is neither empty nor a time');
  return { platform, conversationId, recipientId, message, replyWindowClosesAt };
}
