// Direct messages as the screen shows them: which inbox keys are conversations, the person's
// initials (their picture is not loaded, see ConversationPane), and the chat: the conversation's
// messages and the account's messages still in the outbox, in the order they were written. Pure.
import type { DirectMessage } from '../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { conversationView } from '../kinds/conversationView.ts';
import { kindViewOfKey } from '../kinds/kindViews.ts';
import { shownInLists } from './outboxLabels.ts';

/** Whether an inbox key is a conversation's (the kind registry knows the keys' shapes). */
export function isConversationKey(key: string): boolean {
  return kindViewOfKey(key) === conversationView;
}

/** Up to two letters for the person's avatar: "Ana López" → "AL", "@sam_k" → "S". */
export function personInitials(name: string): string {
  const words = name
    .replace(/^@+/, '')
    .split(/[\s._-]+/)
    .filter((word) => word !== '');
  const letters = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return letters === '' ? '?' : letters.toLocaleUpperCase();
}

export type ChatItem = { kind: 'message'; message: DirectMessage; at: number } | { kind: 'outbox'; item: OutboxItemView; at: number };

/**
 * How long before its item a message by the account may be dated and still be that item, delivered:
 * the service stamps a message by its own clock, which may run behind ours.
 */
const CLOCK_SKEW_MS = 5 * 60_000;

function deliveredAs(item: OutboxItemView, messages: readonly DirectMessage[], taken: Set<string>): DirectMessage | undefined {
  const ids = new Set(
    Object.values(item.results).flatMap((result) => (result?.state === 'sent' && result.socialCommentId !== null ? [result.socialCommentId] : [])),
  );
  const byId = messages.find((message) => !taken.has(message.messageId) && ids.has(message.messageId));
  if (byId) return byId;
  const text = item.text.trim();
  return messages.find(
    (message) =>
      !taken.has(message.messageId) && message.action === 'sent' && message.text.trim() === text && Date.parse(message.created) >= item.created - CLOCK_SKEW_MS,
  );
}

/**
 * The chat, oldest first. An outbox item shows with its state until its message is in the
 * conversation (a sent one is found by the id the service gave it, else by its text after it was
 * written); then the message stands for it, so nothing shows twice. Cancelled items are gone.
 */
export function chatItems(messages: readonly DirectMessage[], outbox: readonly OutboxItemView[]): ChatItem[] {
  // A time that does not parse sorts first rather than breaking the order of the rest.
  const items: ChatItem[] = messages.map((message) => ({ kind: 'message', message, at: Date.parse(message.created) || 0 }));
  const taken = new Set<string>();
  for (const item of [...outbox].sort((a, b) => a.created - b.created)) {
    if (!shownInLists(item)) continue;
    if (item.state === 'sent') {
      const delivered = deliveredAs(item, messages, taken);
      if (delivered) {
        taken.add(delivered.messageId);
        continue;
      }
    }
    items.push({ kind: 'outbox', item, at: item.created });
  }
  // Stable: messages of the same instant keep the conversation's order.
  return items.sort((a, b) => a.at - b.at);
}
