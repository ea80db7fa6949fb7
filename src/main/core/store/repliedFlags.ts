// "Replied": the account answered this comment, that is, one of its direct replies is by the
// account. Kept as a column, decided at ingest, so the inbox never asks per row.
//
// Only the comment a reply answers (issue 27): a reply to marcus_studio, who wrote under
// the_real_arjun's comment, answers marcus_studio, not the_real_arjun, who still waits. (The rule
// used to climb every ancestor, for networks that flatten threads; there, a reply's parent is
// already the top comment, so the direct rule marks the top comment all the same.)
//
// Flags only ever go from 0 to 1 at ingest: an insert learns from its children (they may have
// arrived first: ingest looks them up per batch), or a reply by the account marks its parent. A
// change of the account's identity on a network can take flags back, so that recomputes the
// profile in full.
import type { Statements } from './statements.ts';

/** The SQL of the rule, for a whole table at once (the recompute, and the migration that applied it to older files). */
export const ANSWERED_BY_ACCOUNT_SQL = `EXISTS (SELECT 1 FROM comments r
  WHERE r.platform = comments.platform AND r.parent_social_comment_id = comments.social_comment_id AND r.by_account = 1)`;

export class RepliedFlags {
  readonly #statements: Statements;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  /** A reply by the account arrived: the comment it answers is now replied (and only that one). */
  markParent(platform: string, parentSocialCommentId: string | null): void {
    if (parentSocialCommentId === null) return;
    this.#statements.get('UPDATE comments SET replied = 1 WHERE platform = ? AND social_comment_id = ? AND replied = 0').run(platform, parentSocialCommentId);
  }

  /**
   * Re-decides every flag on the networks one profile has comments on (after its identities
   * changed). Whole networks, not just the profile's rows: a thread is keyed by network and
   * social ids, and nothing stops a bad answer from linking comments of two profiles.
   */
  recompute(profileRowId: number): void {
    this.#statements
      .get(
        `UPDATE comments SET replied = ${ANSWERED_BY_ACCOUNT_SQL}
         WHERE platform IN (SELECT platform FROM inbox_counts WHERE profile_id = ?) AND replied IS NOT ${ANSWERED_BY_ACCOUNT_SQL}`,
      )
      .run(profileRowId);
  }
}
