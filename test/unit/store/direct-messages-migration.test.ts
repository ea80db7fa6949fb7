// Migration 6 (direct messages) on a file a version 5 app left, with comments, triage and counts in
// it: everything keeps its meaning, and conversations come in beside the comments.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import { migrate } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { dm } from './messageFixtures.ts';
import { FakeClock, tempDir } from './storeFixtures.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ID = (second: number): number => second * 2 ** 20;

/** A version 5 file as that app wrote it: ingest put the inbox, counts and search rows beside each comment. */
function versionFiveFile(file: string): void {
  const db = new DatabaseSync(file);
  migrate(db, MIGRATIONS.slice(0, 5));
  db.exec(`
    INSERT INTO accounts VALUES ('acc', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
    INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
      VALUES (1, 'p-1', 'acc', 'Client', 0, '{"instagram":{"id":"me","username":"me"}}', NULL);
    INSERT INTO comments (id, profile_id, platform, social_comment_id, social_post_id, parent_social_comment_id, author_id, author_name,
      text, created, like_count, hidden, by_account, replied, raw)
    VALUES
      (${ID(1_795_000_000)}, 1, 'instagram', 'q', 'post', NULL, 'fan', 'Fan One', 'Is the blue one restocked?', '2026-11-18T08:53:20.000Z', 0, 0, 0, 0, '{}'),
      (${ID(1_795_000_200)}, 1, 'instagram', 'd', 'post', NULL, 'fan2', 'Fan Two', 'Lovely colours', '2026-11-18T08:56:40.000Z', 0, 0, 0, 0, '{}');
    INSERT INTO triage (comment_id, unread, done, snoozed_until, labels) VALUES
      (${ID(1_795_000_000)}, 1, 0, NULL, '[]'),
      (${ID(1_795_000_200)}, 0, 1, NULL, '["vip"]');
    INSERT INTO inbox (id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until) VALUES
      (${ID(1_795_000_000)}, 1, 'instagram', 0, 0, 0, 1, 0, NULL),
      (${ID(1_795_000_200)}, 1, 'instagram', 0, 0, 0, 0, 1, NULL);
    INSERT INTO inbox_counts (profile_id, platform, all_rows, unread, open, done, hidden) VALUES (1, 'instagram', 2, 1, 1, 1, 0);
    INSERT INTO comments_fts (rowid, text, author_name) SELECT id, text, author_name FROM comments;
  `);
  db.close();
}

describe('migration 6: direct messages', () => {
  it('migrates a version 5 file with data: its comments keep their views, counts, triage and search', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    versionFiveFile(file);
    const { store, migrated, recovered } = openStore(file, { clock: new FakeClock(Date.parse('2026-11-20T00:00:00Z')) });
    expect(recovered).toBeNull();
    expect(migrated).toEqual({ from: 5, to: SCHEMA_VERSION });
    expect(store.inboxPage({}).rows.map((r) => [r.key, r.kind ?? 'comment'])).toEqual([
      ['instagram:d', 'comment'],
      ['instagram:q', 'comment'],
    ]);
    expect(store.inboxPage({ view: 'needsReply' }).rows.map((r) => r.key)).toEqual(['instagram:q']);
    expect(store.inboxPage({ view: 'done' }).rows.map((r) => [r.key, r.labels])).toEqual([['instagram:d', ['vip']]]);
    expect(store.inboxPage({ text: 'restocked' }).rows.map((r) => r.key)).toEqual(['instagram:q']);
    expect(store.counts()['p-1']).toEqual({ unread: 1, needsReply: 1, all: 2, done: 1, snoozed: 0, hidden: 0 });
    expect(store.counts({ kind: 'comment' })['p-1']).toEqual(store.counts()['p-1']);

    // Then the new kind comes in beside them, in the same second as a comment too.
    store.ingestMessages('p-1', [dm({ conversationId: 'k', created: '2026-11-18T08:53:20.000Z', text: 'Blue in stock?' })]);
    expect(
      store
        .inboxPage({ text: 'blue' })
        .rows.map((r) => r.key)
        .sort(),
    ).toEqual([conversationKeyOf('instagram', 'k'), 'instagram:q'].sort());
    expect(store.counts()['p-1']).toEqual({ unread: 2, needsReply: 2, all: 3, done: 1, snoozed: 0, hidden: 0 });
    store.setTriage(['instagram:q'], { done: true });
    expect(store.counts({ kind: 'comment' })['p-1']).toMatchObject({ needsReply: 0, done: 2 });
    store.close();
    const db = new DatabaseSync(file);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect((db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check).toBe('ok');
    db.close();
  });
});
