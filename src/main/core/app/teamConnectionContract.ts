// What the team connection (teamConnection.ts) is opened with, what it needs of the store, and what
// its status says: apart, so teamConnection.ts holds only how it follows the workspace.
import type { TeamRefusalView } from '../../../shared/domain/teamStatus.ts';
import type { TeamMode } from '../../../shared/domain/teamSetup.ts';
import type { LoggerPort } from '../ports.ts';
import type { ItemStateStore } from '../store/types.ts';
import type { PresenceEntry, ReplicationState, TeamWorkspaceOptions } from '../team/teamWorkspace.ts';
import type { TeamSettings } from './teamSettings.ts';

export type TeamStore = Pick<ItemStateStore, 'onItemStatesChanged' | 'onItemsStarted' | 'setLocalActor' | 'applyItemStates'>;

export interface TeamConnectionOptions {
  settings: TeamSettings | null;
  /** The member's password for these settings, from the vault; null when none is kept. */
  password: (settings: TeamSettings) => Promise<string | null>;
  /** The workspace's mode (a per-workspace setting, app/teamSetupFile.ts); team when absent. */
  mode?: TeamMode;
  dataDir: string;
  store: TeamStore;
  logger?: LoggerPort;
  /** The core's clock (when a held reply asks the team server again). */
  now?: () => number;
  /** Tests make the replication's retry quicker; by default teamWorkspace.ts's. */
  retry?: TeamWorkspaceOptions['retry'];
  /** Tests make a write ask the team server again sooner after it could not be asked; by default teamClaims.ts's. */
  unreachableRetryMs?: number;
  /** The message that opened a conversation's turn (a direct message's turn claim, teamClaims.ts's turnOf). */
  turnOf?: (conversationKey: string) => string | null;
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
  mode: TeamMode;
  /** Whether the vault keeps a password for these settings (the connection asked it when it opened). */
  passwordSaved: boolean;
  /** Since when the server has been found unreachable (seen by a status or a claim); null when reachable. */
  unreachableSince: number | null;
  /** Replies sent in solo mode without the server's check (this run). */
  sentUnchecked: { count: number; lastAt: number } | null;
  /** What this device refused of the team's documents, grouped (decision 0064). */
  refused: TeamRefusalView[];
}

/** The warning a reply sent in solo mode without the server's check carries (logged, and in the status). */
export const SENT_UNCHECKED_WARNING = 'Sent without checking your other devices: the team server could not be reached.';
