// The review task kinds (issue 31, decision 0082): a public reply to a client's review (POST
// /reviews) and the removal of the business's reply (DELETE /reviews), each on the review's one
// network. The service client already settles a lost answer where a resend cannot double
// (service-reviews.md, "In the client"); what reaches the outbox as an unknown outcome (a Facebook
// answer, a crash mid-send, a read-back that failed) is settled here by reading the review back:
//   - a reply: on Google, the review's one reply carries exactly our text; on Facebook, an answer
//     of the business with exactly our text, written no earlier than our first attempt, owned by
//     no other item;
//   - a removal: the review shows no reply of the business any more.
// Found: the write happened (nothing is sent again); missing: it is sent again.
import { REVIEW_NETWORK_NAMES, isReviewNetwork, replyLength } from '../../../shared/reviews.ts';
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import type { ReviewRecord } from '../../../shared/wire/reviews.ts';
import { HttpError } from '../service/errors.ts';
import type { InputIssue } from './errors.ts';
import type { OutboxTaskKind, TaskPayload } from './outboxTaskKind.ts';
import { earliestOurs, type ReconcileResult } from './reconciliation.ts';
import { isText, problem } from './rowChecks.ts';
import type { OutboxServiceClient, ReviewReplyDeleteItem, ReviewReplyItem, ReviewReplyRequest } from './types.ts';

/** On disk a review write's request is marked, so a build without reviews quarantines it instead of sending it. */
const REPLY_MARK = 'review-reply';
const DELETE_MARK = 'review-reply-delete';

/** The claims table is shared by every kind: a review's id is claimed marked, never standing for a comment of the same id. */
const CLAIM_PREFIX = 'review:';

export const reviewReplyTask: OutboxTaskKind<ReviewReplyItem> = {
  kind: 'review-reply',
  noun: 'reply',
  one: 'A reply to a review',
  teamClaim: 'item',
  answeredWhat: 'answered this review',
  platforms: (item) => [item.request.platform],
  issues: (payload) => replyIssues(payload.request),
  whyNotNow: () => null,
  withText: (item, text) => ({ ...item, request: { ...item.request, reply: text }, text }),
  textOf: (payload) => payload.request.reply,
  claimId: (id) => `${CLAIM_PREFIX}${id}`,
  send: async (client, item, _pending, signal) => {
    const { platform, reviewId, reply } = item.request;
    await reviewsOf(client).replyToReview(item.target, { platform, reviewId, reply }, { signal });
    return postedOnReview(item);
  },
  reconcile: (ports, item, platforms, signal) =>
    settledByReadBack(ports.client, item, platforms, signal, (review) => {
      const { platform } = item.request;
      const wanted = item.text.trim();
      if (review === null) return false;
      // Google keeps one reply: ours is there when it carries our words.
      if (platform === 'gmb') return review.reviewReply?.reply.trim() === wanted;
      const notBefore = earliestOurs(item.firstAttemptAt ?? 0, ports.clockSkewMs);
      const answers = review.reviewReplies ?? (review.reviewReply === undefined ? [] : [review.reviewReply]);
      const ours = answers.find((answer) => {
        const at = answer.updated === undefined ? Number.NaN : Date.parse(answer.updated);
        return answer.reply.trim() === wanted && (!Number.isFinite(at) || at >= notBefore);
      });
      // The reply is recorded under the review's id, as a send records it (the ledger's and the claims' id).
      return ours !== undefined && !ports.claimedByOther(item, platform, item.request.reviewId);
    }),
  storedRequest: (item) => ({ to: REPLY_MARK, ...item.request }),
  ownsStoredRequest: (value) => value.to === REPLY_MARK,
  readStored: (value, thread): TaskPayload<ReviewReplyItem> => {
    if (thread !== null && thread !== undefined) problem('the reply could never be sent: a reply to a review has no thread');
    return { kind: 'review-reply', request: requestOf(value), thread: null };
  },
};

export const reviewReplyDeleteTask: OutboxTaskKind<ReviewReplyDeleteItem> = {
  kind: 'review-reply-delete',
  noun: 'reply',
  one: 'Removing a reply to a review',
  teamClaim: 'item',
  answeredWhat: 'changed the reply to this review',
  platforms: (item) => [item.request.platform],
  issues: (payload) => (isReviewNetwork(payload.request.platform) && payload.request.reviewId !== '' ? [] : [{ path: 'request', message: 'Say which review' }]),
  whyNotNow: () => null,
  withText: (item) => item,
  textOf: () => '',
  claimId: (id) => `${CLAIM_PREFIX}removal:${id}`,
  send: async (client, item, _pending, signal) => {
    const { platform, reviewId } = item.request;
    await reviewsOf(client).deleteReviewReply(item.target, { platform, reviewId }, { signal });
    return postedOnReview(item);
  },
  // Gone (no review) or without a reply: the removal happened, or there is nothing left to remove.
  reconcile: (ports, item, platforms, signal) => settledByReadBack(ports.client, item, platforms, signal, (review) => review?.reviewReply === undefined),
  storedRequest: (item) => ({ to: DELETE_MARK, ...item.request }),
  ownsStoredRequest: (value) => value.to === DELETE_MARK,
  readStored: (value, thread): TaskPayload<ReviewReplyDeleteItem> => {
    if (thread !== null && thread !== undefined) problem('the removal could never be sent: it has no thread');
    return { kind: 'review-reply-delete', request: { ...requestOf({ ...value, reply: '' }), reply: '' }, thread: null };
  },
};

/** Why a reply could never be sent as it is: no words, or more than its network takes. */
export function replyIssues(request: ReviewReplyRequest): InputIssue[] {
  if (!isReviewNetwork(request.platform)) return [{ path: 'request.platform', message: 'A review is on Google or Facebook' }];
  if (typeof request.reviewId !== 'string' || request.reviewId === '') return [{ path: 'request.reviewId', message: 'Say which review' }];
  if (typeof request.reply !== 'string' || request.reply.trim() === '')
    return [{ path: 'request.reply', message: 'The reply is empty; write something first' }];
  const { length, limit, unit } = replyLength(request.platform, request.reply);
  if (length > limit) {
    return [{ path: 'request.reply', message: `A reply on ${REVIEW_NETWORK_NAMES[request.platform]} is at most ${limit.toLocaleString('en')} ${unit}` }];
  }
  return [];
}

/** A review write lands on the review's one network, recorded under the review's id (the ledger's and the claims' id). */
function postedOnReview(item: ReviewReplyItem | ReviewReplyDeleteItem) {
  const { platform, reviewId } = item.request;
  return { commentId: undefined, posted: { [platform]: { commentId: reviewId } }, failed: [] };
}

/**
 * Settles an unknown outcome by reading the review back: found on its network when `happened` says
 * so of the review as it stands (null: gone); any other network asked about is missing (a review
 * write has none).
 */
async function settledByReadBack(
  client: OutboxServiceClient,
  item: ReviewReplyItem | ReviewReplyDeleteItem,
  platforms: readonly ItemNetwork[],
  signal: AbortSignal | undefined,
  happened: (review: ReviewRecord | null) => boolean,
): Promise<ReconcileResult> {
  const { platform, reviewId } = item.request;
  const result: ReconcileResult = { found: {}, missing: platforms.filter((p) => p !== platform) };
  if (!platforms.includes(platform)) return result;
  if (happened(await readBack(client, item, signal))) result.found[platform] = reviewId;
  else result.missing.push(platform);
  return result;
}

/** The review as the service shows it now; null when it is gone (404). */
async function readBack(client: OutboxServiceClient, item: ReviewReplyItem | ReviewReplyDeleteItem, signal?: AbortSignal): Promise<ReviewRecord | null> {
  const reviews = reviewsOf(client);
  const options = signal ? { signal } : {};
  const { platform, reviewId } = item.request;
  try {
    if (platform === 'gmb') return await reviews.getReview(item.target, { id: reviewId }, options);
    return (await reviews.listReviews(item.target, { platform }, options)).reviews.find((review) => review.id === reviewId) ?? null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

type ReviewClient = Required<Pick<OutboxServiceClient, 'replyToReview' | 'deleteReviewReply' | 'getReview' | 'listReviews'>>;

/** The client's review operations (the app's ServiceClient has them; an outbox built without them cannot take review writes). */
function reviewsOf(client: OutboxServiceClient): ReviewClient {
  const replyToReview = client.replyToReview?.bind(client);
  const deleteReviewReply = client.deleteReviewReply?.bind(client);
  const getReview = client.getReview?.bind(client);
  const listReviews = client.listReviews?.bind(client);
  if (replyToReview === undefined || deleteReviewReply === undefined || getReview === undefined || listReviews === undefined) {
    throw new TypeError('This outbox was built without the service’s review operations');
  }
  return { replyToReview, deleteReviewReply, getReview, listReviews };
}

function requestOf(value: Record<string, unknown>): ReviewReplyRequest {
  const { platform, reviewId, reply } = value;
  if (!isReviewNetwork(platform)) problem('request.platform is not a network of reviews');
  if (!isText(reviewId) || reviewId === '' || !isText(reply)) problem('request.reviewId and reply are not both texts');
  return { platform, reviewId, reply };
}
