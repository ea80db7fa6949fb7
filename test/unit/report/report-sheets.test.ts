// The appendix's long tables cut into sheets (issue 27, item 7): every row once, in order, no sheet
// over its count; the days of "received per day" in three columns filled down then across.
import { describe, expect, it } from 'vitest';
import { DAILY_ROWS_PER_PAGE, dayColumns, sheetsOf, VOLUME_DAYS_PER_PAGE } from '../../../src/renderer/logic/reportSheets.ts';

const days = (count: number) => Array.from({ length: count }, (_, index) => `day ${index + 1}`);

describe('sheets of a long table', () => {
  it('keeps every row once, in order, at most the count per sheet', () => {
    const year = days(366);
    const sheets = sheetsOf(year, DAILY_ROWS_PER_PAGE);
    expect(sheets).toHaveLength(Math.ceil(366 / DAILY_ROWS_PER_PAGE));
    expect(sheets.flat()).toEqual(year);
    expect(Math.max(...sheets.map((sheet) => sheet.length))).toBe(DAILY_ROWS_PER_PAGE);
    expect(sheets.at(-1)).toHaveLength(366 % DAILY_ROWS_PER_PAGE);
    expect(sheetsOf(days(30), DAILY_ROWS_PER_PAGE)).toEqual([days(30)]);
    expect(sheetsOf([], DAILY_ROWS_PER_PAGE)).toEqual([]);
    expect(() => sheetsOf(year, 0)).toThrow(RangeError);
  });

  it('fills three columns down then across, each day once', () => {
    expect(dayColumns(days(30)).map((column) => column.length)).toEqual([10, 10, 10]);
    expect(dayColumns(days(31)).map((column) => column.length)).toEqual([11, 11, 9]);
    expect(dayColumns(days(2))).toEqual([['day 1'], ['day 2']]);
    const sheet = days(VOLUME_DAYS_PER_PAGE);
    expect(dayColumns(sheet).flat()).toEqual(sheet);
  });
});
