// "Replied": a reply by the account is somewhere below the comment. Kept as a column, decided at
// ingest, so the inbox never asks per row. The rule, recursively: a comment is replied when one of
// its direct replies is by the account or is itself replied. Descendants rather than direct
// replies only, because several networks flatten threads (instagram and facebook answer a reply
// under the top comment): the account answering anywhere in a thread has answered its top.
//
// Flags only ever go from 0 to 1 at ingest, so an insert either learns from its children (they may
// have arrived first: ingest looks them up per batch) or climbs its ancestors until it meets one
// already marked. A change of the
// account's identity on a network can take flags back, so that recomputes the profile in full.
import type { Statements } from './statements.ts';

export class RepliedFlags {
  readonly #statements: Statements;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  /** A reply by the account (or a replied comment) arrived: every ancestor is now replied. */
  markAncestors(platform: string, parentSocialCommentId: string | null): void {
    const climb = this.#statements.get(
      `UPDATE comments SET replied = 1 WHERE platform = ? AND social_comment_id = ? AND replied = 0 RETURNING parent_social_comment_id AS parent`,
    );
    let parent = parentSocialCommentId;
    // Each row flips at most once, so even a cycle in bad parent links ends.
    while (parent !== null) {
      const row = climb.get(platform, parent) as { parent: string | null } | undefined;
      parent = row?.parent ?? null;
    }
  }

  /**
   * Re-decides every flag on the networks one profile has comments on (after its identities
   * changed). Whole networks, not just the profile's rows: a thread is keyed by network and
   * social ids, and nothing stops a bad answer from linking comments of two profiles.
   */
  recompute(profileRowId: number): void {
    const rows = this.#statements
      .get(
        `SELECT id, platform, social_comment_id AS social, parent_social_comment_id AS parent, by_account AS mine, replied FROM comments
         WHERE platform IN (SELECT platform FROM inbox_counts WHERE profile_id = ?)`,
      )
      .all(profileRowId) as unknown as { id: number; platform: string; social: string; parent: string | null; mine: number; replied: number }[];
    const byKey = new Map(rows.map((row) => [`${row.platform}:${row.social}`, row]));
    const replied = new Set<number>();
    for (const row of rows) {
      if (row.mine !== 1) continue;
      let parent = row.parent === null ? undefined : byKey.get(`${row.platform}:${row.parent}`);
      while (parent !== undefined && !replied.has(parent.id)) {
        replied.add(parent.id);
        parent = parent.parent === null ? undefined : byKey.get(`${parent.platform}:${parent.parent}`);
      }
    }
    const set = this.#statements.get('UPDATE comments SET replied = ? WHERE id = ?');
    for (const row of rows) {
      const flag = replied.has(row.id) ? 1 : 0;
      if (flag !== row.replied) set.run(flag, row.id);
    }
  }
}
