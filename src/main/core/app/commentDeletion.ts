// Deleting a comment on its network (by its social comment id), then from the store. The network's
// rule (TikTok: the account's own comments only) is checked first, so a refused call is never sent.
import { deletionRule } from '../../../shared/domain/commentDeletion.ts';
import type { CommentKey, Store } from '../store/types.ts';
import type { AccountService } from './accountService.ts';
import type { InboxService } from './inboxService.ts';
import { refuse } from '../refusal.ts';

export class CommentDeletion {
  readonly #store: Store;
  readonly #inbox: InboxService;
  readonly #accounts: AccountService;
  readonly #changed: () => void;

  /** `changed` is called once the store has let the comment go (counts and the tray follow). */
  constructor(store: Store, inbox: InboxService, accounts: AccountService, changed: () => void) {
    this.#store = store;
    this.#inbox = inbox;
    this.#accounts = accounts;
    this.#changed = changed;
  }

  async delete(key: CommentKey): Promise<{ deleted: true }> {
    const row = this.#inbox.row(key);
    const rule = deletionRule(row);
    if (!rule.allowed) refuse(rule.reason);
    const { profile, runtime } = await this.#accounts.forProfile(row.profileId);
    await runtime.client.deleteComment(runtime.targetOf(profile), { by: 'socialComment', id: row.socialCommentId, platform: row.platform });
    this.#store.deleteComment(key);
    this.#changed();
    return { deleted: true };
  }
}
