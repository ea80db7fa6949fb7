// Direct messages as the report's items (docs/decisions/0022-responsiveness-rules.md, "Direct
// messages"). A conversation is a sequence of turns: the item is the person's first message after
// the account last wrote (or the conversation's first), and the messages the person adds before the
// account answers belong to that same item. Its first response is the earliest of the account's
// messages before the person writes again; a message the app sent is timed by the outbox's
// confirmed delivery, any other by its own time as the sync saw it, as for comments.
//
// The store can be behind the outbox: a message the outbox confirmed that the sync has not read yet
// takes its place in the conversation at its confirmed time, so it answers the turn open then.
// Outbox messages confirmed before the read's start are not looked at (the store's last message
// before it says who spoke last).
import { conversationKeyOf, isConversationKey } from '../store/keys.ts';
import type { ReportConversation } from '../store/types.ts';
import type { ConfirmedReply } from './firstResponses.ts';
import { NO_RESPONSE, OPEN, type ReceivedColumns, sourceCode } from './receivedColumns.ts';

const OUTBOX = sourceCode('outbox-confirmed');
const SYNC = sourceCode('seen-by-sync');

interface Sent {
  /** The message's id; null when the service's answer did not say. */
  messageId: string | null;
  at: number;
}

/** The outbox's confirmed messages per conversation key, in the outbox's order. */
function sentByConversation(confirmed: readonly ConfirmedReply[]): Map<string, Sent[]> {
  const byKey = new Map<string, Sent[]>();
  for (const reply of confirmed) {
    if (!Number.isFinite(reply.at) || !isConversationKey(reply.answers)) continue;
    let sent = byKey.get(reply.answers);
    if (sent === undefined) byKey.set(reply.answers, (sent = []));
    sent.push({ messageId: reply.socialCommentId, at: reply.at });
  }
  return byKey;
}

interface Event {
  action: 'sent' | 'received';
  at: number;
  source: number;
}

/** The conversation's messages since the read's start, with the outbox's unseen ones merged in by time. */
function timeline(conversation: ReportConversation, sent: readonly Sent[], readStart: number): Event[] {
  // The outbox's time for a message it sent (the last listed wins, as for comments).
  const confirmedAt = new Map<string, number>();
  for (const { messageId, at } of sent) if (messageId !== null) confirmedAt.set(messageId, at);
  const stored = new Set(conversation.messages.map((message) => message.messageId));
  const unseen = sent
    .filter(({ messageId, at }) => at >= readStart && (messageId === null || !stored.has(messageId)))
    .map(({ at }): Event => ({ action: 'sent', at, source: OUTBOX }))
    .sort((a, b) => a.at - b.at);
  const events: Event[] = [];
  let next = 0;
  for (const message of conversation.messages) {
    for (let event = unseen[next]; event !== undefined && event.at < message.at; event = unseen[++next]) events.push(event);
    const app = message.action === 'sent' ? confirmedAt.get(message.messageId) : undefined;
    events.push({ action: message.action, at: app ?? message.at, source: app === undefined ? SYNC : OUTBOX });
  }
  events.push(...unseen.slice(next));
  return events;
}

/** Adds every turn of these conversations that started since the read's start to `columns`. */
export function addMessageTurns(
  columns: ReceivedColumns,
  conversations: readonly ReportConversation[],
  confirmed: readonly ConfirmedReply[],
  readStart: number,
): void {
  const sentBy = sentByConversation(confirmed);
  for (const conversation of conversations) {
    const key = conversationKeyOf(conversation.platform, conversation.conversationId);
    const channel = columns.channelOf(conversation.platform, 'conversation');
    // 'waiting': the account spoke last (or nobody); 'asking': the person wrote and has no answer
    // yet; 'answered': the account answered since. A turn open at the read's start began earlier:
    // it is no item here (started is NaN).
    let phase: 'waiting' | 'asking' | 'answered' = conversation.before?.action === 'received' ? 'asking' : 'waiting';
    let started = Number.NaN;
    let bestAt = Infinity;
    let bestSource = NO_RESPONSE;
    const close = () => {
      if (!Number.isNaN(started)) columns.add(channel, started, OPEN, bestSource === NO_RESPONSE ? Number.NaN : bestAt, bestSource, key);
      started = Number.NaN;
    };
    for (const event of timeline(conversation, sentBy.get(key) ?? [], readStart)) {
      if (event.action === 'received') {
        if (phase === 'asking') continue;
        close();
        phase = 'asking';
        started = event.at;
        bestAt = Infinity;
        bestSource = NO_RESPONSE;
      } else if (phase !== 'waiting') {
        phase = 'answered';
        // The earliest of the account's messages of this turn; at the same instant, the outbox's.
        if (event.at < bestAt || (event.at === bestAt && event.source === OUTBOX)) {
          bestAt = event.at;
          bestSource = event.source;
        }
      }
    }
    close();
  }
}
