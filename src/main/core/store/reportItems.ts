// What the client report reads from the store: the comments a profile received in a period (by
// others, on any of its posts), each with the account's replies found below it in its thread.
//
// "Below it", not "directly under it": several networks flatten threads (instagram and facebook
// put a reply to a reply under the top comment), so the account answering anywhere in a thread has
// answered every comment above the answer. The same rule decides the `replied` flag (repliedFlags.ts).
//
// The walk goes up, not down: the account's replies since the period started are few next to the
// comments received, and each climbs its ancestors by the (platform, social id) unique index, in
// one recursive statement. An ancestor older than the period is no item of it, and neither is
// anything above it, so the climb stops there. A reply stamped before the period's start (another
// machine's clock) is not seen. Rows come back as arrays: a month can be 100,000 of them.
//
// Deleted comments are not here: the store takes a comment out when its network deletes it.
import { endIdOf, firstIdOf, secondOf } from './commentIds.ts';
import { StoreInputError } from './errors.ts';
import type { Network } from '../../../shared/networks.ts';
import { keyOf } from './keys.ts';
import type { StatementSync } from 'node:sqlite';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { ReportItemRecord, ReportPeriod } from './types.ts';

/** [id, platform, social id, post id, created, hidden]: arrays, not objects, for a month of 100,000 rows. */
type ItemRow = [number, Network, string, string, string, number];

/** [platform, the item's social id, the reply's social id, the reply's created]. */
type AnswerRow = [Network, string, string, string];

export class ReportItemsQuery {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;

  constructor(statements: Statements, profiles: ProfileTable) {
    this.#statements = statements;
    this.#profiles = profiles;
  }

  #arrays(sql: string): StatementSync {
    const statement = this.#statements.get(sql);
    statement.setReturnArrays(true);
    return statement;
  }

  /** Comments by others received in [start, end), oldest first; [] for an unknown profile. */
  items(profileId: string, period: ReportPeriod): ReportItemRecord[] {
    const { start, end } = period;
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new StoreInputError('A report period must end after it starts');
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) return [];
    // Row ids are the created second << 20 (commentIds.ts): the period is a range of the primary key.
    const firstId = firstIdOf(Math.max(0, secondOf(start)));
    // Every (ancestor, reply by the account) pair, in one statement: the account's replies climb
    // their parents; UNION (not UNION ALL) drops repeats, so a cycle in bad parent links ends.
    // Read first: they are few, so the many items below need no map of their own.
    const answers = this.#arrays(
      `WITH RECURSIVE up(platform, reply, at, parent) AS (
         SELECT platform, social_comment_id, created, parent_social_comment_id FROM comments
         WHERE id >= :first AND profile_id = :profile AND by_account = 1 AND parent_social_comment_id IS NOT NULL
         UNION
         SELECT up.platform, up.reply, up.at, c.parent_social_comment_id FROM up
         JOIN comments c ON c.platform = up.platform AND c.social_comment_id = up.parent
         WHERE c.id >= :first AND c.parent_social_comment_id IS NOT NULL
       )
       SELECT up.platform, up.parent, up.reply, up.at FROM up`,
    ).all({ first: firstId, profile: profile.rowId }) as unknown as AnswerRow[];
    const repliesTo = new Map<string, { socialCommentId: string; at: number }[]>();
    for (const [platform, answered, reply, created] of answers) {
      const at = Date.parse(created);
      if (!Number.isFinite(at)) continue;
      const key = keyOf(platform, answered);
      const replies = repliesTo.get(key);
      if (replies === undefined) repliesTo.set(key, [{ socialCommentId: reply, at }]);
      else replies.push({ socialCommentId: reply, at });
    }
    for (const replies of repliesTo.values()) replies.sort((x, y) => x.at - y.at);

    const rows = this.#arrays(
      `SELECT id, platform, social_comment_id, social_post_id, created, hidden FROM comments
       WHERE id >= ? AND id < ? AND profile_id = ? AND by_account = 0 ORDER BY id`,
    ).all(firstId, endIdOf(secondOf(end)), profile.rowId) as unknown as ItemRow[];
    const items: ReportItemRecord[] = [];
    for (const [, platform, social, post, created, hidden] of rows) {
      const createdAt = Date.parse(created);
      if (!(createdAt >= start && createdAt < end)) continue;
      const key = keyOf(platform, social);
      items.push({ key, platform, socialPostId: post, createdAt, hidden: hidden === 1, accountReplies: repliesTo.get(key) ?? [] });
    }
    return items;
  }
}
