// Business time between two instants: the milliseconds that fall inside the client's business hours,
// read on the client's clock (its IANA time zone), through weekends and DST changes.
//
// How, in O(1) plus one step per DST change (never minute by minute, nor day by day):
//  - On a clock that never moved, the business time up to a local wall-clock reading L is a
//    closed form, `nominal(L)`: whole weeks × the week's business ms + the days before L in its week
//    + the part of L's own day inside its hours. So the business time between a and b is
//    nominal(wall(b)) − nominal(wall(a)), with wall(t) = t + the zone's offset at t.
//  - A DST change at instant T moves the wall clock from T + before to T + after. Spring forward
//    skips the wall times [T+before, T+after): the difference above counted business ms of that
//    skipped hour that no one lived, so they are taken off. Fall back repeats [T+after, T+before):
//    the difference counted that hour once but it was lived twice, so it is added. Both are
//    `nominal(T+after) − nominal(T+before)` subtracted, for each change T with a < T ≤ b.
//  - The result is exactly the lived ms inside business hours: additive (bt(a,c) = bt(a,b) +
//    bt(b,c)), monotonic, never more than the wall time, and with hours 00:00–24:00 every day it
//    equals the wall time even on a 23- or 25-hour day. Hours that start inside a skipped hour
//    start when the clock lands after it (09:00 → the instant the clock reads 09:00 or later).
// Time zone offsets come from Intl (see zoneOffsets.ts for why).
import { clockTimeMinutes, WEEKDAYS, type ClientSettings } from '../../../shared/domain/clientSettings.ts';
import { ReportInputError } from './reportInputError.ts';
import { segmentIndex, zoneOffsets, type ZoneOffsets } from './zoneOffsets.ts';

export type { ClientSettings } from '../../../shared/domain/clientSettings.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday: index 3 from Monday. */
const EPOCH_WEEKDAY = 3;

/** What the business clock needs of a client's settings. */
export type ClockSettings = Pick<ClientSettings, 'timeZone' | 'businessHours'>;

export interface BusinessClock {
  /** 'business' when the client has business hours; 'wall' when every millisecond counts. */
  readonly counts: 'business' | 'wall';
  /** Business ms in [from, to); 0 when to is not after from. */
  between(from: number, to: number): number;
}

/** The week as seven days from Monday: opening (ms after local midnight), hours (ms) and hours of the days before. */
interface Week {
  open: number[];
  length: number[];
  before: number[];
  total: number;
}

function compileWeek(hours: NonNullable<ClockSettings['businessHours']>): Week {
  const open: number[] = [];
  const length: number[] = [];
  const before: number[] = [];
  let total = 0;
  for (const day of WEEKDAYS) {
    const hoursOfDay = hours[day];
    const start = hoursOfDay == null ? 0 : clockTimeMinutes(hoursOfDay.start) * MINUTE_MS;
    const end = hoursOfDay == null ? 0 : clockTimeMinutes(hoursOfDay.end) * MINUTE_MS;
    open.push(start);
    length.push(Math.max(0, end - start));
    before.push(total);
    total += Math.max(0, end - start);
  }
  return { open, length, before, total };
}

/** Business ms from the local epoch (1970-01-01 00:00 wall clock) to the wall-clock reading `wall`. */
function nominal(week: Week, wall: number): number {
  const day = Math.floor(wall / DAY_MS);
  const intoDay = wall - day * DAY_MS;
  const weekdays = day + EPOCH_WEEKDAY;
  const weeks = Math.floor(weekdays / 7);
  const weekday = weekdays - weeks * 7;
  // weekday is 0–6 by construction; the ?? only satisfies the index check.
  const intoHours = Math.min(Math.max(intoDay - (week.open[weekday] ?? 0), 0), week.length[weekday] ?? 0);
  return weeks * week.total + (week.before[weekday] ?? 0) + intoHours;
}

function checkInstant(instant: number): void {
  if (!Number.isFinite(instant)) throw new ReportInputError(`Not a usable instant: ${String(instant)}`);
}

const wallClock: BusinessClock = {
  counts: 'wall',
  between(from, to) {
    checkInstant(from);
    checkInstant(to);
    return to > from ? to - from : 0;
  },
};

/**
 * The clock of one client. Build it once per report: it holds the compiled week, and the zone's
 * offsets are cached per zone. Settings are expected to have passed clientSettingsSchema.
 */
export function businessClock(settings: ClockSettings): BusinessClock {
  if (settings.businessHours === null) return wallClock;
  const week = compileWeek(settings.businessHours);
  const zone: ZoneOffsets = zoneOffsets(settings.timeZone);
  return {
    counts: 'business',
    between(from, to) {
      checkInstant(from);
      checkInstant(to);
      if (!(to > from)) return 0;
      const line = zone.timeline(from, to);
      const { starts, offsets } = line;
      const fromSegment = segmentIndex(line, from);
      const toSegment = segmentIndex(line, to);
      let ms = nominal(week, to + (offsets[toSegment] ?? 0)) - nominal(week, from + (offsets[fromSegment] ?? 0));
      // Each change T with from < T ≤ to: take off the skipped wall time (or add the repeated one).
      for (let segment = fromSegment + 1; segment <= toSegment; segment++) {
        const at = starts[segment] ?? 0;
        ms -= nominal(week, at + (offsets[segment] ?? 0)) - nominal(week, at + (offsets[segment - 1] ?? 0));
      }
      return ms;
    },
  };
}

/** One-off form of businessClock(settings).between(from, to). */
export function businessMsBetween(from: number, to: number, settings: ClockSettings): number {
  return businessClock(settings).between(from, to);
}
