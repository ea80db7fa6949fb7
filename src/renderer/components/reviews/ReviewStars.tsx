// A review's rating as the eye and a screen reader take it: five stars, filled to its rating, read
// as "2 of 5 stars"; a Facebook rating has no stars: "Recommends" or "Does not recommend".
import type { ReviewInfo } from '../../../shared/domain/inbox.ts';
import './reviews.css';

/** The rating in words (also the report's and the row's accessible text). */
export function ratingWords(review: Pick<ReviewInfo, 'stars' | 'recommends'>): string {
  if (review.stars !== null) return `${review.stars} of 5 stars`;
  if (review.recommends === true) return 'Recommends';
  if (review.recommends === false) return 'Does not recommend';
  return 'No rating';
}

export function ReviewStars({ review }: { review: Pick<ReviewInfo, 'stars' | 'recommends'> }) {
  const words = ratingWords(review);
  if (review.stars === null) {
    return <span className={`review-recommends${review.recommends === false ? ' is-negative' : ''}`}>{words}</span>;
  }
  const stars = review.stars;
  return (
    <span className={`review-stars${stars <= 2 ? ' is-low' : ''}`} role="img" aria-label={words} title={words}>
      <span aria-hidden="true">{'★'.repeat(stars)}</span>
      <span className="review-stars-empty" aria-hidden="true">
        {'★'.repeat(5 - stars)}
      </span>
    </span>
  );
}

/** The row's line where a comment shows its post: the rating and, for a rating without words, that it has none. */
export function ReviewRowPart({ review, hasText }: { review: ReviewInfo; hasText: boolean }) {
  return (
    <span className="review-row-part">
      <ReviewStars review={review} />
      <span>{review.network === 'gmb' ? 'Google review' : 'Facebook rating'}</span>
      {!hasText && <span className="muted">· no words, a rating only</span>}
    </span>
  );
}
