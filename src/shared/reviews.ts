// The service's Reviews API vocabulary (docs/service-reviews.md), shared by the sandbox (which
// enforces it) and the client (which checks requests before sending them). Kept apart from
// networks.ts: `gmb` is a network of reviews only, never of posts, comments or messages.
import { type Network, NETWORK_NAMES, type Plan } from './networks.ts';

/** Public: Google Business Profile (`gmb`) reviews and Facebook Page ratings; no other network. */
export const REVIEW_NETWORKS = ['gmb', 'facebook'] as const;
export type ReviewNetwork = (typeof REVIEW_NETWORKS)[number];

export function isReviewNetwork(value: unknown): value is ReviewNetwork {
  return typeof value === 'string' && (REVIEW_NETWORKS as readonly string[]).includes(value);
}

/** Each review network's name in a sentence. */
export const REVIEW_NETWORK_NAMES: Record<ReviewNetwork, string> = { gmb: 'Google', facebook: 'Facebook' };

/** Public: a Google review's rating, one to five stars, spelled as Google's StarRating enum. */
export const GMB_STAR_RATINGS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
export type GmbStarRating = (typeof GMB_STAR_RATINGS)[number];

/** Public: a Facebook Page rating is a recommendation or not; it has no stars. */
export const FACEBOOK_RATINGS = ['positive', 'negative'] as const;
export type FacebookRating = (typeof FACEBOOK_RATINGS)[number];

/** Stars of a Google rating (ONE → 1 … FIVE → 5). */
export function starsOf(rating: GmbStarRating): number {
  return GMB_STAR_RATINGS.indexOf(rating) + 1;
}

/** Public: "Premium or Business plan required" (the service's reviews page); Premium and up. */
export const REVIEW_PLANS: readonly Plan[] = ['premium', 'launch', 'business', 'enterprise'];

/** Network: Google takes a reply of up to 4,096 bytes of UTF-8. */
export const GMB_REPLY_MAX_BYTES = 4096;
/** Network: a Facebook comment (the answer to a rating is one) takes up to 8,000 characters. */
export const FACEBOOK_REPLY_MAX_CHARS = 8000;

/** How long a reply is, in the unit its network counts: bytes of UTF-8 on Google, characters on Facebook. */
export function replyLength(platform: ReviewNetwork, text: string): { length: number; limit: number; unit: 'bytes' | 'characters' } {
  if (platform === 'gmb') return { length: new TextEncoder().encode(text).length, limit: GMB_REPLY_MAX_BYTES, unit: 'bytes' };
  return { length: Array.from(text).length, limit: FACEBOOK_REPLY_MAX_CHARS, unit: 'characters' };
}

/** A network an inbox item can be on (a posting network, or gmb for a Google review) in a sentence. */
export function itemNetworkName(network: Network | ReviewNetwork): string {
  return network === 'gmb' ? REVIEW_NETWORK_NAMES.gmb : NETWORK_NAMES[network];
}

/** A posting network, or null for a network of reviews only (gmb): what comment-only code narrows a row's network with. */
export function postingNetworkOf(network: Network | ReviewNetwork): Network | null {
  return network === 'gmb' ? null : network;
}
