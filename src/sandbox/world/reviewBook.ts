// The world's reviews with the indexes the Reviews API needs: each review by network and id, each
// profile's reviews per network, its Google listing. Every change goes through here so the indexes
// never drift from the saved lists. A state file saved before reviews existed loads with none.
import type { ReviewNetwork } from '../../shared/reviews.ts';
import { type ReviewPlace, type ReviewReplyState, reviewKey, type ReviewsState, type ReviewState } from './reviewTypes.ts';

export class ReviewBook {
  readonly state: ReviewsState;
  private readonly byKey = new Map<string, ReviewState>();
  private readonly byOwner = new Map<string, ReviewState[]>();
  private readonly places = new Map<string, ReviewPlace>();

  constructor(state: ReviewsState) {
    // The --state file is read as it is: a damaged reviews part is refused by name, not half-read.
    if (!Array.isArray(state.places) || !Array.isArray(state.reviews)) {
      throw new Error('The sandbox state\'s "reviews" must be {places: [...], reviews: [...]}');
    }
    this.state = state;
    for (const place of state.places) this.places.set(place.profileRefId, place);
    for (const review of state.reviews) this.index(review);
  }

  /** The Google listing a profile links, if any. */
  placeOf(profileRefId: string): ReviewPlace | undefined {
    return this.places.get(profileRefId);
  }

  review(platform: ReviewNetwork, id: string): ReviewState | undefined {
    return this.byKey.get(reviewKey(platform, id));
  }

  /** A profile's reviews on one network, oldest first. */
  reviewsOf(profileRefId: string, platform: ReviewNetwork): readonly ReviewState[] {
    return this.byOwner.get(`${profileRefId}:${platform}`) ?? [];
  }

  add(review: ReviewState): void {
    this.state.reviews.push(review);
    this.index(review);
  }

  /** Google keeps one answer of the business: a new one replaces it. Facebook adds another. */
  reply(review: ReviewState, reply: ReviewReplyState): void {
    if (review.platform === 'gmb') review.replies = [reply];
    else review.replies.push(reply);
  }

  /** Removes the business's answer (on Facebook every answer of the business): whether there was one. */
  removeReplies(review: ReviewState): boolean {
    const had = review.replies.length > 0;
    review.replies = [];
    return had;
  }

  private index(review: ReviewState): void {
    this.byKey.set(reviewKey(review.platform, review.id), review);
    const owner = `${review.profileRefId}:${review.platform}`;
    const list = this.byOwner.get(owner);
    if (list) list.push(review);
    else this.byOwner.set(owner, [review]);
  }
}
