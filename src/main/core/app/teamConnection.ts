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
// works alone as before and the status says why. Settings → Team changes the team while the app
// runs (`reconfigure`): the workspace open now is closed and the new one opened, no restart; the
// store's listeners are registered once and always follow the workspace open now.
import type { ItemChange, ItemState } from '../../../shared/domain/itemState.ts';
import type { LoggerPort } from '../ports.ts';
import type { OutboxEvent, OutboxItem, TeamAnswer } from '../outbox/types.ts';
import { THE_SYNC } from '../store/itemStates.ts';
import type { FoldedItem } from '../team/fold.ts';
import { addressWithoutCredentials } from '../team/serverAddress.ts';
import { TeamAddressError } from '../team/teamErrors.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';
import { refuse } from '../refusal.ts';
import { TeamClaims } from './teamClaims.ts';
import { TeamSharing } from './teamSharing.ts';
import { checkedTeamSettings, type TeamSettings } from './teamSettings.ts';
import { DEFAULT_TEAM_MODE, type TeamMode } from '../../../shared/domain/teamSetup.ts';
import { ME_ON_THIS_DEVICE } from '../store/itemStates.ts';
import { refusalGroups } from '../team/refusals.ts';

import { SENT_UNCHECKED_WARNING, type TeamConnectionOptions, type TeamStatus, type TeamStore } from './teamConnectionContract.ts';
export { SENT_UNCHECKED_WARNING, type TeamConnectionOptions, type TeamStatus, type TeamStore } from './teamConnectionContract.ts';

export class TeamConnection {
  #settings: TeamSettings | null = null;
  #workspace: TeamWorkspace | null = null;
  #problem: string | null = null;
  #mode: TeamMode;
  #passwordSaved = false;
  #unreachableSince: number | null = null;
  /** The workspace's timesReached() when the outage began: if it grew since, the server was reached and that outage ended. */
  #reachedBeforeOutage = 0;
  #sentUnchecked: { count: number; lastAt: number } | null = null;
  readonly #options: TeamConnectionOptions;
  readonly #logger: LoggerPort | undefined;
  /** Records in the order the store wrote them: each waits for the one before. */
  #recording: Promise<void> = Promise.resolve();
  /** One change of team at a time, in the order asked. */
  #changing: Promise<void> = Promise.resolve();
  /** True while this connection writes folded states into the store: those are not recorded back. */
  #applying = false;
  /** Outbox items whose sending was recorded in this run. */
  readonly #sentRecorded = new Set<string>();
  /** Told each time the device joins a workspace or stops being in one (start, Settings → Team). */
  readonly #joinListeners: ((joined: { workspace: TeamWorkspace; settings: TeamSettings } | null) => void)[] = [];
  #store: TeamStore | null = null;
  #now: () => number = Date.now;
  #unsubscribe: (() => void) | null = null;
  #claims: TeamClaims | null = null;
  /** Outbox statuses, shared settings and the profiles' polling (teamSharing.ts). */
  readonly sharing: TeamSharing;
  /** Told the item key when this device recorded an answer's event (its history grew, its state maybe not). */
  readonly #eventListeners: ((itemKey: string) => void)[] = [];

  private constructor(options: TeamConnectionOptions) {
    this.#options = options;
    this.#logger = options.logger;
    this.#mode = options.mode ?? DEFAULT_TEAM_MODE;
    if (options.now) this.#now = options.now;
    this.sharing = new TeamSharing({ logger: options.logger, now: () => this.#now() });
  }

  /** Joins the workspace when one is set; never throws for a team that cannot be joined (the status says why). */
  static async start(options: TeamConnectionOptions): Promise<TeamConnection> {
    const connection = new TeamConnection(options);
    connection.#listen(options.store);
    await connection.#open(options.settings);
    return connection;
  }

  /**
   * Settings → Team changed the team (null: left it): what this device recorded so far is written
   * first, the workspace open now is closed, and the new one opened. No restart.
   */
  reconfigure(settings: TeamSettings | null, mode: TeamMode): Promise<TeamStatus> {
    const change = this.#changing.then(async () => {
      await this.#recording;
      await this.sharing.leave();
      const previous = this.#workspace;
      this.#unsubscribe?.();
      this.#unsubscribe = null;
      this.#workspace = null;
      this.#claims = null;
      this.#settings = null;
      this.#problem = null;
      this.#unreachableSince = null;
      this.#sentUnchecked = null;
      this.#store?.setLocalActor(ME_ON_THIS_DEVICE);
      if (previous) this.#tellJoined(null);
      try {
        await previous?.close();
      } catch (error) {
        this.#logger?.warn('The team workspace did not close cleanly', { reason: (error as Error).message });
      }
      this.#mode = mode;
      await this.#open(settings);
    });
    this.#changing = change.catch(() => undefined);
    return change.then(() => this.status());
  }

  /** The workspace's mode changed (Settings → Team): from the next reply on. */
  setMode(mode: TeamMode): void {
    this.#mode = mode;
  }

  async #open(wanted: TeamSettings | null): Promise<void> {
    this.#passwordSaved = false;
    if (wanted === null) return;
    let settings: TeamSettings;
    try {
      settings = checkedTeamSettings(wanted);
    } catch (error) {
      if (!(error instanceof TeamAddressError)) throw error;
      this.#logger?.warn('The team workspace could not be joined', { reason: error.message });
      // Shown in Settings → Team as it was set, less any password written into the address.
      this.#settings = { ...wanted, serverUrl: addressWithoutCredentials(wanted.serverUrl) };
      this.#problem = error.message;
      return;
    }
    this.#settings = settings;
    const password = await this.#options.password(settings);
    if (password === null) {
      const problem = 'No team password is kept on this device: enter it in Settings, Team.';
      this.#logger?.warn('The team workspace could not be joined', { reason: problem });
      this.#problem = problem;
      return;
    }
    this.#passwordSaved = true;
    let workspace: TeamWorkspace;
    try {
      // Loaded only when the device joins a team: PouchDB and its storage are about a hundred
      // modules, a second of every solo start's CPU (docs/decisions/0080-npm-test-time.md).
      const { openTeamWorkspace } = await import('../team/teamWorkspace.ts');
      workspace = await openTeamWorkspace({
        serverUrl: settings.serverUrl,
        workspace: settings.workspace,
        member: settings.member,
        device: settings.device,
        credentials: { username: settings.member, password },
        dataDir: this.#options.dataDir,
        ...(this.#options.retry ? { retry: this.#options.retry } : {}),
      });
    } catch (error) {
      // The local copy could not be opened (a disk fault, a copy another run holds): alone, and said.
      this.#logger?.error('The team workspace could not be opened on this device', { reason: (error as Error).message });
      this.#problem = 'The team’s copy on this device could not be opened; the details are in the app’s log.';
      return;
    }
    this.#workspace = workspace;
    this.#join(this.#options.store, settings, workspace);
    this.#tellJoined({ workspace, settings });
  }

  /**
   * What lives only while a workspace is open (the notices of its concurrent decisions) follows it:
   * the listener hears the workspace joined now, at once if one is, and null when it is left.
   */
  onJoined(listener: (joined: { workspace: TeamWorkspace; settings: TeamSettings } | null) => void): void {
    this.#joinListeners.push(listener);
    const workspace = this.#workspace;
    const settings = this.#settings;
    if (workspace !== null && settings !== null) listener({ workspace, settings });
  }

  #tellJoined(joined: { workspace: TeamWorkspace; settings: TeamSettings } | null): void {
    for (const listener of this.#joinListeners) {
      try {
        listener(joined);
      } catch (error) {
        this.#logger?.error('A part of the team could not follow the workspace', { reason: (error as Error).message });
      }
    }
  }

  /** The store's listeners, once for the life of the core: each follows the workspace open now. */
  #listen(store: TeamStore): void {
    this.#store = store;
    store.onItemStatesChanged((_states, changes) => {
      const settings = this.#settings;
      if (!this.#applying && this.#workspace !== null && settings !== null) this.#record(changes, settings);
    });
    // An item stored after the team decided about it (ingest starts a fresh state) takes the fold's.
    store.onItemsStarted((keys) => {
      const workspace = this.#workspace;
      const settings = this.#settings;
      if (workspace === null || settings === null) return;
      this.#apply(
        store,
        settings,
        keys.flatMap((key) => workspace.item(key) ?? []),
      );
    });
  }

  #join(store: TeamStore, settings: TeamSettings, workspace: TeamWorkspace): void {
    this.sharing.join(workspace, settings.device);
    this.#claims = new TeamClaims({
      workspace,
      now: () => this.#now(),
      turnOf: this.#options.turnOf ?? (() => null),
      logger: this.#logger,
      ...(this.#options.unreachableRetryMs === undefined ? {} : { unreachableRetryMs: this.#options.unreachableRetryMs }),
    });
    store.setLocalActor({ who: settings.member, device: settings.device });
    this.#unsubscribe = workspace.subscribe((update) => this.#apply(store, settings, update.items));
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
    this.sharing.outboxChanged(event);
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
        this.#tellEventRecorded(item.answers);
      } catch (error) {
        this.#logger?.error('A sent reply could not be shared with the team', { reason: (error as Error).message });
      }
    });
  }

  /**
   * Before a reply or a message goes out, in a team: its claim (teamClaims.ts). A server that cannot
   * be asked holds it in team mode (asked again in a while, never sent unconfirmed); in solo mode
   * (just my own devices) it goes, with a warning in the status and the log, and the outbox item
   * itself says it went unchecked (its card warns).
   */
  async holdBeforeSend(item: OutboxItem): Promise<TeamAnswer> {
    // While the team changes (Settings → Team), a write waits for the new workspace rather than slip out unclaimed.
    await this.#changing;
    const claims = this.#claims;
    if (claims === null) return null;
    const hold = await claims.holdBeforeSend(item);
    if (hold?.error.code !== 'team-unreachable') return hold;
    const now = this.#now();
    this.#foundUnreachable();
    if (this.#mode === 'solo') {
      this.#sentUnchecked = { count: (this.#sentUnchecked?.count ?? 0) + 1, lastAt: now };
      this.#logger?.warn(SENT_UNCHECKED_WARNING, { item: item.id });
      return 'unchecked';
    }
    return hold;
  }

  /** The person chose to send a held item anyway: recorded in the team's audit, then it may go (teamClaims.ts). */
  async sendAnyway(item: OutboxItem): Promise<void> {
    if (this.#claims === null) refuse('This device is not in a team now, so nothing is held for a choice.');
    await this.#claims.sendAnyway(item);
    this.#tellEventRecorded(item.answers);
  }

  /**
   * This device recorded an answer's event for an item (sent, sent anyway): the open item's history
   * follows, although its state may not have changed (an item another member closed first).
   */
  onEventRecorded(listener: (itemKey: string) => void): void {
    this.#eventListeners.push(listener);
  }

  #tellEventRecorded(itemKey: string): void {
    for (const listener of this.#eventListeners) {
      try {
        listener(itemKey);
      } catch (error) {
        this.#logger?.error('A part of the app could not follow the team’s history', { reason: (error as Error).message });
      }
    }
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
    const serverReachable = replication === 'up-to-date' || replication === 'syncing';
    // Since when: the first status (the screen asks every few seconds) or claim that found it so.
    if (replication === 'offline') this.#foundUnreachable();
    else this.#unreachableSince = null;
    return {
      joined: workspace !== null,
      problem: this.#problem,
      serverUrl: this.#settings?.serverUrl ?? null,
      workspace: this.#settings?.workspace ?? null,
      member: this.#settings?.member ?? null,
      device: this.#settings?.device ?? null,
      replication,
      serverReachable,
      present: workspace?.presence() ?? [],
      mode: this.#mode,
      passwordSaved: this.#passwordSaved,
      unreachableSince: this.#unreachableSince,
      sentUnchecked: this.#sentUnchecked,
      refused: refusalGroups(workspace?.refused() ?? []),
    };
  }

  /**
   * The server was found away (by a status or a claim): an outage starts now, unless one is already
   * under way. One seen earlier is over if the replication reached the server since, even when no
   * status was asked while it could (the screen closed, or the server back only for a moment).
   */
  #foundUnreachable(): void {
    const reached = this.#workspace?.timesReached() ?? 0;
    if (this.#unreachableSince !== null && reached === this.#reachedBeforeOutage) return;
    this.#unreachableSince = this.#now();
    this.#reachedBeforeOutage = reached;
  }

  /** The team set now (Settings → Team shows it), whether or not it could be joined. */
  get settings(): TeamSettings | null {
    return this.#settings;
  }

  async close(): Promise<void> {
    await this.#changing;
    await this.#recording;
    if (this.#workspace !== null) this.#tellJoined(null);
    await this.sharing.leave();
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
