// A reply the app sent comes back from the network as a comment of the account in its thread. Shown
// twice (the comment, and the outbox's "Your reply · Sent" card) it would read as two replies: the
// thread shows it once, as the comment, with its delivery state beside it. Pure.
import type { InboxRow } from '../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';

/**
 * The account's replies in a thread that are outbox items of ours, by reply key. A sent item is
 * matched by the comment id the service gave it, or (an answer without an id) by its text among
 * the account's replies; each reply and each item is matched once.
 */
export function deliveredReplies(replies: readonly InboxRow[], items: readonly OutboxItemView[]): Map<string, OutboxItemView> {
  const matched = new Map<string, OutboxItemView>();
  const own = replies.filter((reply) => reply.byAccount);
  for (const item of items) {
    if (item.state !== 'sent') continue;
    const ids = new Set(
      Object.values(item.results).flatMap((result) => (result?.state === 'sent' && result.socialCommentId !== null ? [result.socialCommentId] : [])),
    );
    const byId = own.find((reply) => !matched.has(reply.key) && ids.has(reply.socialCommentId));
    const byText = byId ?? own.find((reply) => !matched.has(reply.key) && reply.text.trim() === item.text.trim());
    if (byText) matched.set(byText.key, item);
  }
  return matched;
}
