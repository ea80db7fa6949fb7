// Migration 8 (the client report's indexes) on a file a version 7 app left, with comments in it:
// the indexes are built from the rows already there, the report's reads walk them (covering, no
// table row), later writes keep them true, and the figures are those of the per-item read.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { REPORT_ROWS_SQL } from '../../../src/main/core/store/reportCommentRows.ts';
import { REPORT_NETWORK_LIST } from '../../../src/main/core/store/reportIndex.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { COMMENT_NETWORKS } from '../../../src/shared/networks.ts';
import { comment, FakeClock, tempDir } from './storeFixtures.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ID = (second: number, sequence = 0): number => second * 2 ** 20 + sequence;
/** 2026-11-18T11:06:40Z: a row id's high bits are its created second (commentIds.ts). */
const SECOND = 1_795_000_000;
const PERIOD = { start: SECOND * 1000, end: (SECOND + 3600) * 1000 };

/** A version 7 file as that app wrote it: a question, the account's answer below a follow-up, a hidden comment. */
function versionSevenFile(file: string): void {
  const db = new DatabaseSync(file);
  migrate(db, MIGRATIONS.slice(0, 7));
  db.exec(`
    INSERT INTO accounts VALUES ('acc', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
    INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
      VALUES (1, 'p-1', 'acc', 'Client', 0, '{"instagram":{"id":"me","username":"me"},"facebook":{"id":"me-fb","username":"me"}}', NULL);
    INSERT INTO comments (id, profile_id, platform, social_comment_id, social_post_id, parent_social_comment_id, author_id, author_name,
      text, created, like_count, hidden, by_account, replied, raw)
    VALUES
      (${ID(SECOND + 10)}, 1, 'instagram', 'q', 'post', NULL, 'fan', 'Fan', 'Restocked?', '2026-11-18T11:06:50.250Z', 0, 0, 0, 1, '{}'),
      (${ID(SECOND + 10, 1)}, 1, 'instagram', 'f', 'post', 'q', 'fan', 'Fan', 'The blue one', '2026-11-18T11:06:50.900Z', 0, 0, 0, 1, '{}'),
      (${ID(SECOND + 70)}, 1, 'instagram', 'a', 'post', 'f', 'me', 'Studio', 'Yes', '2026-11-18T11:07:50.000Z', 0, 0, 1, 0, '{}'),
      (${ID(SECOND + 80)}, 1, 'facebook', 'h', 'fb-post', NULL, 'troll', 'Troll', 'spam', '2026-11-18T11:08:00.001Z', 0, 1, 0, 0, '{}');
    INSERT INTO triage (comment_id, unread) SELECT id, 1 FROM comments;
    INSERT INTO inbox (id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until)
      SELECT id, profile_id, platform, by_account, hidden, replied, 1, 0, NULL FROM comments;
    INSERT INTO comments_fts (rowid, text, author_name) SELECT id, text, author_name FROM comments;
  `);
  db.close();
}

describe('migration 8: the client report indexes', () => {
  it('indexes the rows of a version 7 file; the report reads them from the index and gets the per-item figures', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    versionSevenFile(file);
    const { store, migrated, recovered } = openStore(file, { clock: new FakeClock(PERIOD.end) });
    expect(recovered).toBeNull();
    expect(migrated).toEqual({ from: 7, to: SCHEMA_VERSION });

    const rows = store.reportCommentRows('p-1', PERIOD)!;
    expect([...rows.ids]).toEqual([ID(SECOND + 10), ID(SECOND + 10, 1), ID(SECOND + 70), ID(SECOND + 80)]);
    expect([...rows.createdAt]).toEqual(['11:06:50.250', '11:06:50.900', '11:07:50.000', '11:08:00.001'].map((time) => Date.parse(`2026-11-18T${time}Z`)));
    expect([...rows.items]).toEqual([1, 1, 0, 1]);
    expect([...rows.hidden]).toEqual([0, 0, 0, 1]);
    expect([...rows.networks].map((code) => COMMENT_NETWORKS[code])).toEqual(['instagram', 'instagram', 'instagram', 'facebook']);
    expect([...rows.parents]).toEqual([-1, 0, 1, -1]);
    expect(rows.replyParentKeys).toEqual(['instagram:f']);
    expect(store.reportCommentsPerPost('p-1', PERIOD, ['instagram:post', 'facebook:fb-post'])).toEqual(
      new Map([
        ['instagram:post', 2],
        ['facebook:fb-post', 1],
      ]),
    );
    // A later write reaches the index: the hidden comment shown again, a new comment counted.
    store.ingestComments('p-1', [
      comment({ platform: 'facebook', socialCommentId: 'h', socialPostId: 'fb-post', authorId: 'troll', created: '2026-11-18T11:08:00.001Z', hidden: false }),
      comment({ socialCommentId: 'n', socialPostId: 'post', created: '2026-11-18T11:10:00.000Z' }),
    ]);
    const after = store.reportCommentRows('p-1', PERIOD)!;
    expect([...after.hidden]).toEqual([0, 0, 0, 0, 0]);
    expect(store.reportCommentsPerPost('p-1', PERIOD, ['instagram:post'])).toEqual(new Map([['instagram:post', 3]]));
    store.close();

    // The reads walk the indexes alone: no table row (with its raw JSON) is read.
    const db = new DatabaseSync(file, { readOnly: true });
    const plans = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join(' | ');
    const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('comments_report', 'comments_by_post') ORDER BY name`).all();
    expect(indexes.map((row) => (row as { name: string }).name)).toEqual(['comments_by_post', 'comments_report']);
    // The report's read: the comment's own columns and its parent's row id (migration 16) from the index.
    expect(plans(REPORT_ROWS_SQL)).toMatch(/^SEARCH c USING COVERING INDEX comments_report /);
    expect(
      plans(`SELECT count(*) FROM comments INDEXED BY comments_by_post WHERE profile_id = 1 AND platform = 'x' AND social_post_id = 'y' AND by_account = 0`),
    ).toMatch(/COVERING INDEX comments_by_post/);
    db.close();
  });

  it('names every network a comment can be on in the index, so no row reads as unknown', () => {
    const listed = REPORT_NETWORK_LIST.split(',');
    expect(COMMENT_NETWORKS.filter((network) => !listed.includes(network))).toEqual([]);
    // instr() finds a name's first place: none may be found inside another's.
    let place = 0;
    for (const network of listed) {
      expect(REPORT_NETWORK_LIST.indexOf(network), network).toBe(place);
      place += network.length + 1;
    }
  });
});
