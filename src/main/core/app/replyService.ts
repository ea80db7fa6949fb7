// Replies: a reply to a comment becomes an outbox item at once (optimistic), with the network's
// parameters the service needs filled in from the store (linkedin's comment URN, tiktok's video
// id); then undo, edit, cancel, retry and removal of outbox items, and the outbox as a list. The
// outbox holds direct messages too (messageService.ts queues them): everything here after `send`
// works on items of either kind.
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import { REPLY_BY_SOCIAL_ID_NETWORKS } from '../../../shared/networks.ts';
import type { OutboxItem } from '../outbox/types.ts';
import type { ReplyInput } from '../service/operations/replies.ts';
import type { AccountService } from './accountService.ts';
import type { AccountRuntime } from './accountRuntime.ts';
import type { InboxService } from './inboxService.ts';
import { refuse } from './refusal.ts';
import { outboxItemView } from './views.ts';

export class ReplyService {
  readonly #accounts: AccountService;
  readonly #inbox: InboxService;
  readonly #now: () => number;

  constructor(accounts: AccountService, inbox: InboxService, now: () => number) {
    this.#accounts = accounts;
    this.#inbox = inbox;
    this.#now = now;
  }

  async send(input: { commentKey: string; text: string; mediaUrls?: string[] | undefined }): Promise<OutboxItemView> {
    const row = this.#inbox.row(input.commentKey);
    const { profile, runtime } = await this.#accounts.forProfile(row.profileId);
    if (!REPLY_BY_SOCIAL_ID_NETWORKS.includes(row.platform)) {
      refuse(`The service answers comments made outside it only on ${REPLY_BY_SOCIAL_ID_NETWORKS.join(', ')}; on ${row.platform}, reply on the network itself`);
    }
    if (row.platform === 'linkedin' && row.commentUrn === null) {
      refuse('This LinkedIn comment has no comment URN in the inbox yet, and a reply needs it: refresh the post, then reply');
    }
    if (row.platform === 'tiktok' && row.videoId === null) {
      refuse('This TikTok comment has no video id in the inbox yet, and a reply needs it: refresh the post, then reply');
    }
    const request: ReplyInput = {
      to: 'socialComment',
      commentId: row.socialCommentId,
      platform: row.platform,
      comment: input.text,
      ...(row.platform === 'linkedin' && row.commentUrn !== null ? { commentUrn: row.commentUrn } : {}),
      ...(row.platform === 'tiktok' && row.videoId !== null ? { videoId: row.videoId } : {}),
      ...(input.mediaUrls && input.mediaUrls.length > 0 ? { mediaUrls: input.mediaUrls } : {}),
    };
    const item = runtime.outbox.enqueue({ target: runtime.targetOf(profile), request, answers: row.key });
    return outboxItemView(item);
  }

  list(states?: OutboxItemView['state'][]): OutboxItemView[] {
    const wanted = states === undefined ? null : new Set(states);
    return this.#accounts
      .running()
      .flatMap((runtime) => runtime.outboxIfOpen?.list() ?? [])
      .filter((item) => wanted === null || wanted.has(item.state))
      .map(outboxItemView);
  }

  /** The outbox items that answer one inbox item, a comment or a conversation (its pane shows them); cancelled ones are left out. */
  answering(key: string): OutboxItemView[] {
    return this.#accounts
      .running()
      .flatMap((runtime) => runtime.outboxIfOpen?.list() ?? [])
      .filter((item) => item.answers === key && item.state !== 'cancelled')
      .map(outboxItemView);
  }

  /** Takes a reply or a message back within its undo window; its text comes back for the composer. */
  undo(id: string): { item: OutboxItemView; text: string } {
    const { runtime, item } = this.#find(id);
    if (item.state !== 'queued' || item.attempts > 0 || this.#now() >= item.sendAfter) {
      refuse(`The undo window of this ${item.kind === 'message' ? 'message' : 'reply'} has passed: cancel it, if it has not gone out yet`);
    }
    const cancelled = runtime.outbox.cancel(id);
    return { item: outboxItemView(cancelled), text: cancelled.text };
  }

  edit(id: string, text: string): OutboxItemView {
    const { runtime } = this.#find(id);
    return outboxItemView(runtime.outbox.edit(id, text));
  }

  cancel(id: string): OutboxItemView {
    const { runtime } = this.#find(id);
    return outboxItemView(runtime.outbox.cancel(id));
  }

  retry(id: string): OutboxItemView {
    const { runtime } = this.#find(id);
    return outboxItemView(runtime.outbox.retry(id));
  }

  remove(id: string): void {
    const { runtime } = this.#find(id);
    runtime.outbox.remove(id);
  }

  #find(id: string): { runtime: AccountRuntime; item: OutboxItem } {
    for (const runtime of this.#accounts.running()) {
      const item = runtime.outboxIfOpen?.get(id);
      if (item) return { runtime, item };
    }
    refuse('There is no such reply or message in the outbox');
  }
}
