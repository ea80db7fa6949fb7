// The Reviews API (docs/service-reviews.md): GET /reviews?platform=gmb|facebook (every review of
// the profile's Google listing or Facebook Page, newest first), GET /reviews/:id?platform=gmb (one
// Google review), POST /reviews {reviewId, platform, reply} (the business answers) and DELETE
// /reviews {reviewId, platform} (the business's answer goes). The service sends no webhook for
// reviews: a client polls.
import { isReviewNetwork, REVIEW_NETWORK_NAMES, REVIEW_NETWORKS, type ReviewNetwork, replyLength } from '../../shared/reviews.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { badRequest, ErrorCode, notFound } from '../http/errors.ts';
import { nonEmptyText, requireString } from '../http/validate.ts';
import type { ReviewState } from '../world/reviewTypes.ts';
import { replyIdFor } from '../world/reviewVocabulary.ts';
import { reviewRecord, reviewTime } from '../world/reviewViews.ts';
import { recordWrite } from './shared.ts';

/** Public (the docs' example: nextUpdate 11 minutes after lastUpdated); the sandbox's 10 minutes. */
export const REVIEWS_REFRESH_MS = 10 * 60 * 1000;

/** `platform`: required, gmb or facebook; and the profile must link that network. */
function reviewNetwork(call: ApiCall, platform: string | null): ReviewNetwork {
  if (platform === null || platform === '') throw badRequest(ErrorCode.missingField, 'Missing required "platform": gmb or facebook');
  if (!isReviewNetwork(platform)) {
    throw badRequest(ErrorCode.unsupportedNetwork, `Reviews work on ${REVIEW_NETWORKS.join(' and ')}; "${platform}" has no reviews through this service`);
  }
  const linked = platform === 'gmb' ? call.runtime.world.reviews.placeOf(call.profile.refId) !== undefined : call.profile.accounts.facebook !== undefined;
  if (!linked) {
    const what = platform === 'gmb' ? 'A Google Business Profile (gmb)' : 'facebook';
    throw badRequest(ErrorCode.networkNotLinked, `${what} is not linked to this profile: link it in the dashboard to read and answer its reviews`);
  }
  return platform;
}

/** A review of this profile on that network; another profile's is unknown here, as its posts are. */
function ownReview(call: ApiCall, platform: ReviewNetwork, id: string): ReviewState {
  const review = call.runtime.world.reviews.review(platform, id);
  if (review?.profileRefId !== call.profile.refId) {
    throw notFound(`No ${REVIEW_NETWORK_NAMES[platform]} review ${id} for this profile (GET /reviews?platform=${platform} lists them)`);
  }
  return review;
}

function stamps(call: ApiCall): { lastUpdated: string; nextUpdate: string } {
  const now = call.runtime.now();
  return { lastUpdated: now.toISOString(), nextUpdate: new Date(now.getTime() + REVIEWS_REFRESH_MS).toISOString() };
}

function listReviews(call: ApiCall): ApiResult {
  const platform = reviewNetwork(call, call.query.get('platform'));
  const reviews = [...call.runtime.world.reviews.reviewsOf(call.profile.refId, platform)].reverse().map(reviewRecord);
  // Public: the list sits under the network's name, beside the cache stamps.
  return { body: { status: 'success', [platform]: reviews, ...stamps(call) } };
}

function oneReview(call: ApiCall): ApiResult {
  const platform = reviewNetwork(call, call.query.get('platform'));
  // Public: one review by id is Google's alone ("Currently available: gmb").
  if (platform !== 'gmb')
    throw badRequest(ErrorCode.unsupportedNetwork, 'One review by id is available on gmb only; list facebook ratings with GET /reviews?platform=facebook');
  const review = ownReview(call, platform, call.params.id ?? '');
  return { body: { status: 'success', ...reviewRecord(review), ...stamps(call) } };
}

function replyToReview(call: ApiCall): ApiResult {
  const platform = reviewNetwork(call, requireString(call.body, 'platform'));
  const review = ownReview(call, platform, requireString(call.body, 'reviewId'));
  const text = nonEmptyText(requireString(call.body, 'reply'), 'reply');
  const { length, limit, unit } = replyLength(platform, text);
  if (length > limit) {
    throw badRequest(ErrorCode.textTooLong, `Field "reply" has ${length} ${unit}; ${REVIEW_NETWORK_NAMES[platform]} takes at most ${limit}: shorten it`);
  }
  const { world } = call.runtime;
  const nowMs = call.runtime.now().getTime();
  const id = world.unique(
    () => replyIdFor(world.draw(), platform, review.id),
    (candidate) => platform === 'facebook' && review.replies.some((r) => r.id === candidate),
  );
  world.reviews.reply(review, { id, text, updated: reviewTime(platform, nowMs) });
  recordWrite(call, 'review.reply', [review.id, platform], text);
  return { applied: true, body: { status: 'success', reviewId: review.id, platform, reply: text } };
}

function deleteReply(call: ApiCall): ApiResult {
  const platform = reviewNetwork(call, requireString(call.body, 'platform'));
  const review = ownReview(call, platform, requireString(call.body, 'reviewId'));
  if (!call.runtime.world.reviews.removeReplies(review)) {
    throw notFound(`The ${REVIEW_NETWORK_NAMES[platform]} review ${review.id} has no reply of the business to delete`);
  }
  recordWrite(call, 'review.replyDelete', [review.id, platform], null);
  return { applied: true, body: { status: 'success', reviewId: review.id, platform } };
}

export const reviewRoutes: Route[] = [
  { method: 'GET', pattern: '/reviews', feature: 'reviews', handle: listReviews },
  { method: 'GET', pattern: '/reviews/:id', feature: 'reviews', handle: oneReview },
  { method: 'POST', pattern: '/reviews', feature: 'reviews', handle: replyToReview },
  { method: 'DELETE', pattern: '/reviews', feature: 'reviews', handle: deleteReply },
];
