// Posts and their metrics, from the store (so they show offline, with their age); refresh now;
// comments on or off on a published post (instagram, linkedin, tiktok) through the service.
import type { PostDataFlags, PostSummary, PostView } from '../../../shared/domain/posts.ts';
import { DISABLE_COMMENTS_NETWORKS } from '../../../shared/networks.ts';
import type { AnalyticsSnapshot, PostKey, Store } from '../store/types.ts';
import type { AccountService } from './accountService.ts';
import { refuse } from './refusal.ts';
import { analyticsNotFoundCursor } from '../sync/analyticsPlan.ts';
import { postDataFlags, postSummary, postView } from './views.ts';

export class PostService {
  readonly #store: Store;
  readonly #accounts: AccountService;

  constructor(store: Store, accounts: AccountService) {
    this.#store = store;
    this.#accounts = accounts;
  }

  list(profileId: string): PostSummary[] {
    const profile = this.#accounts.profile(profileId);
    return this.#store
      .postsForSync(profileId)
      .sort((a, b) => (a.post.created < b.post.created ? 1 : a.post.created > b.post.created ? -1 : 0))
      .map((state) => {
        const key = `${state.post.platform}:${state.post.socialPostId}`;
        const latest = this.#store.latestAnalytics(key);
        return postSummary(state, latest, postDataFlags(state.post, latest, profile, this.#store.cursor(analyticsNotFoundCursor(key))));
      });
  }

  metrics(postKey: PostKey): { post: PostView; latest: AnalyticsSnapshot | null; history: AnalyticsSnapshot[]; flags: PostDataFlags } {
    const post = this.#post(postKey);
    const latest = this.#store.latestAnalytics(postKey);
    const flags = postDataFlags(post, latest, this.#accounts.profile(post.profileId), this.#store.cursor(analyticsNotFoundCursor(postKey)));
    return { post: postView(post), latest, history: this.#store.analyticsHistory(postKey), flags };
  }

  async refresh(target: { postKey: string } | { profileId: string }): Promise<{ started: boolean }> {
    const profileId = 'postKey' in target ? this.#post(target.postKey).profileId : target.profileId;
    const { runtime } = await this.#accounts.forProfile(profileId);
    return { started: runtime.sync.refreshNow(target) };
  }

  async setComments(postKey: PostKey, enabled: boolean): Promise<PostView> {
    const post = this.#post(postKey);
    if (!DISABLE_COMMENTS_NETWORKS.includes(post.platform)) {
      refuse(`Comments can be turned on or off only on ${DISABLE_COMMENTS_NETWORKS.join(', ')} posts; this one is on ${post.platform}`);
    }
    if (post.servicePostId === null) refuse('This post was made outside the service, so the service cannot turn its comments on or off');
    const { profile, runtime } = await this.#accounts.forProfile(post.profileId);
    const siblings = this.#store.postsForSync(post.profileId).filter((state) => state.post.servicePostId === post.servicePostId);
    const networks = [...new Set([post.platform, ...siblings.map((state) => state.post.platform)])];
    await runtime.client.updatePost(runtime.targetOf(profile), { id: post.servicePostId, disableComments: !enabled, networks });
    const updated = siblings.length > 0 ? siblings.map((state) => state.post) : [post];
    this.#store.upsertPosts(
      updated.filter((p) => DISABLE_COMMENTS_NETWORKS.includes(p.platform)).map((p) => ({ ...p, disableComments: !enabled })),
    );
    return postView({ ...post, disableComments: !enabled });
  }

  #post(postKey: PostKey) {
    const post = this.#store.post(postKey);
    if (!post) refuse('There is no such post in the inbox');
    this.#accounts.profile(post.profileId);
    return post;
  }
}
