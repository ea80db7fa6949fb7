// The comments a profile received in a period (by others, on any of its posts), each with the
// account's replies found below it in its thread, one object per comment: the per-item form of
// what the client report reads by columns (reportCommentRows.ts), kept as the plain statement of
// the rule that the tests hold the columns to.
//
// "Below it", not "directly under it": several networks flatten threads (instagram and facebook
// put a reply to a reply under the top comment), so the account answering anywhere in a thread has
// answered every comment above the answer. (The inbox's `replied` flag is narrower since issue 27:
// only the comment the account answered leaves Needs reply, repliedFlags.ts.)
//
// One scan of the primary key, then the threads in memory. Row ids are the created second << 20
// (commentIds.ts), so "since the period started" is a range of the primary key: the scan reads the
// period's rows and, after its end, only replies (an answer to the period's items can come later,
// and can sit under a later reply by someone else). Each row comes with its parent's row id (the
// unique index answers it), so each of the account's replies climbs its ancestors by numbers, with
// no map of strings: an ancestor older than the period is no item of it, and neither is anything
// above it, so the climb stops where the scan does. A reply stamped before the period's start
// (another machine's clock) is not seen. Why not a recursive SQL statement, as before: climbing
// 40,000 replies cost two B-tree look-ups a step and a temporary table for UNION, 380 ms for a
// month of 100,000 comments (BENCHMARKS.md, client report).
//
// Deleted comments are not here: the store takes a comment out when its network deletes it.
import { endIdOf, firstIdOf, secondOf } from './commentIds.ts';
import { StoreInputError } from './errors.ts';
import type { Network } from '../../../shared/networks.ts';
import { keyOf } from './keys.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { ReportItemRecord, ReportPeriod } from './types.ts';
import { indexInSorted } from '../../../shared/sortedIndex.ts';

/**
 * [id, by account, platform, social id, parent's row id, post id, created, hidden]: arrays, for a
 * month of 100,000 rows. Created comes as epoch ms, read by SQLite from the stored ISO text (the
 * instant Date.parse reads from it), so no date string is made and parsed per row.
 */
type Row = [number, number, Network, string, number | null, string, number | null, number];

const SQL = `SELECT c.id, c.by_account, c.platform, c.social_comment_id, p.id, c.social_post_id,
    CAST(round(unixepoch(c.created, 'subsec') * 1000) AS INTEGER), c.hidden
  FROM comments c LEFT JOIN comments p ON p.platform = c.platform AND p.social_comment_id = c.parent_social_comment_id AND p.id >= :first
  WHERE c.id >= :first AND c.profile_id = :profile AND (c.id < :end OR c.parent_social_comment_id IS NOT NULL) ORDER BY c.id`;

export class ReportItemsQuery {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;

  constructor(statements: Statements, profiles: ProfileTable) {
    this.#statements = statements;
    this.#profiles = profiles;
  }

  /** Comments by others received in [start, end), oldest first; [] for an unknown profile. */
  items(profileId: string, period: ReportPeriod): ReportItemRecord[] {
    const { start, end } = period;
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new StoreInputError('A report period must end after it starts');
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) return [];
    const endId = endIdOf(secondOf(end));
    const statement = this.#statements.get(SQL);
    statement.setReturnArrays(true);

    const rows = statement.all({ first: firstIdOf(Math.max(0, secondOf(start))), profile: profile.rowId, end: endId }) as unknown as Row[];
    const ids: number[] = [];
    const parentIds: number[] = [];
    const itemAt: (ReportItemRecord | undefined)[] = [];
    const items: ReportItemRecord[] = [];
    const replies: { index: number; reply: { socialCommentId: string; at: number } }[] = [];
    rows.forEach(([id, byAccount, platform, social, parentId, post, createdAt, hidden], index) => {
      ids.push(id);
      parentIds.push(parentId ?? -1);
      if (byAccount === 1) {
        if (parentId !== null && createdAt !== null) replies.push({ index, reply: { socialCommentId: social, at: createdAt } });
        return;
      }
      if (id >= endId || createdAt === null || !(createdAt >= start && createdAt < end)) return;
      const item: ReportItemRecord = { key: keyOf(platform, social), platform, socialPostId: post, createdAt, hidden: hidden === 1, accountReplies: [] };
      items.push(item);
      itemAt[index] = item;
    });

    // Each node once per reply: a cycle in bad parent links ends where it comes back.
    const climbedBy = new Int32Array(ids.length).fill(-1);
    const answered: ReportItemRecord[] = [];
    replies.forEach(({ index: replyIndex, reply }, n) => {
      for (
        let index = indexInSorted(ids, parentIds[replyIndex] ?? -1);
        index >= 0 && climbedBy[index] !== n;
        index = indexInSorted(ids, parentIds[index] ?? -1)
      ) {
        climbedBy[index] = n;
        const item = itemAt[index];
        if (item === undefined) continue;
        if (item.accountReplies.push(reply) === 2) answered.push(item);
      }
    });
    for (const item of answered) item.accountReplies.sort((x, y) => x.at - y.at);
    return items;
  }
}
