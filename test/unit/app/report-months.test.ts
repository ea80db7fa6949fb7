// "Last month" on the client's clock: at the same instant Berlin may be in November while Los
// Angeles is still in October; the next month begins at the client's midnight of the 1st.
import { describe, expect, it } from 'vitest';
import { lastMonthIn, monthMiddle, nextMonthStartIn } from '../../../src/main/core/app/reportMonths.ts';

describe('last month on the client clock', () => {
  it('is the month before the one the client is in, at the same instant in different zones', () => {
    const instant = Date.UTC(2026, 10, 1, 0, 30); // 01:30 in Berlin on 1 Nov, 17:30 on 31 Oct in Los Angeles
    expect(lastMonthIn(instant, 'Europe/Berlin')).toEqual({ month: '2026-10', from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonthIn(instant, 'America/Los_Angeles')).toEqual({ month: '2026-09', from: '2026-09-01', to: '2026-09-30' });
    expect(lastMonthIn(instant, 'UTC')).toEqual({ month: '2026-10', from: '2026-10-01', to: '2026-10-31' });
  });

  it('crosses a year and knows February', () => {
    expect(lastMonthIn(Date.UTC(2027, 0, 15), 'UTC')).toEqual({ month: '2026-12', from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonthIn(Date.UTC(2028, 2, 1, 12), 'UTC')).toEqual({ month: '2028-02', from: '2028-02-01', to: '2028-02-29' });
    expect(lastMonthIn(Date.UTC(2027, 2, 1, 12), 'UTC')).toEqual({ month: '2027-02', from: '2027-02-01', to: '2027-02-28' });
  });

  it('the next month begins at midnight of the 1st on the client clock, also across a DST change', () => {
    // Berlin is on winter time (UTC+1) from 25 Oct 2026: midnight of 1 Nov is 23:00 UTC on 31 Oct.
    expect(nextMonthStartIn(Date.UTC(2026, 9, 20), 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 31, 23));
    // Los Angeles is still on summer time (UTC-7) on 1 Nov 2026.
    expect(nextMonthStartIn(Date.UTC(2026, 9, 20), 'America/Los_Angeles')).toBe(Date.UTC(2026, 10, 1, 7));
    expect(nextMonthStartIn(Date.UTC(2026, 11, 31, 23, 59), 'UTC')).toBe(Date.UTC(2027, 0, 1));
  });

  it("a month's middle names it in every zone", () => {
    expect(monthMiddle('2026-10')).toBe(Date.UTC(2026, 9, 15, 12));
  });
});
