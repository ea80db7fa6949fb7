// POST /analytics/post: by social post ids (any number, split into requests of at most 100, run
// within the profile's rate budget, merged per id) and by one service post id.
import type { Network } from '../../../../shared/networks.ts';
import { ServicePostAddressSchema } from '../../../../shared/wire/addressing.ts';
import {
  ANALYTICS_ID_NOT_FOUND,
  AnalyticsByServiceIdBodySchema,
  type AnalyticsByServiceIdResponse,
  AnalyticsByServiceIdResponseSchema,
  AnalyticsBySocialIdsBodySchema,
  AnalyticsBySocialIdsResponseSchema,
} from '../../../../shared/wire/analytics.ts';
import { type AnalyticsBatchResult, mergeBatches } from '../analyticsResults.ts';
import type { CallTarget } from '../credentials.ts';
import { AbortedError, ServiceClientError } from '../errors.ts';
import { idBatches } from '../idBatches.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner } from '../requestRunner.ts';
import { targetsTwitter } from '../twitterTargeting.ts';

export interface AnalyticsBySocialIdsInput {
  /** Exactly one network per call (the spec's rule); bluesky only by service post id. */
  platform: Network;
  /** Social post ids, any number; duplicates are asked for once. */
  ids: readonly string[];
}

/** The 400 of "every id unknown" (186) is an answer with per-id results, not a failed request. */
function everyIdUnknown(status: number, body: unknown): boolean {
  return status === 400 && typeof body === 'object' && body !== null && (body as { code?: unknown }).code === ANALYTICS_ID_NOT_FOUND;
}

export async function analyticsBySocialIds(
  runner: RequestRunner,
  target: CallTarget,
  input: AnalyticsBySocialIdsInput,
  options?: CallOptions,
): Promise<AnalyticsBatchResult> {
  const batches = idBatches(input.ids);
  // Every batch has the same shape: checking the first checks the rules for all. No ids is no
  // request (still checked, so a wrong network is told even then).
  checkRequest('analyticsBySocialIds', AnalyticsBySocialIdsBodySchema, {
    postIds: batches[0] ?? ['(none)'],
    platforms: [input.platform],
    searchPlatformId: true,
  });
  // Each batch draws its own permit, so they go out as fast as the budget allows and no faster.
  const outcomes = await Promise.all(
    batches.map(async (ids) => {
      try {
        const answer = await runner.run(
          target,
          {
            operation: 'analyticsBySocialIds',
            method: 'POST',
            path: '/analytics/post',
            body: { postIds: ids, platforms: [input.platform], searchPlatformId: true },
            write: false,
            targetsTwitter: targetsTwitter(input.platform),
            answer: AnalyticsBySocialIdsResponseSchema,
            answerOnError: everyIdUnknown,
          },
          options,
        );
        return { ids, outcome: { answer: answer.value } };
      } catch (error) {
        if (!(error instanceof ServiceClientError)) throw error;
        return { ids, outcome: { error } };
      }
    }),
  );
  // Cancelling the whole job is the caller's decision: report it as such, not as per-id failures.
  if (options?.signal?.aborted) throw new AbortedError('analyticsBySocialIds');
  return mergeBatches(input.platform, outcomes);
}

export interface AnalyticsByServiceIdInput {
  id: string;
  /** The networks the post is on (decides the X key pair). */
  networks: readonly Network[];
  /** Narrows the answer to these networks. */
  platforms?: Network[];
}

export async function analyticsByServiceId(
  runner: RequestRunner,
  target: CallTarget,
  input: AnalyticsByServiceIdInput,
  options?: CallOptions,
): Promise<AnalyticsByServiceIdResponse> {
  checkRequest('analyticsByServiceId', ServicePostAddressSchema, input);
  const body = checkRequest('analyticsByServiceId', AnalyticsByServiceIdBodySchema, {
    id: input.id,
    ...(input.platforms ? { platforms: input.platforms } : {}),
  });
  const answer = await runner.run(
    target,
    {
      operation: 'analyticsByServiceId',
      method: 'POST',
      path: '/analytics/post',
      body,
      write: false,
      targetsTwitter: targetsTwitter(input.platforms ?? input.networks),
      answer: AnalyticsByServiceIdResponseSchema,
    },
    options,
  );
  return answer.value;
}
