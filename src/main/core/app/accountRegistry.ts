// The accounts the person has added (and whether they removed the built-in sandbox account).
// Each account is in the store's accounts table (its profiles hang off it); the list itself is kept
// beside it in the store's key-value table, because the store offers no read of that table.
// Removing an account cannot delete its rows from the store (the store offers no delete): its
// profiles are left out of every answer instead (activeProfileIds).
import { AccountRecordListSchema } from '../../../shared/domain/accounts.ts';
import type { AccountRecord, Store } from '../store/types.ts';

const ACCOUNTS_CURSOR = 'app.accounts';
const SANDBOX_REMOVED_CURSOR = 'app.sandboxRemoved';

export class AccountRegistry {
  readonly #store: Store;
  readonly #accounts = new Map<string, AccountRecord>();

  constructor(store: Store) {
    this.#store = store;
    const saved = AccountRecordListSchema.safeParse(parseJson(store.cursor(ACCOUNTS_CURSOR)));
    for (const account of saved.success ? saved.data : []) this.#accounts.set(account.accountId, account);
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

  get sandboxRemoved(): boolean {
    return this.#store.cursor(SANDBOX_REMOVED_CURSOR) === 'true';
  }

  set sandboxRemoved(removed: boolean) {
    this.#store.setCursor(SANDBOX_REMOVED_CURSOR, String(removed));
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
    this.#store.setCursor(ACCOUNTS_CURSOR, JSON.stringify(this.list()));
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return [];
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}
