// POST /comments/reply/:commentId and its legacy form POST /comments/reply {commentId}. By service
// comment id: any of the networks that comment was made on. By social comment id
// (searchPlatformId): exactly one of facebook, instagram, linkedin, tiktok, twitter, with the full
// LinkedIn comment URN or the TikTok video id. A reply that cannot be posted is code 215.
import {
  DISABLE_COMMENTS_NETWORKS,
  LINKEDIN_COMMENT_URN,
  type Network,
  REPLY_BY_SERVICE_ID_NETWORKS,
  REPLY_BY_SOCIAL_ID_NETWORKS,
  REPLY_IMAGE_NETWORKS,
} from '../../shared/networks.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { requireXCredentials } from '../http/auth.ts';
import { badRequest, ErrorCode, operationFailed, type PlatformError, platformError, ServiceError } from '../http/errors.ts';
import { optionalBoolean, optionalString, platformList, requireString } from '../http/validate.ts';
import { linkedinCommentUrn } from '../ids.ts';
import { accountAuthor, addComment, newServiceCommentId } from '../world/commentWrites.ts';
import type { CommentState, NetworkPostState } from '../world/types.ts';
import { commentOf } from '../world/views.ts';
import { commentText, mediaUrlsFor, recordWrite, replyUrl } from './shared.ts';

interface ReplyTarget {
  platform: Network;
  comment: CommentState;
  post: NetworkPostState;
}

function refused(platform: string, message: string): PlatformError {
  return platformError('reply', platform, ErrorCode.replyFailed, message);
}

/** Why this comment cannot take a reply now, or null when it can. */
function unreplyable(target: ReplyTarget, world: ApiCall['runtime']['world']): string | null {
  const { post } = target;
  if (post.deleted || (post.serviceId !== null && world.servicePost(post.serviceId)?.deleted)) {
    return 'The original post does not exist';
  }
  if (post.disableComments && DISABLE_COMMENTS_NETWORKS.includes(post.platform)) {
    return `Comments are disabled on this ${post.platform} post`;
  }
  return null;
}

/** commentOf hides the comments of deleted posts; say so when that is why a comment is not found. */
function goneReason(call: ApiCall, platform: Network, socialId: string): string | null {
  const comment = call.runtime.world.comment(platform, socialId);
  const post = comment ? call.runtime.world.networkPostByKey(comment.postKey) : undefined;
  return post?.deleted && post.profileRefId === call.profile.refId ? 'The original post does not exist' : null;
}

function replyBySocialId(call: ApiCall, commentId: string): { platform: Network; target: ReplyTarget | PlatformError } {
  const { world } = call.runtime;
  const [platform] = platformList(call.body, REPLY_BY_SOCIAL_ID_NETWORKS, 'A reply to a social comment id', {
    required: true,
    exactlyOne: true,
  }) as [Network];
  requireXCredentials(call.headers, call.runtime, [platform]);
  let commentUrn: string | undefined;
  if (platform === 'linkedin') {
    commentUrn = optionalString(call.body, 'commentUrn');
    if (!commentUrn) {
      throw badRequest(
        ErrorCode.missingField,
        'A linkedin reply to a social comment id needs "commentUrn": the full comment URN urn:li:comment:(urn:li:activity:<postId>,<commentId>) from the comment\'s record',
      );
    }
    if (!LINKEDIN_COMMENT_URN.test(commentUrn)) {
      throw badRequest(
        ErrorCode.invalidField,
        `"commentUrn" must be the full comment URN urn:li:comment:(urn:li:activity:<postId>,<commentId>), not a bare id; got "${commentUrn}"`,
      );
    }
  }
  let videoId: string | undefined;
  if (platform === 'tiktok') {
    videoId = optionalString(call.body, 'videoId');
    if (!videoId) {
      throw badRequest(ErrorCode.missingField, 'A tiktok reply to a social comment id needs "videoId" from the comment\'s record');
    }
  }
  const found = commentOf(world, call.profile, platform, commentId);
  if (!found)
    return { platform, target: refused(platform, goneReason(call, platform, commentId) ?? `No ${platform} comment with id ${commentId} for this profile`) };
  if (commentUrn !== undefined && found.post.activityId) {
    if (commentUrn !== linkedinCommentUrn(found.post.activityId, found.comment.socialId)) {
      return { platform, target: refused(platform, '"commentUrn" does not name this comment') };
    }
  }
  if (videoId !== undefined && videoId !== found.post.socialId) {
    return { platform, target: refused(platform, '"videoId" is not the video this comment belongs to') };
  }
  return { platform, target: { platform, ...found } };
}

function replyByServiceId(call: ApiCall, commentId: string): { platform: Network; target: ReplyTarget | PlatformError }[] {
  const { world } = call.runtime;
  const platforms = platformList(call.body, REPLY_BY_SERVICE_ID_NETWORKS, 'A reply to a service comment id', {
    required: true,
  }) as Network[];
  requireXCredentials(call.headers, call.runtime, platforms);
  const source = world.serviceComment(commentId);
  const own = source?.profileRefId === call.profile.refId ? source : undefined;
  return platforms.map((platform) => {
    const socialId = own?.socialIds[platform];
    if (!own) return { platform, target: refused(platform, `No comment with service id ${commentId} for this profile`) };
    if (!socialId) return { platform, target: refused(platform, `Comment ${commentId} was not made on ${platform}`) };
    const found = commentOf(world, call.profile, platform, socialId);
    if (!found) return { platform, target: refused(platform, goneReason(call, platform, socialId) ?? `The ${platform} comment was deleted`) };
    return { platform, target: { platform, ...found } };
  });
}

export function reply(call: ApiCall, commentId: string): ApiResult {
  const { world } = call.runtime;
  const bySocialId = optionalBoolean(call.body, 'searchPlatformId') === true;
  const objResponse = optionalBoolean(call.body, 'objResponse') ?? true;
  const planned = bySocialId ? [replyBySocialId(call, commentId)] : replyByServiceId(call, commentId);
  const platforms = planned.map((p) => p.platform);
  mediaUrlsFor(call, platforms, REPLY_IMAGE_NETWORKS, 'A reply');
  const text = commentText(call, platforms[0] ?? 'facebook');

  const errors: PlatformError[] = [];
  const targets: ReplyTarget[] = [];
  for (const { platform, target } of planned) {
    if ('action' in target) errors.push(target);
    else if (text.trim() === '') errors.push(refused(platform, 'Invalid comment: the reply text is empty'));
    else {
      const reason = unreplyable(target, world);
      if (reason) errors.push(refused(platform, reason));
      else targets.push(target);
    }
  }
  if (targets.length === 0) {
    const first = errors[0];
    if (!first) throw operationFailed(refused('unknown', 'Nothing to reply to'));
    throw new ServiceError(400, { code: ErrorCode.replyFailed, message: first.message, errors });
  }

  const serviceCommentId = newServiceCommentId(world);
  const socialIds: Record<string, string> = {};
  const results: Record<string, unknown> = {};
  for (const { platform, comment, post } of targets) {
    const made = addComment(world, {
      post,
      text,
      from: accountAuthor(call.profile, platform),
      byAccount: true,
      parent: comment,
      created: call.runtime.now(),
      serviceCommentId,
    });
    socialIds[platform] = made.socialId;
    const result: Record<string, unknown> = {
      status: 'success',
      commentId: made.socialId,
      sourceCommentId: comment.socialId,
      comment: text,
      platform,
    };
    const url = replyUrl(call.profile, platform, made.socialId);
    if (url) result.postUrl = url;
    if (platform === 'bluesky' && made.cid) result.cid = made.cid;
    if (platform === 'tiktok') result.videoId = post.socialId;
    results[platform] = result;
  }
  const firstPost = targets[0]?.post;
  world.addServiceComment({
    serviceCommentId,
    profileRefId: call.profile.refId,
    postServiceId: firstPost?.serviceId ?? null,
    socialIds,
  });
  recordWrite(call, 'comment.reply', [serviceCommentId, ...Object.values(socialIds)], text);
  // `id`: the service post id of the post the comment belongs to; for an outside post, its social id.
  const body: Record<string, unknown> = {
    status: errors.length > 0 ? 'error' : 'success',
    id: firstPost?.serviceId ?? firstPost?.socialId,
    commentId: serviceCommentId,
    ...results,
  };
  if (errors.length > 0) {
    body.code = ErrorCode.replyFailed;
    body.errors = errors;
  }
  return { body: objResponse ? body : [body], applied: true };
}

export const replyRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/comments/reply/:commentId',
    feature: 'comments',
    handle: (call) => reply(call, call.params.commentId ?? ''),
  },
  {
    method: 'POST',
    pattern: '/comments/reply',
    feature: 'comments',
    handle: (call) => reply(call, requireString(call.body, 'commentId')),
  },
];
