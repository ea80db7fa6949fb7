// The sync of one account: a scheduler per client profile, and one judgement of whether the
// service can be reached, shared by them (they talk to the same host). What the host calls: start
// and stop, pause and resume a profile, "refresh now", the operating system's network hints, and
// the service client's events (so the outbox's traffic counts for connectivity too).
import { type Clock, systemClock } from '../clock.ts';
import type { ServiceClientEvent } from '../service/events.ts';
import type { PostKey, Store } from '../store/types.ts';
import type { AccountSnapshotSyncStore, MessageSyncStore } from './syncJobContext.ts';
import { ConnectivityMonitor, type ConnectivityOptions, type ProbeOutcome } from './connectivityMonitor.ts';
import { emitSafely, type SyncListener } from './events.ts';
import { StartCheck } from './startCheck.ts';
import { ProfileSync, type ProfileSyncOptions, type ProfileSyncStatus } from './profileSync.ts';
import type { SharedPolling } from './pollLease.ts';
import { RequestPacer } from './requestPacer.ts';
import { classifyFailure } from './syncErrors.ts';
import type { SyncClient } from './syncClient.ts';

export interface AccountSyncPorts {
  client: SyncClient;
  store: Store;
  /** The store of direct messages; without it, direct messages are not synced. */
  messages?: MessageSyncStore;
  /** The store of account snapshots; without it, account analytics are not read. */
  accountSnapshots?: AccountSnapshotSyncStore;
  /** Default: the system clock. */
  clock?: Clock;
  listener: SyncListener;
  /** In a team: one device polls each profile under a lease and shares what it read (decision 0060). */
  sharing?: SharedPolling;
}

export interface AccountSyncOptions extends ProfileSyncOptions {
  connectivity?: ConnectivityOptions;
}

export type RefreshTarget = { profileId: string } | { postKey: PostKey };

export class AccountSync {
  readonly accountId: string;
  private readonly ports: AccountSyncPorts & { clock: Clock };
  private readonly options: AccountSyncOptions;
  private readonly syncs = new Map<string, ProfileSync>();
  /** A request of this start answered, by any of the account's profiles. */
  private readonly startCheck = new StartCheck();
  private readonly monitor: ConnectivityMonitor;
  /** Judges whether a profile's budget can spare the probe, by the same ceiling as the sync. */
  private readonly ceiling: RequestPacer;
  private started = false;

  constructor(accountId: string, ports: AccountSyncPorts, options: AccountSyncOptions = {}) {
    this.accountId = accountId;
    this.ports = { ...ports, clock: ports.clock ?? systemClock };
    this.options = options;
    this.ceiling = new RequestPacer(options.pacer);
    this.monitor = new ConnectivityMonitor(
      {
        clock: this.ports.clock,
        probe: (signal) => this.probe(signal),
        onChange: (online, reason) => {
          emitSafely(this.ports.listener, { type: 'connectivity', accountId, online, reason, at: this.ports.clock.now() });
          if (online) for (const sync of this.syncs.values()) sync.nudge();
        },
      },
      options.connectivity,
    );
  }

  get online(): boolean {
    return this.monitor.online;
  }

  /** Adds a profile to sync (started at once when the account's sync runs). */
  addProfile(profile: { profileId: string; isPrimary: boolean }): ProfileSync {
    const existing = this.syncs.get(profile.profileId);
    if (existing) return existing;
    const sync = new ProfileSync(
      { accountId: this.accountId, ...profile },
      {
        client: this.ports.client,
        store: this.ports.store,
        messages: this.ports.messages,
        accountSnapshots: this.ports.accountSnapshots,
        clock: this.ports.clock,
        connectivity: this.monitor,
        listener: this.ports.listener,
        sharing: this.ports.sharing,
        startCheck: this.startCheck,
      },
      this.options,
    );
    this.syncs.set(profile.profileId, sync);
    if (this.started) sync.start();
    return sync;
  }

  async removeProfile(profileId: string): Promise<void> {
    const sync = this.syncs.get(profileId);
    this.syncs.delete(profileId);
    await sync?.stop();
  }

  profile(profileId: string): ProfileSync | undefined {
    return this.syncs.get(profileId);
  }

  start(): void {
    this.started = true;
    for (const sync of this.syncs.values()) sync.start();
  }

  async stop(): Promise<void> {
    this.started = false;
    await Promise.all([...this.syncs.values()].map((sync) => sync.stop()));
    await this.monitor.stop();
  }

  /** Pauses one profile, or every profile of the account. */
  pause(profileId?: string): void {
    for (const sync of this.selected(profileId)) sync.pause();
  }

  resume(profileId?: string): void {
    for (const sync of this.selected(profileId)) sync.resume();
  }

  /** Jumps the queue (offline, it asks the service at once); false when no profile has that post or id. */
  refreshNow(what: RefreshTarget): boolean {
    this.monitor.checkNow();
    if ('profileId' in what) {
      const sync = this.syncs.get(what.profileId);
      sync?.refreshNow();
      return sync !== undefined;
    }
    const profileId = this.ports.store.post(what.postKey)?.profileId;
    const sync = profileId === undefined ? undefined : this.syncs.get(profileId);
    sync?.refreshNow(what.postKey);
    return sync !== undefined;
  }

  /** The store's posts of a profile changed outside the sync (tracked by hand, or no longer). */
  postsChanged(profileId: string): void {
    this.syncs.get(profileId)?.postsChanged();
  }

  /** The host's power and network events: `false` is believed at once, `true` probes at once. */
  onOsHint(online: boolean): void {
    this.monitor.osHint(online);
    if (online) for (const sync of this.syncs.values()) sync.nudge();
  }

  /** New keys for the account (or one profile): each held profile tries again at once. */
  keysChanged(profileId?: string): void {
    this.monitor.checkNow();
    for (const sync of this.selected(profileId)) sync.keysChanged();
  }

  /** Wire the service client's `onEvent` here: every request's outcome tells about connectivity. */
  observe(event: ServiceClientEvent): void {
    if (event.accountId === this.accountId) this.monitor.observe(event);
  }

  /** Every profile's loop waits on its timer or on a nudge (for tests and an orderly shutdown). */
  get resting(): boolean {
    return [...this.syncs.values()].every((sync) => sync.resting);
  }

  status(): Record<string, ProfileSyncStatus> {
    return Object.fromEntries([...this.syncs].map(([id, sync]) => [id, sync.status()]));
  }

  private selected(profileId: string | undefined): ProfileSync[] {
    if (profileId === undefined) return [...this.syncs.values()];
    const sync = this.syncs.get(profileId);
    return sync ? [sync] : [];
  }

  /** GET /user for a profile whose budget can spare it (within the sync's ceiling). */
  private async probe(signal: AbortSignal): Promise<ProbeOutcome> {
    const now = this.ports.clock.now();
    const { client } = this.ports;
    const sync = [...this.syncs.values()].find((s) => {
      const budget = client.budgetOf(targetOf(s));
      const spent = budget.windowEndsAt !== undefined && budget.used >= this.ceiling.ceiling(budget.limit);
      return !spent && budget.pausedUntil <= now;
    });
    if (!sync) return 'skipped';
    try {
      await client.user(targetOf(sync), { signal, whenBudgetSpent: 'fail' });
      return 'answered';
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure.answered) return 'answered';
      return failure.reaction.do === 'offline' ? 'no-answer' : 'skipped';
    }
  }
}

function targetOf(sync: ProfileSync) {
  const { accountId, profileId, isPrimary } = sync.profile;
  return isPrimary ? { accountId } : { accountId, profileId };
}
