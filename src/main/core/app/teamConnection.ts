// The core's link to a team workspace (docs/team.md, "How it is wired"). When the device is set to
// join one, it opens the workspace (team/teamWorkspace.ts) and joins it to the store's one item
// state port both ways:
// - every change this device writes (triage, undo: by the member on this device) is recorded in
//   the workspace's log, and a conversation the sync reopened on a new message is recorded as that
//   event, so that every device folds the same log;
// - the folded states that arrive from other devices are written into the store through the same
//   port, as their author's decisions, so the store's view of a team item is the fold's and the
//   `items.stateChanged` event tells the screen. They are not recorded again (no echo).
// Without settings, or when joining fails (a bad address, no password in the vault), the device
// works alone as before and the status says why.
import type { ItemChange, ItemState } from '../../../shared/domain/itemState.ts';
import type { LoggerPort } from '../ports.ts';
import type { OutboxEvent, OutboxItem, TeamHold } from '../outbox/types.ts';
import type { ItemStateStore } from '../store/types.ts';
import { THE_SYNC } from '../store/itemStates.ts';
import type { SharedPolling } from '../sync/pollLease.ts';
import type { FoldedItem } from '../team/fold.ts';
import { TeamContent } from '../team/teamContent.ts';
import { TeamAddressError } from '../team/teamErrors.ts';
import { openTeamWorkspace, type PresenceEntry, type ReplicationState, type TeamWorkspace, type TeamWorkspaceOptions } from '../team/teamWorkspace.ts';
import { checkedTeamSettings, type TeamSettings } from './teamSettings.ts';

/** How long a reply waits before the team server is asked again, when it could not be asked. */
const UNREACHABLE_RETRY_MS = 5_000;

export type TeamStore = Pick<ItemStateStore, 'onItemStatesChanged' | 'onItemsStarted' | 'setLocalActor' | 'applyItemStates'>;

export interface TeamConnectionOptions {
  settings: TeamSettings | null;
  /** The member's password, from the vault; null when none is kept. */
  password: () => Promise<string | null>;
  dataDir: string;
  store: TeamStore;
  logger?: LoggerPort;
  /** The core's clock (when a held reply asks the team server again). */
  now?: () => number;
  /** Tests make the replication's retry quicker; by default teamWorkspace.ts's. */
  retry?: TeamWorkspaceOptions['retry'];
}

export interface TeamStatus {
  joined: boolean;
  /** Why the device works alone although a team is set (null: it joined, or no team is set). */
  problem: string | null;
  serverUrl: string | null;
  workspace: string | null;
  member: string | null;
  device: string | null;
  replication: ReplicationState | null;
  /** Whether the last replication attempt reached the server. */
  serverReachable: boolean;
  /** Who else is replying now, and to what. */
  present: PresenceEntry[];
}

export class TeamConnection {
  readonly #settings: TeamSettings | null;
  readonly #workspace: TeamWorkspace | null;
  readonly #problem: string | null;
  readonly #logger: LoggerPort | undefined;
  /** Records in the order the store wrote them: each waits for the one before. */
  #recording: Promise<void> = Promise.resolve();
  /** True while this connection writes folded states into the store: those are not recorded back. */
  #applying = false;
  /** Outbox items whose sending was recorded in this run. */
  readonly #sentRecorded = new Set<string>();
  #store: TeamStore | null = null;
  #now: () => number = Date.now;
  /** The profile leases and shared content (decision 0060), when joined. */
  #content: TeamContent | null = null;

  private constructor(settings: TeamSettings | null, workspace: TeamWorkspace | null, problem: string | null, logger: LoggerPort | undefined) {
    this.#settings = settings;
    this.#workspace = workspace;
    this.#problem = problem;
    this.#logger = logger;
  }

  /** Joins the workspace when one is set; never throws for a team that cannot be joined (the status says why). */
  static async start(options: TeamConnectionOptions): Promise<TeamConnection> {
    if (options.settings === null) return new TeamConnection(null, null, null, options.logger);
    let settings: TeamSettings;
    try {
      settings = checkedTeamSettings(options.settings);
    } catch (error) {
      if (!(error instanceof TeamAddressError)) throw error;
      options.logger?.warn('The team workspace could not be joined', { reason: error.message });
      return new TeamConnection(options.settings, null, error.message, options.logger);
    }
    const password = await options.password();
    if (password === null) {
      const problem = 'No team password is kept on this device: enter it in Settings, Team.';
      options.logger?.warn('The team workspace could not be joined', { reason: problem });
      return new TeamConnection(settings, null, problem, options.logger);
    }
    const workspace = await openTeamWorkspace({
      serverUrl: settings.serverUrl,
      workspace: settings.workspace,
      member: settings.member,
      device: settings.device,
      credentials: { username: settings.member, password },
      dataDir: options.dataDir,
      ...(options.retry ? { retry: options.retry } : {}),
    });
    const connection = new TeamConnection(settings, workspace, null, options.logger);
    if (options.now) connection.#now = options.now;
    connection.#content = new TeamContent(workspace, { device: settings.device, logger: options.logger, ...(options.now ? { now: options.now } : {}) });
    connection.#join(options.store, settings, workspace);
    return connection;
  }

  #join(store: TeamStore, settings: TeamSettings, workspace: TeamWorkspace): void {
    this.#store = store;
    store.setLocalActor({ who: settings.member, device: settings.device });
    store.onItemStatesChanged((_states, changes) => {
      if (!this.#applying) this.#record(changes, settings);
    });
    workspace.subscribe((update) => this.#apply(store, settings, update.items));
    // An item stored after the team decided about it (ingest starts a fresh state) takes the fold's.
    store.onItemsStarted((keys) =>
      this.#apply(
        store,
        settings,
        keys.flatMap((key) => workspace.item(key) ?? []),
      ),
    );
    // What the workspace's copy already holds (other devices' decisions while this one was closed).
    this.#apply(store, settings, workspace.items());
  }

  #record(changes: readonly ItemChange[], settings: TeamSettings): void {
    const workspace = this.#workspace;
    if (workspace === null) return;
    const own = changes.filter((change) => change.who === settings.member && change.device === settings.device);
    // The sync's reopening of a conversation is what the service told this device: an event of the log.
    const reopened = [...new Map(changes.filter((change) => change.who === THE_SYNC.who).map((change) => [change.itemKey, change.at])).entries()];
    if (own.length === 0 && reopened.length === 0) return;
    this.#recording = this.#recording.then(async () => {
      try {
        if (own.length > 0) await workspace.record(own);
        for (const [itemKey, at] of reopened) await workspace.recordEvent(itemKey, 'message-received', at);
      } catch (error) {
        this.#logger?.error('A change could not be shared with the team', { reason: (error as Error).message });
      }
    });
  }

  #apply(store: TeamStore, settings: TeamSettings, items: readonly FoldedItem[]): void {
    if (items.length === 0) return;
    const states = items.map((item) => ({ key: item.itemKey, state: teamView(item, settings.member), by: item.lastBy }));
    this.#applying = true;
    try {
      store.applyItemStates(states);
    } catch (error) {
      this.#logger?.error('The team’s changes could not be written on this device', { reason: (error as Error).message });
    } finally {
      this.#applying = false;
    }
  }

  /**
   * What the outbox tells (every account's): a reply or message that became sent on this device is
   * recorded as `reply-sent` (the team's fold closes its item). Only a change to sent counts: items
   * loaded at start come as `added`, and recording them again could close an item reopened since.
   */
  outboxChanged(event: OutboxEvent): void {
    const workspace = this.#workspace;
    const store = this.#store;
    if (workspace === null || store === null || this.#settings === null || event.type !== 'changed' || event.item.state !== 'sent') return;
    const settings = this.#settings;
    const item = event.item;
    if (this.#sentRecorded.has(item.id)) return;
    this.#sentRecorded.add(item.id);
    this.#recording = this.#recording.then(async () => {
      try {
        await workspace.recordEvent(item.answers, 'reply-sent', item.lastAttemptAt ?? item.created);
        // This device's store follows the fold too (the reply closed the item), as the others will.
        const folded = workspace.item(item.answers);
        if (folded) this.#apply(store, settings, [folded]);
      } catch (error) {
        this.#logger?.error('A sent reply could not be shared with the team', { reason: (error as Error).message });
      }
    });
  }

  /**
   * Before a reply goes out, in a team: its claim on the team server (`reply:<comment key>`). Won
   * (or this device's own, after a crash): it goes. Another member's: held for good, with who
   * answered. The server not answering: held, asked again in a while; never sent unconfirmed.
   * Direct messages go unclaimed for now (their conversation turn has no key yet: docs/team.md).
   */
  async holdBeforeSend(item: OutboxItem): Promise<TeamHold | null> {
    const workspace = this.#workspace;
    if (workspace === null || item.kind !== 'reply') return null;
    const claim = await workspace.claim(`reply:${item.answers}`);
    if (claim.status === 'won') return null;
    if (claim.status === 'held') {
      return { error: { code: 'team-answered', message: `${claim.who} already answered this comment, so yours was not sent.` }, retryAt: null };
    }
    return {
      error: { code: 'team-unreachable', message: 'Waiting for the team server: a reply goes out once it confirms nobody else answered.' },
      retryAt: this.#now() + UNREACHABLE_RETRY_MS,
    };
  }

  /** In a team: the sync's lease and shared content for an account reading the service at `serviceUrl` (decision 0060). */
  sharingFor(serviceUrl: string): SharedPolling | undefined {
    return this.#content?.forService(serviceUrl);
  }

  /** The workspace, when joined (the outbox's claims, presence). */
  get workspace(): TeamWorkspace | null {
    return this.#workspace;
  }

  /** Everything the changes this device wrote so far are recorded (tests, closing). */
  recorded(): Promise<void> {
    return this.#recording;
  }

  status(): TeamStatus {
    const workspace = this.#workspace;
    const replication = workspace?.replicationState() ?? null;
    return {
      joined: workspace !== null,
      problem: this.#problem,
      serverUrl: this.#settings?.serverUrl ?? null,
      workspace: this.#settings?.workspace ?? null,
      member: this.#settings?.member ?? null,
      device: this.#settings?.device ?? null,
      replication,
      serverReachable: replication === 'up-to-date' || replication === 'syncing',
      present: workspace?.presence() ?? [],
    };
  }

  async close(): Promise<void> {
    await this.#recording;
    await this.#content?.flushed();
    await this.#workspace?.close();
  }
}

/**
 * The fold's state as this device's store holds it. Read is per person: the fold's `unread` is this
 * member's only once they (or a new message) decided it; until then the store's own stays.
 */
function teamView(item: FoldedItem, member: string): Partial<ItemState> {
  const { unread, ...shared } = item.state;
  return member in item.unreadBy ? { ...shared, unread } : shared;
}
