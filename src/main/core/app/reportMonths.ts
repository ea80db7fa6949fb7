// Which month is "last month" for a client, on the client's own clock: at 00:30 on 1 November in
// Berlin, Berlin's last month is October while Los Angeles is still in October (its last month is
// September). The period's instants come from the report's own rule (reportPeriods), so a prepared
// report covers exactly what `report.get` would for the same days.
import { reportPeriods } from '../report/reportPeriod.ts';
import { zoneOffsets } from '../report/zoneOffsets.ts';

export interface ReportMonth {
  /** "2026-10" */
  month: string;
  /** The month's first and last calendar day, "2026-10-01" and "2026-10-31". */
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar month `offset` months from year/month (1-12). */
function monthAt(year: number, month: number, offset: number): ReportMonth {
  const index = year * 12 + (month - 1) + offset;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { month: `${y}-${pad(m)}`, from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDay)}` };
}

/** The client's calendar year and month at an instant. */
function localMonth(instant: number, timeZone: string): { year: number; month: number } {
  const local = new Date(instant + zoneOffsets(timeZone).offsetAt(instant));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1 };
}

/** The month before the one the client's clock shows at `instant`. */
export function lastMonthIn(instant: number, timeZone: string): ReportMonth {
  const { year, month } = localMonth(instant, timeZone);
  return monthAt(year, month, -1);
}

/** The instant the client's next month begins (midnight of the 1st on its clock). */
export function nextMonthStartIn(instant: number, timeZone: string): number {
  const { year, month } = localMonth(instant, timeZone);
  const next = monthAt(year, month, 1);
  return reportPeriods(next.from, next.from, timeZone).current.start;
}

/** A month's key as a date in its middle (noon UTC on the 15th): its name reads the same in every zone. */
export function monthMiddle(month: string): number {
  const [year, index] = month.split('-').map(Number);
  return Date.UTC(year ?? 1970, (index ?? 1) - 1, 15, 12);
}
