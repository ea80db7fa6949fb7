// The report's review lines (src/main/core/report/reviewLines.ts), against hand-computed cases:
// the period's count, its Google stars' average beside the period before's, answers within one
// business day on the client's clock (Friday evening to Monday morning is within it with business
// hours; not with the wall clock), a reply without a time not counted as within, and the waiting
// ones oldest first.
import { describe, expect, it } from 'vitest';
import { businessDayMs, reviewLines } from '../../../src/main/core/report/reviewLines.ts';
import type { ReportReview } from '../../../src/main/core/store/reviewTable.ts';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

function review(id: string, created: string, stars: number | null, answered: string | null, text = 'words'): ReportReview {
  return {
    key: `review:gmb:${id}`,
    platform: stars === null ? 'facebook' : 'gmb',
    createdMs: at(created),
    stars,
    recommends: stars === null ? false : null,
    authorName: `Author ${id}`,
    text,
    answered: answered !== null,
    answeredMs: answered === null || answered === 'no time' ? null : at(answered), // 'no time': the service gave none
  };
}

const NINE_TO_FIVE = {
  monday: { start: '09:00', end: '17:00' },
  tuesday: { start: '09:00', end: '17:00' },
  wednesday: { start: '09:00', end: '17:00' },
  thursday: { start: '09:00', end: '17:00' },
  friday: { start: '09:00', end: '17:00' },
};

describe('the report’s review lines', () => {
  const current = [
    // Friday 2026-10-02 18:00 UTC, answered Monday 10:00: one business hour later.
    review('a', '2026-10-02T18:00:00Z', 5, '2026-10-05T10:00:00Z'),
    // Answered 30 wall hours later: Tuesday 12:00 to 17:00 and Wednesday 9:00 to 17:00, 13 business hours.
    review('b', '2026-10-06T12:00:00Z', 4, '2026-10-07T18:00:00Z'),
    review('c', '2026-10-08T09:30:00Z', 2, null, 'Cold coffee.'),
    review('d', '2026-10-07T08:00:00Z', null, null, ''),
    review('e', '2026-10-09T10:00:00Z', 3, 'no time'),
  ];
  const previous = [review('p', '2026-09-10T10:00:00Z', 5, null), review('q', '2026-09-12T10:00:00Z', 4, null)];

  it('with business hours: a Friday evening review answered Monday morning is within one business day; 13 business hours is not', () => {
    const lines = reviewLines(current, previous, { timeZone: 'UTC', businessHours: NINE_TO_FIVE });
    expect(businessDayMs({ businessHours: NINE_TO_FIVE })).toBe(8 * HOUR);
    expect(lines).toMatchObject({ received: 5, averageStars: 3.5, averageStarsBefore: 4.5, answeredWithinDay: 1, waitingCount: 2 });
    // Oldest first; Facebook's without stars, a rating without words kept as ''.
    expect(lines.waiting.map((w) => [w.author, w.stars, w.text])).toEqual([
      ['Author d', null, ''],
      ['Author c', 2, 'Cold coffee.'],
    ]);
  });

  it('on the wall clock: one day is 24 hours (Friday evening to Monday is not within it; 30 hours neither)', () => {
    const lines = reviewLines(current, previous, { timeZone: 'UTC', businessHours: null });
    expect(lines.answeredWithinDay).toBe(0);
    const quick = reviewLines([review('x', '2026-10-06T12:00:00Z', 5, '2026-10-07T11:00:00Z')], [], { timeZone: 'UTC', businessHours: null });
    expect(quick).toMatchObject({ received: 1, averageStars: 5, averageStarsBefore: null, answeredWithinDay: 1, waiting: [], waitingCount: 0 });
  });
});
