// DELETE /comments/:id (and DELETE /comments {id}): by service comment id (every network it was
// made on), by service post id (every comment made through the service on that post), or by social
// comment id with searchPlatformId and platform. TikTok deletes only the account's own (328).
import { isNetwork, type Network } from '../../shared/networks.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { requireXCredentials } from '../http/auth.ts';
import { badRequest, ErrorCode, notFound, operationFailed, platformError } from '../http/errors.ts';
import { optionalBoolean, optionalString, queryFlag, requireString } from '../http/validate.ts';
import type { CommentState } from '../world/types.ts';
import { commentOf, servicePostOf } from '../world/views.ts';
import { recordWrite } from './shared.ts';

function deletedEntry(comment: CommentState): Record<string, unknown> {
  return { action: 'delete', status: 'success', id: comment.socialId, comment: comment.text };
}

function bySocialId(call: ApiCall, id: string): { comments: CommentState[]; many: boolean } {
  const platform = optionalString(call.body, 'platform') ?? call.query.get('platform');
  if (!platform) throw badRequest(ErrorCode.missingField, 'Deleting by social comment id needs "platform"');
  if (!isNetwork(platform)) throw badRequest(ErrorCode.unsupportedNetwork, `Unknown network "${platform}"`);
  requireXCredentials(call.headers, call.runtime, [platform]);
  const found = commentOf(call.runtime.world, call.profile, platform, id);
  if (!found) throw notFound(`No ${platform} comment with id ${id} for this profile`);
  if (platform === 'tiktok' && !found.comment.byAccount) {
    throw operationFailed(platformError('delete', 'tiktok', ErrorCode.notOwnComment, 'TikTok only lets the account delete its own comments'));
  }
  return { comments: [found.comment], many: false };
}

function byServiceId(call: ApiCall, id: string): { comments: CommentState[]; many: boolean } {
  const { world } = call.runtime;
  const live = (platform: Network, socialId: string) => commentOf(world, call.profile, platform, socialId)?.comment;
  const single = world.serviceComment(id);
  if (single?.profileRefId === call.profile.refId) {
    const comments = Object.entries(single.socialIds)
      .map(([platform, socialId]) => live(platform as Network, socialId))
      .filter((c): c is CommentState => c !== undefined);
    if (comments.length > 0) return { comments, many: false };
    throw notFound(`Comment ${id} was already deleted, or its post was`);
  }
  if (servicePostOf(world, call.profile, id)) {
    const comments = world.state.serviceComments
      .filter((sc) => sc.postServiceId === id && sc.profileRefId === call.profile.refId)
      .flatMap((sc) => Object.entries(sc.socialIds).map(([platform, socialId]) => live(platform as Network, socialId)))
      .filter((c): c is CommentState => c !== undefined);
    if (comments.length > 0) return { comments, many: true };
    throw notFound(`Post ${id} has no comments made through the service`);
  }
  throw notFound(`No comment or post with service id ${id} for this profile`);
}

export function deleteComment(call: ApiCall, id: string): ApiResult {
  const { world } = call.runtime;
  const social = optionalBoolean(call.body, 'searchPlatformId') ?? queryFlag(call.query, 'searchPlatformId');
  const { comments, many } = social ? bySocialId(call, id) : byServiceId(call, id);
  if (!social)
    requireXCredentials(
      call.headers,
      call.runtime,
      comments.map((c) => c.platform),
    );
  const body: Record<string, unknown> = { status: 'success' };
  for (const comment of comments) {
    world.deleteComment(comment, call.runtime.now());
    const entry = deletedEntry(comment);
    if (!many) body[comment.platform] = entry;
    else body[comment.platform] = [...((body[comment.platform] as unknown[] | undefined) ?? []), entry];
  }
  recordWrite(call, 'comment.delete', [id, ...comments.map((c) => c.socialId)], null);
  return { body, applied: true };
}

export const commentsDeleteRoutes: Route[] = [
  { method: 'DELETE', pattern: '/comments/:id', feature: 'comments', handle: (call) => deleteComment(call, call.params.id ?? '') },
  { method: 'DELETE', pattern: '/comments', feature: 'comments', handle: (call) => deleteComment(call, requireString(call.body, 'id')) },
];
