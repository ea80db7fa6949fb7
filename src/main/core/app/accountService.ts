// Accounts, their profiles and their keys: adding an account (its key checked against the service
// first), removing it, the built-in sandbox account (started through the host's factory, reset or
// removed on request), client profiles (colour, name, created through the service, Profile-Keys),
// and each account's runtime (client, sync, outbox), which commands wait for while it starts.
import { randomUUID } from 'node:crypto';
import type { AccountKeyStatus, AccountSummary, ProfileView } from '../../../shared/domain/accounts.ts';
import type { Clock } from '../clock.ts';
import type { CredentialVault, XCredentials } from '../service/credentials.ts';
import { HttpError } from '../service/errors.ts';
import { ServiceClient } from '../service/serviceClient.ts';
import type { HttpTransport } from '../service/transport.ts';
import type { AccountRecord, ProfileRecord, Store } from '../store/types.ts';
import { identitiesFromUser } from '../sync/profileIdentities.ts';
import { discoverProfiles } from './profileDiscovery.ts';
import type { BridgeEventSink } from '../bridge/eventHub.ts';
import type { AccountRegistry } from './accountRegistry.ts';
import type { AccountRuntime } from './accountRuntime.ts';
import { checkAccountKeys } from './keyCheck.ts';
import type { KnownSecrets } from './knownSecrets.ts';
import type { LoggerPort, SandboxFactory, SecretVault } from '../ports.ts';
import { refuse } from '../refusal.ts';
import { SANDBOX_ACCOUNT_ID, SANDBOX_ACCOUNT_TITLE, sandboxProfiles } from './sandboxAccount.ts';
import type { StatusBoard } from './statusBoard.ts';
import { profileView } from './views.ts';

export interface AccountServiceDeps {
  store: Store;
  registry: AccountRegistry;
  vault: SecretVault;
  clock: Clock;
  events: BridgeEventSink;
  known: KnownSecrets;
  board: StatusBoard;
  logger: LoggerPort | undefined;
  sandbox: SandboxFactory | undefined;
  /** Builds an account's runtime (client, sync, outbox); `onClose` runs after it stopped. */
  makeRuntime(account: AccountRecord, onClose?: () => Promise<void>): AccountRuntime;
  transport?: HttpTransport;
}

export interface ProfileContext {
  profile: ProfileRecord;
  runtime: AccountRuntime;
}

export class AccountService {
  readonly #d: AccountServiceDeps;
  /** Runtimes as they start: commands for an account wait for its runtime. */
  readonly #starting = new Map<string, Promise<AccountRuntime>>();
  /** Runtimes that have started. */
  readonly #running = new Map<string, AccountRuntime>();
  #closed = false;

  constructor(deps: AccountServiceDeps) {
    this.#d = deps;
  }

  /** Starts every account's runtime; the sandbox's in the background (it starts a server). */
  start(): void {
    if (this.#d.sandbox && !this.#d.registry.sandboxRemoved) {
      if (!this.#d.registry.get(SANDBOX_ACCOUNT_ID)) {
        this.#d.registry.put({ accountId: SANDBOX_ACCOUNT_ID, title: SANDBOX_ACCOUNT_TITLE, baseUrl: '', kind: 'sandbox' });
      }
      // Not awaited: #launch attaches its own .catch (a failed start is logged and told as a sync problem).
      void this.#launch(SANDBOX_ACCOUNT_ID, () => this.#bootSandbox());
    }
    for (const account of this.#d.registry.list()) {
      // Not awaited, as above: #launch handles its own failure.
      if (account.kind === 'service') void this.#launch(account.accountId, () => this.#bootService(account));
      else if (!this.#d.sandbox && account.accountId === SANDBOX_ACCOUNT_ID) {
        // A sandbox account saved by a host that offered one; this host does not: left out.
        this.#d.registry.remove(account.accountId);
      }
    }
  }

  running(): AccountRuntime[] {
    return [...this.#running.values()];
  }

  /**
   * Settles once every account starting now has started or failed: until then its outbox is not
   * open (the built-in sandbox account starts a server first, about a second after a start).
   */
  async started(): Promise<void> {
    await Promise.allSettled([...this.#starting.values()]);
  }

  list(): AccountSummary[] {
    return this.#d.registry.list().map((account) => this.#summary(account));
  }

  async add(input: {
    title: string;
    baseUrl: string;
    apiKey: string;
    xCredentials?: XCredentials | undefined;
  }): Promise<{ account: AccountSummary; notice: string | null }> {
    const baseUrl = input.baseUrl.replace(/\/+$/, '');
    this.#d.known.add(input.apiKey, input.xCredentials?.key, input.xCredentials?.secret);
    const candidate = { baseUrl, apiKey: input.apiKey, ...(input.xCredentials ? { xCredentials: input.xCredentials } : {}) };
    const { user, notice } = await checkAccountKeys(candidate, { clock: this.#d.clock, ...(this.#d.transport ? { transport: this.#d.transport } : {}) });
    const duplicate = this.#d.registry
      .list()
      .find((account) => account.baseUrl === baseUrl && this.#d.store.profiles(account.accountId).some((p) => p.isPrimary && p.profileId === user.refId));
    if (duplicate) refuse(`This account is already here, as "${duplicate.title}"`);
    const account: AccountRecord = { accountId: `account-${randomUUID()}`, title: input.title, baseUrl, kind: 'service' };
    await this.#d.vault.setAccount(account.accountId, candidate);
    this.#d.registry.put(account);
    const existing = this.#d.store.profiles().find((p) => p.profileId === user.refId);
    this.#d.registry.saveProfile({
      accountId: account.accountId,
      profileId: user.refId,
      title: existing?.title ?? user.title ?? input.title,
      isPrimary: true,
      networks: identitiesFromUser(user),
      color: existing?.color ?? null,
    });
    const runtime = await this.#launch(account.accountId, () => this.#bootService(account));
    this.#d.events.emit('accounts.changed', {});
    return { account: this.#summary(runtime.account), notice };
  }

  async remove(accountId: string): Promise<void> {
    const account = this.#account(accountId);
    const runtime = this.#starting.get(accountId);
    this.#starting.delete(accountId);
    this.#running.delete(accountId);
    this.#d.registry.remove(accountId);
    if (account.accountId === SANDBOX_ACCOUNT_ID) this.#d.registry.sandboxRemoved = true;
    this.#d.board.forget(accountId);
    const started = await runtime?.catch(() => null);
    await started?.close({ forget: true });
    await this.#d.vault.removeAccount(accountId);
    this.#d.events.emit('accounts.changed', {});
  }

  async resetSandbox(): Promise<AccountSummary> {
    if (!this.#d.sandbox) refuse('This app has no built-in sandbox account');
    if (this.#d.registry.get(SANDBOX_ACCOUNT_ID)) await this.remove(SANDBOX_ACCOUNT_ID);
    this.#d.registry.sandboxRemoved = false;
    this.#d.registry.put({ accountId: SANDBOX_ACCOUNT_ID, title: SANDBOX_ACCOUNT_TITLE, baseUrl: '', kind: 'sandbox' });
    const runtime = await this.#launch(SANDBOX_ACCOUNT_ID, () => this.#bootSandbox());
    this.#d.events.emit('accounts.changed', {});
    return this.#summary(runtime.account);
  }

  async keyStatus(accountId: string): Promise<AccountKeyStatus> {
    this.#account(accountId);
    const status = await this.#d.vault.status(accountId);
    return { accountId, apiKey: status.apiKey, x: status.x, profiles: status.profiles, protection: this.#d.vault.protection() };
  }

  /** A new API key (checked first) and/or a new X key pair, or none (null). */
  async updateKeys(input: { accountId: string; apiKey?: string | undefined; xCredentials?: XCredentials | null | undefined }): Promise<AccountKeyStatus> {
    const account = this.#account(input.accountId);
    this.#d.known.add(input.apiKey, input.xCredentials?.key, input.xCredentials?.secret);
    const current = await this.#d.vault.account(account.accountId).catch(() => null);
    const apiKey = input.apiKey ?? current?.apiKey;
    if (apiKey === undefined) refuse('This account has no API key yet: give one');
    const xCredentials = input.xCredentials === undefined ? current?.xCredentials : (input.xCredentials ?? undefined);
    const keys = { baseUrl: account.baseUrl, apiKey, ...(xCredentials ? { xCredentials } : {}) };
    if (input.apiKey !== undefined || input.xCredentials) {
      await checkAccountKeys(keys, { clock: this.#d.clock, ...(this.#d.transport ? { transport: this.#d.transport } : {}) });
    }
    await this.#d.vault.setAccount(account.accountId, keys);
    (await this.#runtimeIfStarting(account.accountId))?.sync.keysChanged();
    return this.keyStatus(account.accountId);
  }

  profiles(accountId?: string): ProfileView[] {
    const active = this.#d.registry.activeProfileIds();
    return this.#d.store
      .profiles(accountId)
      .filter((profile) => active.has(profile.profileId))
      .map(profileView);
  }

  updateProfile(input: { profileId: string; title?: string | undefined; color?: string | null | undefined }): ProfileView {
    const profile = this.profile(input.profileId);
    const updated: ProfileRecord = {
      ...profile,
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.color === undefined ? {} : { color: input.color === null ? null : input.color.toLowerCase() }),
    };
    this.#d.registry.saveProfile(updated);
    this.#d.events.emit('accounts.changed', {});
    return profileView(updated);
  }

  async createProfile(input: { accountId: string; title: string }): Promise<ProfileView> {
    const runtime = await this.runtime(input.accountId);
    const created = await runtime.client.createProfile({ accountId: runtime.accountId }, { title: input.title });
    this.#d.known.add(created.profileKey);
    await this.#d.vault.setProfileKey(runtime.accountId, created.refId, created.profileKey);
    const profile: ProfileRecord = {
      accountId: runtime.accountId,
      profileId: created.refId,
      title: created.title ?? input.title,
      isPrimary: false,
      networks: {},
      color: null,
    };
    this.#d.registry.saveProfile(profile);
    runtime.addProfile(profile);
    this.#d.events.emit('accounts.changed', {});
    return profileView(profile);
  }

  async setProfileKey(input: { profileId: string; profileKey: string }): Promise<AccountKeyStatus> {
    this.#d.known.add(input.profileKey);
    const { profile, runtime } = await this.forProfile(input.profileId);
    if (profile.isPrimary) refuse('The primary profile is called with the API key alone: it has no profile key');
    const vault: CredentialVault = {
      account: (accountId, signal) => this.#d.vault.account(accountId, signal),
      profileKey: async () => input.profileKey,
    };
    const client = new ServiceClient({ vault, clock: this.#d.clock, ...(this.#d.transport ? { transport: this.#d.transport } : {}) });
    try {
      const user = await client.user({ accountId: runtime.accountId, profileId: profile.profileId }, { whenBudgetSpent: 'fail' });
      if (user.refId !== profile.profileId) refuse(`This key belongs to another profile (${user.title ?? 'not this one'})`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) refuse("The service did not accept this profile key: copy it again from the service's dashboard");
      throw error;
    } finally {
      await client.close();
    }
    await this.#d.vault.setProfileKey(runtime.accountId, profile.profileId, input.profileKey);
    runtime.addProfile(profile);
    runtime.sync.keysChanged(profile.profileId);
    return this.keyStatus(runtime.accountId);
  }

  /** An active profile (of an account that is still here), or a refusal. */
  profile(profileId: string): ProfileRecord {
    const profile = this.#d.store.profiles().find((p) => p.profileId === profileId);
    if (!profile || !this.#d.registry.get(profile.accountId)) refuse('There is no such client profile (any more)');
    return profile;
  }

  async forProfile(profileId: string): Promise<ProfileContext> {
    const profile = this.profile(profileId);
    return { profile, runtime: await this.runtime(profile.accountId) };
  }

  /** The account's runtime once it has started; a refusal when the account is unknown or could not start. */
  async runtime(accountId: string): Promise<AccountRuntime> {
    this.#account(accountId);
    const starting = this.#starting.get(accountId);
    if (!starting) refuse('This account is not running');
    try {
      return await starting;
    } catch (error) {
      refuse(`This account could not be started: ${this.#d.known.redact(error instanceof Error ? error.message : String(error))}`);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const runtimes = [...this.#starting.values()];
    this.#starting.clear();
    this.#running.clear();
    await Promise.all(runtimes.map(async (starting) => (await starting.catch(() => null))?.close()));
  }

  #launch(accountId: string, boot: () => Promise<AccountRuntime>): Promise<AccountRuntime> {
    const starting = boot().then(async (runtime) => {
      if (this.#closed || this.#starting.get(accountId) !== starting) {
        // Closed or removed while it started.
        await runtime.close();
        refuse('The account was removed while it started');
      }
      this.#running.set(accountId, runtime);
      return runtime;
    });
    this.#starting.set(accountId, starting);
    starting.catch((error: unknown) => {
      if (this.#starting.get(accountId) !== starting) return;
      const message = this.#d.known.redact(error instanceof Error ? error.message : String(error));
      this.#d.logger?.error('An account could not be started', { accountId, message });
      this.#d.events.emit('sync.problem', {
        accountId,
        profileId: null,
        kind: 'unexpected',
        message: `The account could not be started: ${message}`,
        postKey: null,
      });
    });
    return starting;
  }

  async #runtimeIfStarting(accountId: string): Promise<AccountRuntime | null> {
    return (await this.#starting.get(accountId)?.catch(() => null)) ?? null;
  }

  async #bootSandbox(): Promise<AccountRuntime> {
    const factory = this.#d.sandbox;
    if (!factory) refuse('This app has no built-in sandbox account');
    const running = await factory.start();
    let runtime: AccountRuntime | null = null;
    try {
      this.#d.known.add(running.apiKey, running.xCredentials.key, running.xCredentials.secret);
      await this.#d.vault.setAccount(SANDBOX_ACCOUNT_ID, { baseUrl: running.url, apiKey: running.apiKey, xCredentials: running.xCredentials });
      const account: AccountRecord = { accountId: SANDBOX_ACCOUNT_ID, title: SANDBOX_ACCOUNT_TITLE, baseUrl: running.url, kind: 'sandbox' };
      this.#d.registry.put(account);
      runtime = this.#d.makeRuntime(account, () => running.close());
      const profiles = await sandboxProfiles(running, runtime.client);
      const known = new Map(this.#d.store.profiles().map((p) => [p.profileId, p]));
      for (const profile of profiles) {
        if (profile.profileKey !== null) {
          this.#d.known.add(profile.profileKey);
          await this.#d.vault.setProfileKey(SANDBOX_ACCOUNT_ID, profile.profileId, profile.profileKey);
        }
        const existing = known.get(profile.profileId);
        const record: ProfileRecord = {
          accountId: SANDBOX_ACCOUNT_ID,
          profileId: profile.profileId,
          title: existing?.title ?? profile.title,
          isPrimary: profile.isPrimary,
          networks: existing?.networks ?? {},
          color: existing?.color ?? null,
        };
        this.#d.registry.saveProfile(record);
        if (profile.isPrimary || profile.profileKey !== null) runtime.addProfile(record);
      }
      runtime.start();
      this.#d.events.emit('accounts.changed', {});
      return runtime;
    } catch (error) {
      if (runtime) await runtime.close();
      else await running.close();
      throw error;
    }
  }

  async #bootService(account: AccountRecord): Promise<AccountRuntime> {
    const runtime = this.#d.makeRuntime(account);
    try {
      const keys = await this.#d.vault.status(account.accountId);
      for (const profile of this.#d.store.profiles(account.accountId)) {
        if (profile.isPrimary || keys.profiles[profile.profileId]?.configured) runtime.addProfile(profile);
      }
      runtime.start();
    } catch (error) {
      await runtime.close();
      throw error;
    }
    void discoverProfiles(runtime, this.#d);
    return runtime;
  }

  #account(accountId: string): AccountRecord {
    const account = this.#d.registry.get(accountId);
    if (!account) refuse('There is no such account (any more)');
    return account;
  }

  #summary(account: AccountRecord): AccountSummary {
    return {
      ...account,
      online: this.#d.board.connectivity(account.accountId)?.online ?? null,
      profileCount: this.profiles(account.accountId).length,
    };
  }
}
