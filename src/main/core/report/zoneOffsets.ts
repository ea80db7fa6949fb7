// A time zone's UTC offset at any instant, and the instants where it changes (DST, or a country
// moving its clocks), read from the runtime's Intl.
//
// Why Intl.DateTimeFormat: Node and Chromium ship full ICU with the IANA tz database, so every zone
// and every past and future DST rule is already here, with no npm package and no data of our own to
// keep up to date. Intl only answers "what does the wall clock read at this instant", so the offset
// is that reading minus the instant. Intl is slow for bulk work (about 5–15 µs a call), so each
// zone's offset changes are found once per stretch of time (a day-by-day scan, then a bisection to
// the second) and kept: after that an offset is a lookup with no Intl call at all.
import { ReportInputError } from './reportInputError.ts';

const SECOND_MS = 1_000;
const DAY_MS = 86_400_000;
/** The stretch of time scanned in one go: 128 days, i.e. 128 Intl calls plus a bisection per change. */
const CHUNK_DAYS = 128;
const CHUNK_MS = CHUNK_DAYS * DAY_MS;
/** About ±7,900 years around 1970: well inside Date's limits, so a chunk's scan never reaches them. */
const MAX_INSTANT = 2.5e14;

/** The zone moved its clocks at `at`: `before` applied up to `at`, `after` from `at` on (ms east of UTC). */
export interface OffsetChange {
  at: number;
  before: number;
  after: number;
}

/**
 * The zone's offsets over a stretch of time, as segments: offsets[i] applies from starts[i] up to
 * starts[i + 1] (each start after the first is a change). Plain arrays, so a report's thousands of
 * look-ups are a binary search over a handful of numbers, with nothing allocated.
 */
export interface Timeline {
  readonly starts: readonly number[];
  readonly offsets: readonly number[];
}

/** The index of the segment holding `instant`: the last i with starts[i] ≤ instant. */
export function segmentIndex(timeline: Timeline, instant: number): number {
  const { starts } = timeline;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? Infinity) <= instant) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface ZoneOffsets {
  readonly timeZone: string;
  /** A timeline that covers every instant from `from` to `to` (and maybe more). */
  timeline(from: number, to: number): Timeline;
  /** ms to add to an instant to read the zone's wall clock (e.g. +3,600,000 in Berlin in winter). */
  offsetAt(instant: number): number;
  /** Every change with from < at ≤ to, in order. */
  changesBetween(from: number, to: number): OffsetChange[];
}

interface Chunk {
  startOffset: number;
  changes: OffsetChange[];
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil): plain
 * arithmetic, so years before 100 are not shifted to 19xx as Date.UTC would do.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function checkInstant(instant: number): void {
  if (!Number.isFinite(instant) || Math.abs(instant) > MAX_INSTANT) {
    throw new ReportInputError(`Not a usable instant: ${String(instant)}`);
  }
}

function createZoneOffsets(timeZone: string): ZoneOffsets {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new ReportInputError(`Unknown time zone: ${timeZone}`);
  }

  /** The offset by Intl itself. Offsets are whole seconds, so the instant is read at its second. */
  function readOffset(instant: number): number {
    const second = Math.floor(instant / SECOND_MS) * SECOND_MS;
    const field: Record<string, string> = {};
    for (const part of format.formatToParts(second)) field[part.type] = part.value;
    const year = field.era === 'BC' ? 1 - Number(field.year) : Number(field.year);
    const wall =
      daysFromCivil(year, Number(field.month), Number(field.day)) * DAY_MS +
      Number(field.hour) * 3_600_000 +
      Number(field.minute) * 60_000 +
      Number(field.second) * SECOND_MS;
    return wall - second;
  }

  const chunks = new Map<number, Chunk>();

  /**
   * The changes of one chunk, at in (start, start + CHUNK_MS]. Scanned a day at a time: the tz
   * database has no two changes of a zone less than a day apart in modern times, so a day that
   * starts and ends on the same offset has no change inside it.
   */
  function chunk(index: number): Chunk {
    const known = chunks.get(index);
    if (known !== undefined) return known;
    const start = index * CHUNK_MS;
    const startOffset = readOffset(start);
    const changes: OffsetChange[] = [];
    let previous = startOffset;
    for (let day = 1; day <= CHUNK_DAYS; day++) {
      const dayEnd = start + day * DAY_MS;
      const offset = readOffset(dayEnd);
      if (offset === previous) continue;
      // Bisect to the whole second: lo reads the old offset, hi the new one.
      let lo = dayEnd - DAY_MS;
      let hi = dayEnd;
      while (hi - lo > SECOND_MS) {
        const mid = lo + Math.floor((hi - lo) / (2 * SECOND_MS)) * SECOND_MS;
        if (readOffset(mid) === previous) lo = mid;
        else hi = mid;
      }
      changes.push({ at: hi, before: previous, after: readOffset(hi) });
      previous = offset;
    }
    const made = { startOffset, changes };
    chunks.set(index, made);
    return made;
  }

  // The chunks first..last (contiguous) as one timeline, rebuilt only when a look-up falls outside.
  let first = 0;
  let last = -1;
  let covered: Timeline = { starts: [], offsets: [] };

  function timeline(from: number, to: number): Timeline {
    checkInstant(from);
    checkInstant(to);
    const low = Math.floor(Math.min(from, to) / CHUNK_MS);
    const high = Math.floor(Math.max(from, to) / CHUNK_MS);
    const empty = last < first;
    if (!empty && low >= first && high <= last) return covered;
    first = empty ? low : Math.min(low, first);
    last = empty ? high : Math.max(high, last);
    const starts = [first * CHUNK_MS];
    const offsets = [chunk(first).startOffset];
    for (let index = first; index <= last; index++) {
      for (const change of chunk(index).changes) {
        starts.push(change.at);
        offsets.push(change.after);
      }
    }
    covered = { starts, offsets };
    return covered;
  }

  return {
    timeZone,
    timeline,
    offsetAt(instant) {
      const line = timeline(instant, instant);
      return line.offsets[segmentIndex(line, instant)] ?? 0;
    },
    changesBetween(from, to) {
      const found: OffsetChange[] = [];
      if (!(to > from)) return found;
      const line = timeline(from, to);
      const toIndex = segmentIndex(line, to);
      for (let index = segmentIndex(line, from) + 1; index <= toIndex; index++) {
        found.push({ at: line.starts[index] ?? 0, before: line.offsets[index - 1] ?? 0, after: line.offsets[index] ?? 0 });
      }
      return found;
    },
  };
}

/**
 * Kept per zone for the life of the process: the tz rules inside Intl do not change while it runs,
 * and a report asks for the same zone for every one of its items.
 */
const byZone = new Map<string, ZoneOffsets>();

export function zoneOffsets(timeZone: string): ZoneOffsets {
  let offsets = byZone.get(timeZone);
  if (offsets === undefined) {
    offsets = createZoneOffsets(timeZone);
    byZone.set(timeZone, offsets);
  }
  return offsets;
}
