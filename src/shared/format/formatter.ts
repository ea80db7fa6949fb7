// The one formatter of dates, times, numbers and counted words, for every screen and the client
// report. Built on Intl: the system's locale and clock (12 or 24 hours) unless told otherwise, and a
// time zone (the system's, or a client's for that client's report). Every Intl object is made once
// per formatter: constructing one costs a fraction of a millisecond, which a list of rows would pay
// on every render.
import { graphemes } from './graphemes.ts';

export interface FormatterOptions {
  /** A BCP 47 locale ("en-GB", "en-US", "de-DE"); the system's when absent. */
  locale?: string;
  /** An IANA zone ("Europe/London"); the system's when absent. */
  timeZone?: string;
  /** Force a 12-hour (true) or 24-hour (false) clock; the locale's when absent. */
  hour12?: boolean;
}

/** The words of a counted noun: "1 comment", "3 comments". English words, so English plural rules. */
export interface Noun {
  one: string;
  other: string;
}

export interface Formatter {
  readonly locale: string;
  readonly timeZone: string;
  /** "27 Nov 2026" */
  date(ms: number): string;
  /** "27 Nov" */
  dayMonth(ms: number): string;
  /** "November 2026" */
  monthYear(ms: number): string;
  /** "November": a month's name alone ("October's reports are ready"). */
  monthName(ms: number): string;
  /** "14:05" or "2:05 pm", as the locale (or the hour12 option) writes a clock. */
  time(ms: number): string;
  /** "27 Nov 2026, 14:05" */
  dateTime(ms: number): string;
  /** "Fri 27 November 2026, 14:05": the exact time a hover title shows. */
  exact(ms: number): string;
  /** "Mon 23 Nov, 8:00" or "Mon, Nov 23, 8:00 AM": a time in the days ahead (a snooze's wake time). */
  weekdayDateTime(ms: number): string;
  /** The zone's name in words ("Central European Time"), never its code; the IANA name when Intl has none. */
  zoneName(): string;
  /** "1 – 31 Oct 2026": a range of days, the end exclusive (a period ending at midnight ends the day before). */
  dayRange(startMs: number, endMsExclusive: number): string;
  /** The calendar day in this formatter's zone, "2026-11-27": for grouping and keys, never for prose. */
  dayKey(ms: number): string;
  /** "2026-11-27 14:05": a date and 24-hour clock in this zone that every spreadsheet reads as a time (CSV files), never for prose. */
  sheetDateTime(ms: number): string;
  /** "12,345" (the locale's grouping); at most `fractionDigits` decimals, 0 by default. */
  number(value: number, fractionDigits?: number): string;
  /** "3.0", "4.6": exactly `fractionDigits` decimals, for figures read side by side (a report's averages of stars). */
  decimal(value: number, fractionDigits: number): string;
  /** A ratio as a percentage: 0.173 → "17 %" in en-GB, "17%" in en-US. */
  percent(ratio: number, fractionDigits?: number): string;
  /** "1 comment", "3 comments", "1,204 comments". */
  count(value: number, noun: Noun): string;
  /** "just now", "3 min ago", "2 h ago", "yesterday", "4 days ago", then the date. */
  relative(thenMs: number, nowMs: number): string;
  /** A chat message's time: the clock today, the day and clock this year, the full date before. */
  chatTime(thenMs: number, nowMs: number): string;
  /** A length of time in words: "45 s", "12 min", "3 h 20 min", "2 d 4 h". */
  duration(ms: number): string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ENGLISH_PLURALS = new Intl.PluralRules('en');

/** "1 comment" / "2 comments": the noun's form by English plural rules, the number as given. */
export function pluralNoun(value: number, noun: Noun): string {
  return ENGLISH_PLURALS.select(value) === 'one' ? noun.one : noun.other;
}

/** "Facebook, Instagram and Threads": names in a sentence, the last joined by "and". */
export function wordList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

export function createFormatter(options: FormatterOptions = {}): Formatter {
  const base = new Intl.DateTimeFormat(options.locale, options.timeZone === undefined ? {} : { timeZone: options.timeZone });
  const { locale, timeZone } = base.resolvedOptions();
  const zoned = { timeZone, ...(options.hour12 === undefined ? {} : { hour12: options.hour12 }) };
  const dateFormat = new Intl.DateTimeFormat(locale, { ...zoned, day: 'numeric', month: 'short', year: 'numeric' });
  const dayMonthFormat = new Intl.DateTimeFormat(locale, { ...zoned, day: 'numeric', month: 'short' });
  const monthYearFormat = new Intl.DateTimeFormat(locale, { ...zoned, month: 'long', year: 'numeric' });
  const monthNameFormat = new Intl.DateTimeFormat(locale, { ...zoned, month: 'long' });
  const timeFormat = new Intl.DateTimeFormat(locale, { ...zoned, hour: 'numeric', minute: '2-digit' });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    ...zoned,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const dayMonthTimeFormat = new Intl.DateTimeFormat(locale, { ...zoned, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const exactFormat = new Intl.DateTimeFormat(locale, {
    ...zoned,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const weekdayDateTimeFormat = new Intl.DateTimeFormat(locale, {
    ...zoned,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  const keyFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const sheetClockFormat = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const numberFormats = new Map<number, Intl.NumberFormat>();
  const percentFormats = new Map<number, Intl.NumberFormat>();

  const valid = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;
  const guard = (format: Intl.DateTimeFormat) => (ms: number) => (valid(ms) ? format.format(ms) : '');
  const numberFormat = (digits: number) => {
    let format = numberFormats.get(digits);
    if (format === undefined) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      numberFormats.set(digits, format);
    }
    return format;
  };
  const fixedFormats = new Map<number, Intl.NumberFormat>();
  const fixedFormat = (digits: number) => {
    let format = fixedFormats.get(digits);
    if (format === undefined) {
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      fixedFormats.set(digits, format);
    }
    return format;
  };
  const percentFormat = (digits: number) => {
    let format = percentFormats.get(digits);
    if (format === undefined) {
      format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits });
      percentFormats.set(digits, format);
    }
    return format;
  };
  const dayKey = (ms: number) => (valid(ms) ? keyFormat.format(ms) : '');
  const yearOf = (ms: number) => dayKey(ms).slice(0, 4);

  const formatter: Formatter = {
    locale,
    timeZone,
    date: guard(dateFormat),
    dayMonth: guard(dayMonthFormat),
    monthYear: guard(monthYearFormat),
    monthName: guard(monthNameFormat),
    time: guard(timeFormat),
    dateTime: guard(dateTimeFormat),
    exact: guard(exactFormat),
    weekdayDateTime: guard(weekdayDateTimeFormat),
    zoneName() {
      const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(Date.now());
      return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    },
    dayRange(startMs, endMsExclusive) {
      if (!valid(startMs) || !valid(endMsExclusive)) return '';
      const lastDay = Math.max(startMs, endMsExclusive - 1);
      return dateFormat.formatRange(startMs, lastDay);
    },
    dayKey,
    sheetDateTime: (ms) => (valid(ms) ? `${keyFormat.format(ms)} ${sheetClockFormat.format(ms)}` : ''),
    number: (value, fractionDigits = 0) => (Number.isFinite(value) ? numberFormat(fractionDigits).format(value) : '—'),
    decimal: (value, fractionDigits) => (Number.isFinite(value) ? fixedFormat(fractionDigits).format(value) : '—'),
    percent: (ratio, fractionDigits = 0) => (Number.isFinite(ratio) ? percentFormat(fractionDigits).format(ratio) : '—'),
    count: (value, noun) => `${numberFormat(0).format(value)} ${pluralNoun(value, noun)}`,
    relative(thenMs, nowMs) {
      const diff = nowMs - thenMs;
      if (!Number.isFinite(diff)) return '';
      if (diff < 0) return diff > -MINUTE ? 'just now' : 'in the future';
      if (diff < MINUTE) return 'just now';
      if (diff < HOUR) return `${Math.floor(diff / MINUTE)} min ago`;
      if (diff < DAY) return `${Math.floor(diff / HOUR)} h ago`;
      if (diff < 2 * DAY) return 'yesterday';
      if (diff < 7 * DAY) return `${Math.floor(diff / DAY)} days ago`;
      return yearOf(thenMs) === yearOf(nowMs) ? dayMonthFormat.format(thenMs) : dateFormat.format(thenMs);
    },
    chatTime(thenMs, nowMs) {
      if (!valid(thenMs)) return '';
      if (dayKey(thenMs) === dayKey(nowMs)) return timeFormat.format(thenMs);
      return (yearOf(thenMs) === yearOf(nowMs) ? dayMonthTimeFormat : dateTimeFormat).format(thenMs);
    },
    duration(ms) {
      if (!Number.isFinite(ms) || ms < 0) return '—';
      if (ms < MINUTE) return `${Math.round(ms / 1000)} s`;
      if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
      if (ms < DAY) {
        const hours = Math.floor(ms / HOUR);
        const minutes = Math.round((ms - hours * HOUR) / MINUTE);
        return minutes === 0 ? `${hours} h` : minutes === 60 ? `${hours + 1} h` : `${hours} h ${minutes} min`;
      }
      const days = Math.floor(ms / DAY);
      const hours = Math.round((ms - days * DAY) / HOUR);
      return hours === 0 ? `${days} d` : hours === 24 ? `${days + 1} d` : `${days} d ${hours} h`;
    },
  };
  return formatter;
}

/** Cut a text to at most `max` characters at a word's end, with an ellipsis when anything was cut. */
export function cutAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  // Graphemes, not code points: an emoji with a skin tone or a joiner stays whole.
  const chars = graphemes(flat);
  if (chars.length <= max) return flat;
  const room = Math.max(1, max - 1);
  const head = chars.slice(0, room).join('');
  // The head ends at a word's end when the next character is a space; else back to the last space.
  // A single word longer than the room is cut inside it (between graphemes, never inside one).
  const space = chars[room] === ' ' ? head.length : head.lastIndexOf(' ');
  const cut = space > 0 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}
