// The sync scheduler of one client profile: it discovers the profile's posts, pulls their comments
// and analytics, and merges them into the store, spending the profile's rate budget where news is
// likely. One loop, one timer (WakeableTimer on the Clock port): it runs the most urgent due job
// (jobQueue.ts) when the pacer allows a request (requestPacer.ts), and otherwise sleeps until the
// next job falls due, or, paused or offline, waits without a timer until nudged.
import { isNetwork } from '../../../shared/networks.ts';
import type { CommentsResponse } from '../../../shared/wire/comments.ts';
import type { AnalyticsEntry } from '../../../shared/wire/analytics.ts';
import type { UserResponse } from '../../../shared/wire/profiles.ts';
import type { Clock } from '../clock.ts';
import type { CallTarget } from '../service/credentials.ts';
import type { CallOptions } from '../service/requestRunner.ts';
import type { IngestResult, PostKey, PostRecord, RejectedRecord, Store } from '../store/types.ts';
import { type AnalyticsJob, type AnalyticsTrack, analyticsNotFoundCursor, analyticsRoute, analyticsTracksOf, NEXT_UPDATE_MARGIN_MS } from './analyticsPlan.ts';
import { commentInputsOf, newestCommentAt, recordsFor } from './commentRecords.ts';
import type { ConnectivityView } from './connectivityMonitor.ts';
import { nextJob, type SyncJob } from './jobQueue.ts';
import { emitSafely, type SyncErrorInfo, type SyncListener } from './events.ts';
import { analyticsMinInterval, commentPollInterval, DEFAULT_POLL_POLICY, type PollPolicy, retryDelay } from './pollPolicy.ts';
import { groupIntoTargets, maxOrNull, mergeTargets, type PollPost, type PollTarget } from './pollTargets.ts';
import { profileRecordAfter } from './profileIdentities.ts';
import { mergeDiscoveredPosts, postsFromHistory, postsFromNetworkHistory } from './postDiscovery.ts';
import { type PacerOptions, RequestPacer } from './requestPacer.ts';
import { classifyFailure } from './syncErrors.ts';
import type { SyncClient } from './syncClient.ts';
import { WakeableTimer } from './wakeableTimer.ts';

const MINUTE = 60_000;

export interface ProfileRef {
  accountId: string;
  /** The service's refId of the profile (the store's profileId). */
  profileId: string;
  /** The primary profile is called without a Profile-Key. */
  isPrimary: boolean;
}

export interface ProfileSyncOptions {
  policy?: Partial<PollPolicy>;
  pacer?: PacerOptions;
  /** How often the post lists are read again; default 3 minutes. */
  discoveryIntervalMs?: number;
  /** Posts asked of each network's list; default 1,000 (the service's maximum). */
  networkHistoryLimit?: number;
  /** How long a partial analytics batch waits for more due posts; default 5 minutes. */
  analyticsBatchDelayMs?: number;
  /** How long the sync of a profile rests after its keys or plan were refused; default 30 minutes. */
  holdMs?: number;
  /** How long twitter is left out after the X key pair was missing or refused; default 30 minutes. */
  twitterRetryMs?: number;
  /** A sleep that ends this much later than planned means the machine slept; default 1 minute. */
  clockJumpMs?: number;
}

export interface ProfileSyncPorts {
  client: SyncClient;
  store: Store;
  clock: Clock;
  connectivity: ConnectivityView;
  listener: SyncListener;
}

export type ProfileSyncState = 'stopped' | 'paused' | 'offline' | 'held' | 'syncing' | 'idle';

export interface ProfileSyncStatus {
  state: ProfileSyncState;
  postsDone: number;
  postsTotal: number;
  /** Epoch ms of the next planned job, or null when none is planned. */
  nextDueAt: number | null;
}

/** The job cannot go on now (stopped, paused, offline, held): it stays due and the loop re-plans. */
class SyncInterrupted extends Error {}

/** A store call failed: reported, and the job is retried like any failed one. */
class StoreFailure extends Error {
  readonly operation: string;

  constructor(operation: string, cause: unknown) {
    super(`The local store could not ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.operation = operation;
  }
}

/** Analytics jobs are ranked as if due every ten minutes (the service's refresh). */
const ANALYTICS_RANK_INTERVAL_MS = 10 * MINUTE;
/** Failed analytics requests are retried after this. */
const ANALYTICS_RETRY_MS = 10 * MINUTE;
/** A post the service does not find analytics for is asked again after this. */
const ANALYTICS_NOT_FOUND_MS = 24 * 60 * MINUTE;

export class ProfileSync {
  readonly profile: ProfileRef;
  private readonly ports: ProfileSyncPorts;
  private readonly target: CallTarget;
  private readonly policy: PollPolicy;
  private readonly pacer: RequestPacer;
  private readonly timer: WakeableTimer;
  private readonly discoveryIntervalMs: number;
  private readonly networkHistoryLimit: number;
  private readonly analyticsBatchDelayMs: number;
  private readonly holdMs: number;
  private readonly twitterRetryMs: number;
  private readonly abort = new AbortController();

  private targets = new Map<string, PollTarget>();
  private targetOfPost = new Map<PostKey, string>();
  private analytics = new Map<PostKey, AnalyticsTrack>();
  private readonly deletedServicePosts = new Set<string>();
  private discoveryDueAt = Number.NEGATIVE_INFINITY;
  private discoveryManual = false;
  private discoveryFailures = 0;
  private twitterBlockedUntil = 0;
  private heldUntil = 0;
  /** Set when the client said the budget is spent: no request before then. */
  private notBefore = 0;
  private paused = false;
  private stopping = false;
  private busy = false;
  private restingNow = false;
  private ended = false;
  private running: Promise<void> | undefined;
  private lastProgress = '';

  constructor(profile: ProfileRef, ports: ProfileSyncPorts, options: ProfileSyncOptions = {}) {
    this.profile = profile;
    this.ports = ports;
    this.target = profile.isPrimary ? { accountId: profile.accountId } : { accountId: profile.accountId, profileId: profile.profileId };
    this.policy = { ...DEFAULT_POLL_POLICY, ...options.policy };
    this.pacer = new RequestPacer(options.pacer);
    this.timer = new WakeableTimer(ports.clock, options.clockJumpMs ?? MINUTE);
    this.discoveryIntervalMs = options.discoveryIntervalMs ?? 3 * MINUTE;
    this.networkHistoryLimit = options.networkHistoryLimit ?? 1000;
    this.analyticsBatchDelayMs = options.analyticsBatchDelayMs ?? 5 * MINUTE;
    this.holdMs = options.holdMs ?? 30 * MINUTE;
    this.twitterRetryMs = options.twitterRetryMs ?? 30 * MINUTE;
  }

  /** Starts the loop from what the store knows (posts, when each was polled, the last discovery). */
  start(): void {
    if (this.running || this.stopping) return;
    const now = this.ports.clock.now();
    try {
      this.reload(now);
      const discoveredAt = Number(this.ports.store.cursor(this.discoveryCursor()) ?? Number.NaN);
      // Posts known and listed a moment ago (an app restart): read the lists again when due, not at once.
      if (this.targets.size > 0 && Number.isFinite(discoveredAt)) this.discoveryDueAt = discoveredAt + this.discoveryIntervalMs;
    } catch (error) {
      this.report(storeInfo(new StoreFailure('read the posts to sync', error)));
    }
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.timer.stop();
    this.abort.abort();
    await this.running;
  }

  pause(): void {
    this.paused = true;
    this.timer.nudge();
  }

  resume(): void {
    this.paused = false;
    this.timer.nudge();
  }

  /** Something changed (online again, a setting): re-plan now. */
  nudge(): void {
    this.timer.nudge();
  }

  /**
   * The store's list of this profile's posts changed outside the sync (a post tracked or no longer
   * tracked by hand): plan from the store now, so a removed post is never asked for again.
   */
  postsChanged(): void {
    try {
      this.reload(this.ports.clock.now());
    } catch (error) {
      this.report(storeInfo(new StoreFailure('read the posts to sync', error)));
    }
    this.timer.nudge();
  }

  /**
   * "Refresh now": the post's comments (or, without a key, the post lists and every post of the
   * profile) jump the queue. It also lifts a hold after refused keys: the user may have fixed them.
   */
  refreshNow(postKey?: PostKey): void {
    this.heldUntil = 0;
    this.twitterBlockedUntil = 0;
    if (postKey === undefined) {
      this.discoveryManual = true;
      for (const target of this.targets.values()) target.manual = true;
    } else {
      const target = this.targets.get(this.targetOfPost.get(postKey) ?? '');
      if (target) target.manual = true;
      // Its numbers too, as soon as the service may have new ones (never before `nextUpdate`).
      const track = this.analytics.get(postKey);
      if (track) track.manual = true;
      // A post the sync does not know yet: read the lists, then it is known.
      else this.discoveryManual = true;
    }
    this.timer.nudge();
  }

  status(): ProfileSyncStatus {
    const { done, total } = this.progress();
    const now = this.ports.clock.now();
    let state: ProfileSyncState = 'idle';
    if (!this.running || this.stopping) state = 'stopped';
    else if (this.paused) state = 'paused';
    else if (!this.ports.connectivity.online) state = 'offline';
    else if (this.heldUntil > now) state = 'held';
    else if (this.busy) state = 'syncing';
    const at = this.pickJob(now).at;
    return { state, postsDone: done, postsTotal: total, nextDueAt: Number.isFinite(at) ? at : null };
  }

  /** The loop waits on its timer (or, paused or offline, on a nudge): nothing of it is under way. */
  get resting(): boolean {
    return this.restingNow || !this.running || this.ended;
  }

  // ---- the loop ----

  private async rest<T>(wait: Promise<T>): Promise<T> {
    this.restingNow = true;
    try {
      return await wait;
    } finally {
      this.restingNow = false;
    }
  }

  private async loop(): Promise<void> {
    try {
      await this.loopUntilStopped();
    } finally {
      this.ended = true;
    }
  }

  private async loopUntilStopped(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.step();
      } catch (error) {
        if (error instanceof SyncInterrupted) continue;
        // A bug of ours must not end the sync: report it, rest a little, go on.
        this.report(classifyFailure(error).report ?? { kind: 'unexpected', message: 'Unexpected failure while syncing' });
        await this.rest(this.timer.sleep(this.policy.retryMs));
      }
    }
  }

  private async step(): Promise<void> {
    const { clock, connectivity } = this.ports;
    if (this.timer.takeJump()) this.pacer.damp(clock.now());
    if (this.paused || !connectivity.online) {
      await this.rest(this.timer.idle());
      return;
    }
    const now = clock.now();
    if (this.heldUntil > now) {
      await this.rest(this.timer.sleep(this.heldUntil - now));
      return;
    }
    const pick = this.pickJob(now);
    const at = Math.max(pick.at, this.slotAt(now));
    if (!pick.job || at > now) {
      if (Number.isFinite(at)) await this.rest(this.timer.sleep(at - now));
      else await this.rest(this.timer.idle());
      return;
    }
    this.busy = true;
    try {
      await this.run(pick.job);
    } finally {
      this.busy = false;
    }
  }

  private slotAt(now: number): number {
    return Math.max(this.notBefore, this.pacer.nextSlotAt(now, this.ports.client.budgetOf(this.target)));
  }

  private pickJob(now: number): { job: SyncJob | undefined; at: number } {
    return nextJob(
      { discoveryDueAt: this.discoveryDueAt, discoveryManual: this.discoveryManual, targets: this.targets.values(), analytics: this.analytics.values() },
      now,
      {
        intervalOf: (target) => this.intervalOf(target, now),
        analyticsBatchDelayMs: this.analyticsBatchDelayMs,
        analyticsRankIntervalMs: ANALYTICS_RANK_INTERVAL_MS,
        skipAnalytics: (platform) => platform === 'twitter' && this.twitterBlocked(now),
      },
    );
  }

  private async run(job: SyncJob): Promise<void> {
    switch (job.kind) {
      case 'discovery':
        return this.discover();
      case 'comments':
        return this.pollComments(job.target);
      case 'analytics':
        return this.fetchAnalytics(job.job);
    }
  }

  // ---- requests ----

  /** Waits for the pacer inside a job of several requests; gives up when the job cannot go on. */
  private async slot(): Promise<void> {
    for (;;) {
      const now = this.ports.clock.now();
      if (this.stopping || this.paused || !this.ports.connectivity.online || this.heldUntil > now) throw new SyncInterrupted();
      const at = this.slotAt(now);
      if (at <= now) return;
      if ((await this.rest(this.timer.sleep(at - now))) === 'stopped') throw new SyncInterrupted();
    }
  }

  /**
   * One request within the pace, its outcome reported to the connectivity monitor. `failureIn`
   * finds a failure the client folded into an answer (analytics batches report per id).
   */
  private async request<T>(send: (options: CallOptions) => Promise<T>, failureIn?: (value: T) => unknown): Promise<T> {
    await this.slot();
    const { client, clock, connectivity } = this.ports;
    this.pacer.taken(clock.now(), client.budgetOf(this.target).limit);
    let value: T;
    try {
      value = await send({ signal: this.abort.signal, whenBudgetSpent: 'fail' });
      const folded = failureIn?.(value);
      if (folded !== undefined) throw folded;
    } catch (error) {
      const { answered, reaction } = classifyFailure(error);
      if (answered) connectivity.answered();
      else if (reaction.do === 'offline') connectivity.noAnswer();
      throw error;
    }
    connectivity.answered();
    return value;
  }

  /**
   * What a failed job means. Interruptions and "offline" leave the job due; the others call the
   * job's own handler (`retry`, `gone`) after adjusting the profile-wide state.
   */
  private failed(error: unknown, handlers: { retry: () => void; gone?: () => void; withoutTwitter?: () => void; postKey?: PostKey }): void {
    if (error instanceof SyncInterrupted) throw error;
    if (error instanceof StoreFailure) {
      this.report({ ...storeInfo(error), ...(handlers.postKey ? { postKey: handlers.postKey } : {}) });
      return handlers.retry();
    }
    const { reaction, report } = classifyFailure(error);
    if (report) this.report({ ...report, ...(handlers.postKey ? { postKey: handlers.postKey } : {}) });
    const now = this.ports.clock.now();
    switch (reaction.do) {
      case 'offline':
        // The monitor now says offline and the loop waits for it; should it not (a monitor that is
        // shutting down), this keeps a failing request from being repeated in a tight loop.
        this.notBefore = Math.max(this.notBefore, now + 1000);
        throw new SyncInterrupted();
      case 'stopped':
        throw new SyncInterrupted();
      case 'wait-budget':
        this.notBefore = Math.max(this.notBefore, reaction.retryAt ?? now + this.policy.retryMs);
        throw new SyncInterrupted();
      case 'hold-profile':
        this.heldUntil = now + this.holdMs;
        throw new SyncInterrupted();
      case 'without-twitter':
        this.twitterBlockedUntil = now + this.twitterRetryMs;
        if (handlers.withoutTwitter) return handlers.withoutTwitter();
        // The job stays due and goes again at once, without twitter.
        throw new SyncInterrupted();
      case 'gone':
        return (handlers.gone ?? handlers.retry)();
      case 'retry':
        return handlers.retry();
    }
  }

  // ---- discovery ----

  private async discover(): Promise<void> {
    const { client, store, clock } = this.ports;
    const startedAt = clock.now();
    let incomplete = false;
    try {
      const user = await this.request((options) => client.user(this.target, options));
      const linked = user.activeSocialAccounts.filter(isNetwork);
      try {
        this.storeCall('save the profile', () => this.saveProfile(user));
      } catch (error) {
        // Without the profile's identities the account's own comments look like anyone's; the
        // posts and comments are still worth having.
        if (error instanceof StoreFailure) this.report(storeInfo(error));
        else throw error;
      }
      const history = await this.request((options) => client.history(this.target, {}, options));
      const service = postsFromHistory(this.profile.profileId, history);
      const outside: PostRecord[] = [];
      for (const platform of linked) {
        if (platform === 'twitter' && this.twitterBlocked(clock.now())) continue;
        try {
          const list = await this.request((options) => client.networkHistory(this.target, { platform, limit: this.networkHistoryLimit }, options));
          outside.push(...postsFromNetworkHistory(this.profile.profileId, platform, list));
        } catch (error) {
          // One network's list failing does not cost the others theirs.
          this.failed(error, { retry: () => (incomplete = true), gone: () => {}, withoutTwitter: () => {} });
        }
      }
      for (const id of service.deletedServicePostIds) this.deletedServicePosts.add(id);
      const now = clock.now();
      const posts = this.storeCall('read the known posts', () => mergeDiscoveredPosts(service.posts, outside, (key) => store.post(key), now));
      const saved = this.storeCall('save the posts', () => store.upsertPosts(posts));
      this.reportRejected('posts', saved.rejected);
      this.storeCall('save the discovery time', () => store.setCursor(this.discoveryCursor(), String(Math.floor(now))));
      this.storeCall('read the posts to sync', () => this.reload(now));
      this.discoveryManual = false;
      if (incomplete) {
        this.discoveryFailures++;
        this.discoveryDueAt = now + retryDelay(this.discoveryFailures, this.policy);
      } else {
        this.discoveryFailures = 0;
        this.discoveryDueAt = now + this.discoveryIntervalMs;
      }
      this.emitProgress();
    } catch (error) {
      this.failed(error, {
        retry: () => {
          this.discoveryManual = false;
          this.discoveryFailures++;
          this.discoveryDueAt = startedAt + retryDelay(this.discoveryFailures, this.policy);
        },
      });
    }
  }

  /** The profile's own identities per network (its comments are the account's), kept in the store. */
  private saveProfile(user: UserResponse): void {
    const { store } = this.ports;
    const existing = store.profiles(this.profile.accountId).find((p) => p.profileId === this.profile.profileId);
    const record = profileRecordAfter(existing, user, this.profile);
    if (record) store.upsertProfile(record);
  }

  /** Rebuilds the poll targets and analytics tracks from the store, keeping what only memory knows. */
  private reload(now: number): void {
    const states = this.ports.store
      .postsForSync(this.profile.profileId)
      .filter((state) => state.post.servicePostId === null || !this.deletedServicePosts.has(state.post.servicePostId));
    this.targets = mergeTargets(this.targets, groupIntoTargets(states), now, (target) => this.intervalOf(target, now));
    this.targetOfPost = new Map([...this.targets.values()].flatMap((target) => target.posts.map((post) => [post.key, target.id] as const)));
    this.analytics = analyticsTracksOf(states, this.analytics, now);
  }

  // ---- comments ----

  private async pollComments(target: PollTarget): Promise<void> {
    const { client, clock } = this.ports;
    const startedAt = clock.now();
    const withoutTwitter = this.twitterBlocked(startedAt);
    const posts = withoutTwitter ? target.posts.filter((p) => p.platform !== 'twitter') : target.posts;
    if (posts.length === 0) {
      target.manual = false;
      target.dueAt = this.twitterBlockedUntil;
      return;
    }
    // Without twitter, a service post's other networks are read one by one by their social ids.
    const parts: { address: Parameters<SyncClient['getComments']>[1]; posts: PollPost[] }[] =
      target.servicePostId !== null && posts.length === target.posts.length
        ? [{ address: { by: 'servicePost', id: target.servicePostId, networks: posts.map((p) => p.platform) }, posts }]
        : posts.map((post) => ({ address: { by: 'socialPost', id: post.socialPostId, platform: post.platform }, posts: [post] }));
    try {
      for (const part of parts) {
        const response = await this.request((options) => client.getComments(this.target, part.address, options));
        this.ingest(target, part.posts, response);
      }
      const now = clock.now();
      target.manual = false;
      target.failures = 0;
      target.lastPolledAt = target.posts.every((p) => p.lastPolledAt !== null) ? Math.min(...target.posts.map((p) => p.lastPolledAt ?? now)) : null;
      target.dueAt = now + this.intervalOf(target, now);
    } catch (error) {
      const postKey = target.posts[0]?.key;
      this.failed(error, {
        ...(postKey ? { postKey } : {}),
        retry: () => {
          target.manual = false;
          target.failures++;
          target.dueAt = startedAt + retryDelay(target.failures, this.policy);
        },
        gone: () => {
          target.manual = false;
          target.dueAt = startedAt + this.policy.maxMs;
        },
      });
    } finally {
      this.emitProgress();
    }
  }

  /**
   * Stores one answer, post by post: a post the store refuses does not cost the others theirs.
   * Throws the first refusal after the others were stored, so the poll is retried.
   */
  private ingest(target: PollTarget, posts: PollPost[], response: CommentsResponse): void {
    const { store, clock, listener } = this.ports;
    // Epoch ms as the store keeps them: whole numbers, whatever the clock says.
    const now = Math.floor(clock.now());
    let refused: StoreFailure | undefined;
    for (const post of posts) {
      const rows = commentInputsOf(recordsFor(response, post.platform), post.platform, post.socialPostId);
      let result: IngestResult;
      try {
        result = this.storeCall('save comments', () => store.ingestComments(this.profile.profileId, rows));
      } catch (error) {
        refused ??= error as StoreFailure;
        continue;
      }
      this.reportRejected('comments', result.rejected, post.key);
      const firstFetch = post.lastPolledAt === null;
      post.lastPolledAt = now;
      target.lastCommentAt = maxOrNull(target.lastCommentAt, newestCommentAt(rows));
      try {
        this.storeCall('record the poll', () => store.markPolled(post.key, now));
      } catch (error) {
        // The comments are in; only the poll time is lost (after a restart the post is polled
        // once more than needed). Worth telling, not worth polling again for.
        this.report({ ...storeInfo(error as StoreFailure), postKey: post.key });
      }
      if (result.inserted.length > 0) {
        emitSafely(listener, {
          type: 'new-comments',
          accountId: this.profile.accountId,
          profileId: this.profile.profileId,
          postKey: post.key,
          keys: result.inserted,
          firstFetch,
        });
      }
    }
    if (refused) throw refused;
  }

  // ---- analytics ----

  private async fetchAnalytics(job: AnalyticsJob): Promise<void> {
    const { client, clock } = this.ports;
    const startedAt = clock.now();
    try {
      if (job.kind === 'by-social-ids') {
        const result = await this.request(
          (options) => client.analyticsBySocialIds(this.target, { platform: job.platform, ids: job.tracks.map((t) => t.socialPostId) }, options),
          // One batch: when its request failed, every id carries the same error.
          (value) => {
            for (const outcome of value.results) if (outcome.status === 'failed' && outcome.error) return outcome.error;
            return undefined;
          },
        );
        const now = clock.now();
        const byId = new Map(job.tracks.map((t) => [t.socialPostId, t]));
        for (const outcome of result.results) {
          const track = byId.get(outcome.id);
          if (!track) continue;
          track.manual = false;
          if (outcome.status === 'found') this.recordAnalytics(track, outcome.entry, now);
          else if (outcome.status === 'not-found' || outcome.status === 'refused') {
            track.dueAt = now + ANALYTICS_NOT_FOUND_MS;
            // Kept so the metric panel can say "not found for this account" (186), offline too.
            if (outcome.status === 'not-found') this.storeCall('note analytics not found', () => this.ports.store.setCursor(analyticsNotFoundCursor(track.key), new Date(now).toISOString()));
          } else track.dueAt = now + ANALYTICS_RETRY_MS;
        }
      } else {
        const answer = await this.request((options) =>
          client.analyticsByServiceId(this.target, { id: job.servicePostId, networks: job.tracks[0]?.networks ?? [job.platform], platforms: [job.platform] }, options),
        );
        const now = clock.now();
        for (const track of job.tracks) {
          const entry = answer[track.platform];
          track.manual = false;
          if (entry) this.recordAnalytics(track, entry, now);
          else track.dueAt = now + ANALYTICS_NOT_FOUND_MS;
        }
      }
    } catch (error) {
      this.failed(error, {
        retry: () => {
          for (const track of job.tracks) track.dueAt = startedAt + ANALYTICS_RETRY_MS;
        },
        gone: () => {
          for (const track of job.tracks) track.dueAt = startedAt + ANALYTICS_NOT_FOUND_MS;
        },
      });
    }
  }

  private recordAnalytics(track: AnalyticsTrack, entry: AnalyticsEntry, now: number): void {
    track.manual = false;
    if (this.ports.store.cursor(analyticsNotFoundCursor(track.key))) this.storeCall('clear analytics not found', () => this.ports.store.setCursor(analyticsNotFoundCursor(track.key), ''));
    const { backfilledFrom, recoveredFrom, ...metrics } = entry.analytics;
    this.storeCall('save analytics', () =>
      this.ports.store.recordAnalytics({
        profileId: this.profile.profileId,
        platform: track.platform,
        socialPostId: track.socialPostId,
        fetchedAt: Math.floor(now),
        lastUpdated: entry.lastUpdated,
        nextUpdate: entry.nextUpdate,
        metrics,
        ...(backfilledFrom !== undefined ? { backfilledFrom } : {}),
        ...(recoveredFrom !== undefined ? { recoveredFrom } : {}),
      }),
    );
    const nextUpdate = Date.parse(entry.nextUpdate);
    const serviceSays = Number.isFinite(nextUpdate) ? nextUpdate + NEXT_UPDATE_MARGIN_MS : now + ANALYTICS_RETRY_MS;
    const onePostPerRequest = analyticsRoute(track.platform, track.servicePostId) === 'service';
    track.dueAt = Math.max(serviceSays, now + analyticsMinInterval(track.created, now, this.policy, onePostPerRequest));
  }

  // ---- helpers ----

  private intervalOf(target: PollTarget, now: number): number {
    return commentPollInterval({ created: target.created, lastCommentAt: target.lastCommentAt }, now, this.policy);
  }

  private twitterBlocked(now: number): boolean {
    return this.twitterBlockedUntil > now;
  }

  private discoveryCursor(): string {
    return `sync:${this.profile.accountId}:${this.profile.profileId}:discoveredAt`;
  }

  private storeCall<T>(operation: string, call: () => T): T {
    try {
      return call();
    } catch (error) {
      throw new StoreFailure(operation, error);
    }
  }

  private progress(): { done: number; total: number } {
    let done = 0;
    let total = 0;
    for (const target of this.targets.values()) {
      for (const post of target.posts) {
        total++;
        if (post.lastPolledAt !== null) done++;
      }
    }
    return { done, total };
  }

  private emitProgress(): void {
    const { done, total } = this.progress();
    const key = `${done}/${total}`;
    if (key === this.lastProgress) return;
    this.lastProgress = key;
    emitSafely(this.ports.listener, { type: 'sync-progress', accountId: this.profile.accountId, profileId: this.profile.profileId, postsDone: done, postsTotal: total });
  }

  /** Records the store refused one by one (the rest were kept): the answer had something odd. */
  private reportRejected(what: 'posts' | 'comments', rejected: readonly RejectedRecord[], postKey?: PostKey): void {
    const first = rejected[0];
    if (!first) return;
    this.report({
      kind: 'bad-answer',
      message: `The store refused ${rejected.length} ${what} of the service's answer (${first.key}: ${first.reason}); the others were kept`,
      operation: what === 'posts' ? 'upsertPosts' : 'ingestComments',
      ...(postKey ? { postKey } : {}),
    });
  }

  private report(error: SyncErrorInfo): void {
    emitSafely(this.ports.listener, { type: 'sync-error', accountId: this.profile.accountId, profileId: this.profile.profileId, error });
  }
}

function storeInfo(error: StoreFailure): SyncErrorInfo {
  return { kind: 'store', message: error.message, operation: error.operation };
}
