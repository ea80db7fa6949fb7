// The sandbox's reviews as plain data (saved in the --state file): which client profiles link a
// Google Business Profile, and every review of a profile's Google listing or Facebook Page with the
// business's answers. docs/service-reviews.md says what the service shows of them.
import type { FacebookRating, GmbStarRating, ReviewNetwork } from '../../shared/reviews.ts';

/** A Google Business Profile linked to a profile (gmb is not one of the posting networks). */
export interface ReviewPlace {
  profileRefId: string;
  /** Google's location id, the listing the reviews are of. */
  locationId: string;
  name: string;
}

export interface ReviewerState {
  name: string;
  /** facebook: the person's id; Google gives none. */
  id?: string;
  /** Google: the reviewer chose to stay anonymous ("A Google user"). */
  anonymous?: boolean;
}

/** An answer of the business. Google keeps one (a new one replaces it); Facebook keeps each. */
export interface ReviewReplyState {
  id: string;
  text: string;
  /** When it was written or last replaced. */
  updated: string;
}

export interface ReviewState {
  platform: ReviewNetwork;
  id: string;
  profileRefId: string;
  /** gmb: ISO 8601 with microseconds; facebook: with milliseconds (as each shows it). */
  created: string;
  rating: GmbStarRating | FacebookRating;
  /** null: a rating without words. */
  text: string | null;
  reviewer: ReviewerState;
  /** Oldest first. */
  replies: ReviewReplyState[];
}

export interface ReviewsState {
  places: ReviewPlace[];
  /** Oldest first. */
  reviews: ReviewState[];
}

export function reviewKey(platform: ReviewNetwork, id: string): string {
  return `${platform}:${id}`;
}
