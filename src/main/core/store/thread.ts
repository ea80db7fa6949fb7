// A comment in its conversation: the post, the chain of comments above it, every reply below it.
import { keyOf, parseKey } from './keys.ts';
import { compareNewestFirst, INBOX_ROW_SQL, type InboxRowRecord, loadRowsById, toInboxRow } from './inboxRows.ts';
import type { PostTable } from './posts.ts';
import type { Statements } from './statements.ts';
import type { CommentKey, Thread } from './types.ts';

export class ThreadQuery {
  readonly #statements: Statements;
  readonly #posts: PostTable;

  constructor(statements: Statements, posts: PostTable) {
    this.#statements = statements;
    this.#posts = posts;
  }

  thread(key: CommentKey): Thread | null {
    const ref = parseKey(key);
    if (ref === null) return null;
    const bySocialId = this.#statements.get(`${INBOX_ROW_SQL} WHERE c.platform = ? AND c.social_comment_id = ?`);
    const record = bySocialId.get(ref.platform, ref.socialId) as InboxRowRecord | undefined;
    if (record === undefined) return null;
    const comment = toInboxRow(record);

    const ancestors = [];
    const seen = new Set([comment.key]);
    let parent = comment.parentSocialCommentId;
    while (parent !== null && !seen.has(keyOf(comment.platform, parent))) {
      seen.add(keyOf(comment.platform, parent));
      const above = bySocialId.get(comment.platform, parent) as InboxRowRecord | undefined;
      if (above === undefined) break;
      ancestors.unshift(toInboxRow(above));
      parent = above.parent_social_comment_id;
    }

    // UNION (not UNION ALL) drops repeats, so a cycle in bad parent links cannot loop.
    const descendantIds = this.#statements
      .get(
        `WITH RECURSIVE below(id, social) AS (
           SELECT c.id, c.social_comment_id FROM comments c WHERE c.platform = :platform AND c.parent_social_comment_id = :root
           UNION
           SELECT c.id, c.social_comment_id FROM comments c JOIN below b ON c.platform = :platform AND c.parent_social_comment_id = b.social
         )
         SELECT id FROM below WHERE id != :self`,
      )
      .all({ platform: comment.platform, root: comment.socialCommentId, self: record.id }) as { id: number }[];
    const replies = loadRowsById(
      this.#statements,
      descendantIds.map((row) => row.id),
    ).sort((a, b) => compareNewestFirst(b, a));

    return { post: this.#posts.post(keyOf(comment.platform, comment.socialPostId)), ancestors, comment, replies };
  }
}
