// POST /comments/:id and its legacy form POST /comments {id}: a comment by the profile's account on
// every network of a service post (or the `platforms` given), or on one social post with
// searchPlatformId. A network where the post has comments disabled refuses its part.
import { COMMENT_IMAGE_NETWORKS, COMMENT_NETWORKS, DISABLE_COMMENTS_NETWORKS, isNetwork } from '../../shared/networks.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { requireXCredentials } from '../http/auth.ts';
import { ErrorCode, notFound, type PlatformError, platformError, ServiceError } from '../http/errors.ts';
import { nonEmptyText, optionalBoolean, optionalStringArray, platformList, requireString } from '../http/validate.ts';
import { accountAuthor, addComment, newServiceCommentId } from '../world/commentWrites.ts';
import { linkedinCommentUrn } from '../ids.ts';
import type { NetworkPostState } from '../world/types.ts';
import { networkPostOf, servicePostOf } from '../world/views.ts';
import { commentText, mediaUrlsFor, recordWrite } from './shared.ts';

export function postComment(call: ApiCall, id: string): ApiResult {
  const { world } = call.runtime;
  const bySocialId = optionalBoolean(call.body, 'searchPlatformId') === true;
  let targets: { platform: string; post: NetworkPostState | undefined }[];
  let postServiceId: string | null;
  // A request whose `platforms` names twitter targets twitter (public facts): it needs the X headers
  // whether or not the id turns out to exist, as every other comments operation checks them first.
  requireXCredentials(call.headers, call.runtime, optionalStringArray(call.body, 'platforms') ?? []);
  if (bySocialId) {
    const [platform] = platformList(call.body, COMMENT_NETWORKS, 'Commenting on a social post id', {
      required: true,
      exactlyOne: true,
    }) as [string];
    // A network the profile does not link (reddit always): the per-platform error of the service
    // post id form (code 109), not "unknown post".
    if (!isNetwork(platform) || !call.profile.accounts[platform]) {
      const error = platformError('comment', platform, ErrorCode.networkNotLinked, `${platform} is not linked to this profile`);
      throw new ServiceError(400, { code: error.code, message: error.message, errors: [error] });
    }
    const post = networkPostOf(world, call.profile, platform, id);
    if (!post) throw notFound(`No ${platform} post with id ${id} for this profile`);
    targets = [{ platform, post }];
    postServiceId = post.serviceId;
  } else {
    const post = servicePostOf(world, call.profile, id);
    if (!post) {
      throw notFound(`No post with service id ${id} for this profile (for a social post id, send searchPlatformId: true)`);
    }
    const platforms = platformList(call.body, COMMENT_NETWORKS, 'Commenting on a post', { required: false }) ?? post.platforms;
    const published = world.networkPostsOf(id);
    targets = platforms.map((platform) => ({ platform, post: published.find((p) => p.platform === platform) }));
    postServiceId = post.serviceId;
  }
  const names = targets.map((t) => t.platform);
  requireXCredentials(call.headers, call.runtime, names);
  mediaUrlsFor(call, names, COMMENT_IMAGE_NETWORKS, 'A comment');
  const text = nonEmptyText(
    optionalBoolean(call.body, 'randomComment') === true ? commentText(call, targets[0]?.post?.platform ?? 'facebook') : requireString(call.body, 'comment'),
    'comment',
  );

  const serviceCommentId = newServiceCommentId(world);
  const results: Record<string, unknown> = {};
  const errors: PlatformError[] = [];
  const socialIds: Record<string, string> = {};
  for (const { platform, post } of targets) {
    if (!post) {
      errors.push(platformError('comment', platform, ErrorCode.networkNotLinked, `The post was not published on ${platform}`));
      continue;
    }
    if (post.disableComments && DISABLE_COMMENTS_NETWORKS.includes(post.platform)) {
      errors.push(platformError('comment', platform, ErrorCode.commentsDisabled, `Comments are disabled on this ${platform} post`));
      continue;
    }
    const comment = addComment(world, {
      post,
      text,
      from: accountAuthor(call.profile, post.platform),
      byAccount: true,
      created: call.runtime.now(),
      serviceCommentId,
    });
    socialIds[platform] = comment.socialId;
    const result: Record<string, unknown> = { status: 'success', commentId: comment.socialId, comment: text, platform };
    if (platform === 'linkedin' && post.activityId) result.commentUrn = linkedinCommentUrn(post.activityId, comment.socialId);
    if (platform === 'tiktok') result.videoId = post.socialId;
    results[platform] = result;
  }
  if (Object.keys(socialIds).length === 0) {
    const first = errors[0] as PlatformError;
    throw new ServiceError(400, { code: first.code, message: first.message, errors });
  }
  world.addServiceComment({ serviceCommentId, profileRefId: call.profile.refId, postServiceId, socialIds });
  recordWrite(call, 'comment.create', [serviceCommentId, ...Object.values(socialIds)], text);
  const body: Record<string, unknown> = {
    status: errors.length > 0 ? 'error' : 'success',
    id: postServiceId ?? id,
    commentId: serviceCommentId,
    ...results,
  };
  if (errors.length > 0) body.errors = errors;
  return { body, applied: true };
}

export const commentsPostRoutes: Route[] = [
  { method: 'POST', pattern: '/comments/:id', feature: 'comments', handle: (call) => postComment(call, call.params.id ?? '') },
  {
    method: 'POST',
    pattern: '/comments',
    feature: 'comments',
    handle: (call) => postComment(call, requireString(call.body, 'id')),
  },
];
