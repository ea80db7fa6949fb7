// What a device shares with its team besides its decisions (docs/team.md, "How it is wired"): its
// outbox statuses (teamOutboxStatus.ts), each client's report settings and the saved replies merged
// per field (teamClientSettings.ts, teamSavedReplies.ts), and the polling of its profiles under a
// lease with what it read (team/teamContent.ts). Each follows the workspace open now: made (or
// attached) when one is joined, and before it closes, what it was asked to write is written and it
// stops. The syncs' ports (`sharingFor`) are made once and stay true across a change of team.
import type { SavedReply } from '../../../shared/savedReplies.ts';
import type { LoggerPort } from '../ports.ts';
import type { OutboxEvent } from '../outbox/types.ts';
import type { SharedPolling } from '../sync/pollLease.ts';
import { TeamContent } from '../team/teamContent.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';
import type { ClientSettingsFile } from './clientSettingsFile.ts';
import { TeamClientSettings } from './teamClientSettings.ts';
import { TeamOutboxStatusWriter } from './teamOutboxStatus.ts';
import { type SavedRepliesPort, TeamSavedReplies } from './teamSavedReplies.ts';

export class TeamSharing {
  readonly #logger: LoggerPort | undefined;
  readonly #now: () => number;
  #workspace: TeamWorkspace | null = null;
  /** This device's outbox statuses, written to the workspace as they move. */
  #outboxStatus: TeamOutboxStatusWriter | null = null;
  /** Each client's report settings, merged per field across the devices. */
  #clientSettings: TeamClientSettings | null = null;
  /** The saved replies, merged per reply across the devices. */
  #savedReplies: TeamSavedReplies | null = null;
  /** What the two above share, once the core gave it; they are made again for each workspace joined. */
  #clientSettingsFile: ClientSettingsFile | null = null;
  #savedRepliesPort: SavedRepliesPort | null = null;
  /**
   * The profile leases and shared content (decision 0060): made at the first workspace joined, then
   * following the one open now, so the syncs' ports made at start stay true across a change of team.
   */
  #content: TeamContent | null = null;

  /** Told the item key each time this device's outbox status for it is written (teamOutboxStatus.ts). */
  readonly #statusWritten: ((itemKey: string) => void)[] = [];

  constructor(options: { logger?: LoggerPort | undefined; now: () => number }) {
    this.#logger = options.logger;
    this.#now = options.now;
  }

  /** A workspace was joined (at start, or from Settings → Team). */
  join(workspace: TeamWorkspace, device: string): void {
    this.#workspace = workspace;
    if (this.#content === null) this.#content = new TeamContent(workspace, { device, logger: this.#logger, now: () => this.#now() });
    else this.#content.attach(workspace, device);
    this.#outboxStatus = new TeamOutboxStatusWriter(workspace, device, this.#logger, (itemKey) => {
      for (const listener of this.#statusWritten) listener(itemKey);
    });
    this.#shareSettings(workspace);
  }

  /** Before the workspace closes: what was asked to be written is written, and sharing stops. */
  async leave(): Promise<void> {
    await this.#outboxStatus?.written();
    await this.#clientSettings?.written();
    await this.#savedReplies?.written();
    await this.#content?.flushed();
    this.#clientSettings?.close();
    this.#savedReplies?.close();
    this.#content?.attach(null);
    this.#outboxStatus = null;
    this.#clientSettings = null;
    this.#savedReplies = null;
    this.#workspace = null;
  }

  /** Listens for this device's outbox statuses written (its item's history in the team grew). */
  onOutboxStatusWritten(listener: (itemKey: string) => void): void {
    this.#statusWritten.push(listener);
  }

  /** An outbox item of this device moved: its status for the team. */
  outboxChanged(event: OutboxEvent): void {
    this.#outboxStatus?.changed(event);
  }

  /** In a team: the sync's lease and shared content for an account reading the service at `serviceUrl` (decision 0060). */
  sharingFor(serviceUrl: string): SharedPolling | undefined {
    return this.#content?.forService(serviceUrl);
  }

  /** Shares each client's report settings with the team and takes the team's in (no-op outside a team). */
  shareClientSettings(file: ClientSettingsFile): void {
    this.#clientSettingsFile = file;
    if (this.#workspace !== null) this.#shareSettings(this.#workspace);
  }

  /** Shares the saved replies with the team and takes the team's in (no-op outside a team). */
  shareSavedReplies(port: SavedRepliesPort): void {
    this.#savedRepliesPort = port;
    if (this.#workspace !== null) this.#shareSettings(this.#workspace);
  }

  /** The saved replies were changed on this device (not by the team's merge). */
  savedRepliesChanged(before: readonly SavedReply[], after: readonly SavedReply[]): void {
    this.#savedReplies?.changed(before, after);
  }

  /** One sharer of each setting per workspace, once the core gave what it shares. */
  #shareSettings(workspace: TeamWorkspace): void {
    if (this.#clientSettingsFile !== null && this.#clientSettings === null) {
      this.#clientSettings = new TeamClientSettings(workspace, this.#clientSettingsFile, this.#logger);
    }
    if (this.#savedRepliesPort !== null && this.#savedReplies === null) {
      this.#savedReplies = new TeamSavedReplies(workspace, this.#savedRepliesPort, this.#logger);
    }
  }
}
