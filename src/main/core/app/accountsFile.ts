// The record of the accounts, their profiles and the sandbox choice, in a small JSON file in the
// data directory, beside the outbox files it gives meaning to (outbox-<account>.sqlite).
//
// Why a file of its own and not the store or the settings: the store can be rebuilt (a damaged
// file is moved aside and refilled from the service), but the service cannot tell which accounts
// were added here, under which ids: an account added again gets a new id and its outbox file,
// named by the old one, would never be opened again. The settings belong to the host (electron-store
// on the desktop, settings.json on the web host), and the core would have to reach through its port
// for something that is not a setting. So the accounts live here, and in the store as before (each
// copy survives the loss of the other). Never a key in here: keys stay in the vault.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileWhole } from './wholeFile.ts';
import { AccountRecordListSchema, ProfileRecordSchema } from '../../../shared/domain/accounts.ts';
import type { AccountRecord, ProfileRecord } from '../store/types.ts';

export const ACCOUNTS_FILE_NAME = 'accounts.json';

export interface AccountsRecord {
  version: 1;
  accounts: AccountRecord[];
  /** The accounts' profiles as last known: a rebuilt store gets them back before the sync runs. */
  profiles: ProfileRecord[];
  sandboxRemoved: boolean;
}

const ProfileRecordListSchema = ProfileRecordSchema.array();

export function accountsFileIn(dataDir: string): string {
  return join(dataDir, ACCOUNTS_FILE_NAME);
}

/** The record; 'absent' when there is none yet, 'unreadable' when the file is damaged. */
export function readAccountsFile(file: string): AccountsRecord | 'absent' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'absent' : 'unreadable';
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  if (typeof value !== 'object' || value === null) return 'unreadable';
  const { version, accounts, profiles, sandboxRemoved } = value as Record<string, unknown>;
  const parsedAccounts = AccountRecordListSchema.safeParse(accounts);
  const parsedProfiles = ProfileRecordListSchema.safeParse(profiles);
  if (version !== 1 || typeof sandboxRemoved !== 'boolean' || !parsedAccounts.success || !parsedProfiles.success) return 'unreadable';
  return { version: 1, accounts: parsedAccounts.data, profiles: parsedProfiles.data, sandboxRemoved };
}

/** Written whole (wholeFile.ts): a crash mid-write leaves the previous record whole, never half a file. */
export function writeAccountsFile(file: string, record: AccountsRecord): void {
  writeFileWhole(file, `${JSON.stringify(record, null, 2)}\n`);
}
