// Reviews (issue 31, decision 0082): one review as the bridge's item read gives it, and the
// business's public reply to it (or the removal of that reply) queued on the account's one durable
// queue at once (optimistic), as a reply to a comment is. The words' rules were checked by the
// bridge (shared/domain/reviewItem.ts); the outbox's task kind checks them again (reviewTask.ts).
import type { InboxItem } from '../../../shared/domain/inboxItem.ts';
import type { InboxRow } from '../../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import type { ReviewStore } from '../store/reviewTable.ts';
import { refuse } from '../refusal.ts';
import type { AccountService } from './accountService.ts';
import { outboxItemView } from './views.ts';

export interface ReviewServiceDeps {
  store: Pick<ReviewStore, 'review'>;
  accounts: Pick<AccountService, 'forProfile'>;
  /** The clients of the accounts still here. */
  activeProfileIds: () => ReadonlySet<string>;
}

export class ReviewService {
  readonly #d: ReviewServiceDeps;

  constructor(deps: ReviewServiceDeps) {
    this.#d = deps;
  }

  read(key: string): { item: InboxItem; row: InboxRow } {
    const review = this.#d.store.review(key);
    if (review === null || !this.#d.activeProfileIds().has(review.row.profileId)) refuse('That review is not in the inbox (any more)');
    return { item: { kind: 'review', data: review }, row: review.row };
  }

  /** The business's public reply, queued; it goes out after the undo window. */
  async reply(input: { key: string; text: string }): Promise<OutboxItemView> {
    return this.#queue(input.key, 'review-reply', input.text);
  }

  /** The business's reply taken down (on Facebook, each of its answers), queued like a reply. */
  async removeReply(input: { key: string }): Promise<OutboxItemView> {
    const { row } = this.read(input.key);
    if (row.review?.reply === null) refuse('This review has no reply of the business to remove');
    return this.#queue(input.key, 'review-reply-delete', '');
  }

  async #queue(key: string, kind: 'review-reply' | 'review-reply-delete', text: string): Promise<OutboxItemView> {
    const { row } = this.read(key);
    const info = row.review;
    if (info === undefined) refuse('That review is not in the inbox (any more)');
    const { profile, runtime } = await this.#d.accounts.forProfile(row.profileId);
    const request = { platform: info.network, reviewId: info.reviewId, reply: text };
    const item = runtime.outbox.enqueueTask({
      target: runtime.targetOf(profile),
      answers: row.key,
      payload: kind === 'review-reply' ? { kind, request, thread: null } : { kind, request, thread: null },
    });
    return outboxItemView(item, { person: row.authorName, profileId: row.profileId });
  }
}
