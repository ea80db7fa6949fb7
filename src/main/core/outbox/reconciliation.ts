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
// not owned by another item. The account's own messages are marked by the service, so no identity
// lookup is needed.
import type { Network } from '../../../shared/networks.ts';
import type { CommentRecord, CommentsResponse } from '../../../shared/wire/comments.ts';
import { HttpError } from '../service/errors.ts';
import type { MessageRecord } from '../../../shared/wire/messages.ts';
import type { AccountIdentityPort, MessageItem, OutboxItem, OutboxServiceClient, ReplyItem } from './types.ts';

export interface ReconcileResult {
  /** Networks where our reply is there: its social comment id. */
  found: Partial<Record<Network, string>>;
  /** Networks where it is not (or the parent is gone). */
  missing: Network[];
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
  claimedByOther: (item: OutboxItem, platform: Network, socialCommentId: string) => boolean;
}

export class Reconciler {
  private readonly ports: ReconcilerPorts;

  constructor(ports: ReconcilerPorts) {
    this.ports = ports;
  }

  /** Reads the thread (or the conversation) once and checks each network in `platforms`. Throws what the read threw. */
  async check(item: OutboxItem, platforms: readonly Network[], signal?: AbortSignal): Promise<ReconcileResult> {
    if (item.kind === 'message') return this.checkConversation(item, platforms, signal);
    const authors = new Map<Network, string>();
    for (const platform of platforms) {
      const identity = await this.ports.accountIdentity(item.target, platform);
      if (!identity) throw new IdentityUnknownError(platform);
      authors.set(platform, identity.id);
    }
    const thread = await this.readThread(item, platforms, signal);
    const result: ReconcileResult = { found: {}, missing: [] };
    const notBefore = earliestOurs(item.firstAttemptAt ?? 0, this.ports.clockSkewMs);
    for (const platform of platforms) {
      const parentId = parentOn(item, platform);
      const parent = thread === null || parentId === null ? null : findComment(thread[platform], parentId);
      const reply = parent
        ? adoptableReply(parent.replies ?? [], {
            authorId: authors.get(platform) ?? '',
            text: item.text,
            notBefore,
            claimedByOther: (id) => this.ports.claimedByOther(item, platform, id),
          })
        : null;
      if (reply) result.found[platform] = reply.commentId;
      else result.missing.push(platform);
    }
    return result;
  }

  private async checkConversation(item: MessageItem, platforms: readonly Network[], signal?: AbortSignal): Promise<ReconcileResult> {
    const { platform, conversationId, recipientId } = item.request;
    const result: ReconcileResult = { found: {}, missing: platforms.filter((p) => p !== platform) };
    if (!platforms.includes(platform)) return result;
    let messages: readonly MessageRecord[];
    try {
      messages = (await this.ports.client.getConversation(item.target, { platform, conversationId }, signal ? { signal } : {})).messages;
    } catch (error) {
      // The conversation is gone: nothing of ours is in it, and a resend is refused by the service.
      if (error instanceof HttpError && error.status === 404) messages = [];
      else throw error;
    }
    const notBefore = earliestOurs(item.firstAttemptAt ?? 0, this.ports.clockSkewMs);
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
          !this.ports.claimedByOther(item, platform, message.id)
        );
      })
      .sort((a, b) => Date.parse(a.created) - Date.parse(b.created) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const first = ours[0];
    if (first) result.found[platform] = first.id;
    else result.missing.push(platform);
    return result;
  }

  /** One read: the parent comment with its replies, or the service post's comments. Null when it is gone (404). */
  private async readThread(item: ReplyItem, platforms: readonly Network[], signal?: AbortSignal): Promise<CommentsResponse | null> {
    const { request } = item;
    const options = signal ? { signal } : {};
    try {
      if (request.to === 'socialComment') {
        return await this.ports.client.getComments(item.target, { by: 'socialComment', id: request.commentId, platform: request.platform }, options);
      }
      const thread = item.thread;
      if (!thread) throw new Error('unreachable: a reply by service comment id is queued with its thread');
      return await this.ports.client.getComments(item.target, { by: 'servicePost', id: thread.servicePostId, networks: thread.postNetworks }, options);
    } catch (error) {
      // The parent (or its post) is gone: nothing of ours can be found under it, and a resend will
      // be refused by the service (215) rather than posted.
      if (error instanceof HttpError && error.status === 404 && platforms.length > 0) return null;
      throw error;
    }
  }
}

function parentOn(item: ReplyItem, platform: Network): string | null {
  if (item.request.to === 'socialComment') return item.request.commentId;
  return item.thread?.parents[platform] ?? null;
}
