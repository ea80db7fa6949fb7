// A data folder for the UI benchmark: the store filled with a seeded dataset (test/bench/store) as
// the built-in sandbox account's profiles, so the app shows every comment of it in the inbox. The
// store is filled directly (a 100,000-comment ingest takes seconds; syncing as much from the
// sandbox would take hours within its rate limits).
import { accountsFileIn, writeAccountsFile } from '../../../src/main/core/app/accountsFile.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_ACCOUNT_ID, SANDBOX_ACCOUNT_TITLE } from '../../../src/main/core/app/sandboxAccount.ts';
import { openStore, storeFileIn } from '../../../src/main/core/store/sqliteStore.ts';
import type { AccountRecord } from '../../../src/main/core/store/types.ts';
import { buildDataset } from '../store/dataset.ts';

export function seedDataDir(dataDir: string, comments: number): { ms: number; comments: number } {
  const started = performance.now();
  mkdirSync(dataDir, { recursive: true });
  const dataset = buildDataset({ comments, posts: Math.max(20, Math.round(comments / 170)) });
  const account: AccountRecord = { accountId: SANDBOX_ACCOUNT_ID, title: SANDBOX_ACCOUNT_TITLE, baseUrl: '', kind: 'sandbox' };
  const { store } = openStore(storeFileIn(dataDir), { clock: { now: () => dataset.now, sleep: async () => {} } });
  try {
    store.upsertAccount(account);
    for (const profile of dataset.profiles) store.upsertProfile({ ...profile, accountId: SANDBOX_ACCOUNT_ID });
    store.upsertPosts(dataset.posts);
    for (const batch of dataset.batches) store.ingestComments(batch.profileId, batch.comments);
  } finally {
    store.close();
  }
  // The account list lives in accounts.json (accountsFile.ts), the only list.
  writeAccountsFile(accountsFileIn(dataDir), { version: 1, accounts: [account], profiles: [], sandboxRemoved: false });
  return { ms: performance.now() - started, comments: dataset.commentCount };
}

export function settingsFileIn(dataDir: string): string {
  return join(dataDir, 'settings.json');
}
