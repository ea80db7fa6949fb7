// The discovery job of one profile: GET /user (the linked networks and the profile's own identities),
// GET /history and each network's list, merged into the store's posts (postDiscovery.ts says how),
// then the plan is rebuilt from the store. It keeps its own schedule: every few minutes, at once on
// "refresh now", with backoff while lists fail; and after a restart, one interval after the last.
import { isNetwork } from '../../../shared/networks.ts';
import type { UserResponse } from '../../../shared/wire/profiles.ts';
import type { PostRecord } from '../store/types.ts';
import { keepFetched } from './fetchedWrites.ts';
import { StoreFailure, storeCall, storeInfo } from './jobFailures.ts';
import { retryDelay } from './pollPolicy.ts';
import { mergeDiscoveredPosts, postsFromHistory, postsFromNetworkHistory } from './postDiscovery.ts';
import { profileRecordAfter } from './profileIdentities.ts';
import type { SyncJobContext } from './syncJobContext.ts';

export interface DiscoveryOptions {
  /** How often the post lists are read again. */
  intervalMs: number;
  /** Posts asked of each network's list. */
  networkHistoryLimit: number;
}

export class DiscoveryJob {
  /** Epoch ms when the lists are read next. */
  dueAt = Number.NEGATIVE_INFINITY;
  /** "Refresh now" asked for the lists. */
  manual = false;
  /** The networks the profile links, from the last GET /user; undefined before the first. */
  linked: readonly string[] | undefined;
  /** The lists were read completely once (this start, or the store's copy from an earlier one). */
  complete = false;
  private readonly context: SyncJobContext;
  private readonly options: DiscoveryOptions;
  /** Rebuilds the coordinator's plan from the store after the posts were saved. */
  private readonly replan: (now: number) => void;
  private readonly deletedServicePosts = new Set<string>();
  private failures = 0;

  constructor(context: SyncJobContext, options: DiscoveryOptions, replan: (now: number) => void) {
    this.context = context;
    this.options = options;
    this.replan = replan;
  }

  /** A service post the service lists as deleted: no longer worth a request. */
  isDeleted(servicePostId: string): boolean {
    return this.deletedServicePosts.has(servicePostId);
  }

  /** Posts known and listed a moment ago (an app restart): read the lists again when due, not at once. */
  resumeFromStore(knowsPosts: boolean): void {
    const { accountId, profileId } = this.context.profile;
    const discoveredAt = this.context.ports.store.discoveredAt(accountId, profileId);
    if (knowsPosts && discoveredAt !== null) {
      this.dueAt = discoveredAt + this.options.intervalMs;
      this.complete = true;
    }
  }

  async run(): Promise<void> {
    const { ports, profile, requests, reporter, policy } = this.context;
    const { client, store, clock } = ports;
    const startedAt = clock.now();
    let incomplete = false;
    try {
      const user = await requests.request((options) => client.user(requests.target, options));
      const linked = user.activeSocialAccounts.filter(isNetwork);
      this.linked = linked;
      try {
        storeCall('save the profile', () => this.saveProfile(user));
      } catch (error) {
        // Without the profile's identities the account's own comments look like anyone's; the
        // posts and comments are still worth having.
        if (error instanceof StoreFailure) reporter.error(storeInfo(error));
        else throw error;
      }
      const history = await requests.request((options) => client.history(requests.target, {}, options));
      const service = postsFromHistory(profile.profileId, history);
      const outside: PostRecord[] = [];
      for (const platform of linked) {
        if (platform === 'twitter' && requests.twitterBlocked(clock.now())) continue;
        try {
          const list = await requests.request((options) =>
            client.networkHistory(requests.target, { platform, limit: this.options.networkHistoryLimit }, options),
          );
          outside.push(...postsFromNetworkHistory(profile.profileId, platform, list));
        } catch (error) {
          // One network's list failing does not cost the others theirs.
          requests.failed(error, { retry: () => (incomplete = true), gone: () => {}, withoutTwitter: () => {} });
        }
      }
      for (const id of service.deletedServicePostIds) this.deletedServicePosts.add(id);
      const now = clock.now();
      const posts = storeCall('read the known posts', () => mergeDiscoveredPosts(service.posts, outside, (key) => store.post(key), now));
      // Stored, and in a team shared with the profile's identities: the other devices replay it
      // instead of asking (fetchedWrites.ts).
      const record = storeCall('read the profile', () => store.profiles(profile.accountId).find((p) => p.profileId === profile.profileId) ?? null);
      keepFetched(this.context, { op: 'profile-and-posts', profile: record, posts });
      storeCall('save the discovery time', () => store.setDiscoveredAt(this.context.profile.accountId, this.context.profile.profileId, now));
      storeCall('read the posts to sync', () => this.replan(now));
      this.manual = false;
      if (incomplete) {
        this.failures++;
        this.dueAt = now + retryDelay(this.failures, policy);
      } else {
        this.failures = 0;
        this.dueAt = now + this.options.intervalMs;
        this.complete = true;
      }
      this.context.emitProgress();
    } catch (error) {
      requests.failed(error, {
        retry: () => {
          this.manual = false;
          this.failures++;
          this.dueAt = startedAt + retryDelay(this.failures, policy);
        },
      });
    }
  }

  /** The profile's own identities per network (its comments are the account's), kept in the store. */
  private saveProfile(user: UserResponse): void {
    const { store } = this.context.ports;
    const { profile } = this.context;
    const existing = store.profiles(profile.accountId).find((p) => p.profileId === profile.profileId);
    const record = profileRecordAfter(existing, user, profile);
    if (record) store.upsertProfile(record);
  }
}
