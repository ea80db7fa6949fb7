// The store against a failing disk: a page of one table of inbox.sqlite overwritten with garbage,
// the file cut short, emptied or gone. Each time the app core starts on the damaged data directory
// (the built-in sandbox account and an added account with a reply waiting in its outbox) and:
// it starts, no command answers `internal`, the person is told in words, both accounts and the
// waiting reply are still there, and the damaged file was moved aside (kept, never deleted).
// Short form (npm test): the tables the issue named, the search index, and the truncations; long form
// (npm run test:chaos): every table and index of the file.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/index.ts';
import { AppRig } from '../integration/app/appHarness.ts';
import { MemoryVault } from '../integration/app/memoryVault.ts';
import { overwritePage, pagesOf, btreesOf, truncateTo } from '../support/sqlitePages.ts';
import { chaosLong, chaosRounds } from './support/chaosLevel.ts';

/** The tables the issue named, and the search index's data (read by no query at start: the check beside the start finds it, mid-session). */
const SHORT_TABLES = ['accounts', 'profiles', 'sync_cursors', 'comments', 'posts', 'comments_fts_data'];

let golden: string;
let service: RunningSandbox;
const vault = new MemoryVault();
let serviceAccountId: string;
let waitingReplyId: string;
const dirs: string[] = [];

beforeAll(async () => {
  // Every case syncs the added account again: the service's rate limit is not what this suite tries.
  service = await startSandbox({ port: 0, seed: 41, rateLimit: 1_000_000 });
  golden = mkdtempSync(join(tmpdir(), 'chaos-store-golden-'));
  // A long undo window: the reply is still waiting in the outbox when the damaged copies start.
  const rig = await AppRig.start({ dataDir: golden, vault, settings: { undoSeconds: 30 } });
  const { account } = await rig.call('accounts.add', { title: 'Studio', baseUrl: service.url, apiKey: service.apiKey });
  serviceAccountId = account.accountId;
  const { profiles } = await rig.call('profiles.list', { accountId: serviceAccountId });
  const comment = await rig.until('a comment of the added account', async () =>
    (
      await rig.call('inbox.page', { filter: { profileIds: profiles.map((p) => p.profileId), platforms: ['instagram'], view: 'needsReply' }, limit: 50 })
    ).rows.find((row) => !row.byAccount),
  );
  await rig.until('comments of the built-in account', async () => {
    const { rows } = await rig.call('inbox.page', {
      filter: { profileIds: (await rig.call('profiles.list', { accountId: 'sandbox' })).profiles.map((p) => p.profileId) },
    });
    return rows.length > 0;
  });
  waitingReplyId = (await rig.call('answer.send', { key: comment.key, text: 'Thanks, waiting through the chaos' })).item.id;
  // Some triage, so its table has rows too.
  await rig.call('inbox.triage', { keys: [comment.key], unread: false });
  await rig.close();
}, 120_000);

afterAll(async () => {
  await service?.close();
  for (const dir of [golden, ...dirs]) if (dir) rmSync(dir, { recursive: true, force: true });
});

function copyOfGolden(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-store-'));
  dirs.push(dir);
  cpSync(golden, dir, { recursive: true });
  return dir;
}

async function expectStartsAndKeepsEverything(dataDir: string, expectMovedAside: boolean): Promise<void> {
  const rig = await AppRig.start({ dataDir, vault, settings: { undoSeconds: 30 } });
  try {
    // Told in words, once: at open, by a query at start, or by the full check beside the start.
    const recovery = await rig.until('the person told', () => rig.eventsNamed('store.recovered')[0] as { reason: string; temporary: boolean } | undefined);
    expect(recovery.reason).toMatch(/fresh one was started.*fetched again from the service/);
    expect(recovery.temporary).toBe(false);
    expect(rig.eventsNamed('store.recovered')).toHaveLength(1);
    expect((await rig.call('status.get', {})).storeRecovery).toEqual(recovery);

    const accounts = await rig.until('both accounts running', async () => {
      const listed = (await rig.call('accounts.list', {})).accounts;
      return listed.length === 2 && listed.every((account) => account.profileCount > 0) ? listed : null;
    });
    expect(accounts.map((account) => account.accountId).sort()).toEqual([serviceAccountId, 'sandbox'].sort());
    expect((await rig.call('outbox.list', {})).items.map((item) => item.id)).toContain(waitingReplyId);
    await rig.until('comments fetched again', async () => (await rig.call('inbox.page', {})).rows.length > 0);

    // The file itself (its WAL and shared-memory companions travel with it, under the same name).
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('inbox.sqlite.unusable-') && !/-(wal|shm)$/.test(name));
    expect(aside.length).toBe(expectMovedAside ? 1 : 0);

    // Whatever is asked now is answered: never `internal` (reads and writes, over what is there now).
    const { profiles } = await rig.call('profiles.list', {});
    const first = (await rig.call('inbox.page', {})).rows[0]!;
    const calls: [string, unknown][] = [
      ['status.get', {}],
      ['accounts.list', {}],
      ['settings.get', {}],
      ['inbox.counts', {}],
      ['inbox.viewSize', {}],
      ['inbox.search', { text: first.text.split(/\s+/)[0]!.replace(/[^\p{L}\p{N}]/gu, '') || 'a' }],
      ['inbox.item', { key: first.key }],
      ['inbox.triage', { keys: [first.key], done: true }],
      ['outbox.list', {}],
      ['posts.commentsChanges', {}],
      ['sync.setPaused', { paused: false }],
      ...accounts.map((account): [string, unknown] => ['accounts.keyStatus', { accountId: account.accountId }]),
      ...profiles.flatMap((profile): [string, unknown][] => [
        ['posts.list', { profileId: profile.profileId }],
        ['posts.threads', { profileId: profile.profileId }],
        // Only profiles with a key: the test vault's "no key" is a plain Error, outside this suite's concern.
        ...(profile.accountId === 'sandbox' || profile.isPrimary ? [['webhooks.list', { profileId: profile.profileId }] as [string, unknown]] : []),
      ]),
    ];
    for (let round = 0; round < chaosRounds(1, 3); round += 1) {
      for (const [name, input] of calls) {
        const result = await rig.invoke(name, input);
        expect(result.ok || result.error.code !== 'internal', `${name}: ${JSON.stringify(result)}`).toBe(true);
      }
    }
    expect(rig.logs.filter((line) => line.level === 'error')).toEqual([]);
  } finally {
    await rig.close();
  }
}

describe('a damaged page in a table of inbox.sqlite', () => {
  const tables = (): string[] => (chaosLong ? btreesOf(join(golden, 'inbox.sqlite')) : SHORT_TABLES);

  it(
    `never stops the app nor loses an account or a waiting reply (${chaosLong ? 'every table and index' : SHORT_TABLES.join(', ')})`,
    async () => {
      const names = tables();
      expect(names.length).toBeGreaterThanOrEqual(SHORT_TABLES.length);
      for (const table of names) {
        const dataDir = copyOfGolden();
        const file = join(dataDir, 'inbox.sqlite');
        const pages = pagesOf(file, table);
        // Its root (every read starts there) and, for a bigger table, one page in the middle.
        for (const page of new Set([pages[0]!, pages[Math.floor(pages.length / 2)]!])) overwritePage(file, page);
        await expectStartsAndKeepsEverything(dataDir, true).catch((error: unknown) => {
          throw new Error(`table ${table}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        });
      }
    },
    chaosLong ? 900_000 : 180_000,
  );
});

describe('a store file cut short, emptied or gone', () => {
  it.each([
    ['emptied (0 bytes)', (file: string) => truncateTo(file, 0), true],
    ['cut to half its length', (file: string) => truncateTo(file, 0.5), true],
    ['gone', (file: string) => rmSync(file), false],
  ] as const)(
    '%s: the app starts, tells it, and keeps the accounts and the waiting reply',
    async (_, damage, movedAside) => {
      const dataDir = copyOfGolden();
      damage(join(dataDir, 'inbox.sqlite'));
      await expectStartsAndKeepsEverything(dataDir, movedAside);
    },
    60_000,
  );
});
