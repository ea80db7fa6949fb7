// Checks and normalizes one comment before it is stored. A comment that cannot be kept faithfully
// (no id, an unknown network, a time that is not a time) is refused on its own, with the reason,
// and the rest of its batch is stored: one bad record never costs the others.
import { isNetwork, type Network } from '../../../shared/networks.ts';
import { secondOf } from './commentIds.ts';
import { orderableTime, rawJsonOf } from './recordChecks.ts';
import type { CommentInput } from './types.ts';

export interface CleanComment {
  platform: Network;
  socialCommentId: string;
  socialPostId: string;
  parent: string | null;
  authorId: string;
  authorName: string;
  text: string;
  /** Normalized: UTC ISO 8601 with milliseconds, so text order is time order. */
  created: string;
  second: number;
  likeCount: number;
  hidden: boolean;
  commentUrn: string | null;
  videoId: string | null;
  cid: string | null;
  serviceCommentId: string | null;
  raw: string;
}

export type Checked = { ok: true; comment: CleanComment } | { ok: false; key: string; reason: string };

export function checkComment(input: CommentInput): Checked {
  const value = (input ?? {}) as Partial<CommentInput>;
  // The key is made only for a refusal: a stored comment's key is made once by the ingest.
  const refuse = (reason: string): Checked => ({ ok: false, key: `${String(value.platform)}:${String(value.socialCommentId)}`, reason });
  if (!isNetwork(value.platform)) return refuse(`unknown network ${String(value.platform)}`);
  if (!isId(value.socialCommentId)) return refuse('no social comment id');
  if (!isId(value.socialPostId)) return refuse('no social post id');
  if (value.parentSocialCommentId != null && !isId(value.parentSocialCommentId)) return refuse('the parent id is not an id');
  if (typeof value.text !== 'string') return refuse('no text');
  const time = orderableTime(value.created);
  if (!time.ok) return refuse(time.reason);
  const createdMs = time.ms;
  const rawJson = rawJsonOf(value.raw);
  if (!rawJson.ok) return refuse(rawJson.reason);
  const raw = rawJson.json;
  const likes = Number(value.likeCount);
  return {
    ok: true,
    comment: {
      platform: value.platform,
      // Ids well-formed, as SQLite stores them (a lone surrogate: one replacement character), so a
      // comment read again is found by the id it was stored under.
      socialCommentId: value.socialCommentId.toWellFormed(),
      socialPostId: value.socialPostId.toWellFormed(),
      parent: value.parentSocialCommentId?.toWellFormed() ?? null,
      authorId: typeof value.authorId === 'string' ? value.authorId : '',
      authorName: typeof value.authorName === 'string' ? value.authorName : '',
      text: value.text,
      created: new Date(createdMs).toISOString(),
      second: secondOf(createdMs),
      // Some networks leave likes out; a missing count is no reason to lose the comment.
      likeCount: Number.isFinite(likes) && likes >= 0 ? Math.floor(likes) : 0,
      hidden: value.hidden === true,
      commentUrn: optionalString(value.commentUrn),
      videoId: optionalString(value.videoId),
      cid: optionalString(value.cid),
      serviceCommentId: optionalString(value.serviceCommentId),
      raw,
    },
  };
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}
