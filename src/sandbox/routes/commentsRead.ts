// GET /comments/:id and its legacy form GET /comments?id=: a service post's comments on each of its
// networks, a social post's comments (searchPlatformId + platform), or one social comment with its
// replies (commentId=true). Serialised lists are cached per post version: the hot path of every sync.
import { isNetwork, type Network } from '../../shared/networks.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { requireXCredentials } from '../http/auth.ts';
import { badRequest, ErrorCode, notFound } from '../http/errors.ts';
import { queryFlag } from '../http/validate.ts';
import type { NetworkPostState } from '../world/types.ts';
import { commentListOf, commentOf, commentRecord, networkPostOf, servicePostOf } from '../world/views.ts';
import type { World } from '../world/world.ts';

const CACHE_LIMIT = 2000;
const cache = new WeakMap<World, Map<string, Buffer>>();

function cachedList(world: World, id: string, posts: NetworkPostState[]): Buffer {
  const key = `${id}|${posts.map((p) => `${p.platform}:${p.socialId}@${world.postVersion(`${p.platform}:${p.socialId}`)}`).join(',')}`;
  let entries = cache.get(world);
  if (!entries) cache.set(world, (entries = new Map<string, Buffer>()));
  const hit = entries.get(key);
  if (hit) return hit;
  const body: Record<string, unknown> = { status: 'success', id };
  for (const post of posts) body[post.platform] = commentListOf(world, post);
  const json = Buffer.from(JSON.stringify(body));
  // Keys carry versions, so old entries are never wrong, only unused: drop them all at the cap.
  if (entries.size >= CACHE_LIMIT) entries.clear();
  entries.set(key, json);
  return json;
}

function queryPlatform(query: URLSearchParams): Network {
  const name = query.get('platform');
  if (name === null || name === '') {
    throw badRequest(ErrorCode.missingField, 'Query parameter "platform" is required with searchPlatformId=true');
  }
  if (!isNetwork(name)) throw badRequest(ErrorCode.unsupportedNetwork, `Unknown network "${name}"`);
  return name;
}

export function getComments(call: ApiCall, id: string): ApiResult {
  const { world } = call.runtime;
  const bySocialId = queryFlag(call.query, 'searchPlatformId');
  const byCommentId = queryFlag(call.query, 'commentId');
  if (byCommentId && !bySocialId) {
    throw badRequest(ErrorCode.invalidField, 'commentId=true needs searchPlatformId=true and platform as well');
  }
  if (bySocialId) {
    const platform = queryPlatform(call.query);
    requireXCredentials(call.headers, call.runtime, [platform]);
    if (byCommentId) {
      const found = commentOf(world, call.profile, platform, id);
      if (!found) throw notFound(`No ${platform} comment with id ${id} for this profile`);
      return { body: { status: 'success', [platform]: [commentRecord(world, found.comment)] } };
    }
    const post = networkPostOf(world, call.profile, platform, id);
    if (!post) throw notFound(`No ${platform} post with id ${id} for this profile`);
    return { body: null, json: cachedList(world, id, [post]) };
  }
  const post = servicePostOf(world, call.profile, id);
  if (!post) {
    throw notFound(`No post with service id ${id} for this profile (for a social post id, add searchPlatformId=true and platform)`);
  }
  requireXCredentials(call.headers, call.runtime, post.platforms);
  return { body: null, json: cachedList(world, id, world.networkPostsOf(id)) };
}

export const commentsReadRoutes: Route[] = [
  { method: 'GET', pattern: '/comments/:id', feature: 'comments', handle: (call) => getComments(call, call.params.id ?? '') },
  {
    method: 'GET',
    pattern: '/comments',
    feature: 'comments',
    handle: (call) => {
      const id = call.query.get('id');
      if (!id) throw badRequest(ErrorCode.missingField, 'Query parameter "id" is required');
      return getComments(call, id);
    },
  },
];
