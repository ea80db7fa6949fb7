// The accounts record beside the store (accounts.json): the registry writes every change to it,
// gives a rebuilt store its accounts and profiles back from it, keeps a damaged one aside, carries
// over once what an earlier version's copy in the store had, and never holds a key.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../src/main/core/app/accountRegistry.ts';
import { accountsFileIn, readAccountsFile } from '../../../src/main/core/app/accountsFile.ts';
import { migrate } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS } from '../../../src/main/core/store/migrations.ts';
import { typedStateTables } from '../../../src/main/core/store/migrationTypedState.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { ACCOUNT, openTempStore, profile, type TempStore } from '../store/storeFixtures.ts';

let temp: TempStore | null = null;
afterEach(() => {
  temp?.cleanup();
  temp = null;
});

function registryWithAccount(): { registry: AccountRegistry; file: string } {
  temp = openTempStore();
  const file = accountsFileIn(temp.dir);
  const registry = new AccountRegistry(temp.store, { file });
  registry.put(ACCOUNT);
  registry.saveProfile(profile('p-1', ['instagram'], { title: 'Bakery', color: '#aa3355' }));
  registry.sandboxRemoved = true;
  return { registry, file };
}

describe('the accounts record', () => {
  it('holds the accounts, their profiles and the sandbox choice, and no key', () => {
    const { file } = registryWithAccount();
    const record = readAccountsFile(file);
    expect(record).toMatchObject({
      version: 1,
      accounts: [ACCOUNT],
      profiles: [{ profileId: 'p-1', title: 'Bakery', color: '#aa3355' }],
      sandboxRemoved: true,
    });
    expect(readFileSync(file, 'utf8')).not.toMatch(/apiKey|profileKey|secret/i);
  });

  it('gives a rebuilt (empty) store its accounts and profiles back', () => {
    const { file } = registryWithAccount();
    const fresh = openStore(join(temp!.dir, 'fresh.sqlite'));
    try {
      const registry = new AccountRegistry(fresh.store, { file });
      expect(registry.list()).toEqual([ACCOUNT]);
      expect(registry.sandboxRemoved).toBe(true);
      expect(fresh.store.profiles().map((p) => [p.profileId, p.title, p.color])).toEqual([['p-1', 'Bakery', '#aa3355']]);
      expect([...registry.activeProfileIds()]).toEqual(['p-1']);
    } finally {
      fresh.store.close();
    }
  });

  // Issue 21: the store keeps no copy of the list any more, but its rows of the accounts (written
  // from the record at every change) give them back when the record is damaged; the damaged file is
  // kept aside (never overwritten) and a new record is written.
  it('keeps a damaged record aside and writes a new one with the accounts the store has rows of', () => {
    const { file } = registryWithAccount();
    writeFileSync(file, '{"version": 1, "accounts": [');
    const again = new AccountRegistry(temp!.store, { file });
    expect(again.list()).toEqual([ACCOUNT]);
    const aside = readdirSync(temp!.dir).filter((name) => name.startsWith('accounts.json.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(temp!.dir, aside[0]!), 'utf8')).toBe('{"version": 1, "accounts": [');
    expect(readAccountsFile(file)).toMatchObject({ accounts: [ACCOUNT], profiles: [{ profileId: 'p-1' }] });
  });
});

describe('the account list an earlier version kept in the store', () => {
  /** A store file at the version before migration 10, with the list and the sandbox choice in sync_cursors. */
  function olderStore(dir: string, accounts: unknown, sandboxRemoved: string): string {
    const file = join(dir, 'inbox.sqlite');
    const db = new DatabaseSync(file);
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version < typedStateTables.version),
    );
    db.prepare("INSERT INTO sync_cursors (name, value) VALUES ('app.accounts', ?), ('app.sandboxRemoved', ?)").run(JSON.stringify(accounts), sandboxRemoved);
    db.close();
    return file;
  }

  it('is carried into accounts.json once, with the sandbox choice, when the record lacks it', () => {
    temp = openTempStore();
    const dir = join(temp.dir, 'older');
    mkdirSync(dir);
    const other = { ...ACCOUNT, accountId: 'acc-2', title: 'Second' };
    const opened = openStore(olderStore(dir, [ACCOUNT, other], 'true'));
    try {
      const file = accountsFileIn(dir);
      const registry = new AccountRegistry(opened.store, { file });
      expect(registry.list().map((a) => a.accountId)).toEqual(['acc-1', 'acc-2']);
      expect(registry.sandboxRemoved).toBe(true);
      expect(readAccountsFile(file)).toMatchObject({ accounts: [ACCOUNT, other], sandboxRemoved: true });
      // Once: the store holds no list afterwards; a removal stays a removal at the next start.
      registry.remove('acc-2');
      expect(opened.store.takeCarriedAccounts()).toBeNull();
      expect(new AccountRegistry(opened.store, { file }).list().map((a) => a.accountId)).toEqual(['acc-1']);
    } finally {
      opened.store.close();
    }
  });

  it('adds to an existing record only the accounts it lacks, and keeps the record’s sandbox choice', () => {
    const { file } = registryWithAccount();
    const dir = join(temp!.dir, 'older');
    mkdirSync(dir);
    const other = { ...ACCOUNT, accountId: 'acc-2', title: 'Second' };
    const opened = openStore(olderStore(dir, [{ ...ACCOUNT, title: 'Old title' }, other], 'false'));
    try {
      const registry = new AccountRegistry(opened.store, { file });
      expect(registry.list()).toEqual([ACCOUNT, other]);
      expect(registry.sandboxRemoved).toBe(true);
      expect(readAccountsFile(file)).toMatchObject({ accounts: [ACCOUNT, other], sandboxRemoved: true });
    } finally {
      opened.store.close();
    }
  });
});
