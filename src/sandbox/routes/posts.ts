// Posts: POST /post (publish on the profile's linked networks), PUT /post (comments on or off on
// instagram, linkedin, tiktok), DELETE /post, and the two histories: the service's own list and a
// network's list of the linked account's posts (including those made outside the service).
import { DISABLE_COMMENTS_NETWORKS, isNetwork, type Network, NETWORKS } from '../../shared/networks.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { requireXCredentials } from '../http/auth.ts';
import { badRequest, ErrorCode, notFound, type PlatformError, platformError, ServiceError } from '../http/errors.ts';
import { nonEmptyText, optionalBoolean, platformList, queryInteger, requireBoolean, requireString } from '../http/validate.ts';
import { newSocialPost, serviceId } from '../ids.ts';
import { isoSeconds } from '../time.ts';
import type { NetworkPostState, ServicePostState } from '../world/types.ts';
import { outsideCommentText } from '../world/vocabulary.ts';
import { servicePostOf } from '../world/views.ts';
import { linkedNetworks, recordWrite } from './shared.ts';

function createPost(call: ApiCall): ApiResult {
  const { world } = call.runtime;
  const platforms = platformList(call.body, NETWORKS, 'Posting', { required: true }) as Network[];
  requireXCredentials(call.headers, call.runtime, platforms);
  const random = optionalBoolean(call.body, 'randomPost') === true;
  const text = random ? outsideCommentText(world.draw(), platforms[0] ?? 'facebook') : nonEmptyText(requireString(call.body, 'post'), 'post');
  const disableComments = optionalBoolean(call.body, 'disableComments') ?? false;
  const linked = linkedNetworks(call.profile);
  const now = call.runtime.now();
  const id = world.unique(
    () => serviceId(world.draw()),
    (candidate) => world.servicePost(candidate) !== undefined,
  );
  const errors: PlatformError[] = [];
  const networkPosts: NetworkPostState[] = [];
  for (const platform of platforms) {
    const owner = call.profile.accounts[platform];
    if (!linked.includes(platform) || !owner) {
      errors.push(platformError('post', platform, ErrorCode.networkNotLinked, `${platform} is not linked to this profile`));
      continue;
    }
    let ids = newSocialPost(world.draw(), platform, owner);
    while (world.networkPost(platform, ids.socialId)) ids = newSocialPost(world.draw(), platform, owner);
    const networkPost: NetworkPostState = {
      platform,
      socialId: ids.socialId,
      profileRefId: call.profile.refId,
      serviceId: id,
      text,
      created: isoSeconds(now),
      postUrl: ids.postUrl,
      owned: true,
      flags: [],
      disableComments: disableComments && DISABLE_COMMENTS_NETWORKS.includes(platform),
      deleted: false,
      metricsSeed: world.draw().int(1, 1_000_000),
    };
    if (ids.cid) networkPost.cid = ids.cid;
    if (ids.activityId) networkPost.activityId = ids.activityId;
    if (platform === 'youtube') networkPost.title = text.slice(0, 100);
    networkPosts.push(networkPost);
  }
  if (networkPosts.length === 0) {
    const first = errors[0] as PlatformError;
    throw new ServiceError(400, { code: first.code, message: first.message, errors });
  }
  const servicePost: ServicePostState = {
    serviceId: id,
    profileRefId: call.profile.refId,
    text,
    created: isoSeconds(now),
    platforms: networkPosts.map((p) => p.platform),
    deleted: false,
  };
  world.addServicePost(servicePost, networkPosts);
  recordWrite(call, 'post.create', [id, ...networkPosts.map((p) => p.socialId)], text);
  // Instagram counts posts against a daily publishing quota; report how much of it is used.
  const usedToday = world.state.networkPosts.filter(
    (p) => p.platform === 'instagram' && p.profileRefId === call.profile.refId && p.serviceId !== null && now.getTime() - Date.parse(p.created) < 86_400_000,
  ).length;
  return {
    applied: true,
    body: {
      status: errors.length > 0 ? 'error' : 'success',
      id,
      refId: call.profile.refId,
      post: text,
      postIds: networkPosts.map((p) => ({
        status: 'success',
        id: p.socialId,
        postUrl: p.postUrl,
        platform: p.platform,
        ...(p.platform === 'instagram' ? { usedQuota: usedToday } : {}),
      })),
      errors,
    },
  };
}

function updatePost(call: ApiCall): ApiResult {
  const id = requireString(call.body, 'id');
  const disableComments = requireBoolean(call.body, 'disableComments');
  const post = servicePostOf(call.runtime.world, call.profile, id);
  if (!post) throw notFound(`No post with service id ${id} for this profile`);
  // Addressed by an id that lives on twitter (too): that targets twitter, as DELETE /post does.
  requireXCredentials(call.headers, call.runtime, post.platforms);
  const affected = call.runtime.world.networkPostsOf(id).filter((p) => DISABLE_COMMENTS_NETWORKS.includes(p.platform));
  if (affected.length === 0) {
    throw badRequest(
      ErrorCode.invalidField,
      `"disableComments" takes effect only on ${DISABLE_COMMENTS_NETWORKS.join(', ')}; post ${id} is on ${post.platforms.join(', ')}`,
    );
  }
  for (const networkPost of affected) {
    networkPost.disableComments = disableComments;
    call.runtime.world.touchPost(`${networkPost.platform}:${networkPost.socialId}`);
  }
  recordWrite(call, 'post.update', [id], null);
  return { applied: true, body: { status: 'success', id, disableComments, platforms: affected.map((p) => p.platform) } };
}

function deletePost(call: ApiCall): ApiResult {
  const id = requireString(call.body, 'id');
  const post = servicePostOf(call.runtime.world, call.profile, id);
  if (!post) throw notFound(`No post with service id ${id} for this profile`);
  requireXCredentials(call.headers, call.runtime, post.platforms);
  post.deleted = true;
  for (const networkPost of call.runtime.world.networkPostsOf(id)) {
    networkPost.deleted = true;
    call.runtime.world.touchPost(`${networkPost.platform}:${networkPost.socialId}`);
  }
  recordWrite(call, 'post.delete', [id], null);
  return { applied: true, body: { status: 'success', id, code: 200 } };
}

/**
 * Newest first. `created` has whole seconds (seeded ones may carry ".000"), so compare instants, not
 * strings; posts of the same second keep the order they were made in, reversed: the later one first
 * (a plain stable sort would list the earlier one first).
 */
function newestFirst<T extends { created: string }>(posts: T[]): T[] {
  return posts
    .map((post, index) => ({ post, index, at: Date.parse(post.created) }))
    .sort((a, b) => b.at - a.at || b.index - a.index)
    .map(({ post }) => post);
}

function history(call: ApiCall): ApiResult {
  const { world } = call.runtime;
  const lastRecords = queryInteger(call.query, 'lastRecords', Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER);
  const lastDays = queryInteger(call.query, 'lastDays', 0, 0, 3650);
  const since = lastDays > 0 ? call.runtime.now().getTime() - lastDays * 86_400_000 : -Infinity;
  const posts = newestFirst(world.state.servicePosts.filter((p) => p.profileRefId === call.profile.refId && Date.parse(p.created) >= since)).slice(
    0,
    lastRecords,
  );
  return {
    body: {
      history: posts.map((p) => ({
        id: p.serviceId,
        created: p.created,
        post: p.text,
        platforms: p.platforms,
        postIds: world.networkPostsOf(p.serviceId).map((np) => ({
          status: 'success',
          id: np.socialId,
          postUrl: np.postUrl,
          platform: np.platform,
        })),
        status: p.deleted ? 'deleted' : 'success',
        type: 'now',
      })),
    },
  };
}

function networkHistory(call: ApiCall): ApiResult {
  const platform = call.params.platform ?? '';
  if (!isNetwork(platform)) throw badRequest(ErrorCode.unsupportedNetwork, `Unknown network "${platform}"`);
  if (!call.profile.accounts[platform]) {
    throw badRequest(ErrorCode.networkNotLinked, `${platform} is not linked to this profile`);
  }
  requireXCredentials(call.headers, call.runtime, [platform]);
  const limit = queryInteger(call.query, 'limit', 100, 1, 1000);
  const posts = newestFirst(
    call.runtime.world.state.networkPosts.filter(
      (p) => p.profileRefId === call.profile.refId && p.platform === platform && !p.deleted && !p.flags.includes('notOwned'),
    ),
  ).slice(0, limit);
  return {
    body: { status: 'success', posts: posts.map((p) => ({ id: p.socialId, created: p.created, post: p.text, postUrl: p.postUrl })) },
  };
}

export const postRoutes: Route[] = [
  { method: 'POST', pattern: '/post', handle: createPost },
  { method: 'PUT', pattern: '/post', handle: updatePost },
  { method: 'DELETE', pattern: '/post', handle: deletePost },
  { method: 'GET', pattern: '/history', handle: history },
  { method: 'GET', pattern: '/history/:platform', handle: networkHistory },
];
