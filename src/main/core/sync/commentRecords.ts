// GET /comments answers → the rows the store ingests. The service nests replies under `replies`
// (at any depth); the store wants one row per comment with its parent's id, so the tree is
// flattened here. The mapping is a pure function of the answer: the same answer twice gives the
// same rows, which is what makes a repeated poll change nothing in the store.
import type { Network } from '../../../shared/networks.ts';
import type { CommentRecord, CommentsResponse } from '../../../shared/wire/comments.ts';
import type { CommentInput } from '../store/types.ts';

/** The records a comments answer holds for one network (an absent key is no comments). */
export function recordsFor(response: CommentsResponse, platform: Network): CommentRecord[] {
  const records = response[platform];
  return Array.isArray(records) ? records : [];
}

/**
 * One network post's comments as store rows, parents before their replies. `socialPostId` is the
 * post the answer was asked for: records carry `postId`, but not every network fills it.
 */
export function commentInputsOf(records: readonly CommentRecord[], platform: Network, socialPostId: string): CommentInput[] {
  const rows: CommentInput[] = [];
  const seen = new Set<string>();
  const visit = (record: CommentRecord, parent: string | null): void => {
    // A comment listed twice (a reply shown under two parents by a confused answer) is one row.
    if (seen.has(record.commentId)) return;
    seen.add(record.commentId);
    rows.push(commentInputOf(record, platform, socialPostId, parent));
    for (const reply of record.replies ?? []) visit(reply, record.commentId);
  };
  for (const record of records) visit(record, null);
  return rows;
}

function commentInputOf(record: CommentRecord, platform: Network, socialPostId: string, parent: string | null): CommentInput {
  // Replies become rows of their own: keeping them inside the parent's raw record too would store
  // every thread twice.
  const { replies: _replies, ...raw } = record;
  const authorName = record.from?.username ?? record.username ?? '';
  const input: CommentInput = {
    platform,
    socialCommentId: record.commentId,
    socialPostId,
    parentSocialCommentId: parent,
    authorId: record.from?.id ?? authorName,
    authorName,
    text: record.comment,
    created: record.created,
    likeCount: typeof record.likeCount === 'number' && Number.isFinite(record.likeCount) ? record.likeCount : 0,
    hidden: record.hidden === true,
    raw,
  };
  if (record.commentUrn !== undefined) input.commentUrn = record.commentUrn;
  if (record.videoId !== undefined) input.videoId = record.videoId;
  if (record.cid !== undefined) input.cid = record.cid;
  return input;
}

/** Epoch ms of the newest comment among the rows, or null for none. */
export function newestCommentAt(rows: readonly CommentInput[]): number | null {
  let newest: number | null = null;
  for (const row of rows) {
    const at = Date.parse(row.created);
    if (Number.isFinite(at) && (newest === null || at > newest)) newest = at;
  }
  return newest;
}
