// Every user's data survives an upgrade, from EVERY earlier schema version (issue 21). For each
// version k before the latest, a file is built by the first k migrations, with the data an app of
// that version wrote, each table filled at the version that made it (the later steps up to k carry
// it, as an app of version k would have): triage of comments (read, done, snoozed, labels), of
// conversations from version 6, the key-value rows of every family, and the account list in the
// store. The current code then opens it, and nothing may be lost. The loop walks the migration list,
// so a migration added later is covered without editing this file.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../src/main/core/app/accountRegistry.ts';
import { accountsFileIn, readAccountsFile } from '../../../src/main/core/app/accountsFile.ts';
import { migrate, userVersion } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { FakeClock, tempDir } from './storeFixtures.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const SNOOZED_UNTIL = NOW + 3 * 3_600_000;
const ID = (second: number): number => second * 2 ** 20;
const C1 = ID(1_795_000_000);
const C2 = ID(1_795_000_100);
const C3 = ID(1_795_000_200);
const CONVERSATION_INBOX_ID = ID(1_795_000_300);
const ACCOUNT = { accountId: 'acc-1', title: 'Studio', baseUrl: 'http://127.0.0.1:4010/api', kind: 'sandbox' };
const EDITS = { groups: [['twitter:t1', 'twitter:t2']], ungrouped: ['twitter:t9'] };
const SEEN = {
  at: NOW - 60_000,
  snapshot: {
    id: 1,
    profileId: 'p-1',
    platform: 'instagram',
    socialPostId: 'post',
    fetchedAt: NOW - 120_000,
    lastUpdated: '2026-11-20T11:00:00.000Z',
    nextUpdate: '2026-11-20T13:00:00.000Z',
    metrics: { likes: 12 },
  },
};
const UNREAD_NOTES = { instagram: { since: NOW - 86_400_000, reason: 'instagram refused (code 300)' } };

/** The version at which each kind of data can be written: the step that made its table. */
const CONVERSATIONS_FROM = 6;

function at(version: number, k: number): boolean {
  return k >= version;
}

/** Runs migrations up to `version` (never past k) and then writes that version's data. */
function fileAtVersion(file: string, k: number): void {
  const db = new DatabaseSync(file);
  migrate(db, MIGRATIONS.slice(0, 1));
  // Version 1: accounts, a profile, a post, three comments and their triage, the key-value rows.
  db.exec(`
    INSERT INTO accounts VALUES ('acc-1', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
    INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
      VALUES (1, 'p-1', 'acc-1', 'Bakery', 0, '{"instagram":{"id":"me","username":"me"},"facebook":{"id":"page","username":"page"}}', '#aa3355');
    INSERT INTO posts (id, profile_id, platform, social_post_id, service_post_id, text, url, created, disable_comments, raw)
      VALUES (1, 1, 'instagram', 'post', 'svc-1', 'Vegan morning buns', NULL, '2026-11-18T08:00:00.000Z', 0, '{}');
    INSERT INTO comments (id, profile_id, platform, social_comment_id, social_post_id, parent_social_comment_id, author_id, author_name,
      text, created, like_count, hidden, by_account, replied, raw)
    VALUES
      (${C1}, 1, 'instagram', 'c1', 'post', NULL, 'fan', 'Fan One', 'Is the blue one restocked?', '2026-11-18T08:53:20.000Z', 0, 0, 0, 0, '{}'),
      (${C2}, 1, 'instagram', 'c2', 'post', NULL, 'fan2', 'Fan Two', 'Lovely colours', '2026-11-18T08:55:00.000Z', 0, 0, 0, 0, '{}'),
      (${C3}, 1, 'instagram', 'c3', 'post', NULL, 'fan3', 'Fan Three', 'Do you deliver?', '2026-11-18T08:56:40.000Z', 0, 0, 0, 0, '{}');
    INSERT INTO triage (comment_id, unread, done, snoozed_until, labels) VALUES
      (${C1}, 0, 1, NULL, '["vip","order"]'),
      (${C2}, 1, 0, ${SNOOZED_UNTIL}, '[]'),
      (${C3}, 1, 0, NULL, '[]');
  `);
  const cursor = db.prepare('INSERT INTO sync_cursors (name, value) VALUES (?, ?)');
  cursor.run('app.accounts', JSON.stringify([ACCOUNT]));
  cursor.run('app.sandboxRemoved', 'true');
  cursor.run('threads:edits:p-1', JSON.stringify(EDITS));
  cursor.run('posts:seen:instagram:post', JSON.stringify(SEEN));
  cursor.run('sync:acc-1:p-1:discoveredAt', String(NOW - 600_000));
  cursor.run('analytics:notFound:instagram:post', '2026-11-19T10:00:00.000Z');
  cursor.run('account-analytics:p-1', '2026-11-20');
  cursor.run('account-analytics-unread:p-1', JSON.stringify(UNREAD_NOTES));
  if (at(CONVERSATIONS_FROM, k)) {
    migrate(db, MIGRATIONS.slice(0, CONVERSATIONS_FROM));
    // Version 6: a conversation the person wrote in, triaged done with a label, in the inbox and its counts.
    db.exec(`
      INSERT INTO conversations (id, profile_id, platform, conversation_id, inbox_id, recipient_id, name, username, picture_url,
        last_message_at, last_text, last_action, last_received_at, last_sent_at, message_count, status, raw)
      VALUES (1, 1, 'facebook', 'conv-1', ${CONVERSATION_INBOX_ID}, 'person', 'Ada Lovelace', NULL, NULL,
        '2026-11-18T09:00:00.000Z', 'Can I order for Friday?', 'received', '2026-11-18T09:00:00.000Z', NULL, 1, 'active', '{}');
      INSERT INTO messages (conversation, message_id, action, text, created, sender_id, media, raw)
        VALUES (1, 'm1', 'received', 'Can I order for Friday?', '2026-11-18T09:00:00.000Z', 'person', '[]', '{}');
      INSERT INTO conversation_triage (conversation, unread, done, snoozed_until, labels) VALUES (1, 0, 1, NULL, '["quote"]');
      INSERT INTO inbox (id, profile_id, platform, kind, by_account, hidden, replied, unread, done, snoozed_until)
        VALUES (${CONVERSATION_INBOX_ID}, 1, 'facebook', 1, 0, 0, 0, 0, 1, NULL);
      INSERT INTO inbox_counts (profile_id, platform, kind, all_rows, unread, open, done, hidden) VALUES (1, 'facebook', 1, 1, 0, 0, 1, 0);
      INSERT INTO conversations_fts (rowid, text, author_name) VALUES (${CONVERSATION_INBOX_ID}, 'Can I order for Friday?', 'Ada Lovelace');
    `);
  }
  migrate(db, MIGRATIONS.slice(0, k));
  expect(userVersion(db)).toBe(k);
  db.close();
}

const earlier = Array.from({ length: SCHEMA_VERSION - 1 }, (_, i) => i + 1);

describe('an upgrade from every earlier store version', () => {
  it.each(earlier)('keeps everything a version %i file holds', (k) => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    fileAtVersion(file, k);
    const { store, recovered, migrated } = openStore(file, { clock: new FakeClock(NOW) });
    try {
      expect(recovered).toBeNull();
      expect(migrated).toEqual({ from: k, to: SCHEMA_VERSION });

      // Triage of comments, by their keys now.
      expect(store.thread('instagram:c1')?.comment).toMatchObject({ unread: false, done: true, snoozedUntil: null, labels: ['vip', 'order'] });
      expect(store.thread('instagram:c2')?.comment).toMatchObject({ unread: true, done: false, snoozedUntil: SNOOZED_UNTIL, labels: [] });
      expect(store.thread('instagram:c3')?.comment).toMatchObject({ unread: true, done: false, snoozedUntil: null });
      expect(store.inboxPage({ view: 'done' }).rows.map((r) => r.key)).toEqual(
        at(CONVERSATIONS_FROM, k) ? ['dm:facebook:conv-1', 'instagram:c1'] : ['instagram:c1'],
      );
      expect(store.inboxPage({ view: 'snoozed' }).rows.map((r) => r.key)).toEqual(['instagram:c2']);
      expect(store.inboxPage({ view: 'needsReply' }).rows.map((r) => r.key)).toEqual(['instagram:c3']);
      const conversations = at(CONVERSATIONS_FROM, k) ? 1 : 0;
      expect(store.counts()['p-1']).toEqual({ unread: 2, needsReply: 1, all: 3 + conversations, done: 1 + conversations, snoozed: 1, hidden: 0 });

      if (at(CONVERSATIONS_FROM, k)) {
        expect(store.conversation('dm:facebook:conv-1')?.row).toMatchObject({ unread: false, done: true, labels: ['quote'] });
        expect(store.counts({ kind: 'conversation' })['p-1']).toMatchObject({ all: 1, done: 1, unread: 0 });
      }
      // A triage write after the upgrade moves the inbox and its counts as before.
      expect(store.setTriage(['instagram:c3'], { done: true })).toHaveLength(1);
      expect(store.counts()['p-1']).toMatchObject({ needsReply: 0, done: 2 + conversations });

      // What the key-value table held, each in its typed home.
      expect(store.threadEdits('p-1')).toEqual(EDITS);
      expect(store.lastSeen('instagram:post')).toEqual(SEEN);
      expect(store.discoveredAt('acc-1', 'p-1')).toBe(NOW - 600_000);
      expect(store.analyticsNotFound('instagram:post')).toBe('2026-11-19T10:00:00.000Z');
      expect(store.accountAnalyticsDay('p-1')).toBe('2026-11-20');
      expect(store.accountFiguresUnread('p-1')).toEqual([{ network: 'instagram', ...UNREAD_NOTES.instagram }]);

      // The account list and the sandbox choice reach accounts.json, the only list now.
      const registry = new AccountRegistry(store, { file: accountsFileIn(dir) });
      expect(registry.list()).toEqual([ACCOUNT]);
      expect(registry.sandboxRemoved).toBe(true);
      expect(readAccountsFile(accountsFileIn(dir))).toMatchObject({
        accounts: [ACCOUNT],
        sandboxRemoved: true,
        profiles: [{ profileId: 'p-1', title: 'Bakery' }],
      });
    } finally {
      store.close();
    }
  });
});
