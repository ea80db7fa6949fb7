// The SecretVault port in memory, for tests: the keys in maps, the status as the port promises it
// (configured, protection, last 4), and a warning when a test wants the "no keyring" case.
import type { KeyStatus, SecretVault, VaultProtection } from '../../../src/main/core/ports.ts';
import type { AccountCredentials, XCredentials } from '../../../src/main/core/service/credentials.ts';

export class MemoryVault implements SecretVault {
  readonly accounts = new Map<string, AccountCredentials>();
  readonly profileKeys = new Map<string, string>();
  readonly webhookSecrets = new Map<string, string>();
  readonly teamPasswords = new Map<string, string>();

  async setTeamPassword(serverUrl: string, workspace: string, member: string, password: string): Promise<void> {
    this.teamPasswords.set(`${serverUrl}\n${workspace}\n${member}`, password);
  }

  async teamPassword(serverUrl: string, workspace: string, member: string): Promise<string | null> {
    return this.teamPasswords.get(`${serverUrl}\n${workspace}\n${member}`) ?? null;
  }

  async forgetTeamPassword(serverUrl: string, workspace: string, member: string): Promise<void> {
    this.teamPasswords.delete(`${serverUrl}\n${workspace}\n${member}`);
  }
  /** The workspaces' live-updates event addresses (decision 0083), by server and workspace. */
  readonly liveEventAddresses = new Map<string, string>();

  async setLiveEventAddress(serverUrl: string, workspace: string, address: string): Promise<void> {
    this.liveEventAddresses.set(`${serverUrl}\n${workspace}`, address);
  }

  async liveEventAddress(serverUrl: string, workspace: string): Promise<string | null> {
    return this.liveEventAddresses.get(`${serverUrl}\n${workspace}`) ?? null;
  }
  readonly #protection: VaultProtection;

  constructor(protection: VaultProtection = { kind: 'os', backend: 'test-keychain', warning: null }) {
    this.#protection = protection;
  }

  async account(accountId: string): Promise<AccountCredentials> {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`No keys for account ${accountId}`);
    return account;
  }

  async profileKey(accountId: string, profileId: string): Promise<string> {
    const key = this.profileKeys.get(`${accountId}\n${profileId}`);
    if (key === undefined) throw new Error(`No profile key for ${profileId}`);
    return key;
  }

  async setAccount(accountId: string, keys: { baseUrl: string; apiKey: string; xCredentials?: XCredentials }): Promise<void> {
    this.accounts.set(accountId, { ...keys });
  }

  async setProfileKey(accountId: string, profileId: string, profileKey: string): Promise<void> {
    this.profileKeys.set(`${accountId}\n${profileId}`, profileKey);
  }

  async removeAccount(accountId: string): Promise<void> {
    this.accounts.delete(accountId);
    for (const slot of [...this.profileKeys.keys()]) if (slot.startsWith(`${accountId}\n`)) this.profileKeys.delete(slot);
  }

  async status(accountId: string): Promise<{ apiKey: KeyStatus; x: KeyStatus; profiles: Record<string, KeyStatus> }> {
    const account = this.accounts.get(accountId);
    const profiles: Record<string, KeyStatus> = {};
    for (const [slot, key] of this.profileKeys) {
      const [owner, profileId] = slot.split('\n');
      if (owner === accountId && profileId !== undefined) profiles[profileId] = this.#status(key);
    }
    return { apiKey: this.#status(account?.apiKey), x: this.#status(account?.xCredentials?.key), profiles };
  }

  protection(): VaultProtection {
    return this.#protection;
  }

  async setWebhookSecret(accountId: string, profileId: string, secret: string): Promise<void> {
    this.webhookSecrets.set(`${accountId}\n${profileId}`, secret);
  }

  async webhookSecret(accountId: string, profileId: string): Promise<string | null> {
    return this.webhookSecrets.get(`${accountId}\n${profileId}`) ?? null;
  }

  #status(key: string | undefined): KeyStatus {
    return { configured: key !== undefined, protection: this.#protection.kind, last4: key === undefined ? null : key.slice(-4) };
  }
}
