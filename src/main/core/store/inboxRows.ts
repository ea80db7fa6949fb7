// Loads inbox rows by id: the comment, its item state, its profile and an excerpt of its post.
import type { Network } from '../../../shared/networks.ts';
import { keyOf } from './keys.ts';
import type { Statements } from './statements.ts';
import { parseStringList } from './stringList.ts';
import type { NetworkRow } from '../../../shared/domain/inbox.ts';

const EXCERPT_LENGTH = 140;

export const INBOX_ROW_SQL = `
  SELECT c.id, pr.profile_id, c.platform, c.social_comment_id, c.social_post_id, c.parent_social_comment_id,
    coalesce(substr(p.text, 1, ${EXCERPT_LENGTH}), '') AS post_excerpt, c.author_id, c.author_name, c.text, c.created,
    c.like_count, c.hidden, c.by_account, t.unread, t.done, t.snoozed_until, c.replied, t.labels, c.comment_urn, c.video_id, t.assignee,
    (SELECT i.publication_key FROM inbox i WHERE i.id = c.id) AS publication_key
  FROM comments c
  JOIN item_state t ON t.key = c.platform || ':' || c.social_comment_id
  JOIN profiles pr ON pr.id = c.profile_id
  LEFT JOIN posts p ON p.platform = c.platform AND p.social_post_id = c.social_post_id`;

export interface InboxRowRecord {
  id: number;
  profile_id: string;
  platform: Network;
  social_comment_id: string;
  social_post_id: string;
  parent_social_comment_id: string | null;
  post_excerpt: string;
  author_id: string;
  author_name: string;
  text: string;
  created: string;
  like_count: number;
  hidden: number;
  by_account: number;
  unread: number;
  done: number;
  snoozed_until: number | null;
  replied: number;
  labels: string;
  comment_urn: string | null;
  video_id: string | null;
  publication_key: string | null;
  assignee: string | null;
}

export function toInboxRow(record: InboxRowRecord): NetworkRow {
  return {
    key: keyOf(record.platform, record.social_comment_id),
    profileId: record.profile_id,
    platform: record.platform,
    socialCommentId: record.social_comment_id,
    socialPostId: record.social_post_id,
    parentSocialCommentId: record.parent_social_comment_id,
    postExcerpt: record.post_excerpt,
    authorId: record.author_id,
    authorName: record.author_name,
    text: record.text,
    created: record.created,
    likeCount: record.like_count,
    hidden: record.hidden === 1,
    byAccount: record.by_account === 1,
    unread: record.unread === 1,
    done: record.done === 1,
    snoozedUntil: record.snoozed_until,
    replied: record.replied === 1,
    labels: parseStringList(record.labels),
    commentUrn: record.comment_urn,
    videoId: record.video_id,
    ...(record.publication_key !== null ? { publicationKey: record.publication_key } : {}),
    ...(record.assignee !== null ? { assignee: record.assignee } : {}),
  };
}

export function loadRowsById(statements: Statements, ids: readonly number[]): NetworkRow[] {
  if (ids.length === 0) return [];
  const records = statements.get(`${INBOX_ROW_SQL} WHERE c.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as unknown as InboxRowRecord[];
  return records.map(toInboxRow);
}

/** Newest first; ties (same created) by key, descending, as InboxCursor promises. */
export function compareNewestFirst(a: { created: string; key: string }, b: { created: string; key: string }): number {
  if (a.created !== b.created) return a.created < b.created ? 1 : -1;
  if (a.key !== b.key) return a.key < b.key ? 1 : -1;
  return 0;
}
