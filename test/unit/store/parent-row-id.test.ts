// Migration 16 (issue 30): each comment keeps its parent's row id, so the client report's read
// climbs threads without a look-up per reply. The id must be the one the parent's key names,
// however the two arrive (parent first, reply first in an earlier answer, reply first in the same
// answer), and none once the parent is deleted (its row id may be given again); a file written
// before the migration gets them all.
import { SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_ROWS_SQL } from '../../../src/main/core/store/reportCommentRows.ts';
import { REPORT_INDEX_SQL } from '../../../src/main/core/store/reportIndex.ts';
import { comment, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const at = (minutes: number): string => new Date(T0 - 86_400_000 + minutes * 60_000).toISOString();

/** Each comment's parent as its row id names it (null: none), by key. */
function parentsByRowId(file: string): Record<string, string | null> {
  const db = new DatabaseSync(file, { readOnly: true });
  const rows = db
    .prepare(
      `SELECT c.platform || ':' || c.social_comment_id AS key, p.platform || ':' || p.social_comment_id AS parent
       FROM comments c LEFT JOIN comments p ON p.id = c.parent_id ORDER BY key`,
    )
    .all() as { key: string; parent: string | null }[];
  db.close();
  return Object.fromEntries(rows.map((row) => [row.key, row.parent]));
}

/** Rows whose parent_id is not the row their parent's key names (or names none when it is stored). */
function mismatches(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  const row = db
    .prepare(
      `SELECT count(*) AS n FROM comments c
       WHERE c.parent_id IS NOT (SELECT p.id FROM comments p WHERE p.platform = c.platform AND p.social_comment_id = c.parent_social_comment_id)`,
    )
    .get() as { n: number };
  db.close();
  return row.n;
}

describe("a comment's parent row id (migration 16)", () => {
  it('is the row its parent key names, whichever arrives first, and none once the parent is deleted', () => {
    temp = seeded([profile('p-1', ['instagram', 'facebook'])]);
    const { store } = temp;
    store.ingestComments('p-1', [
      // Its parent comes in the next answer.
      comment({ socialCommentId: 'early-reply', parentSocialCommentId: 'late-parent', created: at(5) }),
      // Parent and reply in one answer, the reply stored first (it is older: a clock off on the network).
      comment({ socialCommentId: 'old-reply', parentSocialCommentId: 'new-parent', created: at(1) }),
      comment({ socialCommentId: 'new-parent', created: at(2) }),
      comment({ socialCommentId: 'root', created: at(3) }),
      comment({ socialCommentId: 'child', parentSocialCommentId: 'root', created: at(4) }),
      comment({ socialCommentId: 'grandchild', parentSocialCommentId: 'child', created: at(6) }),
      // The same social id on another network is another comment.
      comment({ platform: 'facebook', socialCommentId: 'fb-reply', parentSocialCommentId: 'root', created: at(7) }),
    ]);
    store.ingestComments('p-1', [comment({ socialCommentId: 'late-parent', created: at(4) })]);

    expect(parentsByRowId(temp.file)).toEqual({
      'facebook:fb-reply': null,
      'instagram:child': 'instagram:root',
      'instagram:early-reply': 'instagram:late-parent',
      'instagram:grandchild': 'instagram:child',
      'instagram:late-parent': null,
      'instagram:new-parent': null,
      'instagram:old-reply': 'instagram:new-parent',
      'instagram:root': null,
    });

    expect(store.deleteComment('instagram:late-parent')).toBe(true);
    expect(parentsByRowId(temp.file)['instagram:early-reply']).toBeNull();
    // Back again (a new row, perhaps the same id): found again.
    store.ingestComments('p-1', [comment({ socialCommentId: 'late-parent', created: at(4) })]);
    expect(parentsByRowId(temp.file)['instagram:early-reply']).toBe('instagram:late-parent');
    expect(mismatches(temp.file)).toBe(0);
  });

  it("fills every comment's parent row id in a file written before it, and the report's index holds it", () => {
    temp = seeded([profile('p-1')]);
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'a', created: at(1) }),
      comment({ socialCommentId: 'b', parentSocialCommentId: 'a', created: at(2) }),
      comment({ socialCommentId: 'c', parentSocialCommentId: 'b', created: at(3) }),
      comment({ socialCommentId: 'orphan', parentSocialCommentId: 'never-stored', created: at(4) }),
    ]);
    temp.store.close();
    // Version 15: no column, migration 8's index, no trigger.
    const db = new DatabaseSync(temp.file);
    db.exec(`
      DROP TRIGGER deleted_parent_leaves_replies;
      DROP INDEX comments_report;
      ALTER TABLE comments DROP COLUMN parent_id;
      ${REPORT_INDEX_SQL};
      DROP INDEX inbox_needs_reply_woken; -- migration 17's, which came after
      PRAGMA user_version = 15;
    `);
    db.close();

    expect(temp.reopen().migrated).toEqual({ from: 15, to: SCHEMA_VERSION });
    expect(parentsByRowId(temp.file)).toEqual({ 'instagram:a': null, 'instagram:b': 'instagram:a', 'instagram:c': 'instagram:b', 'instagram:orphan': null });
    expect(mismatches(temp.file)).toBe(0);
    const check = new DatabaseSync(temp.file, { readOnly: true });
    const columns = (check.prepare("SELECT name FROM pragma_index_info('comments_report')").all() as { name: string | null }[]).map((row) => row.name);
    check.close();
    expect(columns).toContain('parent_id');
  });

  it("is what the report's read takes: one walk of its index, no look-up per reply", () => {
    temp = seeded([profile('p-1')]);
    temp.store.close();
    const db = new DatabaseSync(temp.file, { readOnly: true });
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${REPORT_ROWS_SQL}`).all({ first: 0, profile: 1, end: 1 }) as { detail: string }[]).map((row) => row.detail);
    db.close();
    temp.reopen();
    expect(plan).toEqual(['SEARCH c USING COVERING INDEX comments_report (profile_id=? AND id>?)']);
  });
});
