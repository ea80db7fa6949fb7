// One account at work: its service client (keys from the vault), its sync (a scheduler per profile)
// and its reply outbox and post settings queue (each its own file in the data directory). The outbox's undo window and the
// sync's pace follow the settings; a change rebuilds the part it affects. The account's own wiring is
// here too: its sync's return online nudges its queues, and a sent reply refreshes its post.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../../../shared/settings.ts';
import type { Clock } from '../clock.ts';
import type { OutboxHealth, SetAsideRow } from '../../../shared/domain/outbox.ts';
import { OutboxError } from '../outbox/errors.ts';
import { outboxHealthViews, setAsideRows } from '../outbox/healthViews.ts';
import { PostSettingsQueue } from '../outbox/postSettingsQueue.ts';
import type { PostSettingsListener } from '../outbox/postSettingsTypes.ts';
import { ReplyOutbox } from '../outbox/replyOutbox.ts';
import type { DamagedFileReport, OutboxListener, ReplyOutboxOptions } from '../outbox/types.ts';
import { identitiesFromUser } from '../outbox/userIdentities.ts';
import type { CallTarget } from '../service/credentials.ts';
import { ServiceClient } from '../service/serviceClient.ts';
import type { HttpTransport } from '../service/transport.ts';
import type { AccountRecord, ProfileRecord, Store } from '../store/types.ts';
import { AccountSync, type AccountSyncOptions } from '../sync/accountSync.ts';
import { ReviewSync, type ReviewSyncStore } from '../sync/reviewSync.ts';
import type { SyncEvent, SyncListener } from '../sync/events.ts';
import type { SharedPolling } from '../sync/pollLease.ts';
import type { AccountSnapshotSyncStore, MessageSyncStore } from '../sync/syncJobContext.ts';
import type { AppCoreTuning, LoggerPort, SecretVault } from '../ports.ts';
import { refuse } from '../refusal.ts';

/** Share of each profile's rate budget the sync may spend, per pace; the rest is kept for replies. */
const PACE_SHARE: Record<Settings['syncPace'], number> = { gentle: 0.6, normal: 0.9, eager: 0.95 };

export interface AccountRuntimeDeps {
  dataDir: string;
  store: Store;
  /** The store of direct messages; without it the sync leaves them out. */
  messages?: MessageSyncStore;
  /** The store of account snapshots (daily account analytics); without it the sync leaves them out. */
  accountSnapshots?: AccountSnapshotSyncStore;
  /** The store of reviews; without it reviews are not read (sync/reviewSync.ts). */
  reviews?: ReviewSyncStore;
  vault: SecretVault;
  clock: Clock;
  settings: () => Settings;
  tuning: AppCoreTuning;
  logger: LoggerPort | undefined;
  onSyncEvent: SyncListener;
  /** What the account's reply outbox says; `account` refreshes the post of a sent reply. */
  onOutboxEvent: (account: OutboxOwner) => OutboxListener;
  /** What the account's post settings queue (comments on/off) says. */
  onPostSettingsEvent?: (accountId: string) => PostSettingsListener;
  syncPaused: () => boolean;
  transport?: HttpTransport;
  /** In a team: asked before each reply goes out (app/teamConnection.ts). */
  teamHold?: ReplyOutboxOptions['teamHold'];
  /** In a team: the profile leases and shared content for a service address (decision 0060). */
  sharingFor?: (serviceUrl: string) => SharedPolling | undefined;
}

/** The account an outbox event comes from, as the core's events need it. */
export interface OutboxOwner {
  readonly accountId: string;
  /** The sync reads this post again soon (a reply to it was sent, so "replied" shows soon). */
  refreshPost(postKey: string): void;
}

export function outboxFileOf(dataDir: string, accountId: string): string {
  return join(dataDir, `outbox-${accountId.replace(/[^A-Za-z0-9_-]/g, '_')}.sqlite`);
}

/** The account's queue of post settings changes (comments on/off): its own file, next to the outbox. */
export function postSettingsFileOf(dataDir: string, accountId: string): string {
  return join(dataDir, `post-settings-${accountId.replace(/[^A-Za-z0-9_-]/g, '_')}.sqlite`);
}

export class AccountRuntime implements OutboxOwner {
  readonly account: AccountRecord;
  readonly client: ServiceClient;
  #sync: AccountSync;
  #reviews: ReviewSync | null;
  #outbox: ReplyOutbox | null = null;
  #outboxProblem: string | null = null;
  #postSettings: PostSettingsQueue | null = null;
  #postSettingsProblem: string | null = null;
  /** Damage found when a file was opened; kept when the queue is reopened (a new undo window). */
  #outboxDamage: DamagedFileReport | null = null;
  #postSettingsDamage: DamagedFileReport | null = null;
  readonly #deps: AccountRuntimeDeps;
  readonly #onClose: (() => Promise<void>) | undefined;
  #pace: Settings['syncPace'];
  #undoSeconds: number;
  #started = false;
  #closed: Promise<void> | null = null;

  constructor(account: AccountRecord, deps: AccountRuntimeDeps, onClose?: () => Promise<void>) {
    this.account = account;
    this.#deps = deps;
    this.#onClose = onClose;
    this.#pace = deps.settings().syncPace;
    this.#undoSeconds = deps.settings().undoSeconds;
    this.client = new ServiceClient({
      vault: deps.vault,
      clock: deps.clock,
      ...(deps.transport ? { transport: deps.transport } : {}),
      onEvent: (event) => this.#sync.observe(event),
    });
    this.#sync = this.#newSync();
    this.#reviews = this.#newReviewSync();
    this.#outbox = this.#openOutbox();
    this.#postSettings = this.#openPostSettings();
  }

  get accountId(): string {
    return this.account.accountId;
  }

  get sync(): AccountSync {
    return this.#sync;
  }

  /** The outbox, or a refusal that says why there is none (its file is held or unreadable). */
  get outbox(): ReplyOutbox {
    if (this.#outbox === null) refuse(this.#outboxProblem ?? 'The reply outbox of this account is not open');
    return this.#outbox;
  }

  get outboxIfOpen(): ReplyOutbox | null {
    return this.#outbox;
  }

  /** What went wrong with the account's outbox files, in words (nothing when they are sound). */
  outboxHealth(): OutboxHealth[] {
    return outboxHealthViews({
      accountId: this.accountId,
      accountTitle: this.account.title,
      replies: { damage: this.#outboxDamage, closedBecause: this.#outbox === null ? this.#outboxProblem : null },
      commentsSettings: { damage: this.#postSettingsDamage, closedBecause: this.#postSettings === null ? this.#postSettingsProblem : null },
    });
  }

  /** The rows the account's outboxes could not use, with what can still be read of them. */
  setAsideRows(): SetAsideRow[] {
    return setAsideRows(
      { accountId: this.accountId, accountTitle: this.account.title },
      this.#outbox?.quarantined() ?? [],
      this.#postSettings?.setAside() ?? [],
    );
  }

  /** The queue of comments on/off changes, or a refusal that says why there is none. */
  get postSettings(): PostSettingsQueue {
    if (this.#postSettings === null) refuse(this.#postSettingsProblem ?? 'The post settings queue of this account is not open');
    return this.#postSettings;
  }

  get postSettingsIfOpen(): PostSettingsQueue | null {
    return this.#postSettings;
  }

  /** "Refresh now": the sync's, and a client's reviews at once (they are read beside the sync). */
  refreshNow(target: { postKey: string } | { profileId: string }): boolean {
    if ('profileId' in target) void this.#reviews?.readNow(target.profileId);
    return this.#sync.refreshNow(target);
  }

  refreshPost(postKey: string): void {
    if (this.#closed === null) this.#sync.refreshNow({ postKey });
  }

  /** The call target of one of the account's profiles (the primary one is called without a Profile-Key). */
  targetOf(profile: Pick<ProfileRecord, 'profileId' | 'isPrimary'>): CallTarget {
    return profile.isPrimary ? { accountId: this.accountId } : { accountId: this.accountId, profileId: profile.profileId };
  }

  addProfile(profile: Pick<ProfileRecord, 'profileId' | 'isPrimary'>): void {
    const sync = this.#sync.addProfile({ profileId: profile.profileId, isPrimary: profile.isPrimary });
    this.#reviews?.addProfile(profile);
    if (this.#deps.syncPaused()) sync.pause();
  }

  start(): void {
    this.#started = true;
    if (this.#deps.tuning.autoStartSync !== false) this.startSync();
    this.#outbox?.start();
    this.#postSettings?.start();
  }

  startSync(): void {
    this.#sync.start();
    this.#reviews?.start();
    if (this.#deps.syncPaused()) this.#sync.pause();
  }

  /** The settings changed: a new pace rebuilds the sync, a new undo window reopens the outbox. */
  async applySettings(settings: Settings): Promise<void> {
    if (settings.syncPace !== this.#pace) {
      this.#pace = settings.syncPace;
      await this.restartSync();
    }
    if (settings.undoSeconds !== this.#undoSeconds) {
      this.#undoSeconds = settings.undoSeconds;
      await this.#outbox?.close();
      this.#outbox = this.#openOutbox();
      if (this.#started) this.#outbox?.start();
    }
  }

  /**
   * A new sync for the same profiles, which knows nothing yet: after a new pace, or after the store
   * was rebuilt (the old sync's memory of fetched posts would keep it from refilling the store).
   */
  async restartSync(): Promise<void> {
    if (this.#closed !== null) return;
    const old = this.#sync;
    const profiles = Object.keys(old.status())
      .map((profileId) => old.profile(profileId)?.profile)
      .filter((p) => p !== undefined);
    await old.stop();
    if (this.#closed !== null) return;
    this.#sync = this.#newSync();
    for (const profile of profiles) this.addProfile(profile);
    if (this.#started && this.#deps.tuning.autoStartSync !== false) this.startSync();
  }

  /** Stops everything; with `forget`, the outbox file goes too (the account was removed). */
  close(options: { forget?: boolean } = {}): Promise<void> {
    this.#closed ??= (async () => {
      await this.#sync.stop();
      await this.#reviews?.stop();
      await this.#outbox?.close();
      await this.#postSettings?.close();
      await this.client.close();
      await this.#onClose?.();
      if (options.forget) {
        for (const file of [outboxFileOf(this.#deps.dataDir, this.accountId), postSettingsFileOf(this.#deps.dataDir, this.accountId)]) {
          for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
        }
      }
    })();
    return this.#closed;
  }

  #newSync(): AccountSync {
    const tuned = this.#deps.tuning.sync ?? {};
    const options: AccountSyncOptions = { ...tuned, pacer: { share: PACE_SHARE[this.#pace], ...tuned.pacer } };
    const { store, messages, accountSnapshots, clock } = this.#deps;
    const sharing = this.#deps.sharingFor?.(this.account.baseUrl);
    const optional = { ...(messages ? { messages } : {}), ...(accountSnapshots ? { accountSnapshots } : {}), ...(sharing ? { sharing } : {}) };
    return new AccountSync(this.accountId, { client: this.client, store, ...optional, clock, listener: (event) => this.#syncEvent(event) }, options);
  }

  /** Reviews are read beside the profiles' schedulers, through the same client and so the same rate budget (reviewSync.ts). */
  #newReviewSync(): ReviewSync | null {
    const store = this.#deps.reviews;
    if (store === undefined) return null;
    return new ReviewSync({
      accountId: this.accountId,
      client: this.client,
      store,
      clock: this.#deps.clock,
      listener: (event) => this.#syncEvent(event),
      paused: () => this.#deps.syncPaused(),
      warn: (message, fields) => this.#deps.logger?.warn(message, { accountId: this.accountId, ...fields }),
    });
  }

  /** The sync's events go to the core; back online, this account's queues try at once. */
  #syncEvent(event: SyncEvent): void {
    this.#deps.onSyncEvent(event);
    // Started and not closing: the queues are running (as before, when the account service ran it).
    if (event.type === 'connectivity' && event.online && this.#started && this.#closed === null) {
      this.#outbox?.nudge();
      this.#reviews?.nudge();
      this.#postSettings?.nudge();
    }
  }

  #openPostSettings(): PostSettingsQueue | null {
    try {
      const queue = PostSettingsQueue.open({
        path: postSettingsFileOf(this.#deps.dataDir, this.accountId),
        client: this.client,
        clock: this.#deps.clock,
        ...(this.#deps.onPostSettingsEvent ? { onEvent: this.#deps.onPostSettingsEvent(this.accountId) } : {}),
        ...(this.#deps.tuning.outboxBackoff ? { backoff: this.#deps.tuning.outboxBackoff } : {}),
      });
      this.#postSettingsProblem = null;
      this.#postSettingsDamage ??= this.#reported(queue.damageReport(), 'The post settings queue');
      return queue;
    } catch (error) {
      this.#postSettingsProblem = error instanceof OutboxError ? error.message : 'The post settings queue of this account could not be opened';
      this.#deps.logger?.error('The post settings queue could not be opened', {
        accountId: this.accountId,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  #reported(damage: DamagedFileReport | null, what: string): DamagedFileReport | null {
    if (damage !== null) this.#deps.logger?.warn(`${what} file was damaged and replaced`, { accountId: this.accountId, ...damage });
    return damage;
  }

  #openOutbox(): ReplyOutbox | null {
    try {
      const outbox = ReplyOutbox.open({
        path: outboxFileOf(this.#deps.dataDir, this.accountId),
        client: this.client,
        accountIdentity: identitiesFromUser(this.client),
        clock: this.#deps.clock,
        onEvent: this.#deps.onOutboxEvent(this),
        undoMs: this.#undoSeconds * 1000,
        // The sandbox answers live; the real service caches comment lists for about 10 minutes.
        ...(this.account.kind === 'sandbox' ? { reconcileSettleMs: 0 } : {}),
        ...(this.#deps.tuning.outboxBackoff ? { backoff: this.#deps.tuning.outboxBackoff } : {}),
        ...(this.#deps.teamHold ? { teamHold: this.#deps.teamHold } : {}),
      });
      this.#outboxProblem = null;
      this.#outboxDamage ??= this.#reported(outbox.damageReport(), 'The reply outbox');
      return outbox;
    } catch (error) {
      this.#outboxProblem = error instanceof OutboxError ? error.message : 'The reply outbox of this account could not be opened';
      this.#deps.logger?.error('The reply outbox could not be opened', {
        accountId: this.accountId,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }
}
