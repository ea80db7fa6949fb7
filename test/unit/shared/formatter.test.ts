import { describe, expect, it } from 'vitest';
import { createFormatter, cutAtWord, pluralNoun } from '../../../src/shared/format/formatter.ts';

// 2026-11-27 14:05 UTC, a Friday.
const AT = Date.UTC(2026, 10, 27, 14, 5);
const COMMENT = { one: 'comment', other: 'comments' };
// Intl puts thin and narrow no-break spaces around range dashes and before AM/PM.
const plain = (text: string) => text.replace(/[\u2009\u202f]/gu, ' ');

describe('createFormatter', () => {
  it('writes dates in the locale and the zone it was given', () => {
    const london = createFormatter({ locale: 'en-GB', timeZone: 'Europe/London' });
    expect(london.date(AT)).toBe('27 Nov 2026');
    expect(london.time(AT)).toBe('14:05');
    expect(london.monthYear(AT)).toBe('November 2026');
    const newYork = createFormatter({ locale: 'en-US', timeZone: 'America/New_York' });
    expect(newYork.date(AT)).toBe('Nov 27, 2026');
    expect(newYork.time(AT)).toMatch(/^9:05\sAM$/u);
    const tokyo = createFormatter({ locale: 'en-GB', timeZone: 'Asia/Tokyo' });
    expect(tokyo.date(AT)).toBe('27 Nov 2026');
    expect(tokyo.time(AT)).toBe('23:05');
    expect(tokyo.dayKey(Date.UTC(2026, 10, 27, 16, 0))).toBe('2026-11-28');
  });

  it('writes a time for a spreadsheet in its zone, the same in every locale and clock, nothing for a bad time', () => {
    const at = Date.UTC(2026, 10, 27, 16, 5);
    expect(createFormatter({ locale: 'en-GB', timeZone: 'Asia/Tokyo' }).sheetDateTime(at)).toBe('2026-11-28 01:05');
    expect(createFormatter({ locale: 'en-US', timeZone: 'America/New_York', hour12: true }).sheetDateTime(at)).toBe('2026-11-27 11:05');
    expect(createFormatter({ locale: 'en-GB', timeZone: 'UTC' }).sheetDateTime(Number.NaN)).toBe('');
  });

  it('follows a forced 12- or 24-hour clock over the locale', () => {
    expect(createFormatter({ locale: 'en-GB', timeZone: 'UTC', hour12: true }).time(AT)).toMatch(/^2:05\spm$/iu);
    expect(createFormatter({ locale: 'en-US', timeZone: 'UTC', hour12: false }).time(AT)).toBe('14:05');
  });

  it('names its zone in words, not by its code', () => {
    expect(createFormatter({ locale: 'en-GB', timeZone: 'Europe/Berlin' }).zoneName()).toBe('Central European Time');
    expect(createFormatter({ locale: 'en-US', timeZone: 'America/New_York' }).zoneName()).toBe('Eastern Time');
  });

  it('writes a period of days with its end exclusive', () => {
    const f = createFormatter({ locale: 'en-GB', timeZone: 'UTC' });
    expect(plain(f.dayRange(Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1)))).toBe('1 – 31 Oct 2026');
    expect(plain(f.dayRange(Date.UTC(2026, 9, 28), Date.UTC(2026, 10, 27)))).toBe('28 Oct – 26 Nov 2026');
  });

  it('counts with plural words and the locale grouping', () => {
    const f = createFormatter({ locale: 'en-GB', timeZone: 'UTC' });
    expect(f.count(1, COMMENT)).toBe('1 comment');
    expect(f.count(0, COMMENT)).toBe('0 comments');
    expect(f.count(1204, COMMENT)).toBe('1,204 comments');
    expect(createFormatter({ locale: 'de-DE', timeZone: 'UTC' }).count(1204, COMMENT)).toBe('1.204 comments');
    expect(pluralNoun(2, COMMENT)).toBe('comments');
  });

  it('writes rates as percentages and never NaN', () => {
    const f = createFormatter({ locale: 'en-US', timeZone: 'UTC' });
    expect(f.percent(0.173)).toBe('17%');
    expect(f.percent(0.1735, 1)).toBe('17.4%');
    expect(f.percent(Number.NaN)).toBe('—');
    expect(f.number(118.333)).toBe('118');
    expect(f.number(118.333, 1)).toBe('118.3');
    expect(f.date(Number.NaN)).toBe('');
  });

  it('says how long ago, then the date', () => {
    const f = createFormatter({ locale: 'en-GB', timeZone: 'UTC' });
    expect(f.relative(AT - 30_000, AT)).toBe('just now');
    expect(f.relative(AT - 5 * 60_000, AT)).toBe('5 min ago');
    expect(f.relative(AT - 3 * 3_600_000, AT)).toBe('3 h ago');
    expect(f.relative(AT - 30 * 3_600_000, AT)).toBe('yesterday');
    expect(f.relative(AT - 4 * 86_400_000, AT)).toBe('4 days ago');
    expect(f.relative(Date.UTC(2026, 0, 3), AT)).toBe('3 Jan');
    expect(f.relative(Date.UTC(2025, 0, 3), AT)).toBe('3 Jan 2025');
    expect(f.chatTime(AT - 60_000, AT)).toBe('14:04');
    expect(f.chatTime(Date.UTC(2026, 2, 12, 9, 30), AT)).toBe('12 Mar, 9:30');
  });

  it('writes durations in hours and minutes', () => {
    const f = createFormatter({ locale: 'en-GB', timeZone: 'UTC' });
    expect(f.duration(45_000)).toBe('45 s');
    expect(f.duration(12 * 60_000)).toBe('12 min');
    expect(f.duration(200 * 60_000)).toBe('3 h 20 min');
    expect(f.duration(52 * 3_600_000)).toBe('2 d 4 h');
    expect(f.duration(-1)).toBe('—');
  });
});

describe('cutAtWord', () => {
  it('keeps a short text whole', () => {
    expect(cutAtWord('Vegan morning buns', 40)).toBe('Vegan morning buns');
  });
  it('cuts at a word and adds an ellipsis, never inside a hashtag', () => {
    const cut = cutAtWord('Fresh out of the oven: vegan morning buns #plantbased #bakery', 50);
    expect(cut).toBe('Fresh out of the oven: vegan morning buns…');
    expect(Array.from(cut).length).toBeLessThanOrEqual(50);
  });
  it('drops trailing punctuation before the ellipsis and never splits a surrogate pair', () => {
    expect(cutAtWord('Thank you, everyone, for coming', 21)).toBe('Thank you, everyone…');
    expect(cutAtWord('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
  });
});
