// The accounts record beside the store (accounts.json): the registry writes every change to it,
// gives a rebuilt store its accounts and profiles back from it, falls back to the store's copy
// when the record is damaged, and never holds a key.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../src/main/core/app/accountRegistry.ts';
import { accountsFileIn, readAccountsFile } from '../../../src/main/core/app/accountsFile.ts';
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

  it("is written again from the store's copy when it is damaged, and made for an install that had none", () => {
    const { file } = registryWithAccount();
    writeFileSync(file, '{"version": 1, "accounts": [');
    const again = new AccountRegistry(temp!.store, { file });
    expect(again.list()).toEqual([ACCOUNT]);
    expect(again.sandboxRemoved).toBe(true);
    expect(readAccountsFile(file)).toMatchObject({ accounts: [ACCOUNT], profiles: [{ profileId: 'p-1' }] });
  });
});
