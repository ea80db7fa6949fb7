// Comments on or off on a published post (instagram, linkedin, tiktok): the wish goes to the
// account's post settings queue (on disk before anything is sent, sent when the service is
// reachable), the post shows the pending change, and the store's `disableComments` stays the
// service's last known state until the service confirms the change. Every move of a change reaches
// the renderer as `posts.changed`, with the views of the posts it shows on.
import type { CommentsChange, PostView } from '../../../shared/domain/posts.ts';
import { DISABLE_COMMENTS_NETWORKS } from '../../../shared/networks.ts';
import type { BridgeEventSink } from '../bridge/eventHub.ts';
import type { PostSettingsChange, PostSettingsEvent } from '../outbox/postSettingsTypes.ts';
import type { PostKey, PostRecord, Store } from '../store/types.ts';
import type { AccountService } from './accountService.ts';
import type { LoggerPort } from '../ports.ts';
import { refuse } from '../refusal.ts';
import { postView } from './views.ts';

/**
 * How long turning the switch waits for the first try: online, the switch answers with the
 * service's answer (sent, or refused); offline (or slow), with "queued" or "sending".
 */
const FIRST_TRY_WAIT_MS = 3_000;

export class CommentsSwitch {
  readonly #store: Store;
  readonly #accounts: AccountService;

  constructor(store: Store, accounts: AccountService) {
    this.#store = store;
    this.#accounts = accounts;
  }

  /** Turns comments on (true) or off (false): queued at once, sent when the service is reachable. */
  async set(postKey: PostKey, enabled: boolean): Promise<PostView> {
    const post = this.#post(postKey);
    if (!DISABLE_COMMENTS_NETWORKS.includes(post.platform)) {
      refuse(`Comments can be turned on or off only on ${DISABLE_COMMENTS_NETWORKS.join(', ')} posts; this one is on ${post.platform}`);
    }
    const servicePostId = post.servicePostId;
    if (servicePostId === null) refuse('This post was made outside the service, so the service cannot turn its comments on or off');
    const { profile, runtime } = await this.#accounts.forProfile(post.profileId);
    const siblings = this.#siblings(post);
    const target = runtime.targetOf(profile);
    runtime.postSettings.request({
      target,
      servicePostId,
      networks: [...new Set(siblings.map((p) => p.platform))],
      postKeys: siblings.filter((p) => DISABLE_COMMENTS_NETWORKS.includes(p.platform)).map(keyOf),
      commentsEnabled: enabled,
      serviceCommentsEnabled: !post.disableComments,
    });
    await runtime.postSettings.untilTried(target, servicePostId, FIRST_TRY_WAIT_MS);
    return this.#view(postKey);
  }

  async retry(postKey: PostKey): Promise<PostView> {
    const { runtime, target, servicePostId } = await this.#queueOf(postKey);
    runtime.postSettings.retry(target, servicePostId);
    await runtime.postSettings.untilTried(target, servicePostId, FIRST_TRY_WAIT_MS);
    return this.#view(postKey);
  }

  async cancel(postKey: PostKey): Promise<PostView> {
    const { runtime, target, servicePostId } = await this.#queueOf(postKey);
    runtime.postSettings.cancel(target, servicePostId);
    return this.#view(postKey);
  }

  /** Every post with a change not yet confirmed, as the renderer shows it. */
  pending(): PostView[] {
    const views: PostView[] = [];
    for (const runtime of this.#accounts.running()) {
      for (const change of runtime.postSettingsIfOpen?.list() ?? []) {
        for (const key of change.postKeys) {
          const post = this.#store.post(key);
          if (post) views.push({ ...postView(post), commentsChange: changeView(change) });
        }
      }
    }
    return views;
  }

  /** The post as the renderer shows it: the service's state, and the change on its way if any. */
  viewOf(post: PostRecord): PostView {
    return { ...postView(post), commentsChange: this.#changeOf(post) };
  }

  #view(postKey: PostKey): PostView {
    return this.viewOf(this.#post(postKey));
  }

  #changeOf(post: PostRecord): CommentsChange | null {
    if (post.servicePostId === null) return null;
    let profile;
    try {
      profile = this.#accounts.profile(post.profileId);
    } catch {
      return null;
    }
    const runtime = this.#accounts.running().find((r) => r.accountId === profile.accountId);
    const change = runtime?.postSettingsIfOpen?.pendingFor(runtime.targetOf(profile), post.servicePostId) ?? null;
    return change?.postKeys.includes(keyOf(post)) ? changeView(change) : null;
  }

  async #queueOf(postKey: PostKey) {
    const post = this.#post(postKey);
    if (post.servicePostId === null) refuse('This post has no comments change: it was made outside the service');
    const { profile, runtime } = await this.#accounts.forProfile(post.profileId);
    return { runtime, target: runtime.targetOf(profile), servicePostId: post.servicePostId };
  }

  /** The post and the other networks' posts of the same service post (one PUT changes them all). */
  #siblings(post: PostRecord): PostRecord[] {
    const others = this.#store
      .postsForSync(post.profileId)
      .map((state) => state.post)
      .filter((p) => p.servicePostId === post.servicePostId && keyOf(p) !== keyOf(post));
    return [post, ...others];
  }

  #post(postKey: PostKey): PostRecord {
    const post = this.#store.post(postKey);
    if (!post) refuse('There is no such post in the inbox');
    this.#accounts.profile(post.profileId);
    return post;
  }
}

/**
 * What an account's post settings queue says: the service confirmed a change (the store takes it),
 * or a change moved (its posts go to the screen). Needs only the store, so the accounts' runtimes
 * can be built with it before the switch (which needs the accounts) exists.
 */
export function commentsQueueListener(store: Store, events: BridgeEventSink, logger?: LoggerPort): (accountId: string, event: PostSettingsEvent) => void {
  return (accountId, event) => {
    if (event.type === 'unreadable') {
      logger?.warn('A post settings row could not be read and was skipped', { accountId, reason: event.reason, changeId: event.id });
      return;
    }
    if (event.type === 'applied') {
      const disableComments = !event.change.commentsEnabled;
      const posts = event.change.postKeys.map((key) => store.post(key)).filter((p): p is PostRecord => p !== null);
      store.upsertPosts(posts.map((p) => ({ ...p, disableComments })));
      return;
    }
    const views = event.change.postKeys
      .map((key) => store.post(key))
      .filter((p): p is PostRecord => p !== null)
      .map((p) => ({ ...postView(p), commentsChange: event.type === 'removed' ? null : changeView(event.change) }));
    if (views.length > 0) events.emit('posts.changed', { posts: views });
  };
}

function keyOf(post: Pick<PostRecord, 'platform' | 'socialPostId'>): string {
  return `${post.platform}:${post.socialPostId}`;
}

export function changeView(change: PostSettingsChange): CommentsChange {
  return {
    enabled: change.commentsEnabled,
    state: change.state === 'sending' ? 'sending' : change.state === 'failed' ? 'failed' : 'queued',
    message: change.lastError?.message ?? null,
    nextAttemptAt: change.state === 'waiting' ? change.nextAttemptAt : null,
  };
}
