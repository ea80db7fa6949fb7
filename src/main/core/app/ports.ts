// What a host (Electron, the web host, a test) gives the application core. The core never knows
// where keys are kept, how a notification is shown or how settings are saved: it asks these ports.
import type { Settings, SettingsPatch } from '../../../shared/settings.ts';
import type { Clock } from '../clock.ts';
import type { CredentialVault, XCredentials } from '../service/credentials.ts';

/** How a secret is kept: in the OS keychain (safeStorage), or in memory only for this run. */
export type KeyProtection = 'os' | 'memory';

export interface KeyStatus {
  configured: boolean;
  protection: KeyProtection;
  /** The last 4 characters, the only part of a key ever shown back. */
  last4: string | null;
}

export interface VaultProtection {
  kind: KeyProtection;
  /** e.g. 'keychain', 'dpapi', 'gnome_libsecret', 'kwallet5', 'basic_text', 'memory'. */
  backend: string;
  /** A sentence for the user when keys cannot be kept safely (no keyring), or the backend changed. */
  warning: string | null;
}

/** The core reads keys through CredentialVault (per call) and manages them through the rest. */
export interface SecretVault extends CredentialVault {
  setAccount(accountId: string, keys: { baseUrl: string; apiKey: string; xCredentials?: XCredentials }): Promise<void>;
  setProfileKey(accountId: string, profileId: string, profileKey: string): Promise<void>;
  removeAccount(accountId: string): Promise<void>;
  status(accountId: string): Promise<{ apiKey: KeyStatus; x: KeyStatus; profiles: Record<string, KeyStatus> }>;
  protection(): VaultProtection;
}

export interface SettingsPort {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
}

/** Notifications the core decides to show; the host shows them and reports clicks back. */
export type AppNotification =
  | { kind: 'new-comments'; id: string; profileId: string; profileTitle: string; count: number; firstCommentKey: string; preview: string }
  | { kind: 'summary'; id: string; count: number; profiles: number }
  | { kind: 'reply-failed'; id: string; profileId: string; outboxId: string; commentKey: string; message: string };

export interface NotifierPort {
  show(notification: AppNotification): void;
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
  /** Present when the host offers the built-in sandbox account. */
  sandbox?: SandboxFactory;
  clock?: Clock;
}
