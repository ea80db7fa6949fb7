// POST /analytics/post. With searchPlatformId: social post ids (`id` or up to 100 `postIds`) on
// exactly one network; unknown ids are 186, per id when others were found (status "partial").
// Without it: one service post id, answered per network of the post.
import { ANALYTICS_SOCIAL_ID_NETWORKS, MAX_ANALYTICS_IDS, type Network, NETWORKS } from '../../shared/networks.ts';
import { analyticsOf } from '../analytics/metrics.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { requireXCredentials } from '../http/auth.ts';
import { badRequest, ErrorCode, notFound, ServiceError } from '../http/errors.ts';
import { optionalBoolean, optionalString, optionalStringArray, platformList } from '../http/validate.ts';
import type { NetworkPostState } from '../world/types.ts';
import { networkPostOf, servicePostOf } from '../world/views.ts';

/** Rule 1: the account must own the post, except youtube; twitter answers with public metrics only. */
const NOT_OWNED_ALLOWED: readonly Network[] = ['youtube', 'twitter'];

function entryOf(call: ApiCall, post: NetworkPostState): Record<string, unknown> {
  const { world, now, analyticsRefreshMs } = call.runtime;
  const key = `${post.platform}:${post.socialId}`;
  const comments = world.everyCommentOfPost(key);
  const snapshot = analyticsOf(post, {
    owner: world.profileByRefId(post.profileRefId)?.accounts[post.platform],
    now: now(),
    refreshMs: analyticsRefreshMs,
    // A comment's `created` has whole seconds, a refresh time has milliseconds: a comment stamped with
    // the refresh's own second may have been made after the refresh, and counting it would change
    // the numbers before nextUpdate. Count only comments of earlier seconds; the others are counted
    // at the next refresh (so counts stay stable between refreshes and still only grow).
    // A comment deleted after the refresh is still in that refresh's numbers.
    commentCountAt: (at) => {
      const second = Math.floor(at.getTime() / 1000) * 1000;
      return comments.filter((c) => Date.parse(c.created) < second && (c.deletedAt === undefined || Date.parse(c.deletedAt) > at.getTime())).length;
    },
  });
  return { id: post.socialId, postUrl: post.postUrl, ...snapshot };
}

function notFoundEntry(platform: Network, id: string): Record<string, unknown> {
  return {
    action: 'post',
    status: 'error',
    code: ErrorCode.analyticsIdNotFound,
    message: `Post id ${id} not found for this account on ${platform}`,
    id,
    platform,
  };
}

function bySocialIds(call: ApiCall): ApiResult {
  const single = optionalString(call.body, 'id');
  const many = optionalStringArray(call.body, 'postIds');
  if (single !== undefined && many !== undefined) throw badRequest(ErrorCode.invalidField, 'Send either "id" or "postIds", not both');
  if (single === undefined && many === undefined) throw badRequest(ErrorCode.missingField, 'Missing "id" or "postIds"');
  if (many?.length === 0) throw badRequest(ErrorCode.missingField, '"postIds" must hold at least one id');
  if (many !== undefined && many.length > MAX_ANALYTICS_IDS) {
    throw badRequest(ErrorCode.tooManyIds, `"postIds" holds ${many.length} ids; at most ${MAX_ANALYTICS_IDS} are allowed per request`);
  }
  const [platform] = platformList(call.body, ANALYTICS_SOCIAL_ID_NETWORKS, 'Analytics by social post id', {
    required: true,
    exactlyOne: true,
  }) as [Network];
  requireXCredentials(call.headers, call.runtime, [platform]);
  const ids = [...new Set(many ?? [single as string])];
  const found: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  for (const id of ids) {
    const post = networkPostOf(call.runtime.world, call.profile, platform, id);
    if (post && (post.owned || NOT_OWNED_ALLOWED.includes(platform))) found.push(entryOf(call, post));
    else errors.push(notFoundEntry(platform, id));
  }
  if (found.length === 0) {
    const now = call.runtime.now();
    const first = errors[0] as Record<string, unknown>;
    return {
      status: 400,
      body: {
        status: 'error',
        code: ErrorCode.analyticsIdNotFound,
        message: first.message,
        [platform]: single !== undefined ? first : errors,
        errors,
        lastUpdated: now.toISOString(),
        nextUpdate: new Date(now.getTime() + call.runtime.analyticsRefreshMs).toISOString(),
      },
    };
  }
  const body: Record<string, unknown> = { status: errors.length > 0 ? 'partial' : 'success', code: 200, [platform]: found };
  if (errors.length > 0) body.errors = errors;
  return { body };
}

function byServiceId(call: ApiCall): ApiResult {
  if (call.body.postIds !== undefined) {
    throw badRequest(ErrorCode.invalidField, '"postIds" takes social post ids: send searchPlatformId: true with it');
  }
  const id = optionalString(call.body, 'id');
  if (!id) throw badRequest(ErrorCode.missingField, 'Missing "id"');
  const post = servicePostOf(call.runtime.world, call.profile, id);
  if (!post) throw notFound(`No post with service id ${id} for this profile (for a social post id, send searchPlatformId: true)`);
  const wanted = platformList(call.body, NETWORKS, 'Analytics by service post id', { required: false }) ?? post.platforms;
  const networkPosts = call.runtime.world.networkPostsOf(id).filter((p) => wanted.includes(p.platform));
  if (networkPosts.length === 0) {
    throw new ServiceError(400, { code: ErrorCode.networkNotLinked, message: `Post ${id} was not published on ${wanted.join(', ')}` });
  }
  requireXCredentials(
    call.headers,
    call.runtime,
    networkPosts.map((p) => p.platform),
  );
  const body: Record<string, unknown> = { status: 'success', id };
  for (const networkPost of networkPosts) body[networkPost.platform] = entryOf(call, networkPost);
  return { body };
}

export const analyticsRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/analytics/post',
    handle: (call) => {
      const searchPlatformId = optionalBoolean(call.body, 'searchPlatformId');
      return searchPlatformId === true ? bySocialIds(call) : byServiceId(call);
    },
  },
];
