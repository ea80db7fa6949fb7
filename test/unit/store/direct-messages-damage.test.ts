// A damaged page in the tables of direct messages is handled by the store's existing recovery:
// whichever comes first, a query that meets the damage or the full check beside the start, the
// file is moved aside (kept), a fresh store takes its place under the same object, the caller is
// told once, and messages can be stored and found again (the sync fetches them again).
import { copyFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import { openStore, type StoreRecovery } from '../../../src/main/core/store/sqliteStore.ts';
import { overwritePage, pagesOf } from '../../support/sqlitePages.ts';
import { dm } from './messageFixtures.ts';
import { ACCOUNT, profile, tempDir } from './storeFixtures.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A closed store file with 60 conversations of 20 messages each: every DM table spans several pages. */
function storeWithMessages(file: string): void {
  const { store } = openStore(file);
  store.upsertAccount(ACCOUNT);
  store.upsertProfile(profile('p-1', ['instagram', 'facebook']));
  for (let conversation = 0; conversation < 60; conversation += 1) {
    store.ingestMessages(
      'p-1',
      Array.from({ length: 20 }, (_, n) =>
        dm({
          conversationId: `c${conversation}`,
          messageId: `c${conversation}-m${n}`,
          at: conversation * 30 + n,
          text: `Question ${n} about order ${conversation} ${'x'.repeat(120)}`,
        }),
      ),
    );
  }
  store.close();
}

const TABLES = ['messages', 'conversations', 'item_state', 'conversations_fts_data', 'messages_in_order'];

describe('a damaged page in the tables of direct messages', () => {
  it(`is found and the store rebuilt, never an error to the caller (${TABLES.join(', ')})`, async () => {
    const goldenDir = tempDir();
    dirs.push(goldenDir);
    const golden = join(goldenDir, 'inbox.sqlite');
    storeWithMessages(golden);
    for (const table of TABLES) {
      const pages = pagesOf(golden, table);
      expect(pages.length, table).toBeGreaterThan(0);
      const dir = tempDir();
      dirs.push(dir);
      const file = join(dir, 'inbox.sqlite');
      copyFileSync(golden, file);
      // A page in the middle (the root of a one-page table): the damage waits for the query (or check) that reaches it.
      overwritePage(file, pages[Math.floor(pages.length / 2)]!);

      const { store, recovered } = openStore(file);
      const told: StoreRecovery[] = [];
      if (recovered !== null) told.push(recovered);
      store.onRecovered((recovery) => told.push(recovery));
      // Reads and a write over every DM table; each either answers or is answered from a fresh store.
      for (const conversation of ['c0', 'c30', 'c59']) {
        store.conversation(conversationKeyOf('instagram', conversation));
        store.inboxPage({ kind: 'conversation', text: `order ${conversation.slice(1)}` });
      }
      store.inboxPage({ kind: 'conversation', view: 'needsReply' });
      store.counts({ kind: 'conversation' });
      if (told.length === 0) {
        const found = await store.verify();
        if (found !== null && !told.includes(found)) told.push(found);
      }
      expect(told, table).toHaveLength(1);
      expect(told[0], table).toMatchObject({ kind: 'corrupt', temporary: false });
      expect(
        readdirSync(dir).filter((name) => name.startsWith('inbox.sqlite.unusable-') && !/-(wal|shm)$/.test(name)),
        table,
      ).toHaveLength(1);

      // The fresh store takes the messages again.
      store.upsertAccount(ACCOUNT);
      store.upsertProfile(profile('p-1', ['instagram']));
      expect(store.ingestMessages('p-1', [dm({ conversationId: 'again', text: 'After the repair' })]).inserted, table).toBe(1);
      expect(
        store.inboxPage({ text: 'repair' }).rows.map((row) => row.key),
        table,
      ).toEqual([conversationKeyOf('instagram', 'again')]);
      store.close();
    }
  }, 60_000);
});
