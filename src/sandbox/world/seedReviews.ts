// The seeded world's reviews: every client profile (never the freelancer's own, primary one) links
// a Google Business Profile and gets 12 to 30 Google reviews; those that link facebook get 4 to 10
// Page ratings. The first reviews of each cover the cases a client must meet (a fresh one-star
// review waiting, an answered five-star one, a rating without words, an answered two-star one);
// the rest are drawn, mostly good, older ones more often answered. A generator of its own, so adding
// reviews left the rest of the seeded world exactly as it was.
import type { FacebookRating, GmbStarRating, ReviewNetwork } from '../../shared/reviews.ts';
import { GMB_STAR_RATINGS } from '../../shared/reviews.ts';
import { Random } from '../random.ts';
import type { ReviewsState, ReviewState } from './reviewTypes.ts';
import { businessReply, newReviewer, replyIdFor, reviewIdFor, reviewText, thingOf } from './reviewVocabulary.ts';
import { reviewTime } from './reviewViews.ts';
import type { ProfileState } from './types.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const COUNTS: Record<ReviewNetwork, { min: number; max: number }> = { gmb: { min: 12, max: 30 }, facebook: { min: 4, max: 10 } };

/** Each profile's reviews start with these: stars, with words or not, answered or not, age. */
interface FixedCase {
  stars: number;
  words: boolean;
  answered: boolean;
  ageMs: number;
}
const FIRST_CASES: FixedCase[] = [
  { stars: 1, words: true, answered: false, ageMs: 5 * HOUR },
  { stars: 5, words: true, answered: true, ageMs: 3 * DAY },
  { stars: 4, words: false, answered: false, ageMs: 6 * DAY },
  { stars: 2, words: true, answered: true, ageMs: 20 * DAY },
];

/** Stars drawn for the rest: mostly five, as local businesses' reviews are. */
const STAR_WEIGHTS: Array<[number, number]> = [
  [5, 0.55],
  [4, 0.2],
  [3, 0.08],
  [2, 0.06],
  [1, 0.11],
];

export function seedReviews(seed: number, nowMs: number, profiles: readonly ProfileState[]): ReviewsState {
  const rng = new Random(seed * 7_919 + 211);
  const state: ReviewsState = { places: [], reviews: [] };
  const taken = new Set<string>();
  for (const profile of profiles) {
    if (profile.profileKey === null) continue;
    state.places.push({ profileRefId: profile.refId, locationId: rng.digits(19), name: profile.title });
    const networks: ReviewNetwork[] = profile.accounts.facebook ? ['gmb', 'facebook'] : ['gmb'];
    for (const platform of networks) {
      const count = rng.int(COUNTS[platform].min, COUNTS[platform].max);
      for (let i = 0; i < count; i++) {
        const fixed = FIRST_CASES[i];
        const stars = fixed?.stars ?? drawStars(rng);
        const ageMs = fixed?.ageMs ?? rng.int(1, 420) * DAY + rng.int(0, DAY - 1);
        const words = fixed?.words ?? !rng.chance(0.25);
        const answered = fixed?.answered ?? rng.chance(ageMs > 7 * DAY ? 0.65 : 0.2);
        let id = reviewIdFor(rng, platform);
        while (taken.has(`${platform}:${id}`)) id = reviewIdFor(rng, platform);
        taken.add(`${platform}:${id}`);
        const createdMs = nowMs - ageMs;
        const reviewer = newReviewer(rng, platform);
        const thing = thingOf(rng, profile.title);
        const review: ReviewState = {
          platform,
          id,
          profileRefId: profile.refId,
          created: reviewTime(platform, createdMs),
          rating: ratingOf(platform, stars),
          text: words ? reviewText(rng, stars, thing) : null,
          reviewer,
          replies: [],
        };
        if (answered) {
          const answeredMs = Math.min(nowMs, createdMs + rng.int(20 * MINUTE, 3 * DAY));
          review.replies.push({
            id: replyIdFor(rng, platform, id),
            text: businessReply(rng, stars, reviewer, thing),
            updated: reviewTime(platform, answeredMs),
          });
        }
        state.reviews.push(review);
      }
    }
  }
  state.reviews.sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  return state;
}

function drawStars(rng: Random): number {
  let u = rng.next();
  for (const [stars, weight] of STAR_WEIGHTS) {
    if (u < weight) return stars;
    u -= weight;
  }
  return 5;
}

/** Google shows the stars; Facebook only whether the person recommends (4 or 5 stars here) or not. */
export function ratingOf(platform: ReviewNetwork, stars: number): GmbStarRating | FacebookRating {
  if (platform === 'facebook') return stars >= 4 ? 'positive' : 'negative';
  return GMB_STAR_RATINGS[Math.min(5, Math.max(1, stars)) - 1] as GmbStarRating;
}
