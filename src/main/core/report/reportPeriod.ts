// A report's period is a range of the client's calendar days ('YYYY-MM-DD', both included), read
// in the client's time zone: "October" for a client in Berlin starts at Berlin's midnight. The
// period before ends where this one starts: for whole calendar months (October; October to
// December) it is as many calendar months before (September; July to September), since a client
// compares a month with the month before, never with "31 Aug – 30 Sep"; any other range is
// compared with the same number of days before it.
import { REPORT_MAX_DAYS } from '../../../shared/domain/clientReport.ts';
import { ReportInputError } from './reportInputError.ts';
import { segmentIndex, zoneOffsets, type ZoneOffsets } from './zoneOffsets.ts';

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcMidnight(date: string): number {
  const match = DATE.exec(date);
  const utc = match === null ? Number.NaN : Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 2026-02-31 over into March: a date must read back as written.
  if (!Number.isFinite(utc) || new Date(utc).toISOString().slice(0, 10) !== date) throw new ReportInputError(`Not a calendar date: ${date}`);
  return utc;
}

/** The instant the zone's wall clock reads midnight of that UTC-midnight day. */
function zoneMidnight(zone: ZoneOffsets, utc: number): number {
  const guess = utc - zone.offsetAt(utc);
  return utc - zone.offsetAt(guess);
}

export interface ReportPeriods {
  current: { start: number; end: number };
  previous: { start: number; end: number };
  days: number;
}

export function reportPeriods(from: string, to: string, timeZone: string): ReportPeriods {
  const first = utcMidnight(from);
  const last = utcMidnight(to);
  if (last < first) throw new ReportInputError('The report period must end on or after its first day');
  const days = Math.round((last - first) / DAY_MS) + 1;
  if (days > REPORT_MAX_DAYS) throw new ReportInputError(`A report covers at most ${REPORT_MAX_DAYS} days`);
  const zone = zoneOffsets(timeZone);
  const start = zoneMidnight(zone, first);
  const end = zoneMidnight(zone, last + DAY_MS);
  const months = wholeMonths(first, last);
  const previousFirst = months === null ? first - days * DAY_MS : addMonths(first, -months);
  return { current: { start, end }, previous: { start: zoneMidnight(zone, previousFirst), end: start }, days };
}

/** The UTC midnight `months` calendar months from a first-of-month's. */
function addMonths(utc: number, months: number): number {
  const date = new Date(utc);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
}

/** How many calendar months first..last covers when it is whole months (the 1st to a month's last day); else null. */
function wholeMonths(first: number, last: number): number | null {
  const from = new Date(first);
  const dayAfter = new Date(last + DAY_MS);
  if (from.getUTCDate() !== 1 || dayAfter.getUTCDate() !== 1) return null;
  return (dayAfter.getUTCFullYear() - from.getUTCFullYear()) * 12 + dayAfter.getUTCMonth() - from.getUTCMonth();
}

/** The client's calendar day of an instant, 'YYYY-MM-DD'. */
export function dayInZone(zone: ZoneOffsets, instant: number): string {
  return new Date(instant + zone.offsetAt(instant)).toISOString().slice(0, 10);
}

/** Items received per calendar day of the period, every day listed (days with none say 0). */
export function receivedByDay(createdTimes: Iterable<number>, from: string, days: number, timeZone: string): { day: string; received: number }[] {
  const first = utcMidnight(from);
  const counts = new Array<number>(days).fill(0);
  // The zone's offsets over the days, and a day before and after (no zone is a day off UTC), read
  // once: an instant outside them falls on no day of the period whatever its offset.
  const low = first - DAY_MS * 2;
  const high = first + DAY_MS * (days + 2);
  const line = zoneOffsets(timeZone).timeline(low, high);
  // The day's index from the wall clock's reading, as dayInZone reads it: no date string per item.
  for (const at of createdTimes) {
    if (!Number.isFinite(at)) throw new ReportInputError(`Not a usable instant: ${String(at)}`);
    if (at < low || at >= high) continue;
    const index = Math.floor((at + (line.offsets[segmentIndex(line, at)] ?? 0) - first) / DAY_MS);
    if (index >= 0 && index < days) counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts.map((received, i) => ({ day: new Date(first + i * DAY_MS).toISOString().slice(0, 10), received }));
}
