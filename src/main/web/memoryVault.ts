// The web host's key vault: keys live in this process's memory only and are gone when it stops.
// A browser has no OS keychain the host could reach on the user's behalf, and writing keys to a
// file in plain text is what the desktop app refuses to do too (Linux `basic_text`); so the keys
// are kept only for this run, and the protection says so, which the UI shows with each key.
import type { KeyStatus, SecretVault, VaultProtection } from '../core/ports.ts';
import type { AccountCredentials, XCredentials } from '../core/service/credentials.ts';
import { KeyVaultError, type VaultKeyName } from '../core/service/keyVaultError.ts';

export const MEMORY_PROTECTION: VaultProtection = {
  kind: 'memory',
  backend: 'memory',
  warning:
    'Keys added in the browser are kept in memory only: they are forgotten when the browser version of the app stops. Use the desktop app to keep them in your system keychain.',
};

/** A key that is not there (keys live only as long as this process): names the account or profile id, never a key. */
export class MissingKeyError extends KeyVaultError {
  constructor(key: VaultKeyName, label: string, message: string) {
    super('missing', key, label, message);
  }

  override get name(): string {
    return 'MissingKeyError';
  }
}

interface AccountKeys {
  baseUrl: string;
  apiKey: string;
  xCredentials?: XCredentials;
  profileKeys: Map<string, string>;
  webhookSecrets: Map<string, string>;
}

const notConfigured: KeyStatus = { configured: false, protection: 'memory', last4: null };

function statusOf(secret: string | undefined): KeyStatus {
  return secret === undefined ? notConfigured : { configured: true, protection: 'memory', last4: secret.slice(-4) };
}

export class MemorySecretVault implements SecretVault {
  private readonly accounts = new Map<string, AccountKeys>();
  /** Team passwords by server, workspace and member (a newline cannot be in any of them). */
  private readonly teamPasswords = new Map<string, string>();

  async setTeamPassword(serverUrl: string, workspace: string, member: string, password: string): Promise<void> {
    this.teamPasswords.set(`${serverUrl}\n${workspace}\n${member}`, password);
  }

  async teamPassword(serverUrl: string, workspace: string, member: string): Promise<string | null> {
    return this.teamPasswords.get(`${serverUrl}\n${workspace}\n${member}`) ?? null;
  }

  async forgetTeamPassword(serverUrl: string, workspace: string, member: string): Promise<void> {
    this.teamPasswords.delete(`${serverUrl}\n${workspace}\n${member}`);
  }

  /** The workspace's event address (decision 0083), kept under a member name no member can have (a newline). */
  async setLiveEventAddress(serverUrl: string, workspace: string, address: string): Promise<void> {
    this.teamPasswords.set(`${serverUrl}\n${workspace}\n\nlive-event-address`, address);
  }

  async liveEventAddress(serverUrl: string, workspace: string): Promise<string | null> {
    return this.teamPasswords.get(`${serverUrl}\n${workspace}\n\nlive-event-address`) ?? null;
  }

  async account(accountId: string): Promise<AccountCredentials> {
    const keys = this.keysOf(accountId);
    // A copy, so a caller can never change what the vault holds.
    return { baseUrl: keys.baseUrl, apiKey: keys.apiKey, ...(keys.xCredentials ? { xCredentials: { ...keys.xCredentials } } : {}) };
  }

  async profileKey(accountId: string, profileId: string): Promise<string> {
    const key = this.keysOf(accountId).profileKeys.get(profileId);
    if (key === undefined) {
      throw new MissingKeyError(
        'profile-key',
        `the profile key of profile ${profileId} (account ${accountId})`,
        `No profile key is configured for profile ${profileId} of account ${accountId}.`,
      );
    }
    return key;
  }

  async setAccount(accountId: string, keys: { baseUrl: string; apiKey: string; xCredentials?: XCredentials }): Promise<void> {
    // New account keys keep the profile keys and webhook secrets already known: they belong to the same account.
    const known = this.accounts.get(accountId);
    this.accounts.set(accountId, {
      baseUrl: keys.baseUrl,
      apiKey: keys.apiKey,
      ...(keys.xCredentials ? { xCredentials: { ...keys.xCredentials } } : {}),
      profileKeys: known?.profileKeys ?? new Map<string, string>(),
      webhookSecrets: known?.webhookSecrets ?? new Map<string, string>(),
    });
  }

  async setProfileKey(accountId: string, profileId: string, profileKey: string): Promise<void> {
    this.keysOf(accountId).profileKeys.set(profileId, profileKey);
  }

  async setWebhookSecret(accountId: string, profileId: string, secret: string): Promise<void> {
    this.keysOf(accountId).webhookSecrets.set(profileId, secret);
  }

  async webhookSecret(accountId: string, profileId: string): Promise<string | null> {
    return this.accounts.get(accountId)?.webhookSecrets.get(profileId) ?? null;
  }

  async removeAccount(accountId: string): Promise<void> {
    this.accounts.delete(accountId);
  }

  async status(accountId: string): Promise<{ apiKey: KeyStatus; x: KeyStatus; profiles: Record<string, KeyStatus> }> {
    const keys = this.accounts.get(accountId);
    if (!keys) return { apiKey: notConfigured, x: notConfigured, profiles: {} };
    const profiles: Record<string, KeyStatus> = {};
    for (const [profileId, key] of keys.profileKeys) profiles[profileId] = statusOf(key);
    return { apiKey: statusOf(keys.apiKey), x: statusOf(keys.xCredentials?.key), profiles };
  }

  protection(): VaultProtection {
    return { ...MEMORY_PROTECTION };
  }

  private keysOf(accountId: string): AccountKeys {
    const keys = this.accounts.get(accountId);
    if (!keys) throw new MissingKeyError('api-key', `the API key of account ${accountId}`, `No API key is configured for account ${accountId}.`);
    return keys;
  }
}
