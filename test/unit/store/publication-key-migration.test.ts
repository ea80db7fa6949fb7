// Migration 9 (the publication key, decision 0051) on a file a version 8 app left: every post gets
// its publication (its service post id; a post made outside the service, its own post key), every
// comment's inbox row its post's, a conversation none; later writes keep them true (a new comment, a
// post that arrives after its comments, a service id learnt later).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { comment, FakeClock, post, T0, tempDir } from './storeFixtures.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ID = (second: number): number => second * 2 ** 20;
const SECOND = Math.floor(T0 / 1000) - 3600;

/**
 * A version 8 file: "Autumn" sent through the service to instagram and facebook (one service id), a
 * linkedin post made on the network (no service id), a comment on each, one on a post not stored
 * yet with the account's answer below it, and a direct-message conversation's inbox row.
 */
function versionEightFile(file: string): void {
  const db = new DatabaseSync(file);
  migrate(db, MIGRATIONS.slice(0, 8));
  db.exec(`
    INSERT INTO accounts VALUES ('acc', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
    INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
      VALUES (1, 'p-1', 'acc', 'Client', 0, '{"instagram":{"id":"me","username":"me"},"facebook":{"id":"me-fb","username":"me"}}', NULL);
    INSERT INTO posts (profile_id, platform, social_post_id, service_post_id, text, url, created, disable_comments, raw) VALUES
      (1, 'instagram', 'ig-1', 'SVC1', 'Autumn', NULL, '2026-11-18T10:00:00.000Z', 0, '{}'),
      (1, 'facebook', 'fb-1', 'SVC1', 'Autumn', NULL, '2026-11-18T10:00:00.000Z', 0, '{}'),
      (1, 'linkedin', 'li-1', NULL, 'Hiring', NULL, '2026-11-18T11:00:00.000Z', 0, '{}');
    INSERT INTO comments (id, profile_id, platform, social_comment_id, social_post_id, parent_social_comment_id, author_id, author_name,
      text, created, like_count, hidden, by_account, replied, raw)
    VALUES
      (${ID(SECOND + 1)}, 1, 'instagram', 'a', 'ig-1', NULL, 'fan', 'Fan', 'Lovely', '2026-11-20T11:00:01.000Z', 0, 0, 0, 0, '{}'),
      (${ID(SECOND + 2)}, 1, 'facebook', 'b', 'fb-1', NULL, 'fan', 'Fan', 'Price?', '2026-11-20T11:00:02.000Z', 0, 0, 0, 0, '{}'),
      (${ID(SECOND + 3)}, 1, 'linkedin', 'c', 'li-1', NULL, 'fan', 'Fan', 'Applied', '2026-11-20T11:00:03.000Z', 0, 0, 0, 0, '{}'),
      (${ID(SECOND + 4)}, 1, 'instagram', 'd', 'ig-later', NULL, 'fan', 'Fan', 'Early', '2026-11-20T11:00:04.000Z', 0, 0, 0, 1, '{}'),
      (${ID(SECOND + 6)}, 1, 'instagram', 'r', 'ig-later', 'd', 'me', 'Studio', 'Thanks!', '2026-11-20T11:00:06.000Z', 0, 0, 1, 0, '{}');
    INSERT INTO triage (comment_id, unread) SELECT id, 1 FROM comments;
    INSERT INTO inbox (id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until)
      SELECT id, profile_id, platform, by_account, hidden, replied, 1, 0, NULL FROM comments;
    INSERT INTO inbox (id, profile_id, platform, kind, by_account, hidden, replied, unread, done, snoozed_until)
      VALUES (${ID(SECOND + 5)}, 1, 'instagram', 1, 0, 0, 0, 1, 0, NULL);
  `);
  db.close();
}

function inboxKeys(file: string): Record<string, string | null> {
  const db = new DatabaseSync(file, { readOnly: true });
  const rows = db.prepare('SELECT id, publication_key FROM inbox ORDER BY id').all() as { id: number; publication_key: string | null }[];
  db.close();
  return Object.fromEntries(rows.map((row) => [String((row.id - ID(SECOND)) / 2 ** 20), row.publication_key]));
}

describe('migration 9: the publication key', () => {
  it('backfills posts and the inbox of a version 8 file, and later writes keep the key true', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    versionEightFile(file);
    const { store, migrated, recovered } = openStore(file, { clock: new FakeClock(T0) });
    expect(recovered).toBeNull();
    expect(migrated).toEqual({ from: 8, to: SCHEMA_VERSION });

    // Posts: the service id ties instagram and facebook; the linkedin post is its own.
    expect(store.post('instagram:ig-1')?.publicationKey).toBe('SVC1');
    expect(store.post('facebook:fb-1')?.publicationKey).toBe('SVC1');
    expect(store.post('linkedin:li-1')?.publicationKey).toBe('linkedin:li-1');
    // Inbox: each comment its post's publication; the comment on an unknown post its post key; the conversation none.
    expect(inboxKeys(file)).toEqual({ '1': 'SVC1', '2': 'SVC1', '3': 'linkedin:li-1', '4': 'instagram:ig-later', '5': null, '6': 'instagram:ig-later' });
    const page = store.inboxPage({ profileIds: ['p-1'], kind: 'comment' });
    expect(Object.fromEntries(page.rows.map((row) => [row.key, row.publicationKey]))).toEqual({
      'instagram:a': 'SVC1',
      'facebook:b': 'SVC1',
      'linkedin:c': 'linkedin:li-1',
      'instagram:d': 'instagram:ig-later',
      'instagram:r': 'instagram:ig-later',
    });

    // The post the early comment is on arrives, cross-posted; a new comment on it gets the key at ingest.
    store.upsertPosts([post('p-1', 'instagram', 'ig-later', { servicePostId: 'SVC2' })]);
    store.ingestComments('p-1', [comment({ socialCommentId: 'e', socialPostId: 'ig-later', created: '2026-11-20T11:30:00.000Z' })]);
    // The linkedin post's service id is learnt later (a list of the service names it).
    store.upsertPosts([post('p-1', 'linkedin', 'li-1', { servicePostId: 'SVC3', text: 'Hiring' })]);
    expect(store.post('linkedin:li-1')?.publicationKey).toBe('SVC3');
    const after = store.inboxPage({ profileIds: ['p-1'], kind: 'comment' });
    expect(Object.fromEntries(after.rows.map((row) => [row.key, row.publicationKey]))).toEqual({
      'instagram:e': 'SVC2',
      'instagram:a': 'SVC1',
      'facebook:b': 'SVC1',
      'linkedin:c': 'SVC3',
      'instagram:d': 'SVC2',
      'instagram:r': 'SVC2',
    });
    // A post made outside the service, new: its own key.
    store.upsertPosts([post('p-1', 'facebook', 'fb-own', { servicePostId: null })]);
    expect(store.post('facebook:fb-own')?.publicationKey).toBe('facebook:fb-own');
    store.close();
  });
});
