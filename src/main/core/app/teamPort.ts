// The one port between the solo core and the team (decision 0075). The core hands the team what it
// may touch (`TeamHanded`: the outbox's held items, the item states, the shared settings, the
// events it may tell) and takes back what the team offers (`TeamOffer`) and the commands it answers
// (`TeamCommands`). The core asks `offer()` at each call, never keeps a function from it: joining
// swaps in the joined team's offer as a whole, and leaving (or never joining) the solo one.
import type { SavedReply } from '../../../shared/savedReplies.ts';
import type { CommandHandlers } from '../bridge/createDispatcher.ts';
import type { BridgeEventSink } from '../bridge/eventHub.ts';
import type { Clock } from '../clock.ts';
import type { OutboxEvent, OutboxItem, TeamAnswer } from '../outbox/types.ts';
import type { AppCoreTuning, LoggerPort, SecretVault } from '../ports.ts';
import type { ItemStateStore, MessageStore } from '../store/types.ts';
import type { SharedPolling } from '../sync/pollLease.ts';
import type { NudgeableSync } from '../team/liveNudges.ts';
import type { ClientSettingsFile } from './clientSettingsFile.ts';
import type { LiveUpdatesSetupDeps } from './liveUpdatesSetup.ts';
import type { InboxService } from './inboxService.ts';
import type { ReportTeam } from './reportTeamReplies.ts';
import type { WinnerAnswer } from './teamClaims.ts';
import type { TeamStore } from './teamConnection.ts';
import type { TeamSettings } from './teamSettings.ts';

/** The bridge commands the team answers (Settings → Team, assignment, notes, notices, presence). */
export const TEAM_COMMANDS = [
  'team.status',
  'team.members',
  'team.itemHistory',
  'team.notices',
  'team.dismissNotice',
  'team.configure',
  'team.setMode',
  'team.leave',
  'team.composing',
  'inbox.assign',
  'inbox.setNote',
  'team.liveUpdates',
  'team.liveEventTimes',
  'team.liveUpdatesOn',
  'team.liveUpdatesOff',
] as const;
export type TeamCommandName = (typeof TEAM_COMMANDS)[number];
export type TeamCommands = Pick<CommandHandlers, TeamCommandName>;
export type SoloCommands = Omit<CommandHandlers, TeamCommandName>;

/** What the core hands the team: all it may touch, each part looked up when used. */
export interface TeamHanded {
  dataDir: string;
  /** The team set by the host for this run; absent: the one saved by Settings → Team. */
  settings: TeamSettings | undefined;
  vault: SecretVault;
  clock: Clock;
  logger: LoggerPort | undefined;
  tuning: AppCoreTuning;
  /** Every password that passes through, so the bridge's last guard blanks it out. */
  remember: (secret: string) => void;
  /** Item states: the team records this device's and writes the fold's (decision 0055). */
  store: TeamStore & Pick<ItemStateStore, 'itemStates'> & Pick<MessageStore, 'conversation'>;
  /** The triage the team's assignment goes through. */
  inbox: Pick<InboxService, 'triage'>;
  /** Who an item is from (a resolution notice names them). */
  person: (itemKey: string) => string | null;
  /** The events the team may tell the screen. */
  events: Pick<BridgeEventSink, 'emit'>;
  /** Outbox hold: this device's outbox items, to follow the answer that holds them. */
  outbox: {
    /** Every open outbox's items. */
    items: () => OutboxItem[];
    /** Tells the screen an item again (its card reads the team afresh). */
    tell: (item: OutboxItem) => void;
    /** Tries an item again (it claims first). */
    retry: (item: OutboxItem) => void;
  };
  /** The shared settings: the clients' report settings and the saved replies. */
  clientSettings: ClientSettingsFile;
  savedReplies: { current: () => SavedReply[]; apply: (savedReplies: SavedReply[]) => Promise<void> };
  /** The syncs live updates may nudge (decision 0072): only those this device reads from the service. */
  syncs: {
    /** A client profile's sync, when this device reads it from the service (holds its lease, or alone). */
    nudgeable: (profileId: string) => NudgeableSync | undefined;
    /** Whether this device reads any client from the service (only such a device prunes old events). */
    readsAny: () => boolean;
  };
  /** Settings → Team → Live updates (decision 0083): the clients, the service's webhook registration, and the screen's guard for the event address. */
  liveRegistration: Pick<LiveUpdatesSetupDeps, 'clients' | 'webhooks'> & {
    hideAddress: (url: string) => void;
    /** Whether a profile is a client here (cheap: asked for every live event). */
    isClient: (profileId: string) => boolean;
  };
}

/** What the team offers the core; the solo offer when the device is in no team. */
export interface TeamOffer {
  /** Before a write goes out: null lets it go, a hold keeps it back, 'unchecked' lets it go unchecked (solo mode). */
  holdBeforeSend(item: OutboxItem): Promise<TeamAnswer>;
  /** The person chose to send a held item anyway: recorded in the team's audit. */
  sendAnyway(item: OutboxItem): Promise<void>;
  /** A held item's winning answer (its card quotes it). */
  heldAnswer(item: OutboxItem): WinnerAnswer | null;
  /** Every outbox event (a sent reply is recorded, statuses shared). */
  outboxChanged(event: OutboxEvent): void;
  /** The profile leases and shared content for a service address (decision 0060). */
  sharingFor(serviceUrl: string): SharedPolling | undefined;
  /** What the client report reads of the team (null alone). */
  reportTeam(): ReportTeam | null;
  /** The saved replies changed here: shared with the team. */
  savedRepliesChanged(before: readonly SavedReply[], after: readonly SavedReply[]): void;
}

/** The team as the core sees it. */
export interface TeamPort {
  /** What the team offers now: ask at each call. */
  offer(): TeamOffer;
  readonly commands: TeamCommands;
  close(): Promise<void>;
}
