// Whether a reply could ever be sent: the service client's own pre-flight rules (the wire schemas
// of shared), plus what the outbox needs to check an unknown outcome later (a thread locator for a
// reply by service comment id). Used when a reply is queued and again when a row is loaded, so
// nothing the client would refuse sits in the queue looking "queued".
import { checkShape } from '../../../shared/wire/check.ts';
import { ReplyAddressSchema } from '../../../shared/wire/addressing.ts';
import { ReplyBodySchema } from '../../../shared/wire/replies.ts';
import { isNetwork, type Network } from '../../../shared/networks.ts';
import { type ReplyInput, replyBody } from '../service/operations/replies.ts';
import type { InputIssue } from './errors.ts';
import type { ServiceThread } from './types.ts';

/** The networks a reply goes to. */
export function replyPlatforms(request: ReplyInput): Network[] {
  return request.to === 'serviceComment' ? [...new Set(request.platforms)] : [request.platform];
}

export function replyIssues(request: ReplyInput, thread: ServiceThread | null | undefined): InputIssue[] {
  const address = checkShape(ReplyAddressSchema, request);
  if (!address.ok) return address.issues;
  if (request.to === 'serviceComment' && !Array.isArray(request.platforms)) return [{ path: 'platforms', message: 'Name the network(s) to reply on' }];
  if (request.to === 'socialComment' && !isNetwork(request.platform)) return [{ path: 'platform', message: 'Name the network the comment is on' }];
  const body = checkShape(ReplyBodySchema, replyBody(request));
  if (!body.ok) return body.issues;
  if (request.to === 'socialComment') {
    return thread ? [{ path: 'thread', message: 'A reply by social comment id reads its parent directly; it takes no thread' }] : [];
  }
  if (!thread) {
    return [
      {
        path: 'thread',
        message:
          "A reply by service comment id needs its thread (the service post and the parent's social id on each network), to be checked if its outcome is ever unknown",
      },
    ];
  }
  const issues: InputIssue[] = [];
  for (const platform of replyPlatforms(request)) {
    if (typeof thread.parents[platform] !== 'string' || thread.parents[platform] === '') {
      issues.push({ path: `thread.parents.${platform}`, message: `The parent comment's social id on ${platform} is missing` });
    }
    if (!thread.postNetworks.includes(platform)) {
      issues.push({ path: 'thread.postNetworks', message: `The post is not on ${platform}, which the reply goes to` });
    }
  }
  return issues;
}
