// Settling an attempt whose outcome is unknown, before anything is sent again: read the thread and
// look, on each network still to go, for a reply under the parent comment that
//   - is by the profile's own account on that network (author id from the identity port),
//   - has exactly the text we sent,
//   - was created no earlier than our first attempt (the service gives whole seconds, and its clock
//     is not ours: `clockSkewMs` of slack), and
//   - is not already owned by another item (two items may send the same text to the same comment).
// Found: adopt it (the reply is sent). Not found: the caller decides whether to resend now or to
// wait for the service's comment cache (see ReplyOutboxOptions.reconcileSettleMs).
//
// A direct message is settled the same way against its conversation: a message the account sent
// (`action: "sent"`) to the same person, with exactly the text, no older than our first attempt,
// not owned by another item. Each task kind reads its own place (replyTask.ts, messageTask.ts);
// this file holds the matching they share.
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import type { Network } from '../../../shared/networks.ts';
import type { CommentRecord } from '../../../shared/wire/comments.ts';
import type { AccountIdentityPort, OutboxItem, OutboxServiceClient } from './types.ts';

export interface ReconcileResult {
  /** Networks where our reply is there: its social comment id. */
  found: Partial<Record<ItemNetwork, string>>;
  /** Networks where it is not (or the parent is gone). */
  missing: ItemNetwork[];
}

/** The profile has no account on a network we must check: the check cannot be made. */
export class IdentityUnknownError extends Error {
  readonly platform: Network;

  constructor(platform: Network) {
    super(`The profile's own ${platform} account is not known, so an earlier attempt cannot be checked; reconnect ${platform} or cancel the reply`);
    this.platform = platform;
  }

  override get name(): string {
    return 'IdentityUnknownError';
  }
}

export interface AdoptionCriteria {
  authorId: string;
  text: string;
  /** Epoch ms: replies created before this are not ours. */
  notBefore: number;
  /** True when another item owns this reply. */
  claimedByOther: (socialCommentId: string) => boolean;
}

/** The earliest of `replies` that this item may adopt, or null. */
export function adoptableReply(replies: readonly CommentRecord[], criteria: AdoptionCriteria): CommentRecord | null {
  const wanted = criteria.text.trim();
  const candidates = replies.filter((reply) => {
    const created = Date.parse(reply.created);
    return (
      reply.from?.id === criteria.authorId &&
      reply.comment.trim() === wanted &&
      Number.isFinite(created) &&
      created >= criteria.notBefore &&
      !criteria.claimedByOther(reply.commentId)
    );
  });
  candidates.sort((a, b) => Date.parse(a.created) - Date.parse(b.created) || (a.commentId < b.commentId ? -1 : a.commentId > b.commentId ? 1 : 0));
  return candidates[0] ?? null;
}

/** The earliest `created` a reply of ours can carry: whole seconds, minus the clock slack. */
export function earliestOurs(firstAttemptAt: number, clockSkewMs: number): number {
  return Math.floor(firstAttemptAt / 1000) * 1000 - clockSkewMs;
}

/** The comment `socialId` anywhere in a list of comment records (replies are nested). */
export function findComment(records: readonly CommentRecord[] | undefined, socialId: string): CommentRecord | null {
  for (const record of records ?? []) {
    if (record.commentId === socialId) return record;
    const inner = findComment(record.replies, socialId);
    if (inner) return inner;
  }
  return null;
}

export interface ReconcilerPorts {
  client: OutboxServiceClient;
  accountIdentity: AccountIdentityPort;
  clockSkewMs: number;
  claimedByOther: (item: OutboxItem, platform: ItemNetwork, socialCommentId: string) => boolean;
}
