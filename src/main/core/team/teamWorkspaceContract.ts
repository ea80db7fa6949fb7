// What a team workspace is to its users (app/teamConnection.ts and the team's parts): the options
// it opens with, what it tells, and what it offers. Apart from teamWorkspace.ts, which opens one,
// so a reader finds the contract without the replication's machinery.
import type { ItemChange } from '../../../shared/domain/itemState.ts';
import type { ContentDoc, OutboxStatusDoc, SettingsField } from '../../../shared/domain/teamDocuments.ts';
import type { FoldedItem } from './fold.ts';
import type { ClaimResult, LeaseResult } from './serverCompareAndSet.ts';
import type { PresenceEntry } from './teamAdmission.ts';
import type { TeamDocumentRefused } from './teamErrors.ts';
import type { ItemEventKind, TeamLogEntry } from './teamLog.ts';

export interface TeamWorkspaceOptions {
  serverUrl: string;
  workspace: string;
  member: string;
  /** This device's name in the team (unique among the member's devices). */
  device: string;
  /** From the vault; used only as HTTP basic auth. */
  credentials: { username: string; password: string };
  /** The device's data directory; the workspace's copy lives in a folder under it. */
  dataDir: string;
  now?: () => number;
  /** Replication retry: first wait and longest wait between attempts (ms). */
  retry?: { firstMs: number; longestMs: number };
  /** How long a "replying" presence lasts without being rewritten (ms), and how often it is rewritten. */
  presence?: { lastsMs: number; rewriteEveryMs: number };
  /** How long the replication's connection to the server may stay silent before it is taken for dead (ms). */
  silenceLimitMs?: number;
  /** How long a claim or lease request to the server may take before the answer is "unknown" (ms). */
  serverTimeoutMs?: number;
}

/** `answer-too-large`: the server sent more than the app accepts (boundedFetch.ts), so the replication retries. */
export type ReplicationState = 'connecting' | 'up-to-date' | 'syncing' | 'offline' | 'refused' | 'answer-too-large';

/** What changed from elsewhere: the items it touched (folded), and who is replying now. */
export interface TeamUpdate {
  items: FoldedItem[];
  presence: PresenceEntry[];
  outbox: OutboxStatusDoc[];
  refused: TeamDocumentRefused[];
  /** Shared settings another device changed (teamSettingsDocs.ts): which scope and id. */
  settings?: { scope: string; id: string }[];
  /** What other devices read from the service and shared (decision 0060), in the order it arrived. */
  content: ContentDoc[];
}

export interface TeamWorkspace {
  /** Appends changes made by this member on this device to the team log. */
  record(changes: ItemChange[]): Promise<void>;
  /** Appends what the service told this device (a new message from the person, a reply confirmed sent), or a choice made here (`outboxId`: which item). */
  recordEvent(itemKey: string, event: ItemEventKind, at: number, outboxId?: string): Promise<void>;
  /** Whether this member chose on this device to send that outbox item anyway (the log's `reply-sent-anyway`). */
  choseToSendAnyway(itemKey: string, outboxId: string): boolean;
  /** Every item's folded state, as this member sees it. */
  items(): FoldedItem[];
  item(itemKey: string): FoldedItem | null;
  /** Called with what arrives from other devices (never for this device's own writes). */
  subscribe(listener: (update: TeamUpdate) => void): () => void;
  claim(key: string): Promise<ClaimResult>;
  takeLease(profileId: string, durationMs: number): Promise<LeaseResult>;
  /** "I am replying to this item" (null: not any more); rewritten while it lasts. */
  setComposing(itemKey: string | null): Promise<void>;
  /** Who else is replying, and to what (expired entries left out). */
  presence(): PresenceEntry[];
  writeOutboxStatus(status: Omit<OutboxStatusDoc, '_id' | '_rev' | 'kind' | 'who' | 'device'>): Promise<void>;
  /** Shares what this device read from the service for a profile (content documents, decision 0060); checked before it is written. */
  shareContent(docs: Omit<ContentDoc, 'who' | 'device' | '_rev'>[]): Promise<void>;
  outboxStatuses(): OutboxStatusDoc[];
  /** Writes fields of shared settings this member changed on this device, each stamped now. */
  writeSettings(scope: string, id: string, values: Record<string, unknown>): Promise<void>;
  /** One scope and id's settings across the devices: per field, the latest (empty when none was shared). */
  settings(scope: string, id: string): Map<string, SettingsField>;
  /** The ids of a scope that have shared settings. */
  settingsIds(scope: string): string[];
  replicationState(): ReplicationState;
  /** How many answers the replication had from the server (it only grows): a change means it was reached. */
  timesReached(): number;
  /** An item's log entries (changes and events), in the log's order: the item's audit. */
  entries(itemKey: string): TeamLogEntry[];
  /** The members this device knows of: itself and everyone who wrote in the log, presence or outbox status, by name. */
  members(): string[];
  /** Documents from the server that were refused, one by one. */
  refused(): TeamDocumentRefused[];
  close(): Promise<void>;
}

/** The replication's retry unless the options say otherwise (ms). */
export const DEFAULT_RETRY = { firstMs: 500, longestMs: 30_000 };
/** A "replying" presence's life and rewrite unless the options say otherwise (ms). */
export const DEFAULT_PRESENCE = { lastsMs: 45_000, rewriteEveryMs: 15_000 };

/** The local copy's folder under the data directory: any workspace name gives a safe folder name. */
export function folderName(workspace: string): string {
  return `team-${workspace.replace(/[^a-z0-9_-]/g, (character) => `~${character.charCodeAt(0).toString(16)}`)}`;
}
