// Business time against hand-computed cases. Every instant is written in UTC with the client's
// wall-clock reading beside it; offsets used: Europe/Berlin CET +1 / CEST +2 (2026: CEST from
// Sun 29 March 01:00Z, CET again from Sun 25 October 01:00Z); America/New_York EST −5 / EDT −4
// (2026: EDT from Sun 8 March 07:00Z, EST again from Sun 1 November 06:00Z); Asia/Kolkata +5:30.
import { describe, expect, it } from 'vitest';
import { businessClock, businessMsBetween } from '../../../src/main/core/report/businessTime.ts';
import { ReportInputError } from '../../../src/main/core/report/reportInputError.ts';
import { zoneOffsets } from '../../../src/main/core/report/zoneOffsets.ts';
import { WEEKDAYS, type BusinessHours } from '../../../src/shared/domain/clientSettings.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const t = (iso: string) => Date.parse(iso);

const nineToFive = { start: '09:00', end: '17:00' };
const WEEKDAYS_9_17: BusinessHours = { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive };
const berlin = businessClock({ timeZone: 'Europe/Berlin', businessHours: WEEKDAYS_9_17 });
const newYork = businessClock({ timeZone: 'America/New_York', businessHours: WEEKDAYS_9_17 });
const kolkata = businessClock({ timeZone: 'Asia/Kolkata', businessHours: WEEKDAYS_9_17 });
const allDay = (timeZone: string) =>
  businessClock({ timeZone, businessHours: Object.fromEntries(WEEKDAYS.map((day) => [day, { start: '00:00', end: '24:00' }])) });
const sundayOnly = (timeZone: string, start: string, end: string) => businessClock({ timeZone, businessHours: { sunday: { start, end } } });

describe('business time, Monday to Friday 09:00–17:00', () => {
  it('Friday 16:30 to Monday 09:30 is one business hour (Berlin, an ordinary weekend)', () => {
    // Fri 9 Jan 16:30 CET = 15:30Z; Mon 12 Jan 09:30 CET = 08:30Z. Fri 16:30–17:00 = 30 min + Mon 09:00–09:30 = 30 min.
    expect(berlin.between(t('2026-01-09T15:30:00Z'), t('2026-01-12T08:30:00Z'))).toBe(1 * HOUR);
  });

  it('Friday 16:30 to Monday 09:30 is one business hour across Europe’s spring-forward weekend (29 March 2026)', () => {
    // Fri 27 Mar 16:30 CET = 15:30Z; Mon 30 Mar 09:30 CEST = 07:30Z. 30 min + 30 min; wall time is 64 h, not 65.
    expect(berlin.between(t('2026-03-27T15:30:00Z'), t('2026-03-30T07:30:00Z'))).toBe(1 * HOUR);
  });

  it('Friday 16:30 to Monday 09:30 is one business hour across Europe’s fall-back weekend (25 October 2026)', () => {
    // Fri 23 Oct 16:30 CEST = 14:30Z; Mon 26 Oct 09:30 CET = 08:30Z. 30 min + 30 min.
    expect(berlin.between(t('2026-10-23T14:30:00Z'), t('2026-10-26T08:30:00Z'))).toBe(1 * HOUR);
  });

  it('Friday 16:30 to Monday 09:30 is one business hour across the US changes (8 March and 1 November 2026)', () => {
    // Fri 6 Mar 16:30 EST = 21:30Z; Mon 9 Mar 09:30 EDT = 13:30Z.
    expect(newYork.between(t('2026-03-06T21:30:00Z'), t('2026-03-09T13:30:00Z'))).toBe(1 * HOUR);
    // Fri 30 Oct 16:30 EDT = 20:30Z; Mon 2 Nov 09:30 EST = 14:30Z.
    expect(newYork.between(t('2026-10-30T20:30:00Z'), t('2026-11-02T14:30:00Z'))).toBe(1 * HOUR);
  });

  it('counts only the hours inside the day when the interval starts or ends outside them', () => {
    // Wed 14 Jan, Berlin (CET): 10:00 (09:00Z) → 15:15 (14:15Z) = 5 h 15 min, all inside.
    expect(berlin.between(t('2026-01-14T09:00:00Z'), t('2026-01-14T14:15:00Z'))).toBe(5 * HOUR + 15 * MIN);
    // 07:00 (06:00Z) → 10:00 (09:00Z): the clock starts at 09:00, so 1 h.
    expect(berlin.between(t('2026-01-14T06:00:00Z'), t('2026-01-14T09:00:00Z'))).toBe(1 * HOUR);
    // 16:00 (15:00Z) → 20:00 (19:00Z): stops at 17:00, so 1 h.
    expect(berlin.between(t('2026-01-14T15:00:00Z'), t('2026-01-14T19:00:00Z'))).toBe(1 * HOUR);
    // 18:00 (17:00Z) → next day 08:00 (07:00Z): nothing open.
    expect(berlin.between(t('2026-01-14T17:00:00Z'), t('2026-01-15T07:00:00Z'))).toBe(0);
  });

  it('an item that arrives on Saturday starts its clock at Monday’s opening', () => {
    // Sat 10 Jan 11:00 CET (10:00Z) → Mon 12 Jan 09:30 CET (08:30Z): only Mon 09:00–09:30 = 30 min.
    expect(berlin.between(t('2026-01-10T10:00:00Z'), t('2026-01-12T08:30:00Z'))).toBe(30 * MIN);
    // A whole weekend: Sat 00:00 CET (Fri 23:00Z) → Mon 00:00 CET (Sun 23:00Z) = 0.
    expect(berlin.between(t('2026-01-09T23:00:00Z'), t('2026-01-11T23:00:00Z'))).toBe(0);
  });

  it('whole weeks count 40 h each, also across a DST change', () => {
    // Mon 5 Jan 00:00 CET (4 Jan 23:00Z) → Mon 2 Mar 00:00 CET (1 Mar 23:00Z): 8 weeks × 5 days × 8 h = 320 h.
    expect(berlin.between(t('2026-01-04T23:00:00Z'), t('2026-03-01T23:00:00Z'))).toBe(320 * HOUR);
    // Mon 2 Mar 00:00 CET (1 Mar 23:00Z) → Mon 6 Apr 00:00 CEST (5 Apr 22:00Z): 5 weeks × 40 h = 200 h.
    expect(berlin.between(t('2026-03-01T23:00:00Z'), t('2026-04-05T22:00:00Z'))).toBe(200 * HOUR);
  });

  it('the whole year 2026 is 261 weekdays × 8 h = 2088 h, both DST changes included', () => {
    // 1 Jan 2026 is a Thursday; 365 days = 52 weeks (260 weekdays) + Thu 31 Dec = 261 weekdays.
    // 1 Jan 2026 00:00 CET = 31 Dec 2025 23:00Z; 1 Jan 2027 00:00 CET = 31 Dec 2026 23:00Z.
    expect(berlin.between(t('2025-12-31T23:00:00Z'), t('2026-12-31T23:00:00Z'))).toBe(2088 * HOUR);
    expect(newYork.between(t('2026-01-01T05:00:00Z'), t('2027-01-01T05:00:00Z'))).toBe(2088 * HOUR);
  });

  it('gives the same answers whichever years were looked up first (Paris: 2026, then 2019, then 1969)', () => {
    const paris = businessClock({ timeZone: 'Europe/Paris', businessHours: WEEKDAYS_9_17 });
    // Each of these years has 261 weekdays (52 weeks + its first weekday once more) × 8 h = 2088 h.
    // 2026 and 2019: CET +1 on 1 January. 1969: France had no DST, CET all year.
    expect(paris.between(t('2025-12-31T23:00:00Z'), t('2026-12-31T23:00:00Z'))).toBe(2088 * HOUR);
    expect(paris.between(t('2018-12-31T23:00:00Z'), t('2019-12-31T23:00:00Z'))).toBe(2088 * HOUR);
    expect(paris.between(t('1968-12-31T23:00:00Z'), t('1969-12-31T23:00:00Z'))).toBe(2088 * HOUR);
  });

  it('reads the hours on a half-hour offset clock (Asia/Kolkata, +5:30)', () => {
    // Mon 12 Jan 09:00 IST = 03:30Z. From 03:00Z (08:30 IST) to 04:00Z (09:30 IST): 30 min.
    expect(kolkata.between(t('2026-01-12T03:00:00Z'), t('2026-01-12T04:00:00Z'))).toBe(30 * MIN);
    // Fri 16 Jan 16:30 IST (11:00Z) → Mon 19 Jan 09:30 IST (04:00Z): 30 + 30 min.
    expect(kolkata.between(t('2026-01-16T11:00:00Z'), t('2026-01-19T04:00:00Z'))).toBe(1 * HOUR);
    // The same two instants on Berlin's clock: Fri 12:00–17:00 CET = 5 h, Mon 05:00 CET is before opening.
    expect(berlin.between(t('2026-01-16T11:00:00Z'), t('2026-01-19T04:00:00Z'))).toBe(5 * HOUR);
  });

  it('is 0 for an empty or reversed interval', () => {
    expect(berlin.between(t('2026-01-14T12:00:00Z'), t('2026-01-14T12:00:00Z'))).toBe(0);
    expect(berlin.between(t('2026-01-14T14:00:00Z'), t('2026-01-14T10:00:00Z'))).toBe(0);
  });
});

describe('business hours that meet the DST change itself', () => {
  it('a 00:00–24:00 week counts the real length of the 23-hour and 25-hour Sundays (Berlin)', () => {
    // Sat 28 Mar 00:00 CET (27 Mar 23:00Z) → Mon 30 Mar 00:00 CEST (29 Mar 22:00Z): 24 h + 23 h = 47 h.
    expect(allDay('Europe/Berlin').between(t('2026-03-27T23:00:00Z'), t('2026-03-29T22:00:00Z'))).toBe(47 * HOUR);
    // Sat 24 Oct 00:00 CEST (23 Oct 22:00Z) → Mon 26 Oct 00:00 CET (25 Oct 23:00Z): 24 h + 25 h = 49 h.
    expect(allDay('Europe/Berlin').between(t('2026-10-23T22:00:00Z'), t('2026-10-25T23:00:00Z'))).toBe(49 * HOUR);
  });

  it('Sunday 01:00–04:00 lasts 2 h on the spring-forward night and 4 h on the fall-back night (Berlin)', () => {
    // 29 Mar: 01:00 CET = 00:00Z, 04:00 CEST = 02:00Z (02:00–03:00 never happens): 2 h.
    const clock = sundayOnly('Europe/Berlin', '01:00', '04:00');
    expect(clock.between(t('2026-03-28T12:00:00Z'), t('2026-03-30T00:00:00Z'))).toBe(2 * HOUR);
    // 25 Oct: 01:00 CEST = 24 Oct 23:00Z, 04:00 CET = 03:00Z (02:00–03:00 happens twice): 4 h.
    expect(clock.between(t('2026-10-24T12:00:00Z'), t('2026-10-26T00:00:00Z'))).toBe(4 * HOUR);
    // Halfway through the repeated hour: 23:00Z → 01:30Z is 01:00 CEST → 02:30 CEST: 2 h 30 min lived.
    expect(clock.between(t('2026-10-24T23:00:00Z'), t('2026-10-25T01:30:00Z'))).toBe(2 * HOUR + 30 * MIN);
  });

  it('hours that open inside the skipped hour open when the clock lands after it', () => {
    // Sun 29 Mar, hours 02:30–05:00: the clock jumps 02:00 CET → 03:00 CEST at 01:00Z, closes at 05:00 CEST = 03:00Z: 2 h.
    expect(sundayOnly('Europe/Berlin', '02:30', '05:00').between(t('2026-03-28T12:00:00Z'), t('2026-03-30T00:00:00Z'))).toBe(2 * HOUR);
  });

  it('New York’s Sunday 00:00–03:00 is 2 h on 8 March and 4 h on 1 November', () => {
    const clock = sundayOnly('America/New_York', '00:00', '03:00');
    // 8 Mar: 00:00 EST = 05:00Z, 03:00 EDT = 07:00Z: 2 h.
    expect(clock.between(t('2026-03-07T12:00:00Z'), t('2026-03-09T12:00:00Z'))).toBe(2 * HOUR);
    // 1 Nov: 00:00 EDT = 04:00Z, 03:00 EST = 08:00Z: 4 h.
    expect(clock.between(t('2026-10-31T12:00:00Z'), t('2026-11-02T12:00:00Z'))).toBe(4 * HOUR);
  });
});

describe('no business hours: wall-clock time', () => {
  it('counts every millisecond, also on the 23-hour day', () => {
    // Sat 7 Mar 12:00 EST (17:00Z) → Sun 8 Mar 12:00 EDT (16:00Z): 23 h.
    const settings = { timeZone: 'America/New_York', businessHours: null };
    expect(businessClock(settings).counts).toBe('wall');
    expect(businessMsBetween(t('2026-03-07T17:00:00Z'), t('2026-03-08T16:00:00Z'), settings)).toBe(23 * HOUR);
    expect(businessMsBetween(t('2026-03-08T16:00:00Z'), t('2026-03-07T17:00:00Z'), settings)).toBe(0);
  });
});

describe('bad input', () => {
  it('an instant that is not a number is a typed error', () => {
    expect(() => berlin.between(Number.NaN, 0)).toThrow(ReportInputError);
    expect(() => berlin.between(0, Number.POSITIVE_INFINITY)).toThrow(/Not a usable instant/);
  });

  it('an unknown time zone is a typed error', () => {
    expect(() => businessClock({ timeZone: 'Mars/Olympus_Mons', businessHours: WEEKDAYS_9_17 })).toThrow(ReportInputError);
  });
});

describe('the zone’s offset changes, as read from Intl', () => {
  it('finds 2026’s changes in Berlin, New York and Lord Howe (a half-hour DST), and none in Kolkata', () => {
    const year = [t('2026-01-01T00:00:00Z'), t('2027-01-01T00:00:00Z')] as const;
    expect(zoneOffsets('Europe/Berlin').changesBetween(...year)).toEqual([
      { at: t('2026-03-29T01:00:00Z'), before: 1 * HOUR, after: 2 * HOUR },
      { at: t('2026-10-25T01:00:00Z'), before: 2 * HOUR, after: 1 * HOUR },
    ]);
    expect(zoneOffsets('America/New_York').changesBetween(...year)).toEqual([
      { at: t('2026-03-08T07:00:00Z'), before: -5 * HOUR, after: -4 * HOUR },
      { at: t('2026-11-01T06:00:00Z'), before: -4 * HOUR, after: -5 * HOUR },
    ]);
    // Lord Howe: +11 until Sun 5 Apr 2026 02:00 local (4 Apr 15:00Z), +10:30 until Sun 4 Oct 02:00 local (3 Oct 15:30Z).
    expect(zoneOffsets('Australia/Lord_Howe').changesBetween(...year)).toEqual([
      { at: t('2026-04-04T15:00:00Z'), before: 11 * HOUR, after: 10.5 * HOUR },
      { at: t('2026-10-03T15:30:00Z'), before: 10.5 * HOUR, after: 11 * HOUR },
    ]);
    expect(zoneOffsets('Asia/Kolkata').changesBetween(...year)).toEqual([]);
    expect(zoneOffsets('Asia/Kolkata').offsetAt(t('2026-06-01T00:00:00Z'))).toBe(5.5 * HOUR);
  });

  it('a change belongs to the instant it happens at: before it the old offset, from it the new one', () => {
    const berlinOffsets = zoneOffsets('Europe/Berlin');
    expect(berlinOffsets.offsetAt(t('2026-03-29T00:59:59.999Z'))).toBe(1 * HOUR);
    expect(berlinOffsets.offsetAt(t('2026-03-29T01:00:00Z'))).toBe(2 * HOUR);
    expect(berlinOffsets.changesBetween(t('2026-03-29T01:00:00Z'), t('2026-04-01T00:00:00Z'))).toEqual([]);
    expect(berlinOffsets.changesBetween(t('2026-03-28T00:00:00Z'), t('2026-03-29T01:00:00Z'))).toHaveLength(1);
  });
});
