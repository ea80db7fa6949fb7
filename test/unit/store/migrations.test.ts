import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreMigrationError, StoreVersionError } from '../../../src/main/core/store/errors.ts';
import { migrate, userVersion } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { FakeClock, tempDir } from './storeFixtures.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file as version 1 of the app left it: only the first migration, with rows written by hand. */
function versionOneFile(file: string): void {
  const db = new DatabaseSync(file);
  migrate(db, MIGRATIONS.slice(0, 1));
  db.exec(`
    INSERT INTO accounts VALUES ('acc', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
    INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
      VALUES (1, 'p-1', 'acc', 'Client', 0, '{"instagram":{"id":"me","username":"me"}}', NULL);
    INSERT INTO comments (id, profile_id, platform, social_comment_id, social_post_id, parent_social_comment_id, author_id, author_name,
      text, created, like_count, hidden, by_account, replied, raw)
    VALUES
      (${1_795_000_000 * 2 ** 20}, 1, 'instagram', 'q', 'post', NULL, 'fan', 'Fan One', 'Is the blue one restocked?', '2026-11-18T08:53:20.000Z', 0, 0, 0, 1, '{}'),
      (${1_795_000_100 * 2 ** 20}, 1, 'instagram', 'a', 'post', 'q', 'me', 'Studio', 'Yes, since Monday', '2026-11-18T08:55:00.000Z', 0, 0, 1, 0, '{}'),
      (${1_795_000_200 * 2 ** 20}, 1, 'instagram', 'h', 'post', NULL, 'troll', 'Troll', 'spam spam', '2026-11-18T08:56:40.000Z', 0, 1, 0, 0, '{}');
    INSERT INTO triage (comment_id, unread, done, snoozed_until, labels) VALUES
      (${1_795_000_000 * 2 ** 20}, 0, 1, NULL, '["vip"]'),
      (${1_795_000_100 * 2 ** 20}, 0, 0, NULL, '[]'),
      (${1_795_000_200 * 2 ** 20}, 1, 0, NULL, '[]');
  `);
  db.close();
}

describe('migrations', () => {
  it('brings a new file to the latest version, one numbered step after another', () => {
    dir = tempDir();
    const opened = openStore(join(dir, 'inbox.sqlite'));
    expect(opened.migrated).toEqual({ from: 0, to: SCHEMA_VERSION });
    opened.store.close();
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
    const db = new DatabaseSync(join(dir, 'inbox.sqlite'));
    expect(userVersion(db)).toBe(SCHEMA_VERSION);
    expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    db.close();
  });

  it('migrates a version 1 file with its data: search, views, counts and poll state are built from it', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    versionOneFile(file);
    const { store, migrated, recovered } = openStore(file, { clock: new FakeClock(Date.parse('2026-11-20T00:00:00Z')) });
    expect(recovered).toBeNull();
    expect(migrated).toEqual({ from: 1, to: SCHEMA_VERSION });
    expect(store.inboxPage({ text: 'restocked' }).rows.map((r) => r.key)).toEqual(['instagram:q']);
    expect(store.inboxPage({ text: 'troll' }).rows.map((r) => r.key)).toEqual(['instagram:h']);
    expect(store.inboxPage({ view: 'done' }).rows.map((r) => [r.key, r.labels])).toEqual([['instagram:q', ['vip']]]);
    expect(store.inboxPage({ view: 'hidden' }).rows.map((r) => r.key)).toEqual(['instagram:h']);
    expect(store.counts()['p-1']).toEqual({ unread: 1, needsReply: 0, all: 3, done: 1, snoozed: 0, hidden: 1 });
    store.upsertPosts([
      {
        profileId: 'p-1',
        platform: 'instagram',
        socialPostId: 'post',
        servicePostId: null,
        text: 't',
        url: null,
        created: '2026-11-18T08:00:00Z',
        disableComments: false,
        raw: {},
      },
    ]);
    expect(store.postsForSync('p-1')[0]).toMatchObject({ commentCount: 3, lastCommentAt: '2026-11-18T08:56:40.000Z' });
    store.close();
  });

  it('migrates a version 4 file: comments indexed by its trigger stay found, new ones are indexed by ingest', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    const old = new DatabaseSync(file);
    migrate(old, MIGRATIONS.slice(0, 4));
    old.exec(`
      INSERT INTO accounts VALUES ('acc', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
      INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
        VALUES (1, 'p-1', 'acc', 'Client', 0, '{"instagram":{"id":"me","username":"me"}}', NULL);
      INSERT INTO comments (id, profile_id, platform, social_comment_id, social_post_id, parent_social_comment_id, author_id, author_name,
        text, created, like_count, hidden, by_account, replied, raw)
      VALUES (${1_795_000_000 * 2 ** 20}, 1, 'instagram', 'q', 'post', NULL, 'fan', 'Fan One', 'Is the blue one restocked?', '2026-11-18T08:53:20.000Z', 0, 0, 0, 0, '{}');
      INSERT INTO triage (comment_id, unread) VALUES (${1_795_000_000 * 2 ** 20}, 1);
      INSERT INTO inbox (id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until)
        VALUES (${1_795_000_000 * 2 ** 20}, 1, 'instagram', 0, 0, 0, 1, 0, NULL);
    `);
    old.close();
    const { store, migrated } = openStore(file, { clock: new FakeClock(Date.parse('2026-11-20T00:00:00Z')) });
    expect(migrated).toEqual({ from: 4, to: SCHEMA_VERSION });
    const inserted = store.ingestComments('p-1', [
      {
        platform: 'instagram',
        socialCommentId: 'n',
        socialPostId: 'post',
        parentSocialCommentId: null,
        authorId: 'fan2',
        authorName: 'Fan Two',
        text: 'The blue one arrived',
        created: '2026-11-19T08:00:00.000Z',
        likeCount: 0,
        hidden: false,
        raw: {},
      },
    ]);
    expect(inserted.inserted).toEqual(['instagram:n']);
    expect(store.inboxPage({ text: 'blue' }).rows.map((r) => r.key)).toEqual(['instagram:n', 'instagram:q']);
    expect(store.inboxPage({ text: 'restocked' }).rows.map((r) => r.key)).toEqual(['instagram:q']);
    store.close();
    const db = new DatabaseSync(file);
    expect(db.prepare(`SELECT name FROM sqlite_schema WHERE name = 'comment_enters_search'`).all()).toEqual([]);
    expect(() => db.exec(`INSERT INTO comments_fts (comments_fts, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    db.close();
  });

  it('rolls a failing step back and leaves the file at the last complete version', () => {
    dir = tempDir();
    const db = new DatabaseSync(join(dir, 'x.sqlite'));
    const failing = [
      MIGRATIONS[0]!,
      {
        version: 2,
        name: 'fails half way',
        up(target: DatabaseSync) {
          target.exec('CREATE TABLE half_done (x)');
          target.exec('INSERT INTO no_such_table VALUES (1)');
        },
      },
    ];
    expect(() => migrate(db, failing)).toThrow(StoreMigrationError);
    expect(userVersion(db)).toBe(1);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'half_done'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a file from a newer app with a typed error', () => {
    dir = tempDir();
    const db = new DatabaseSync(join(dir, 'x.sqlite'));
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    expect(() => migrate(db)).toThrow(StoreVersionError);
    db.close();
  });

  it('moves a file from a newer app aside instead of guessing at its schema', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    const db = new DatabaseSync(file);
    db.exec(`CREATE TABLE future (x); PRAGMA user_version = ${SCHEMA_VERSION + 5}`);
    db.close();
    const { store, recovered } = openStore(file);
    expect(recovered).toMatchObject({ kind: 'newer-version', temporary: false });
    expect(existsSync(recovered!.movedTo!)).toBe(true);
    expect(readFileSync(recovered!.movedTo!).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(store.inboxPage({}).rows).toEqual([]);
    store.close();
  });
});
