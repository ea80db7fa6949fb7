// The accounts the person has added (and whether they removed the built-in sandbox account).
// Each account is in the store's accounts table (its profiles hang off it); the list itself is the
// accounts record in the data directory (accountsFile.ts), the only one (issue 21: an earlier
// version kept a copy in the store; what the record lacks of it is carried over once, at the first
// start after the migration). A store rebuild cannot lose the record: a rebuilt store gets every
// account and its profiles back from there (restoreInto), so each account keeps its id and its outbox file.
// Removing an account cannot delete its rows from the store (the store offers no delete): its
// profiles are left out of every answer instead (activeProfileIds).
import { renameSync } from 'node:fs';
import type { AccountRecord, ProfileRecord, Store } from '../store/types.ts';
import { type AccountsRecord, readAccountsFile, writeAccountsFile } from './accountsFile.ts';
import type { LoggerPort } from '../ports.ts';

export interface AccountRegistryOptions {
  /** The accounts record (accountsFile.ts); without it (tests) the list lives in memory only. */
  file?: string;
  logger?: LoggerPort | undefined;
}

export class AccountRegistry {
  readonly #store: Store;
  readonly #file: string | undefined;
  readonly #logger: LoggerPort | undefined;
  readonly #accounts = new Map<string, AccountRecord>();
  /** The accounts' profiles as last recorded, for a rebuilt store. */
  #profiles: ProfileRecord[] = [];
  #sandboxRemoved = false;

  constructor(store: Store, options: AccountRegistryOptions = {}) {
    this.#store = store;
    this.#file = options.file;
    this.#logger = options.logger;
    const record = this.#file === undefined ? 'absent' : readAccountsFile(this.#file);
    const carried = store.takeCarriedAccounts();
    if (typeof record === 'object') {
      for (const account of record.accounts) this.#accounts.set(account.accountId, account);
      this.#profiles = record.profiles;
      this.#sandboxRemoved = record.sandboxRemoved;
    } else if (record === 'unreadable' && this.#file !== undefined) {
      // Kept aside, never overwritten: the person (or support) can still read what it held. The
      // accounts come back from the store's rows of them (written from this record at every change),
      // so a damaged record does not make a client's account disappear; a new record is written.
      const aside = `${this.#file}.unreadable-${Date.now()}`;
      this.#logger?.warn('The accounts record could not be read; it was kept aside and a new one written from the store', { file: aside });
      for (const account of store.storedAccounts()) this.#accounts.set(account.accountId, account);
      try {
        renameSync(this.#file, aside);
      } catch {
        // it stays where it is; the new record replaces it whole
      }
    }
    // What an earlier version's copy in the store has and the record lacks is carried over, once.
    const lacking = (carried?.accounts ?? []).filter((account) => !this.#accounts.has(account.accountId));
    for (const account of lacking) this.#accounts.set(account.accountId, account);
    if (typeof record !== 'object' && carried?.sandboxRemoved != null) this.#sandboxRemoved = carried.sandboxRemoved;
    this.restoreInto();
    if (typeof record !== 'object' || lacking.length > 0) {
      this.#profiles = this.#knownProfiles();
      this.#record();
    }
  }

  list(): AccountRecord[] {
    return [...this.#accounts.values()];
  }

  get(accountId: string): AccountRecord | undefined {
    return this.#accounts.get(accountId);
  }

  put(account: AccountRecord): void {
    this.#store.upsertAccount(account);
    this.#accounts.set(account.accountId, { ...account });
    this.#save();
  }

  remove(accountId: string): void {
    this.#accounts.delete(accountId);
    this.#save();
  }

  /** A profile into the store, and into the record (its title and colour are the person's choice). */
  saveProfile(profile: ProfileRecord): void {
    this.#store.upsertProfile(profile);
    this.#save();
  }

  get sandboxRemoved(): boolean {
    return this.#sandboxRemoved;
  }

  set sandboxRemoved(removed: boolean) {
    this.#sandboxRemoved = removed;
    this.#save();
  }

  /**
   * Puts the recorded accounts, their profiles (those the store does not have) and the list back
   * into the store: after a rebuild, before the sync refills it. Idempotent.
   */
  restoreInto(): void {
    const known = new Set(this.#store.profiles().map((profile) => profile.profileId));
    for (const account of this.#accounts.values()) this.#store.upsertAccount(account);
    for (const profile of this.#profiles) {
      if (!known.has(profile.profileId) && this.#accounts.has(profile.accountId)) this.#store.upsertProfile(profile);
    }
  }

  /** Profiles of the accounts that are still here. */
  activeProfileIds(): Set<string> {
    return new Set(
      this.#store
        .profiles()
        .filter((profile) => this.#accounts.has(profile.accountId))
        .map((profile) => profile.profileId),
    );
  }

  #save(): void {
    this.#profiles = this.#knownProfiles();
    this.#record();
  }

  /**
   * The profiles of the accounts that are here: the store's (the sync keeps their identities up to
   * date there), and the recorded ones the store does not have (yet: it may just have been rebuilt).
   */
  #knownProfiles(): ProfileRecord[] {
    const stored = this.#store.profiles().filter((profile) => this.#accounts.has(profile.accountId));
    const ids = new Set(stored.map((profile) => profile.profileId));
    const kept = this.#profiles.filter((profile) => !ids.has(profile.profileId) && this.#accounts.has(profile.accountId));
    return [...stored, ...kept];
  }

  #record(): void {
    if (this.#file === undefined) return;
    const record: AccountsRecord = { version: 1, accounts: this.list(), profiles: this.#profiles, sandboxRemoved: this.#sandboxRemoved };
    try {
      writeAccountsFile(this.#file, record);
    } catch (error) {
      // Memory still has the list; the record is written again at the next change.
      this.#logger?.error('The accounts record could not be written', { file: this.#file, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
