// The sync scheduler of one client profile: it discovers the profile's posts, pulls their comments
// and analytics, and merges them into the store, spending the profile's rate budget where news is
// likely. One loop, one timer (WakeableTimer on the Clock port): it runs the most urgent due job
// (jobQueue.ts) when the request gate allows a request (requestGate.ts), and otherwise sleeps until
// the next job falls due, or, paused or offline, waits without a timer until nudged. This file is
// the coordinator: the jobs themselves are discoveryJob.ts, commentPollJob.ts, analyticsJob.ts and,
// when the host gives a store of direct messages, messageSyncJob.ts, and of account snapshots,
// accountAnalyticsJob.ts.
// The plan (what to poll, which figures to ask, which job goes next) is profilePlan.ts; the answer
// to "how is it going" is profileSyncStatus.ts. A job stores what it fetched through
// fetchedWrites.ts, which shares it in a team.
import type { PostKey } from '../store/types.ts';
import { AccountAnalyticsSync } from './accountAnalyticsJob.ts';
import { fetchAnalytics } from './analyticsJob.ts';
import { pollComments } from './commentPollJob.ts';
import { DiscoveryJob } from './discoveryJob.ts';
import { FirstFetchWatch } from './firstFetchWatch.ts';
import { StoreFailure, storeInfo, SyncInterrupted } from './jobFailures.ts';
import type { SyncJob } from './jobQueue.ts';
import { DEFAULT_MESSAGE_POLICY } from './messagePolicy.ts';
import { MessageSync } from './messageSyncJob.ts';
import { PollLease } from './pollLease.ts';
import { DEFAULT_POLL_POLICY, type PollPolicy } from './pollPolicy.ts';
import { ProfilePlan } from './profilePlan.ts';
import { ProfileReporter, progressOf } from './profileReporter.ts';
import type { ProfileSyncOptions } from './profileSyncOptions.ts';
import { type ProfileSyncStatus, syncStateOf, syncStatusOf } from './profileSyncStatus.ts';
import { RequestGate } from './requestGate.ts';
import { replayShared } from './sharedReplay.ts';
import { classifyFailure } from './syncErrors.ts';
import type { ProfileRef, ProfileSyncPorts, SyncJobContext } from './syncJobContext.ts';
import { WakeableTimer } from './wakeableTimer.ts';

const MINUTE = 60_000;

export type { ProfileSyncOptions } from './profileSyncOptions.ts';
export type { ProfileSyncState, ProfileSyncStatus } from './profileSyncStatus.ts';

export class ProfileSync {
  readonly profile: ProfileRef;
  private readonly ports: ProfileSyncPorts;
  private readonly policy: PollPolicy;
  private readonly timer: WakeableTimer;
  private readonly requests: RequestGate;
  private readonly reporter: ProfileReporter;
  private readonly discovery: DiscoveryJob;
  /** Undefined when the host gave no store of direct messages. */
  private readonly messages: MessageSync | undefined;
  /** Undefined when the host gave no store of account snapshots. */
  private readonly accountAnalytics: AccountAnalyticsSync | undefined;
  /** What the jobs work with; the coordinator's own state stays private. */
  private readonly jobContext: SyncJobContext;
  private readonly plan: ProfilePlan;
  /** In a team only: whether this device polls the profile or replays what the polling device shares. */
  private readonly lease: PollLease | undefined;
  private readonly firstFetch: FirstFetchWatch;
  private stopListening: (() => void) | undefined;

  private paused = false;
  /** In a team: this device follows the device that polls the profile (it checks through that one). */
  private followed = false;
  private stopping = false;
  private busy = false;
  private restingNow = false;
  private ended = false;
  private running: Promise<void> | undefined;

  constructor(profile: ProfileRef, ports: ProfileSyncPorts, options: ProfileSyncOptions = {}) {
    this.profile = profile;
    this.ports = ports;
    this.policy = { ...DEFAULT_POLL_POLICY, ...options.policy };
    this.timer = new WakeableTimer(ports.clock, options.clockJumpMs ?? MINUTE);
    this.plan = new ProfilePlan(this.policy, options.analyticsBatchDelayMs ?? 5 * MINUTE);
    this.reporter = new ProfileReporter(profile.accountId, profile.profileId, ports.listener);
    this.requests = new RequestGate(
      profile.isPrimary ? { accountId: profile.accountId } : { accountId: profile.accountId, profileId: profile.profileId },
      {
        client: ports.client,
        clock: ports.clock,
        connectivity: ports.connectivity,
        mayGoOn: () => !this.stopping && !this.paused && this.ports.connectivity.online,
        sleep: (ms) => this.rest(this.timer.sleep(ms)),
        report: (error) => this.reporter.error(error),
      },
      {
        pacer: options.pacer,
        retryMs: this.policy.retryMs,
        holdMs: options.holdMs ?? 30 * MINUTE,
        twitterRetryMs: options.twitterRetryMs ?? 30 * MINUTE,
      },
    );
    this.jobContext = {
      profile,
      ports,
      policy: this.policy,
      requests: this.requests,
      reporter: this.reporter,
      intervalOf: (target, now) => this.plan.intervalOf(target, now),
      emitProgress: () => this.reporter.progress(this.plan.pollTargets()),
      postsGone: (keys) => this.plan.askFiguresNow(keys, this.ports.clock.now()),
    };
    this.lease = ports.sharing ? new PollLease(ports.sharing, profile.profileId, options.leaseMs ?? 3 * this.policy.hotMs, () => ports.clock.now()) : undefined;
    this.discovery = new DiscoveryJob(
      this.jobContext,
      { intervalMs: options.discoveryIntervalMs ?? 3 * MINUTE, networkHistoryLimit: options.networkHistoryLimit ?? 1000 },
      (now) => this.reload(now),
    );
    this.messages = ports.messages
      ? new MessageSync(this.jobContext, ports.messages, { ...DEFAULT_MESSAGE_POLICY, ...options.messagePolicy }, () => this.discovery.linked)
      : undefined;
    this.accountAnalytics = ports.accountSnapshots ? new AccountAnalyticsSync(this.jobContext, ports.accountSnapshots, () => this.discovery.linked) : undefined;
    this.firstFetch = new FirstFetchWatch(this.jobContext, {
      // In a team, a device that follows has the lists from the polling one (it never reads them itself).
      commentsWhole: () => (this.discovery.complete || (this.lease !== undefined && this.plan.targetCount > 0)) && this.plan.allPolled(),
      messagesWhole: () => (this.messages ? this.messages.firstReadDone(this.ports.clock.now()) : this.discovery.complete) || this.followed,
      answered: () => this.requests.answered || this.followed || ports.startCheck?.done === true,
    });
  }

  /** Starts the loop from what the store knows (posts, when each was polled, the last discovery). */
  start(): void {
    if (this.running || this.stopping) return;
    const now = this.ports.clock.now();
    try {
      this.firstFetch.load();
      this.reload(now);
      this.discovery.resumeFromStore(this.plan.targetCount > 0);
    } catch (error) {
      this.reporter.error(storeInfo(new StoreFailure('read the posts to sync', error)));
    }
    // What the polling device shares wakes the loop, which writes it into the store.
    const stopArrivals = this.ports.sharing?.onArrival(this.profile.profileId, () => this.timer.nudge());
    // Another profile of the account was answered: this one is checked too, and says so.
    const stopCheck = this.ports.startCheck?.listen(() => this.firstFetch.update());
    this.stopListening = () => {
      stopArrivals?.();
      stopCheck?.();
    };
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopListening?.();
    this.timer.stop();
    this.requests.cancel();
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
      this.reporter.error(storeInfo(new StoreFailure('read the posts to sync', error)));
    }
    this.timer.nudge();
  }

  /** The profile's keys were replaced: a hold after refused or missing keys ends now, not in 30 minutes. */
  keysChanged(): void {
    this.requests.liftHolds();
    this.timer.nudge();
  }

  /**
   * "Refresh now": the post's comments (or, without a key, the post lists and every post of the
   * profile) jump the queue. It also lifts a hold after refused keys: the user may have fixed them.
   */
  refreshNow(postKey?: PostKey): void {
    this.requests.liftHolds();
    if (postKey === undefined) {
      this.discovery.manual = true;
      this.messages?.refreshNow(this.ports.clock.now());
      this.plan.markAllManual();
    } else if (!this.plan.refreshPost(postKey)) {
      // A post the sync does not know yet: read the lists, then it is known.
      this.discovery.manual = true;
    }
    this.timer.nudge();
  }

  /**
   * Live updates (decision 0072, core/team/liveNudges.ts): a nudge to read one post's comments or
   * one conversation now (its network's list when the plan does not know it). Unlike refreshNow it lifts no hold: a forged event must not
   * undo a refusal's wait. False when the plan does not know the post (or the network).
   */
  readNudged(
    what: { kind: 'post'; platform: string; socialPostId?: string; servicePostId?: string } | { kind: 'messages'; platform: string; conversationId: string },
  ): boolean {
    if (what.kind === 'messages') {
      const known = this.messages?.readNow(what.platform, what.conversationId, this.ports.clock.now()) ?? false;
      if (known) this.timer.nudge();
      return known;
    }
    const byService = what.servicePostId === undefined ? undefined : this.plan.targetOfServicePost(what.servicePostId);
    const target = byService ?? this.plan.targetOf(`${what.platform}:${what.socialPostId ?? ''}`);
    if (!target) return false;
    target.manual = true;
    this.timer.nudge();
    return true;
  }

  /** Live updates: whether this device reads the profile from the service (alone, or holding its lease); only then does a nudge reach it. */
  get readsFromService(): boolean {
    return this.lease === undefined || this.lease.heldBy === null;
  }

  /** Live updates: a post the plan does not know; the lists are read at once (liveNudges.ts paces this). */
  discoverNudged(): void {
    this.discovery.manual = true;
    this.timer.nudge();
  }

  /** Live updates: while events arrive the comment polls are slower (liveNudges.ts); null goes back to today's pace. */
  setLivePace(pace: Partial<PollPolicy> | null): void {
    this.plan.setLivePace(pace);
    this.timer.nudge();
  }

  status(): ProfileSyncStatus {
    const progress = progressOf(this.plan.pollTargets());
    const now = this.ports.clock.now();
    const loop = {
      running: this.running !== undefined,
      stopping: this.stopping,
      paused: this.paused,
      online: this.ports.connectivity.online,
      heldUntil: this.requests.heldUntil,
      busy: this.busy,
    };
    return syncStatusOf(syncStateOf(loop, now), progress, this.pickJob(now).at, this.firstFetch);
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
        this.reporter.error(classifyFailure(error).report ?? { kind: 'unexpected', message: 'Unexpected failure while syncing' });
        await this.rest(this.timer.sleep(this.policy.retryMs));
      }
    }
  }

  private async step(): Promise<void> {
    const { clock, connectivity } = this.ports;
    if (this.timer.takeJump()) this.requests.damp(clock.now());
    if (this.paused || !connectivity.online) {
      await this.rest(this.timer.idle());
      return;
    }
    if (this.lease && (await this.followsShared(clock.now()))) return;
    const now = clock.now();
    const heldUntil = this.requests.heldUntil;
    if (heldUntil > now) {
      await this.rest(this.timer.sleep(heldUntil - now));
      return;
    }
    const pick = this.pickJob(now);
    const at = Math.max(pick.at, this.requests.slotAt(now));
    if (!pick.job || at > now) {
      // The lease is renewed on time even while no job is due.
      const wake = Math.min(at, this.lease?.nextAskAt ?? Number.POSITIVE_INFINITY);
      if (Number.isFinite(wake)) await this.rest(this.timer.sleep(Math.max(0, wake - now)));
      else await this.rest(this.timer.idle());
      return;
    }
    this.busy = true;
    try {
      await this.run(pick.job);
    } finally {
      this.busy = false;
    }
    if (this.requests.answered) this.ports.startCheck?.mark();
    this.firstFetch.update();
  }

  /**
   * In a team: takes in what other devices shared, asks the lease when due, and says whether this
   * device follows (it then sleeps until the lease runs out or something arrives: no request).
   * Taking a profile over, its plan is read again from the store (the poll times the shared
   * comments carried), and the lists are read at once so the networks it links (direct messages,
   * account figures) are known.
   */
  private async followsShared(now: number): Promise<boolean> {
    const lease = this.lease;
    const sharing = this.ports.sharing;
    if (!lease || !sharing) return false;
    const { role, tookOver } = await lease.check(now);
    const arrived = sharing.arrived(this.profile.profileId);
    if (arrived.length > 0) {
      const postsChanged = replayShared(this.jobContext, arrived, { pollPostOf: (key) => this.plan.pollPostOf(key) });
      if (postsChanged) this.replan();
      this.reporter.progress(this.plan.pollTargets());
    }
    if (tookOver) {
      this.plan.forget();
      this.replan();
      this.discovery.dueAt = this.ports.clock.now();
    }
    if (role === 'poll') return false;
    // The polling device reads the service and shares what it stored: following it is this device's check.
    this.followed = true;
    this.firstFetch.update();
    await this.rest(this.timer.sleep(Math.max(0, lease.nextAskAt - this.ports.clock.now())));
    return true;
  }

  /** The plan read again from the store (shared posts arrived, or this device took the profile over). */
  private replan(): void {
    try {
      this.reload(this.ports.clock.now());
    } catch (error) {
      this.reporter.error(storeInfo(new StoreFailure('read the posts to sync', error)));
    }
  }

  private pickJob(now: number): { job: SyncJob | undefined; at: number } {
    return this.plan.pickJob(now, {
      discoveryDueAt: this.discovery.dueAt,
      discoveryManual: this.discovery.manual,
      messages: this.messages?.next(now),
      accountAnalytics: this.accountAnalytics?.next(now),
      skipAnalytics: (platform) => platform === 'twitter' && this.requests.twitterBlocked(now),
    });
  }

  private async run(job: SyncJob): Promise<void> {
    switch (job.kind) {
      case 'discovery':
        return this.discovery.run();
      case 'comments':
        return pollComments(this.jobContext, job.target);
      case 'analytics':
        return fetchAnalytics(this.jobContext, job.job);
      case 'messages':
        return this.messages?.run(job.job);
      case 'account-analytics':
        return this.accountAnalytics?.run(job.networks);
    }
  }

  /** The plan read again from the store's posts (those the service deleted left out). */
  private reload(now: number): void {
    const states = this.ports.store
      .postsForSync(this.profile.profileId)
      .filter((state) => state.post.servicePostId === null || !this.discovery.isDeleted(state.post.servicePostId));
    this.plan.reload(states, now);
  }
}
