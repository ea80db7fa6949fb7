// Read-side helpers: lookups scoped to a profile (another profile's post or comment is unknown to
// it: 404, as if it did not exist) and the comment record as GET /comments shows it.
import type { Network } from '../../shared/networks.ts';
import { linkedinCommentUrn } from '../ids.ts';
import type { CommentState, NetworkPostState, ProfileState, ServicePostState } from './types.ts';
import type { World } from './world.ts';

/** Facebook and Instagram return only the latest 1,000 comments of a post (public facts). */
const CAPPED_NETWORKS: readonly Network[] = ['facebook', 'instagram'];
const CAP = 1000;

export function servicePostOf(world: World, profile: ProfileState, id: string): ServicePostState | undefined {
  const post = world.servicePost(id);
  return post && !post.deleted && post.profileRefId === profile.refId ? post : undefined;
}

export function networkPostOf(world: World, profile: ProfileState, platform: Network, socialId: string): NetworkPostState | undefined {
  const post = world.networkPost(platform, socialId);
  return post && !post.deleted && post.profileRefId === profile.refId ? post : undefined;
}

export function commentOf(
  world: World,
  profile: ProfileState,
  platform: Network,
  socialId: string,
): { comment: CommentState; post: NetworkPostState } | undefined {
  const comment = world.comment(platform, socialId);
  if (!comment || comment.deleted) return undefined;
  const post = world.networkPostByKey(comment.postKey);
  // The comments of a deleted post are gone with it: GET by comment id and DELETE answer 404, as
  // GET by the post's own ids does (a reply says 215, see replies.ts).
  if (!post || post.deleted || post.profileRefId !== profile.refId) return undefined;
  return { comment, post };
}

/** Newest first, the order of every comment list of the service (ours). */
function newestFirst(comments: CommentState[]): CommentState[] {
  return [...comments].sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
}

export function commentRecord(world: World, comment: CommentState): Record<string, unknown> {
  const post = world.networkPostByKey(comment.postKey);
  const record: Record<string, unknown> = {
    comment: comment.text,
    commentId: comment.socialId,
    created: comment.created,
    from: { id: comment.from.id, username: comment.from.username },
    hidden: comment.hidden,
    likeCount: comment.likeCount,
    platform: comment.platform,
    postId: post?.socialId ?? null,
    username: comment.from.username,
  };
  if (comment.platform === 'bluesky' && comment.cid) record.cid = comment.cid;
  if (comment.platform === 'linkedin' && post?.activityId) {
    record.commentUrn = linkedinCommentUrn(post.activityId, comment.socialId);
  }
  if (comment.platform === 'tiktok' && post) record.videoId = post.socialId;
  const replies = world.repliesOf(comment);
  if (replies.length > 0) record.replies = newestFirst(replies).map((reply) => commentRecord(world, reply));
  return record;
}

/** The comments of one network post as GET /comments lists them: top-level ones, replies nested. */
export function commentListOf(world: World, post: NetworkPostState): Record<string, unknown>[] {
  const topLevel = newestFirst(world.commentsOfPost(`${post.platform}:${post.socialId}`).filter((c) => c.parentSocialId === null));
  const shown = CAPPED_NETWORKS.includes(post.platform) ? topLevel.slice(0, CAP) : topLevel;
  return shown.map((comment) => commentRecord(world, comment));
}

/** Flags as /__sandbox/world reports them; commentsDisabled follows the live setting. */
export function flagsOf(post: NetworkPostState): string[] {
  const flags: string[] = post.flags.filter((flag) => flag !== 'commentsDisabled');
  if (post.disableComments) flags.push('commentsDisabled');
  return flags;
}
