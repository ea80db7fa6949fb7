// The client report's review lines (issue 31, item 7), on its first page under the headline
// figures (the second page is full): "Reviews: 12 new, average 4.6 ★ (4.4 the
// period before), 11 of 12 answered within 1 business day", then the reviews still waiting for the
// business's reply, quoted, each with who wrote it, where, its rating and how long it has waited.
import type { ClientReport } from '../../../shared/domain/clientReport.ts';
import type { Formatter } from '../../../shared/format/formatter.ts';
import { REVIEW_NETWORK_NAMES } from '../../../shared/reviews.ts';
import { ratingWords } from './ReviewStars.tsx';
import { reviewsLine } from '../../logic/reviewsLine.ts';

export function ReportReviews({ report, format, now }: { report: ClientReport; format: Formatter; now: number }) {
  const reviews = report.reviews;
  if (reviews === undefined) return null;
  const more = reviews.waitingCount - reviews.waiting.length;
  return (
    <section className="report-section" aria-labelledby="report-reviews">
      <h3 id="report-reviews">Reviews</h3>
      <p data-testid="reviews-line">{reviewsLine(reviews, format, report.settings.businessHours !== null)}</p>
      {reviews.waiting.length > 0 && (
        <ul className="report-waiting" aria-label="Reviews still waiting for a reply">
          {reviews.waiting.map((review) => (
            <li key={review.key} data-testid="waiting-review">
              <strong>{review.author}</strong>{' '}
              <span className="report-muted">
                ({REVIEW_NETWORK_NAMES[review.network]}, {ratingWords(review)})
              </span>{' '}
              {review.text === '' ? 'A rating without words.' : `“${review.text}”`}{' '}
              <span className="report-waiting-age">waiting {format.duration(Math.max(0, now - review.createdAt))}</span>
            </li>
          ))}
          {more > 0 && <li className="report-muted">and {format.count(more, { one: 'more review', other: 'more reviews' })} waiting</li>}
        </ul>
      )}
    </section>
  );
}
