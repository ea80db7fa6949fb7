// Posts and their metrics, from the store (so they show offline, with their age); what the user saw
// last time on each panel (so "since you last looked" survives a restart); refresh now. Comments on or off: commentsSwitch.ts.
import type { PostDataFlags, PostSeen, PostSummary, PostView } from '../../../shared/domain/posts.ts';
import { parsePostReference } from '../../../shared/domain/trackedPosts.ts';
import {
  applyThreadEdits,
  detectTwitterThreads,
  groupTweets,
  MAX_THREAD_TWEETS,
  type PostThread,
  type ThreadEdits,
  ungroupThread,
} from '../../../shared/domain/twitterThreads.ts';
import type { Network } from '../../../shared/networks.ts';
import type { AnalyticsSnapshot, PostKey, Store } from '../store/types.ts';
import type { AccountService } from './accountService.ts';
import { refuse } from '../refusal.ts';
import { postDataFlags, postSummary, postView } from './views.ts';

export class PostService {
  readonly #store: Store;
  readonly #accounts: AccountService;
  readonly #now: () => number;

  constructor(store: Store, accounts: AccountService, now: () => number = Date.now) {
    this.#store = store;
    this.#accounts = accounts;
    this.#now = now;
  }

  list(profileId: string): PostSummary[] {
    const profile = this.#accounts.profile(profileId);
    return this.#store
      .postsForSync(profileId)
      .sort((a, b) => (a.post.created < b.post.created ? 1 : a.post.created > b.post.created ? -1 : 0))
      .map((state) => {
        const key = `${state.post.platform}:${state.post.socialPostId}`;
        const latest = this.#store.latestAnalytics(key);
        return postSummary(state, latest, postDataFlags(state.post, latest, profile, this.#store.analyticsNotFound(key)));
      });
  }

  metrics(postKey: PostKey): { post: PostView; latest: AnalyticsSnapshot | null; history: AnalyticsSnapshot[]; flags: PostDataFlags } {
    const post = this.#post(postKey);
    const latest = this.#store.latestAnalytics(postKey);
    const flags = postDataFlags(post, latest, this.#accounts.profile(post.profileId), this.#store.analyticsNotFound(postKey));
    return { post: postView(post), latest, history: this.#store.analyticsHistory(postKey), flags };
  }

  /**
   * The user is looking at this snapshot of the post now: keeps it as the post's last look and
   * answers the look before, which the panel measures its changes against.
   */
  markSeen(postKey: PostKey, snapshotId: number): { previous: PostSeen | null; seen: PostSeen } {
    this.#post(postKey);
    const snapshot = this.#store.analyticsHistory(postKey).find((s) => s.id === snapshotId);
    if (snapshot === undefined) refuse('That snapshot of the post is not stored (any more): open the panel again');
    const previous = this.#store.lastSeen(postKey);
    const seen: PostSeen = { at: this.#now(), snapshot };
    this.#store.markSeen(postKey, seen);
    return { previous, seen };
  }

  /**
   * The client's twitter threads: inferred from the stored tweets (the service does not say), then
   * corrected by what the user grouped or ungrouped by hand.
   */
  threads(profileId: string): PostThread[] {
    this.#accounts.profile(profileId);
    const candidates = this.#tweetsOf(profileId);
    return applyThreadEdits(detectTwitterThreads(candidates), this.#threadEdits(profileId), candidates);
  }

  /** Makes a thread of these tweets of the client (2 to 25), whatever their texts say. */
  groupThread(profileId: string, postKeys: string[]): PostThread[] {
    this.#accounts.profile(profileId);
    const tweets = new Set(this.#tweetsOf(profileId).map((tweet) => tweet.key));
    const keys = [...new Set(postKeys)];
    const foreign = keys.find((key) => !tweets.has(key));
    if (foreign !== undefined) refuse(`Only this client’s tweets can make a thread; ${foreign} is not one`);
    if (keys.length < 2 || keys.length > MAX_THREAD_TWEETS) refuse(`A thread is 2 to ${MAX_THREAD_TWEETS} tweets`);
    this.#saveThreadEdits(profileId, groupTweets(this.#threadEdits(profileId), keys));
    return this.threads(profileId);
  }

  /** The thread named by its first tweet is none: its tweets show one by one again. */
  ungroupThread(profileId: string, headKey: string): PostThread[] {
    const thread = this.threads(profileId).find((t) => t.headKey === headKey);
    if (thread === undefined) refuse('There is no such thread (any more)');
    this.#saveThreadEdits(profileId, ungroupThread(this.#threadEdits(profileId), thread));
    return this.threads(profileId);
  }

  #tweetsOf(profileId: string) {
    return this.#store
      .postsForSync(profileId)
      .filter((state) => state.post.platform === 'twitter')
      .map(({ post }) => ({
        key: `${post.platform}:${post.socialPostId}`,
        profileId: post.profileId,
        platform: post.platform,
        text: post.text,
        created: post.created,
      }));
  }

  /** The user's thread corrections (the store's thread_edits table); unreadable ones count as none. */
  #threadEdits(profileId: string): ThreadEdits {
    return this.#store.threadEdits(profileId);
  }

  #saveThreadEdits(profileId: string, edits: ThreadEdits): void {
    this.#store.saveThreadEdits(profileId, edits);
  }

  /**
   * Tracks a post by hand: a post none of the service's lists has (a youtube video of another channel
   * a client appeared in). It is stored as the client's post, marked `trackedAt`, and the sync fetches
   * its numbers by its social id like any other's. A post the store already has is returned as it is.
   */
  async track(profileId: string, platform: Network, reference: string): Promise<PostView> {
    const profile = this.#accounts.profile(profileId);
    if (profile.networks[platform] === undefined)
      refuse(`${profile.title} has no ${platform} account linked, so the service has no numbers of its posts there`);
    const parsed = parsePostReference(platform, reference);
    if (!parsed.ok) refuse(parsed.reason);
    const key = `${platform}:${parsed.socialPostId}`;
    const known = this.#store.post(key);
    if (known !== null) {
      if (known.profileId !== profileId) refuse(`This post is already listed under another client (${this.#accounts.profile(known.profileId).title})`);
      return postView(known);
    }
    const at = new Date(this.#now()).toISOString();
    const record = {
      profileId,
      platform,
      socialPostId: parsed.socialPostId,
      servicePostId: null,
      text: '',
      url: platform === 'youtube' ? `https://www.youtube.com/watch?v=${parsed.socialPostId}` : null,
      // Nobody told us when it was posted; the time it was added keeps the list's order honest enough.
      created: at,
      disableComments: false,
      trackedAt: at,
      raw: { trackedByHand: true },
    };
    const saved = this.#store.upsertPosts([record]);
    const rejected = saved.rejected[0];
    if (rejected !== undefined) refuse(`The post could not be kept: ${rejected.reason}`);
    // Its numbers now, not at the next round: the sync learns of the post and asks for it. An
    // account that is not running (yet) finds the stored post at its next discovery: no error then.
    const runtime = await this.#accounts.forProfile(profileId).then(
      (context) => context.runtime,
      () => null,
    );
    runtime?.sync.refreshNow({ postKey: key });
    return postView(this.#store.post(key) ?? record);
  }

  /** Stops tracking a post added by hand; posts on the service's lists cannot be removed. */
  untrack(postKey: PostKey): void {
    const post = this.#post(postKey);
    if (post.trackedAt == null) refuse('Only posts added by hand can be removed; this one is on the service’s lists');
    this.#store.removeTrackedPost(postKey);
    // The running sync plans from memory: without this it could ask for the post once more and
    // store numbers or comments of a post the user just removed.
    const { accountId } = this.#accounts.profile(post.profileId);
    this.#accounts
      .running()
      .find((runtime) => runtime.accountId === accountId)
      ?.sync.postsChanged(post.profileId);
  }

  async refresh(target: { postKey: string } | { profileId: string }): Promise<{ started: boolean }> {
    const profileId = 'postKey' in target ? this.#post(target.postKey).profileId : target.profileId;
    const { runtime } = await this.#accounts.forProfile(profileId);
    return { started: runtime.refreshNow(target) };
  }

  #post(postKey: PostKey) {
    const post = this.#store.post(postKey);
    if (!post) refuse('There is no such post in the inbox');
    this.#accounts.profile(post.profileId);
    return post;
  }
}
