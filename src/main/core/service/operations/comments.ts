// GET /comments/:id in its three addressings, POST /comments/:id, DELETE /comments/:id.
import type { CommentNetwork, Network } from '../../../../shared/networks.ts';
import { CommentsAddressSchema, DeleteCommentAddressSchema, PostCommentAddressSchema } from '../../../../shared/wire/addressing.ts';
import {
  type CommentsResponse,
  CommentsResponseSchema,
  DeleteCommentBodySchema,
  type DeleteCommentResponse,
  DeleteCommentResponseSchema,
  PostCommentBodySchema,
  type PostCommentResponse,
  PostCommentResponseSchema,
} from '../../../../shared/wire/comments.ts';
import type { CallTarget } from '../credentials.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner } from '../requestRunner.ts';
import { targetsTwitter } from '../twitterTargeting.ts';
import { segment } from '../pathSegment.ts';

export type CommentsAddress =
  /** The comments of a post made through the service, on every network it is on. */
  | { by: 'servicePost'; id: string; networks: readonly Network[] }
  /** The comments of a post made outside the service, by its social post id. */
  | { by: 'socialPost'; id: string; platform: Network }
  /** One comment made outside the service, with its replies, by its social comment id. */
  | { by: 'socialComment'; id: string; platform: Network };

export async function getComments(runner: RequestRunner, target: CallTarget, address: CommentsAddress, options?: CallOptions): Promise<CommentsResponse> {
  const input = checkRequest('getComments', CommentsAddressSchema, address);
  const query =
    input.by === 'servicePost' ? undefined : { searchPlatformId: true, platform: input.platform, ...(input.by === 'socialComment' ? { commentId: true } : {}) };
  const answer = await runner.run(
    target,
    {
      operation: 'getComments',
      method: 'GET',
      path: `/comments/${segment(input.id)}`,
      ...(query ? { query } : {}),
      write: false,
      targetsTwitter: input.by === 'servicePost' ? targetsTwitter(input.networks) : targetsTwitter(input.platform),
      answer: CommentsResponseSchema,
    },
    options,
  );
  return answer.value;
}

export type PostCommentInput =
  | {
      on: 'servicePost';
      postId: string;
      /** The networks the post is on: the comment goes to all of them unless `platforms` narrows it. */
      networks: readonly Network[];
      platforms?: CommentNetwork[];
      comment: string;
      /** One image URL; facebook, linkedin and twitter only. */
      mediaUrls?: string[];
    }
  | { on: 'socialPost'; postId: string; platform: CommentNetwork; comment: string; mediaUrls?: string[] };

export async function postComment(runner: RequestRunner, target: CallTarget, input: PostCommentInput, options?: CallOptions): Promise<PostCommentResponse> {
  checkRequest('postComment', PostCommentAddressSchema, input);
  const body =
    input.on === 'servicePost'
      ? { comment: input.comment, ...(input.platforms ? { platforms: input.platforms } : {}), ...(input.mediaUrls ? { mediaUrls: input.mediaUrls } : {}) }
      : { comment: input.comment, platforms: [input.platform], searchPlatformId: true, ...(input.mediaUrls ? { mediaUrls: input.mediaUrls } : {}) };
  // Without `platforms` the comment goes everywhere the post is: check the image rule against those.
  const goesTo = input.on === 'servicePost' ? (input.platforms ?? input.networks) : [input.platform];
  checkRequest('postComment', PostCommentBodySchema, { ...body, platforms: goesTo });
  const answer = await runner.run(
    target,
    {
      operation: 'postComment',
      method: 'POST',
      path: `/comments/${segment(input.postId)}`,
      body,
      write: true,
      targetsTwitter: targetsTwitter(goesTo),
      answer: PostCommentResponseSchema,
    },
    options,
  );
  return answer.value;
}

export type DeleteCommentInput =
  /** A comment made through the service: deleted on every network it was made on. */
  | { by: 'serviceComment'; id: string; networks: readonly Network[] }
  /** Every comment made through the service on this post. */
  | { by: 'servicePost'; id: string; networks: readonly Network[] }
  /** A comment by its social comment id (on tiktok, only the account's own: code 328). */
  | { by: 'socialComment'; id: string; platform: Network };

export async function deleteComment(
  runner: RequestRunner,
  target: CallTarget,
  address: DeleteCommentInput,
  options?: CallOptions,
): Promise<DeleteCommentResponse> {
  const input = checkRequest('deleteComment', DeleteCommentAddressSchema, address);
  const body =
    input.by === 'socialComment' ? checkRequest('deleteComment', DeleteCommentBodySchema, { searchPlatformId: true, platform: input.platform }) : undefined;
  const answer = await runner.run(
    target,
    {
      operation: 'deleteComment',
      method: 'DELETE',
      path: `/comments/${segment(input.id)}`,
      ...(body ? { body } : {}),
      write: true,
      targetsTwitter: input.by === 'socialComment' ? targetsTwitter(input.platform) : targetsTwitter(input.networks),
      answer: DeleteCommentResponseSchema,
    },
    options,
  );
  return answer.value;
}
