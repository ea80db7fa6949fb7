// The account list and the sandbox choice an earlier version kept in the store beside accounts.json
// (migration 10 moved them into `accounts_carried_over`). Taken once by the account registry, which
// carries into accounts.json what it lacks; taking them deletes them, so the store holds no list.
import { type AccountRecord, AccountRecordListSchema } from '../../../shared/domain/accounts.ts';
import type { Statements } from './statements.ts';

export interface CarriedAccounts {
  accounts: AccountRecord[];
  /** null when the earlier version never wrote the choice. */
  sandboxRemoved: boolean | null;
}

export function takeCarriedAccounts(statements: Statements): CarriedAccounts | null {
  const rows = statements.get('SELECT name, value FROM accounts_carried_over').all() as { name: string; value: string }[];
  if (rows.length === 0) return null;
  statements.get('DELETE FROM accounts_carried_over').run();
  const accountsText = rows.find((row) => row.name === 'accounts')?.value;
  const removed = rows.find((row) => row.name === 'sandboxRemoved')?.value;
  let accounts: AccountRecord[] = [];
  try {
    const parsed = AccountRecordListSchema.safeParse(JSON.parse(accountsText ?? '[]'));
    if (parsed.success) accounts = parsed.data;
  } catch {
    // a list that does not read carries nothing over
  }
  return { accounts, sandboxRemoved: removed === undefined ? null : removed === 'true' };
}
