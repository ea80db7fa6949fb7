// POST /comments/reply/:commentId, and its result per network: the outbox needs to know, for each
// network of a multi-network reply, whether it was posted (and its ids) or why not.
import type { Network } from '../../../../shared/networks.ts';
import { NETWORKS } from '../../../../shared/networks.ts';
import { ReplyAddressSchema } from '../../../../shared/wire/addressing.ts';
import type { PlatformError } from '../../../../shared/wire/common.ts';
import { type ReplyMade, ReplyMadeSchema, type ReplyResponse, ReplyResponseAnyShapeSchema, ReplyBodySchema } from '../../../../shared/wire/replies.ts';
import type { CallTarget } from '../credentials.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner } from '../requestRunner.ts';
import { targetsTwitter } from '../twitterTargeting.ts';
import { segment } from '../pathSegment.ts';

export type ReplyInput =
  /** A reply to a comment made through the service (its service comment id), on any of its networks. */
  | { to: 'serviceComment'; commentId: string; platforms: Network[]; comment: string; mediaUrls?: string[] }
  /**
   * A reply to a comment made outside the service (its social comment id), on exactly one network.
   * linkedin needs `commentUrn` (the full URN from the comment's record), tiktok `videoId`.
   */
  | { to: 'socialComment'; commentId: string; platform: Network; comment: string; commentUrn?: string; videoId?: string; mediaUrls?: string[] };

export interface ReplyResult {
  /** "success" when every network took the reply, "error" when some did not. */
  status: string;
  /** The service post id of the post the comment belongs to (the social id for an outside post). */
  postId: string | undefined;
  /** The service comment id of the reply: reply to or delete it by this id. */
  commentId: string | undefined;
  /** Per network where the reply was posted: its social comment id and more. */
  posted: Partial<Record<Network, ReplyMade>>;
  /** Per network where it was not: the service's code and message. */
  failed: PlatformError[];
  /** The whole answer, unknown fields included. */
  answer: ReplyResponse;
}

export function replyBody(input: ReplyInput): Record<string, unknown> {
  const common = { comment: input.comment, ...(input.mediaUrls ? { mediaUrls: input.mediaUrls } : {}) };
  if (input.to === 'serviceComment') return { ...common, platforms: input.platforms };
  return {
    ...common,
    platforms: [input.platform],
    searchPlatformId: true,
    ...(input.commentUrn === undefined ? {} : { commentUrn: input.commentUrn }),
    ...(input.videoId === undefined ? {} : { videoId: input.videoId }),
  };
}

export function replyResultOf(answer: ReplyResponse): ReplyResult {
  const posted: Partial<Record<Network, ReplyMade>> = {};
  const failed: PlatformError[] = [...(answer.errors ?? [])];
  for (const network of NETWORKS) {
    const entry = answer[network];
    if (entry === undefined) continue;
    const made = ReplyMadeSchema.safeParse(entry);
    if (made.success) posted[network] = made.data;
    else if (!failed.some((f) => f.platform === network)) failed.push({ ...(entry as PlatformError), platform: network });
  }
  return { status: answer.status, postId: answer.id, commentId: answer.commentId, posted, failed, answer };
}

export async function reply(runner: RequestRunner, target: CallTarget, input: ReplyInput, options?: CallOptions): Promise<ReplyResult> {
  checkRequest('reply', ReplyAddressSchema, input);
  const body = checkRequest('reply', ReplyBodySchema, replyBody(input));
  const answer = await runner.run(
    target,
    {
      operation: 'reply',
      method: 'POST',
      path: `/comments/reply/${segment(input.commentId)}`,
      body,
      write: true,
      targetsTwitter: targetsTwitter(body.platforms),
      answer: ReplyResponseAnyShapeSchema,
    },
    options,
  );
  return replyResultOf(answer.value);
}
