// The sandbox's answers as the store's inputs, for the store's own integration tests: GET /user's
// identities as a ProfileRecord, GET /comments' nested records flattened into CommentInput rows.
// (The sync has its own mapping; this one stays small so the store's tests depend on the store.)
import type { CommentInput, NetworkIdentity, ProfileRecord } from '../../../src/main/core/store/types.ts';
import { isNetwork, type Network } from '../../../src/shared/networks.ts';
import type { CommentRecord, CommentsResponse } from '../../../src/shared/wire/comments.ts';
import type { UserResponse } from '../../../src/shared/wire/profiles.ts';

export function profileFromUser(accountId: string, user: UserResponse): ProfileRecord {
  const networks: Partial<Record<Network, NetworkIdentity>> = {};
  for (const entry of user.displayNames ?? []) {
    const { platform, id, username } = entry as { platform?: string; id?: string; username?: string };
    if (isNetwork(platform) && typeof id === 'string') networks[platform] = { id, username: username ?? '' };
  }
  return { accountId, profileId: user.refId, title: user.title ?? user.refId, isPrimary: false, networks, color: null };
}

export function commentRows(answer: CommentsResponse, platform: Network, socialPostId: string): CommentInput[] {
  const rows: CommentInput[] = [];
  const visit = (record: CommentRecord, parent: string | null) => {
    const { replies, ...raw } = record;
    rows.push({
      platform,
      socialCommentId: record.commentId,
      socialPostId,
      parentSocialCommentId: parent,
      authorId: record.from?.id ?? record.username ?? '',
      authorName: record.from?.username ?? record.username ?? '',
      text: record.comment,
      created: record.created,
      likeCount: record.likeCount ?? 0,
      hidden: record.hidden === true,
      ...(record.commentUrn ? { commentUrn: record.commentUrn } : {}),
      ...(record.videoId ? { videoId: record.videoId } : {}),
      ...(record.cid ? { cid: record.cid } : {}),
      raw,
    });
    for (const reply of replies ?? []) visit(reply, record.commentId);
  };
  const records = answer[platform];
  for (const record of Array.isArray(records) ? records : []) visit(record, null);
  return rows;
}
