// What a host (Electron, the web host, a test) gives the application core. The core never knows
// where keys are kept, how a notification is shown or how settings are saved: it asks these ports.
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import type { Settings, SettingsPatch } from '../../shared/settings.ts';
import type { Clock } from './clock.ts';
import type { AccountSyncOptions } from './sync/accountSync.ts';
import type { CredentialVault, XCredentials } from './service/credentials.ts';
import type { KeyStatus, VaultProtection } from '../../shared/domain/accounts.ts';

// Declared once, in shared (the bridge carries them to the renderer); re-exported for the hosts.
export type { KeyProtection, KeyStatus, VaultProtection } from '../../shared/domain/accounts.ts';

/** The core reads keys through CredentialVault (per call) and manages them through the rest. */
export interface SecretVault extends CredentialVault {
  setAccount(accountId: string, keys: { baseUrl: string; apiKey: string; xCredentials?: XCredentials }): Promise<void>;
  setProfileKey(accountId: string, profileId: string, profileKey: string): Promise<void>;
  removeAccount(accountId: string): Promise<void>;
  status(accountId: string): Promise<{ apiKey: KeyStatus; x: KeyStatus; profiles: Record<string, KeyStatus> }>;
  protection(): VaultProtection;
  /**
   * A profile's webhook signing secret, kept so the verify tool can check a delivery. Optional: a
   * vault without it leaves the core to keep the secret in memory for the session.
   */
  setWebhookSecret?(accountId: string, profileId: string, secret: string): Promise<void>;
  webhookSecret?(accountId: string, profileId: string): Promise<string | null>;
  /**
   * A team member's password for a team server's workspace (app/teamSettings.ts), kept like the
   * keys. Optional: a vault without it cannot join a team. null when none is kept.
   */
  teamPassword?(serverUrl: string, workspace: string, member: string): Promise<string | null>;
  setTeamPassword?(serverUrl: string, workspace: string, member: string, password: string): Promise<void>;
  /** Forgets it (Settings → Team, Leave). */
  forgetTeamPassword?(serverUrl: string, workspace: string, member: string): Promise<void>;
  /**
   * A workspace's event address for live updates (decision 0083): the proxy route's secret path,
   * kept like a password. Optional: without it the core keeps the address for the session.
   */
  liveEventAddress?(serverUrl: string, workspace: string): Promise<string | null>;
  setLiveEventAddress?(serverUrl: string, workspace: string, address: string): Promise<void>;
}

export interface SettingsPort {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
}

/**
 * Notifications the core decides to show; the host shows them and reports clicks back. `count` is new
 * comments, `conversations` is conversations of direct messages where the person wrote; the key a
 * notification opens (`firstKey`, `commentKey`) is a comment's or a conversation's (`dm:…`).
 */
export type AppNotification =
  | {
      kind: 'new-items';
      id: string;
      profileId: string;
      profileTitle: string;
      /** Each inbox kind's news, counted as the kind says (core/kinds: comments each, conversations once). */
      counts: Partial<Record<InboxItemKind, number>>;
      /** What a click opens: the first news's key. */
      firstKey: string;
      preview: string;
    }
  | { kind: 'summary'; id: string; counts: Partial<Record<InboxItemKind, number>>; profiles: number }
  /** `what`: the answer in words, as its outbox task kind says ("A reply", "A direct message"). */
  | { kind: 'reply-failed'; id: string; profileId: string; outboxId: string; commentKey: string; message: string; what: string }
  /** Last month's reports were prepared (month "2026-10") for this many clients: once per month. */
  | { kind: 'reports-ready'; id: string; month: string; clients: number };

export interface NotifierPort {
  show(notification: AppNotification): void;
}

/** A host that can save the page on screen as a PDF itself (the desktop app); the path is the host's to choose. */
export interface ReportPdfPort {
  save(suggestedName: string): Promise<{ outcome: 'saved'; path: string } | { outcome: 'cancelled' }>;
}

/** A host that lets the person choose a folder (the desktop app's dialog): "Export all" of the prepared reports writes there. */
export interface FolderChoicePort {
  /** The folder chosen, or null when the person cancelled. */
  chooseFolder(title: string): Promise<string | null>;
}

/** The built-in sandbox account: the core starts a sandbox through this, never by importing it. */
export interface SandboxFactory {
  start(): Promise<{ url: string; apiKey: string; xCredentials: XCredentials; close(): Promise<void> }>;
}

export interface AppCoreOptions {
  /** Holds the store and the outbox files. */
  dataDir: string;
  vault: SecretVault;
  settings: SettingsPort;
  notifier?: NotifierPort;
  /** Present when the host saves PDFs itself; without it report.exportPdf answers 'unsupported'. */
  reportPdf?: ReportPdfPort;
  /** Present when the host can ask for a folder; without it reports.prepared.exportAll answers 'unsupported'. */
  folderChoice?: FolderChoicePort;
  /** Where the reports prepared on the 1st are kept; default `<dataDir>/reports`. */
  reportsDir?: string;
  /** Present when the host offers the built-in sandbox account. */
  sandbox?: SandboxFactory;
  clock?: Clock;
  /** Where failures the person does not need to see are written (never with a secret). */
  logger?: LoggerPort;
  /** Tuning for tests: the sync's intervals and pace, the outbox's backoff. */
  tuning?: AppCoreTuning;
  /** The team workspace this device joins (its password is in the vault); absent: the device works alone. */
  team?: TeamSettings;
}

/** Which team workspace this device joins (checked by app/teamSettings.ts); its password is in the vault. */
export interface TeamSettings {
  serverUrl: string;
  workspace: string;
  /** The member's name on the team server (their sign-in name). */
  member: string;
  /** This device's name, e.g. "laptop": unique among the member's devices. */
  device: string;
}

export interface LoggerPort {
  warn(message: string, detail?: Record<string, unknown>): void;
  error(message: string, detail?: Record<string, unknown>): void;
}

export interface AppCoreTuning {
  /** The sync's options per account (intervals, pacer); defaults suit the real service. */
  sync?: AccountSyncOptions;
  /** The outbox's backoff between tries. */
  outboxBackoff?: { baseMs?: number; maxMs?: number };
  /** Whether each account's sync starts on its own (default true). */
  autoStartSync?: boolean;
  /** The preparer of the monthly reports: its own clock (a test's fixed 1st of a month), its waits. */
  preparedReports?: { clock?: Clock; settleMaxMs?: number; afterMonthStartMs?: number };
  /** The notification planner's windows (gathering, gaps, catch-up), in ms. */
  notifications?: { gatherMs?: number; minGapPerProfileMs?: number; maxPerWindow?: number; longOfflineMs?: number; catchUpMs?: number };
  /** The team replication's retry (first and longest wait, ms); default teamWorkspace.ts's. */
  teamRetry?: { firstMs: number; longestMs: number };
  /** How long without a word from the composer a person stops "replying" (app/teamPresence.ts); default a minute. */
  teamQuietMs?: number;
  /** How long a write waits before asking the team server again when it could not be asked (app/teamClaims.ts); default 5 s. */
  teamUnreachableRetryMs?: number;
  /** Live updates: how long the team server may hold a long poll of the events feed (tests); default 25 s. */
  liveLongPollMs?: number;
}
