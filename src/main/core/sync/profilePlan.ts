// The plan of one profile's sync: what it polls (the poll targets, grouped from the store's posts)
// and which figures it asks (the analytics tracks), with what only memory knows of them (a manual
// "refresh now", figures asked early), and which job of them all goes next (jobQueue.ts).
// profileSync.ts reads it again from the store whenever the posts change, and resets it when this
// device takes a profile over in a team.
import type { Network } from '../../../shared/networks.ts';
import type { PostKey, PostSyncState } from '../store/types.ts';
import type { AccountAnalyticsNext } from './accountAnalyticsJob.ts';
import { type AnalyticsTrack, analyticsTracksOf } from './analyticsPlan.ts';
import { type Agenda, nextJob, type SyncJob } from './jobQueue.ts';
import { commentPollInterval, type PollPolicy } from './pollPolicy.ts';
import { groupIntoTargets, mergeTargets, type PollPost, type PollTarget } from './pollTargets.ts';
import { progressOf } from './profileReporter.ts';

const MINUTE = 60_000;

/** Analytics jobs are ranked as if due every ten minutes (the service's refresh). */
const ANALYTICS_RANK_INTERVAL_MS = 10 * MINUTE;

/** The jobs beside the plan's own, as the coordinator has them when it picks. */
export interface OtherJobs {
  discoveryDueAt: number;
  discoveryManual: boolean;
  messages: Agenda['messages'];
  accountAnalytics: AccountAnalyticsNext | undefined;
  skipAnalytics: (platform: Network) => boolean;
}

export class ProfilePlan {
  private readonly policy: PollPolicy;
  /** How long a partial analytics batch waits for more due posts. */
  private readonly analyticsBatchDelayMs: number;
  private targets = new Map<string, PollTarget>();
  private targetOfPost = new Map<PostKey, string>();
  private analytics = new Map<PostKey, AnalyticsTrack>();
  /** Live updates (decision 0072): the slower pace while events arrive; null: today's. */
  private livePace: Partial<PollPolicy> | null = null;

  constructor(policy: PollPolicy, analyticsBatchDelayMs: number) {
    this.policy = policy;
    this.analyticsBatchDelayMs = analyticsBatchDelayMs;
  }

  /** The poll targets, for progress and the first-fetch watch. */
  pollTargets(): IterableIterator<PollTarget> {
    return this.targets.values();
  }

  get targetCount(): number {
    return this.targets.size;
  }

  /** Rebuilds the poll targets and analytics tracks from the store's posts, keeping what only memory knows. */
  reload(states: readonly PostSyncState[], now: number): void {
    this.targets = mergeTargets(this.targets, groupIntoTargets(states), now, (target) => this.intervalOf(target, now));
    this.targetOfPost = new Map([...this.targets.values()].flatMap((target) => target.posts.map((post) => [post.key, target.id] as const)));
    this.analytics = analyticsTracksOf(states, this.analytics, now);
  }

  /** This device took the profile over: nothing of the plan in memory holds (the reload that follows reads it all). */
  forget(): void {
    this.targets = new Map();
    this.analytics = new Map();
  }

  intervalOf(target: PollTarget, now: number): number {
    const policy = this.livePace ? { ...this.policy, ...this.livePace } : this.policy;
    return commentPollInterval({ created: target.created, lastCommentAt: target.lastCommentAt }, now, policy);
  }

  setLivePace(pace: Partial<PollPolicy> | null): void {
    this.livePace = pace;
  }

  targetOf(postKey: PostKey): PollTarget | undefined {
    return this.targets.get(this.targetOfPost.get(postKey) ?? '');
  }

  /** A target known by its service post id (a post without a social id yet). */
  targetOfServicePost(servicePostId: string): PollTarget | undefined {
    return this.targets.get(`service:${servicePostId}`);
  }

  pollPostOf(key: PostKey): PollPost | undefined {
    return this.targetOf(key)?.posts.find((post) => post.key === key);
  }

  /**
   * "Refresh now" for one post: its comments, and its numbers as soon as the service may have new
   * ones (never before `nextUpdate`). False when the plan has no figures of it: a post it does not know yet.
   */
  refreshPost(postKey: PostKey): boolean {
    const target = this.targetOf(postKey);
    if (target) target.manual = true;
    const track = this.analytics.get(postKey);
    if (track) track.manual = true;
    return track !== undefined;
  }

  /** "Refresh now" for the whole profile: every post's comments jump the queue. */
  markAllManual(): void {
    for (const target of this.targets.values()) target.manual = true;
  }

  /**
   * Posts the service no longer finds: their figures are asked at once, before `nextUpdate`. Since
   * every post's first figures are asked at the first sync (issue 27), a post deleted on the network
   * afterwards would otherwise keep its old figures for up to an hour before the 186 answer says it
   * is gone. Once per gone post: the answer plans its next ask a day later, and its comments wait too.
   */
  askFiguresNow(keys: readonly PostKey[], now: number): void {
    for (const key of keys) {
      const track = this.analytics.get(key);
      if (!track) continue;
      track.dueAt = Math.min(track.dueAt, now);
      track.manual = true;
    }
  }

  /** Every post the plan knows has had its comments read once. */
  allPolled(): boolean {
    const { done, total } = progressOf(this.targets.values());
    return done >= total;
  }

  /** The most urgent job of the plan's and the others', and when it is due. */
  pickJob(now: number, others: OtherJobs): { job: SyncJob | undefined; at: number } {
    return nextJob(
      {
        discoveryDueAt: others.discoveryDueAt,
        discoveryManual: others.discoveryManual,
        targets: this.targets.values(),
        analytics: this.analytics.values(),
        messages: others.messages,
        accountAnalytics: others.accountAnalytics,
      },
      now,
      {
        intervalOf: (target) => this.intervalOf(target, now),
        analyticsBatchDelayMs: this.analyticsBatchDelayMs,
        analyticsRankIntervalMs: ANALYTICS_RANK_INTERVAL_MS,
        skipAnalytics: others.skipAnalytics,
      },
    );
  }
}
