// The Reviews API (docs/service-reviews.md): the reviews of a profile's Google listing (gmb) or
// Facebook Page, one Google review, a reply of the business and its deletion. The service has no
// idempotency key, so after a lost answer a write is read back before it is sent again, and sent
// again only where that cannot double: a Google reply replaces the one reply the review has (the
// same text twice is the same state), a deletion removes what is there. A Facebook answer is a new
// comment each time, so it is never sent again here: the caller gets OutcomeUnknownError and
// reconciles against the rating's answers (`reviewReplies`).
import type { ReviewNetwork } from '../../../../shared/reviews.ts';
import {
  DeleteReviewReplyRequestSchema,
  FacebookReviewsResponseSchema,
  GmbReviewsResponseSchema,
  OneReviewQuerySchema,
  OneReviewResponseSchema,
  type ReviewRecord,
  ReviewRepliedSchema,
  ReviewReplyDeletedSchema,
  ReplyReviewRequestSchema,
  ReviewsQuerySchema,
} from '../../../../shared/wire/reviews.ts';
import type { CallTarget } from '../credentials.ts';
import { HttpError, refinedHttpError, ServiceClientError } from '../errors.ts';
import { segment } from '../pathSegment.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner, RequestSpec } from '../requestRunner.ts';

/** Why the service refused a Reviews request, by its code (the sandbox's; docs/service-reviews.md). */
export type ReviewRefusal = 'network-not-linked' | 'unknown-review' | 'empty-text' | 'text-too-long' | 'unsupported-network';

const REFUSALS: ReadonlyMap<number, ReviewRefusal> = new Map([
  [109, 'network-not-linked'],
  [114, 'unknown-review'],
  [108, 'empty-text'],
  [113, 'text-too-long'],
  [106, 'unsupported-network'],
]);

/**
 * A refusal of the Reviews API: nothing was applied and the same request gets the same answer. Still
 * an HttpError (kind 'http'), so everything that handles those handles this.
 */
export class ReviewRefusedError extends HttpError {
  readonly refusal: ReviewRefusal;
  readonly platform: ReviewNetwork;

  constructor(refusal: ReviewRefusal, platform: ReviewNetwork, from: HttpError) {
    super(refinedHttpError(from, { hint: refusalHint(refusal, platform), retryable: false, writeOutcome: 'not-applied' }));
    this.refusal = refusal;
    this.platform = platform;
  }
}

function refusalHint(refusal: ReviewRefusal, platform: ReviewNetwork): string | undefined {
  if (refusal !== 'network-not-linked') return undefined;
  return platform === 'gmb'
    ? "Link the client's Google Business Profile to this profile in the service's dashboard to answer its Google reviews"
    : "Link the client's Facebook Page to this profile in the service's dashboard to answer its ratings";
}

async function runReviews<T>(runner: RequestRunner, target: CallTarget, platform: ReviewNetwork, spec: RequestSpec<T>, options?: CallOptions): Promise<T> {
  try {
    return (await runner.run(target, spec, options)).value;
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.code !== undefined) {
      const refusal = REFUSALS.get(error.code);
      if (refusal) throw new ReviewRefusedError(refusal, platform, error);
    }
    throw error;
  }
}

export interface ReviewList {
  platform: ReviewNetwork;
  /** Newest first, as the service gives them. */
  reviews: ReviewRecord[];
  /** When the service fetched them, and when it has fresher ones (do not ask again before). */
  lastUpdated: string | undefined;
  nextUpdate: string | undefined;
}

/** Every review of the profile's Google listing (gmb) or Facebook Page. */
export async function listReviews(runner: RequestRunner, target: CallTarget, input: { platform: ReviewNetwork }, options?: CallOptions): Promise<ReviewList> {
  const { platform } = checkRequest('listReviews', ReviewsQuerySchema, input);
  const spec = { operation: 'listReviews', method: 'GET' as const, path: '/reviews', query: { platform }, write: false, targetsTwitter: false };
  if (platform === 'gmb') {
    const answer = await runReviews(runner, target, platform, { ...spec, answer: GmbReviewsResponseSchema }, options);
    return { platform, reviews: answer.gmb, lastUpdated: answer.lastUpdated, nextUpdate: answer.nextUpdate };
  }
  const answer = await runReviews(runner, target, platform, { ...spec, answer: FacebookReviewsResponseSchema }, options);
  return { platform, reviews: answer.facebook, lastUpdated: answer.lastUpdated, nextUpdate: answer.nextUpdate };
}

/** One Google review by id (the service has this for gmb only). */
export async function getReview(
  runner: RequestRunner,
  target: CallTarget,
  input: { id: string; platform?: 'gmb' },
  options?: CallOptions,
): Promise<ReviewRecord> {
  const { id, platform } = checkRequest('getReview', OneReviewQuerySchema, { platform: 'gmb', ...input });
  return runReviews(
    runner,
    target,
    platform,
    {
      operation: 'getReview',
      method: 'GET',
      path: `/reviews/${segment(id)}`,
      query: { platform },
      write: false,
      targetsTwitter: false,
      answer: OneReviewResponseSchema,
    },
    options,
  );
}

/** Sends of one write at most: the first, and two more after lost answers where that cannot double. */
export const REVIEW_WRITE_ATTEMPTS = 3;

export interface ReviewWriteResult {
  reviewId: string;
  platform: ReviewNetwork;
  /** How the client knows it happened: the service's answer, or reading the review back after a lost answer. */
  settledBy: 'answer' | 'read-back';
  /** Requests that carried the write. */
  sends: number;
}

export interface ReplyToReviewInput {
  platform: ReviewNetwork;
  reviewId: string;
  reply: string;
}

/**
 * The business's public reply to a review. A refusal is a ReviewRefusedError, not applied. On
 * Google a lost answer is settled by reading the review back (its reply is ours: delivered) and the
 * reply sent again otherwise, since it replaces; on Facebook a lost answer is OutcomeUnknownError.
 */
export async function replyToReview(runner: RequestRunner, target: CallTarget, input: ReplyToReviewInput, options?: CallOptions): Promise<ReviewWriteResult> {
  const checked = checkRequest('replyToReview', ReplyReviewRequestSchema, input);
  const send = () =>
    runReviews(
      runner,
      target,
      checked.platform,
      {
        operation: 'replyToReview',
        method: 'POST',
        path: '/reviews',
        body: { reviewId: checked.reviewId, platform: checked.platform, reply: checked.reply },
        write: true,
        targetsTwitter: false,
        answer: ReviewRepliedSchema,
      },
      options,
    );
  if (checked.platform !== 'gmb') {
    await send();
    return { reviewId: checked.reviewId, platform: checked.platform, settledBy: 'answer', sends: 1 };
  }
  const delivered = async () => (await getReview(runner, target, { id: checked.reviewId }, options)).reviewReply?.reply === checked.reply;
  return settleWrite(checked.reviewId, 'gmb', send, delivered);
}

/**
 * Removes the business's reply (on Facebook its answers). Removing twice leaves what removing once
 * does, so after a lost answer it reads the review back and sends again while the reply is there.
 */
export async function deleteReviewReply(
  runner: RequestRunner,
  target: CallTarget,
  input: { platform: ReviewNetwork; reviewId: string },
  options?: CallOptions,
): Promise<ReviewWriteResult> {
  const checked = checkRequest('deleteReviewReply', DeleteReviewReplyRequestSchema, input);
  const send = () =>
    runReviews(
      runner,
      target,
      checked.platform,
      {
        operation: 'deleteReviewReply',
        method: 'DELETE',
        path: '/reviews',
        body: { reviewId: checked.reviewId, platform: checked.platform },
        write: true,
        targetsTwitter: false,
        answer: ReviewReplyDeletedSchema,
      },
      options,
    );
  const gone = async () => {
    const review =
      checked.platform === 'gmb'
        ? await getReview(runner, target, { id: checked.reviewId }, options)
        : (await listReviews(runner, target, { platform: 'facebook' }, options)).reviews.find((r) => r.id === checked.reviewId);
    return review !== undefined && review.reviewReply === undefined;
  };
  return settleWrite(checked.reviewId, checked.platform, send, gone);
}

/**
 * Sends a write that cannot double; after an answer that leaves its outcome unknown, asks
 * `happened` (a read of the review) and sends again only when it did not, at most
 * REVIEW_WRITE_ATTEMPTS sends. A read that fails leaves the write's outcome unknown: that error is
 * the one thrown, for the caller to reconcile later.
 */
async function settleWrite(
  reviewId: string,
  platform: ReviewNetwork,
  send: () => Promise<unknown>,
  happened: () => Promise<boolean>,
): Promise<ReviewWriteResult> {
  let sends = 0;
  for (;;) {
    try {
      sends++;
      await send();
      return { reviewId, platform, settledBy: 'answer', sends };
    } catch (error) {
      if (!(error instanceof ServiceClientError) || error.writeOutcome !== 'unknown') throw error;
      let done: boolean;
      try {
        done = await happened();
      } catch {
        throw error;
      }
      if (done) return { reviewId, platform, settledBy: 'read-back', sends };
      if (sends >= REVIEW_WRITE_ATTEMPTS) throw error;
    }
  }
}

export type { ReviewRecord };
