// Migration 12 (issue 27): a file an earlier app left, where the account's answer to a follow-up
// had marked the question above it "replied" too. After the upgrade, only the follow-up the account
// answered is replied; the question is back in Needs reply.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { tempDir } from './storeFixtures.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ID = (second: number, sequence = 0): number => second * 2 ** 20 + sequence;
const SECOND = 1_795_000_000;

/** A version 11 file: a question (q), a follow-up under it (f), the account's answer to the follow-up (a); both marked replied, as that app did. */
function versionElevenFile(file: string): void {
  const db = new DatabaseSync(file);
  migrate(db, MIGRATIONS.slice(0, 7));
  db.exec(`
    INSERT INTO accounts VALUES ('acc', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
    INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
      VALUES (1, 'p-1', 'acc', 'Client', 0, '{"instagram":{"id":"me","username":"me"}}', NULL);
    INSERT INTO comments (id, profile_id, platform, social_comment_id, social_post_id, parent_social_comment_id, author_id, author_name,
      text, created, like_count, hidden, by_account, replied, raw)
    VALUES
      (${ID(SECOND + 10)}, 1, 'instagram', 'q', 'post', NULL, 'arjun', 'the_real_arjun', 'Do you ship?', '2026-11-18T11:06:50.000Z', 0, 0, 0, 1, '{}'),
      (${ID(SECOND + 20)}, 1, 'instagram', 'f', 'post', 'q', 'marcus', 'marcus_studio', 'To Mexico?', '2026-11-18T11:07:00.000Z', 0, 0, 0, 1, '{}'),
      (${ID(SECOND + 70)}, 1, 'instagram', 'a', 'post', 'f', 'me', 'Studio', 'Yes', '2026-11-18T11:07:50.000Z', 0, 0, 1, 0, '{}');
    INSERT INTO triage (comment_id, unread) SELECT id, 1 FROM comments;
    INSERT INTO inbox (id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until)
      SELECT id, profile_id, platform, by_account, hidden, replied, 1, 0, NULL FROM comments;
    INSERT INTO comments_fts (rowid, text, author_name) SELECT id, text, author_name FROM comments;
  `);
  migrate(db, MIGRATIONS.slice(0, 11));
  db.close();
}

describe('migration 12: replied only where the account answered', () => {
  it('takes the flag back from the comment above an answered one, and keeps it on the answered one', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    versionElevenFile(file);
    const { store, migrated, recovered } = openStore(file);
    expect(recovered).toBeNull();
    expect(migrated).toEqual({ from: 11, to: SCHEMA_VERSION });
    expect(store.thread('instagram:q')!.comment.replied).toBe(false);
    expect(store.thread('instagram:f')!.comment.replied).toBe(true);
    expect(store.inboxPage({ view: 'needsReply' }).rows.map((row) => row.key)).toEqual(['instagram:q']);
    store.close();
  });
});
