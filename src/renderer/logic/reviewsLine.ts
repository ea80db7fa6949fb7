// The client report's reviews line, in the client's words: "Reviews: 12 new, average 4.6 ★ (4.4 the
// period before), 11 of 12 answered within 1 business day" (components/reviews/ReportReviews.tsx shows it).
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import type { Formatter } from '../../shared/format/formatter.ts';

/** An average of stars with its one decimal always shown, so "3.0" stands beside "4.6" as the same kind of figure. */
function starsAverage(value: number, format: Formatter): string {
  return format.decimal(value, 1);
}

/** The summary line, in the client's words. */
export function reviewsLine(reviews: NonNullable<ClientReport['reviews']>, format: Formatter, businessHours: boolean): string {
  if (reviews.received === 0) return 'Reviews: none new in this period';
  const parts = [`Reviews: ${format.count(reviews.received, { one: 'new', other: 'new' })}`];
  if (reviews.averageStars !== null) {
    const before = reviews.averageStarsBefore === null ? '' : ` (${starsAverage(reviews.averageStarsBefore, format)} the period before)`;
    parts.push(`average ${starsAverage(reviews.averageStars, format)} ★${before}`);
  }
  parts.push(
    `${format.number(reviews.answeredWithinDay)} of ${format.number(reviews.received)} answered within ${businessHours ? '1 business day' : '24 hours'}`,
  );
  return parts.join(', ');
}
