// A store that had to be rebuilt loses nothing the service cannot give back: the accounts are
// recorded beside the outbox files (accounts.json), so a fresh store finds every account, its
// profiles, and every reply still waiting in its outbox, which is then sent; the person is told in
// words. An install from before that record has its accounts carried into it at the first start.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import type { InboxRow } from '../../../src/shared/domain/inbox.ts';
import { overwritePage, pagesOf } from '../../support/sqlitePages.ts';
import { AppRig } from './appHarness.ts';
import { MemoryVault } from './memoryVault.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function service(seed: number): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, seed });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

function dataDirFor(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function outsideComment(rig: AppRig): Promise<InboxRow> {
  return rig.until('an outside instagram comment', async () =>
    (await rig.call('inbox.page', { filter: { platforms: ['instagram'], view: 'needsReply', kind: 'comment' }, limit: 100 })).rows.find(
      (row) => !row.byAccount,
    ),
  );
}

/** An account added through the service, one reply waiting in its undo window, then the app closed. */
async function accountWithPendingReply(
  dataDir: string,
  vault: MemoryVault,
  sandbox: RunningSandbox,
  text: string,
): Promise<{ accountId: string; replyId: string }> {
  const first = await AppRig.start({ sandbox: false, dataDir, vault, settings: { undoSeconds: 5 } });
  const { account } = await first.call('accounts.add', { title: 'Studio', baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  const comment = await outsideComment(first);
  const { item } = await first.call('answer.send', { key: comment.key, text });
  await first.close();
  return { accountId: account.accountId, replyId: item.id };
}

async function ledgerReplies(sandbox: RunningSandbox, text: string): Promise<number> {
  const response = await fetch(`${sandbox.url.replace(/\/api$/, '/__sandbox')}/ledger`, { headers: { authorization: `Bearer ${sandbox.apiKey}` } });
  const entries = (await response.json()) as { kind: string; text: string | null }[];
  return entries.filter((entry) => entry.kind === 'comment.reply' && entry.text === text).length;
}

async function expectAccountAndReplyBack(rig: AppRig, sandbox: RunningSandbox, accountId: string, replyId: string, text: string): Promise<void> {
  expect((await rig.call('accounts.list', {})).accounts.map((a) => a.accountId)).toEqual([accountId]);
  expect((await rig.call('outbox.list', {})).items.map((item) => item.id)).toContain(replyId);
  await rig.until('the waiting reply sent', async () => (await rig.call('outbox.list', { states: ['sent'] })).items.find((item) => item.id === replyId));
  expect(await ledgerReplies(sandbox, text)).toBe(1);
  // The fresh store is refilled from the service under the same account.
  await rig.until('comments again', async () => ((await rig.call('inbox.page', {})).rows.length > 0 ? true : null));
}

describe('a store rebuilt at start', () => {
  it('finds the added account again, lists its waiting reply and sends it, and says so in words', async () => {
    const sandbox = await service(31);
    const dataDir = dataDirFor('rebuild-garbage');
    const vault = new MemoryVault();
    const text = 'Thanks, kept across a rebuilt store';
    const { accountId, replyId } = await accountWithPendingReply(dataDir, vault, sandbox, text);
    writeFileSync(join(dataDir, 'inbox.sqlite'), 'not a database at all '.repeat(400));

    const second = await AppRig.start({ sandbox: false, dataDir, vault, settings: { undoSeconds: 5 } });
    cleanups.push(() => second.close());
    await expectAccountAndReplyBack(second, sandbox, accountId, replyId, text);
    const told = second.eventsNamed('store.recovered') as { reason: string }[];
    expect(told).toHaveLength(1);
    expect(told[0]!.reason).toMatch(/fetched again from the service/);
    expect((await second.call('status.get', {})).storeRecovery).toEqual(told[0]);
  });

  it('does the same when a page of the accounts table is damaged, and tells it once', async () => {
    const sandbox = await service(32);
    const dataDir = dataDirFor('rebuild-accounts-page');
    const vault = new MemoryVault();
    const text = 'Thanks, kept across a damaged accounts page';
    const { accountId, replyId } = await accountWithPendingReply(dataDir, vault, sandbox, text);
    const file = join(dataDir, 'inbox.sqlite');
    for (const page of pagesOf(file, 'accounts')) overwritePage(file, page);

    const second = await AppRig.start({ sandbox: false, dataDir, vault, settings: { undoSeconds: 5 } });
    cleanups.push(() => second.close());
    await expectAccountAndReplyBack(second, sandbox, accountId, replyId, text);
    expect(second.eventsNamed('store.recovered')).toHaveLength(1);
    expect(readdirSync(dataDir).some((name) => name.startsWith('inbox.sqlite.unusable-'))).toBe(true);
  });
});

describe('an install whose accounts were only in the store', () => {
  it('has them carried into the record at the first start, so a later rebuild keeps them', async () => {
    const sandbox = await service(33);
    const dataDir = dataDirFor('rebuild-migrate');
    const vault = new MemoryVault();
    const text = 'Thanks, kept from an older install';
    const { accountId, replyId } = await accountWithPendingReply(dataDir, vault, sandbox, text);
    // As an older version left it: no record beside the store, the list in the store only (where
    // migration 10 puts what an older version kept in sync_cursors: issue 21).
    const recorded = JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8')) as { accounts: unknown[] };
    rmSync(join(dataDir, 'accounts.json'), { force: true });
    const db = new DatabaseSync(join(dataDir, 'inbox.sqlite'));
    db.prepare("INSERT INTO accounts_carried_over (name, value) VALUES ('accounts', ?)").run(JSON.stringify(recorded.accounts));
    const saved = db.prepare("SELECT value FROM accounts_carried_over WHERE name = 'accounts'").get() as { value: string } | undefined;
    db.close();
    expect(JSON.parse(saved!.value)).toMatchObject([{ accountId }]);

    const middle = await AppRig.start({ sandbox: false, dataDir, vault, settings: { undoSeconds: 30 } });
    expect((await middle.call('accounts.list', {})).accounts.map((a) => a.accountId)).toEqual([accountId]);
    await middle.close();
    expect(existsSync(join(dataDir, 'accounts.json'))).toBe(true);
    expect(readFileSync(join(dataDir, 'accounts.json'), 'utf8')).toContain(accountId);

    rmSync(join(dataDir, 'inbox.sqlite'));
    const last = await AppRig.start({ sandbox: false, dataDir, vault, settings: { undoSeconds: 5 } });
    cleanups.push(() => last.close());
    await expectAccountAndReplyBack(last, sandbox, accountId, replyId, text);
    expect((last.eventsNamed('store.recovered') as { reason: string }[])[0]?.reason).toMatch(/was missing/);
  });
});
