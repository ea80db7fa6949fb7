// The report's review lines (issue 31, item 7; decision 0082): the period's reviews, their average
// stars against the period before's, how many the business answered within one business day of the
// client's clock, and those still waiting. "One business day": with business hours, the length of
// the client's average open day counted in business time (a review on Friday evening answered on
// Monday morning is within it); without, 24 hours. The answer's time is the service's for the
// business's reply (`reviewReply.updated`); a reply whose time the service did not give counts as
// answered, not as within the day. Pure.
import type { ClientSettings } from '../../../shared/domain/clientSettings.ts';
import { WEEKDAYS } from '../../../shared/domain/clientSettings.ts';
import type { ReviewLines } from '../../../shared/domain/reviewReport.ts';
import type { ReportReview } from '../store/reviewTable.ts';
import { businessClock } from './businessTime.ts';
import { WAITING_TEXT_MAX } from '../kinds/inboxKind.ts';

const HOUR = 3_600_000;
/** The report's second page lists this many waiting reviews at most. */
export const WAITING_REVIEWS_SHOWN = 5;

/** How long one business day of the client is, in the clock the report counts. */
export function businessDayMs(settings: Pick<ClientSettings, 'businessHours'>): number {
  const hours = settings.businessHours;
  if (hours === null) return 24 * HOUR;
  const open = WEEKDAYS.map((day) => hours[day]).filter((day) => day != null);
  const minutes = open.map((day) => toMinutes(day.end) - toMinutes(day.start));
  return (minutes.reduce((sum, each) => sum + each, 0) / Math.max(1, minutes.length)) * 60_000;
}

function toMinutes(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function average(reviews: readonly ReportReview[]): number | null {
  const stars = reviews.map((review) => review.stars).filter((value): value is number => value !== null);
  return stars.length === 0 ? null : Math.round((stars.reduce((sum, value) => sum + value, 0) / stars.length) * 10) / 10;
}

export function reviewLines(
  current: readonly ReportReview[],
  previous: readonly ReportReview[],
  settings: Pick<ClientSettings, 'businessHours' | 'timeZone'>,
): ReviewLines {
  const clock = businessClock({ timeZone: settings.timeZone, businessHours: settings.businessHours });
  const day = businessDayMs(settings);
  const answeredWithinDay = current.filter((review) => review.answeredMs !== null && clock.between(review.createdMs, review.answeredMs) <= day).length;
  const waiting = current.filter((review) => !review.answered).sort((a, b) => a.createdMs - b.createdMs);
  return {
    received: current.length,
    averageStars: average(current),
    averageStarsBefore: average(previous),
    answeredWithinDay,
    waiting: waiting.slice(0, WAITING_REVIEWS_SHOWN).map((review) => ({
      key: review.key,
      network: review.platform,
      author: review.authorName,
      stars: review.stars,
      recommends: review.recommends,
      text: review.text.slice(0, WAITING_TEXT_MAX),
      createdAt: review.createdMs,
    })),
    waitingCount: waiting.length,
  };
}
