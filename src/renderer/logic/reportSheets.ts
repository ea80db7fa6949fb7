// How the appendix's long tables are cut into A4 sheets (decision 0070): the rows a sheet holds are
// counted, since the sheets are fixed (decision 0041) and the split must be ours, never the printer's.
// A row never wraps (reports.css), so a count is a height.

/** Days of one network's daily table per sheet: a row is about 5.3 mm, a sheet has about 245 mm under its title and header. */
export const DAILY_ROWS_PER_PAGE = 40;

/** Days of "received per day" that fit under the appendix's first table: three columns of 25. */
export const VOLUME_DAYS_ON_FIRST_PAGE = 75;

/** Days of "received per day" on a sheet of its own: three columns of 35 (a row is about 6.7 mm). */
export const VOLUME_DAYS_PER_PAGE = 105;

/** The rows in sheets of at most `perSheet`, in order; none for no rows. */
export function sheetsOf<T>(rows: readonly T[], perSheet: number): T[][] {
  if (!Number.isInteger(perSheet) || perSheet < 1) throw new RangeError('A sheet holds at least one row');
  const sheets: T[][] = [];
  for (let first = 0; first < rows.length; first += perSheet) sheets.push(rows.slice(first, first + perSheet));
  return sheets;
}

/** Three columns of days, filled down then across, as even as they go. */
export function dayColumns<T>(days: readonly T[]): T[][] {
  const perColumn = Math.ceil(days.length / 3);
  return [0, 1, 2].map((column) => days.slice(column * perColumn, (column + 1) * perColumn)).filter((column) => column.length > 0);
}
