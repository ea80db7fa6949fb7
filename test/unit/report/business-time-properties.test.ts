// Properties of business time over random zones, random weeks of hours and random instants around
// the 2026 DST changes, plus a check against a minute-by-minute count read straight from Intl (an
// independent, slow model: it asks Intl for the weekday and wall-clock time of every minute).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessClock } from '../../../src/main/core/report/businessTime.ts';
import { WEEKDAYS, clockTimeMinutes, type BusinessHours, type Weekday } from '../../../src/shared/domain/clientSettings.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Berlin, New York, half- and quarter-hour offsets, a half-hour DST (Lord Howe), the southern hemisphere. */
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Pacific/Chatham', 'UTC'];
/** Each zone's DST changes in 2026 (none for the zones without DST): instants are drawn near them. */
const CHANGES: Record<string, string[]> = {
  'Europe/Berlin': ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z'],
  'America/New_York': ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z'],
  'Australia/Lord_Howe': ['2026-04-04T15:00:00Z', '2026-10-03T15:30:00Z'],
  'Pacific/Chatham': ['2026-04-04T14:00:00Z', '2026-09-26T14:00:00Z'],
};
const ALL_CHANGES = Object.values(CHANGES).flat().map(Date.parse);

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const quarters = (min: number, max: number) => fc.integer({ min, max });

/**
 * A day's hours on a 15-minute grid, or closed. Half of the open days open in the small hours, where
 * the DST changes happen (all of these zones change between 01:00 and 04:00 local).
 */
const dayHours = fc.option(
  fc
    .oneof(
      fc.tuple(quarters(0, 96), quarters(0, 96)).filter(([a, b]) => a !== b),
      fc.tuple(quarters(0, 12), quarters(13, 24)),
    )
    .map(([a, b]) => ({ start: hhmm(Math.min(a, b) * 15), end: hhmm(Math.max(a, b) * 15) })),
  { nil: null, freq: 4 },
);
const businessHours: fc.Arbitrary<BusinessHours> = fc
  .tuple(...WEEKDAYS.map(() => dayHours))
  .filter((days) => days.some((day) => day !== null))
  .map((days) => Object.fromEntries(WEEKDAYS.map((day, index) => [day, days[index]])) as BusinessHours);
const settings = fc.record({ timeZone: fc.constantFrom(...ZONES), businessHours });

/** An instant within 2 days of one of the changes, on the minute (so the minute-by-minute model is exact). */
const nearChangeOf = (changes: number[]) =>
  fc.tuple(fc.constantFrom(...changes), fc.integer({ min: -2 * 24 * 60, max: 2 * 24 * 60 })).map(([change, minutes]) => change + minutes * MIN);
const nearChange = nearChangeOf(ALL_CHANGES);
/** Settings whose zone has DST, with an instant near one of its own changes. */
const settingsNearTheirChange = fc
  .tuple(fc.constantFrom(...Object.keys(CHANGES)), businessHours)
  .chain(([timeZone, hours]) => nearChangeOf(CHANGES[timeZone]!.map(Date.parse)).map((from) => ({ client: { timeZone, businessHours: hours }, from })));
/** Any instant from 2020 to 2031, to the millisecond. */
const anyInstant = fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2031-01-01T00:00:00Z') });
const instant = fc.oneof(nearChange, anyInstant);
const ordered = <T extends number[]>(values: T) => [...values].sort((a, b) => a - b) as T;

describe('business time properties', () => {
  it('is never negative and never more than the wall time', () => {
    fc.assert(
      fc.property(settings, instant, instant, (client, x, y) => {
        const [a, b] = ordered([x, y]);
        const ms = businessClock(client).between(a, b);
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThanOrEqual(b - a);
      }),
    );
  });

  it('adds up: bt(a, c) = bt(a, b) + bt(b, c) for a ≤ b ≤ c', () => {
    fc.assert(
      fc.property(settings, instant, instant, instant, (client, x, y, z) => {
        const [a, b, c] = ordered([x, y, z]);
        const clock = businessClock(client);
        expect(clock.between(a, c)).toBe(clock.between(a, b) + clock.between(b, c));
      }),
    );
  });

  it('is monotonic: a later end never gives less, an earlier start never gives less', () => {
    fc.assert(
      fc.property(settings, instant, instant, instant, (client, x, y, z) => {
        const [a, b, c] = ordered([x, y, z]);
        const clock = businessClock(client);
        expect(clock.between(a, c)).toBeGreaterThanOrEqual(clock.between(a, b));
        expect(clock.between(a, c)).toBeGreaterThanOrEqual(clock.between(b, c));
      }),
    );
  });

  it('with 00:00–24:00 every day it is the wall time, in every zone, across every change', () => {
    const allDay = Object.fromEntries(WEEKDAYS.map((day) => [day, { start: '00:00', end: '24:00' }])) as BusinessHours;
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, instant, (timeZone, x, y) => {
        const [a, b] = ordered([x, y]);
        expect(businessClock({ timeZone, businessHours: allDay }).between(a, b)).toBe(b - a);
      }),
    );
  });

  it('equals a minute-by-minute count of the minutes Intl reads as inside business hours', () => {
    const weekdayOf: Record<string, Weekday> = {
      Mon: 'monday',
      Tue: 'tuesday',
      Wed: 'wednesday',
      Thu: 'thursday',
      Fri: 'friday',
      Sat: 'saturday',
      Sun: 'sunday',
    };
    function slowCount(timeZone: string, hours: BusinessHours, from: number, to: number): number {
      const format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
      let ms = 0;
      for (let minute = from; minute < to; minute += MIN) {
        const parts = Object.fromEntries(format.formatToParts(minute).map((part) => [part.type, part.value]));
        const day = hours[weekdayOf[parts.weekday!]!];
        const wall = Number(parts.hour) * 60 + Number(parts.minute);
        if (day != null && wall >= clockTimeMinutes(day.start) && wall < clockTimeMinutes(day.end)) ms += MIN;
      }
      return ms;
    }
    fc.assert(
      fc.property(
        fc.oneof(settingsNearTheirChange, fc.record({ client: settings, from: nearChange })),
        fc.integer({ min: 0, max: (2 * DAY) / MIN }),
        ({ client, from }, minutes) => {
          const to = from + minutes * MIN;
          expect(businessClock(client).between(from, to)).toBe(slowCount(client.timeZone, client.businessHours, from, to));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts ten years at once: 521 whole weeks and three days, twenty DST changes', () => {
    // Mon 3 Jan 2022 00:00 CET (2 Jan 23:00Z) → Thu 1 Jan 2032 00:00 CET (31 Dec 2031 23:00Z).
    const nineToFive = { start: '09:00', end: '17:00' };
    const clock = businessClock({
      timeZone: 'Europe/Berlin',
      businessHours: { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive },
    });
    // 2022-01-03 → 2031-12-29 is 3647 days = 521 weeks; plus Mon 29, Tue 30, Wed 31 Dec 2031 = 3 weekdays.
    expect(clock.between(Date.parse('2022-01-02T23:00:00Z'), Date.parse('2031-12-31T23:00:00Z'))).toBe((521 * 40 + 3 * 8) * HOUR);
  });
});
