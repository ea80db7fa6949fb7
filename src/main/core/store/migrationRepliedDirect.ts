// Migration 12 (issue 27): "Replied" means the account answered this comment itself. Files written
// before it marked every ancestor of an answered comment replied too (a reply to marcus_studio,
// under the_real_arjun's comment, took the_real_arjun out of Needs reply). Each comment's flag is
// decided again by the rule of repliedFlags.ts: a direct reply by the account below it. The
// triggers of version 2 carry each changed flag into the inbox and its counts.
//
// Version number: kept in this file on its own so that it can be renumbered when another migration
// lands before it; nothing else refers to the number. The SQL is written out here, not imported,
// so that this step stays what it was if the rule changes again.
import type { Migration } from './migration.ts';

const ANSWERED = `EXISTS (SELECT 1 FROM comments r
  WHERE r.platform = comments.platform AND r.parent_social_comment_id = comments.social_comment_id AND r.by_account = 1)`;

export const repliedOnlyWhereAnswered: Migration = {
  version: 12,
  name: 'replied: only the comment the account answered, not its ancestors',
  up(db) {
    db.exec(`UPDATE comments SET replied = ${ANSWERED} WHERE replied IS NOT ${ANSWERED}`);
  },
};
