// Migration 16 (issue 30): each comment keeps its parent's row id (`parent_id`), and the client
// report's covering index holds it. The report's read of a period climbed from each reply to its
// parent by looking the parent's key up in the comments' unique index, one search per reply: on a
// month of 30,000 comments 17 of the read's 37 ms of CPU (measured: a join, a materialized
// self-join and probes in key order were no cheaper, decision 0076's third section). The row id is
// found once, at ingest, where the parent's index pages are already at hand.
//
// What keeps it true (ingest.ts): a reply stored after its parent gets the id in its insert; a
// reply stored before its parent (a later page, the same batch) gets it when the parent comes; a
// deleted parent takes its id back from its replies (the trigger below), since a later comment of
// the same second may be given the same row id.
//
// Version number: kept in this file on its own so that it can be renumbered when another migration
// lands before it; nothing else refers to the number.
import type { Migration } from './migration.ts';
import { REPORT_INDEX_WITH_PARENT_SQL } from './reportIndex.ts';

export const parentRowId: Migration = {
  version: 16,
  name: "comments keep their parent's row id; the report's index holds it",
  up(db) {
    db.exec(`
      ALTER TABLE comments ADD COLUMN parent_id INTEGER;
      UPDATE comments SET parent_id = (
          SELECT p.id FROM comments p WHERE p.platform = comments.platform AND p.social_comment_id = comments.parent_social_comment_id)
        WHERE parent_social_comment_id IS NOT NULL;
      DROP INDEX comments_report;
      ${REPORT_INDEX_WITH_PARENT_SQL};
      CREATE TRIGGER deleted_parent_leaves_replies AFTER DELETE ON comments BEGIN
        UPDATE comments SET parent_id = NULL WHERE platform = old.platform AND parent_social_comment_id = old.social_comment_id AND parent_id = old.id;
      END;
    `);
  },
};
