// POST /post, PUT /post (disableComments), DELETE /post, GET /history, GET /history/:platform.
import type { Network } from '../../../../shared/networks.ts';
import { NetworkHistoryAddressSchema, ServicePostAddressSchema, UpdatePostAddressSchema } from '../../../../shared/wire/addressing.ts';
import {
  type CreatePostBody,
  CreatePostBodySchema,
  type CreatePostResponse,
  CreatePostResponseSchema,
  DeletePostBodySchema,
  type DeletePostResponse,
  DeletePostResponseSchema,
  type HistoryQuery,
  HistoryQuerySchema,
  type HistoryResponse,
  HistoryResponseSchema,
  type NetworkHistoryResponse,
  NetworkHistoryResponseSchema,
  UpdatePostBodySchema,
  type UpdatePostResponse,
  UpdatePostResponseSchema,
} from '../../../../shared/wire/posts.ts';
import type { CallTarget } from '../credentials.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner } from '../requestRunner.ts';
import { targetsTwitter } from '../twitterTargeting.ts';
import { segment } from '../pathSegment.ts';

export async function createPost(runner: RequestRunner, target: CallTarget, input: CreatePostBody, options?: CallOptions): Promise<CreatePostResponse> {
  const body = checkRequest('createPost', CreatePostBodySchema, input);
  const answer = await runner.run(
    target,
    {
      operation: 'createPost',
      method: 'POST',
      path: '/post',
      body,
      write: true,
      targetsTwitter: targetsTwitter(body.platforms),
      answer: CreatePostResponseSchema,
    },
    options,
  );
  return answer.value;
}

export interface UpdatePostInput {
  id: string;
  /** true turns comments off, false on; takes effect on instagram, linkedin and tiktok only. */
  disableComments: boolean;
  /** The networks the post is on. */
  networks: readonly Network[];
}

export async function updatePost(runner: RequestRunner, target: CallTarget, input: UpdatePostInput, options?: CallOptions): Promise<UpdatePostResponse> {
  checkRequest('updatePost', UpdatePostAddressSchema, input);
  const body = checkRequest('updatePost', UpdatePostBodySchema, { id: input.id, disableComments: input.disableComments });
  const answer = await runner.run(
    target,
    {
      operation: 'updatePost',
      method: 'PUT',
      path: '/post',
      body,
      write: true,
      targetsTwitter: targetsTwitter(input.networks),
      answer: UpdatePostResponseSchema,
    },
    options,
  );
  return answer.value;
}

export interface DeletePostInput {
  id: string;
  /** The networks the post is on. */
  networks: readonly Network[];
}

export async function deletePost(runner: RequestRunner, target: CallTarget, input: DeletePostInput, options?: CallOptions): Promise<DeletePostResponse> {
  checkRequest('deletePost', ServicePostAddressSchema, input);
  const body = checkRequest('deletePost', DeletePostBodySchema, { id: input.id });
  const answer = await runner.run(
    target,
    {
      operation: 'deletePost',
      method: 'DELETE',
      path: '/post',
      body,
      write: true,
      targetsTwitter: targetsTwitter(input.networks),
      answer: DeletePostResponseSchema,
    },
    options,
  );
  return answer.value;
}

/** GET /history: the posts made through the service. It does not target twitter, whatever the posts' networks. */
export async function history(runner: RequestRunner, target: CallTarget, query: HistoryQuery = {}, options?: CallOptions): Promise<HistoryResponse> {
  const checked = checkRequest('history', HistoryQuerySchema, query);
  const answer = await runner.run(
    target,
    { operation: 'history', method: 'GET', path: '/history', query: checked, write: false, targetsTwitter: false, answer: HistoryResponseSchema },
    options,
  );
  return answer.value;
}

export interface NetworkHistoryInput {
  platform: Network;
  /** Newest first; default 100, at most 1,000. */
  limit?: number;
}

/** GET /history/:platform: the network's own posts of the linked account, outside ones included. */
export async function networkHistory(
  runner: RequestRunner,
  target: CallTarget,
  input: NetworkHistoryInput,
  options?: CallOptions,
): Promise<NetworkHistoryResponse> {
  checkRequest('networkHistory', NetworkHistoryAddressSchema, input);
  const answer = await runner.run(
    target,
    {
      operation: 'networkHistory',
      method: 'GET',
      path: `/history/${segment(input.platform)}`,
      query: { limit: input.limit },
      write: false,
      targetsTwitter: targetsTwitter(input.platform),
      answer: NetworkHistoryResponseSchema,
    },
    options,
  );
  return answer.value;
}
