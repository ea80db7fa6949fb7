// The control surface's reviews: GET /__sandbox/reviews (every review, as tests need to see them)
// and POST /__sandbox/reviews (a customer leaves a new review, for tests and demos). The service
// sends no webhook for reviews, so none is raised: a client finds the review by polling.
import { FACEBOOK_RATINGS, GMB_STAR_RATINGS, isReviewNetwork, REVIEW_NETWORKS, type ReviewNetwork, starsOf } from '../../shared/reviews.ts';
import { badRequest, ErrorCode, notFound } from '../http/errors.ts';
import type { ControlRoute } from '../http/server.ts';
import { optionalString, requireString } from '../http/validate.ts';
import type { SandboxRuntime } from '../runtime.ts';
import type { ReviewerState, ReviewState } from '../world/reviewTypes.ts';
import { newReviewer, reviewIdFor } from '../world/reviewVocabulary.ts';
import { reviewRecord, reviewTime } from '../world/reviewViews.ts';
import { ratingOf } from '../world/seedReviews.ts';
import type { ProfileState } from '../world/types.ts';

/** A review of the world as `GET /__sandbox/reviews` shows it. */
export interface WorldViewReview {
  profileRefId: string;
  platform: ReviewNetwork;
  id: string;
  created: string;
  rating: string;
  /** Google: 1 to 5; Facebook ratings have none. */
  stars: number | null;
  hasText: boolean;
  /** The business answered (and the answer was not deleted). */
  answered: boolean;
  /** Answers of the business: Google keeps at most one, Facebook each. */
  replyCount: number;
}

function view(review: ReviewState): WorldViewReview {
  const gmb = review.platform === 'gmb';
  return {
    profileRefId: review.profileRefId,
    platform: review.platform,
    id: review.id,
    created: review.created,
    rating: review.rating,
    stars: gmb ? starsOf(review.rating as (typeof GMB_STAR_RATINGS)[number]) : null,
    hasText: review.text !== null,
    answered: review.replies.length > 0,
    replyCount: review.replies.length,
  };
}

function platformOf(body: Record<string, unknown>): ReviewNetwork {
  const platform = requireString(body, 'platform');
  if (!isReviewNetwork(platform)) throw badRequest(ErrorCode.unsupportedNetwork, `Reviews work on ${REVIEW_NETWORKS.join(' and ')}; not on "${platform}"`);
  return platform;
}

function links(runtime: SandboxRuntime, profile: ProfileState, platform: ReviewNetwork): boolean {
  return platform === 'gmb' ? runtime.world.reviews.placeOf(profile.refId) !== undefined : profile.accounts.facebook !== undefined;
}

/** The named profile, or by default the first one that links the network (the primary links no Google listing). */
function profileFor(runtime: SandboxRuntime, body: Record<string, unknown>, platform: ReviewNetwork): ProfileState {
  const refId = optionalString(body, 'profileRefId');
  const profile = refId === undefined ? runtime.world.state.profiles.find((p) => links(runtime, p, platform)) : runtime.world.profileByRefId(refId);
  if (!profile) throw notFound(refId === undefined ? `No profile links ${platform}` : `No profile with refId ${refId}`);
  if (!links(runtime, profile, platform)) throw badRequest(ErrorCode.networkNotLinked, `That profile does not link ${platform}`);
  return profile;
}

/** `rating`: on gmb ONE…FIVE or 1…5 stars; on facebook positive or negative (or 1…5: 4 and up recommend). */
function ratingFrom(body: Record<string, unknown>, platform: ReviewNetwork): ReviewState['rating'] {
  const value = body.rating;
  if (value === undefined) return platform === 'gmb' ? 'FIVE' : 'positive';
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5) return ratingOf(platform, value);
  const allowed: readonly string[] = platform === 'gmb' ? GMB_STAR_RATINGS : FACEBOOK_RATINGS;
  if (typeof value === 'string' && allowed.includes(value)) return value as ReviewState['rating'];
  throw badRequest(ErrorCode.invalidField, `"rating" on ${platform} must be 1 to 5 or one of ${allowed.join(', ')}`);
}

function reviewerFrom(runtime: SandboxRuntime, body: Record<string, unknown>, platform: ReviewNetwork): ReviewerState {
  const value = body.reviewer;
  if (value === undefined || value === null) return newReviewer(runtime.world.draw(), platform);
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(ErrorCode.invalidField, '"reviewer" must be {name}');
  const name = requireString(value as Record<string, unknown>, 'name').trim();
  if (name === '') throw badRequest(ErrorCode.emptyText, '"reviewer.name" must not be empty');
  return platform === 'facebook' ? { name, id: runtime.world.draw().digits(15) } : { name };
}

/** POST /__sandbox/reviews {profileRefId?, platform, rating?, review?, reviewer?: {name}}: a new review, now. */
function newReview(runtime: SandboxRuntime, body: Record<string, unknown>): unknown {
  const platform = platformOf(body);
  const profile = profileFor(runtime, body, platform);
  const rating = ratingFrom(body, platform);
  const words = optionalString(body, 'review');
  const reviewer = reviewerFrom(runtime, body, platform);
  const { world } = runtime;
  const id = world.unique(
    () => reviewIdFor(world.draw(), platform),
    (candidate) => world.reviews.review(platform, candidate) !== undefined,
  );
  const review: ReviewState = {
    platform,
    id,
    profileRefId: profile.refId,
    created: reviewTime(platform, runtime.now().getTime()),
    rating,
    text: words === undefined || words.trim() === '' ? null : words,
    reviewer,
    replies: [],
  };
  world.reviews.add(review);
  return { profileRefId: profile.refId, platform, review: reviewRecord(review) };
}

function listAll(runtime: SandboxRuntime, query: URLSearchParams): WorldViewReview[] {
  const profileRefId = query.get('profileRefId');
  const platform = query.get('platform');
  return runtime.world.reviews.state.reviews
    .filter((r) => (profileRefId === null || r.profileRefId === profileRefId) && (platform === null || r.platform === platform))
    .map(view);
}

export const reviewControlRoutes: ControlRoute[] = [
  { method: 'GET', pattern: '/reviews', handle: ({ runtime, query }) => ({ body: listAll(runtime, query) }) },
  { method: 'POST', pattern: '/reviews', handle: ({ runtime, body }) => ({ body: newReview(runtime, body) }) },
];
