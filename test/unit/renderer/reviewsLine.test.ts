// The report's reviews line (logic/reviewsLine.ts): both averages of stars read
// with their one decimal, so a period before of exactly 3 stars says "3.0" beside "4.6" (issue 31's
// leftovers, item 5), in the formatter's locale.
import { describe, expect, it } from 'vitest';
import { reviewsLine } from '../../../src/renderer/logic/reviewsLine.ts';
import { createFormatter } from '../../../src/shared/format/formatter.ts';
import type { ReviewLines } from '../../../src/shared/domain/reviewReport.ts';

const lines = (averageStars: number | null, averageStarsBefore: number | null): ReviewLines => ({
  received: 12,
  averageStars,
  averageStarsBefore,
  answeredWithinDay: 11,
  waiting: [],
  waitingCount: 1,
});

describe('the report’s reviews line', () => {
  const english = createFormatter({ locale: 'en-GB', timeZone: 'UTC' });

  it('says a whole average of the period before with its decimal, as the current one', () => {
    expect(reviewsLine(lines(4.6, 3), english, true)).toBe('Reviews: 12 new, average 4.6 ★ (3.0 the period before), 11 of 12 answered within 1 business day');
    expect(reviewsLine(lines(4, 4.44), english, false)).toBe('Reviews: 12 new, average 4.0 ★ (4.4 the period before), 11 of 12 answered within 24 hours');
  });

  it('writes the decimal as the locale does, and leaves out a period before without stars', () => {
    const german = createFormatter({ locale: 'de-DE', timeZone: 'UTC' });
    expect(reviewsLine(lines(5, null), german, true)).toBe('Reviews: 12 new, average 5,0 ★, 11 of 12 answered within 1 business day');
  });
});
