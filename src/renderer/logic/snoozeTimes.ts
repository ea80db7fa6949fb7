// The snooze choices, in the person's local time: later today (three hours on, rounded up to the
// hour, offered only while that is still today and before 21:00), tomorrow morning (8:00) and next
// week (Monday 8:00; on a Monday, the Monday after).
import { fmt } from './format.ts';

export interface SnoozeChoice {
  id: 'laterToday' | 'tomorrow' | 'nextWeek';
  label: string;
  /** When the comment wakes, epoch ms. */
  until: number;
  /** The wake time in words, in the app's formatter ("18:00", "Tue 24 Nov, 8:00"). */
  when: string;
}

export const MORNING_HOUR = 8;
const LATER_HOURS = 3;
const LAST_LATER_HOUR = 21;

const two = (n: number) => String(n).padStart(2, '0');

// Wake times in the app's one formatter: the system's locale and clock, as every other time on screen.
const clock = (date: Date) => fmt.time(date.getTime());

/** Three hours on, rounded up to the next full hour; null when that is no longer today (or late). */
export function laterToday(now: Date): number | null {
  const at = new Date(now.getTime() + LATER_HOURS * 3_600_000);
  if (at.getMinutes() !== 0 || at.getSeconds() !== 0 || at.getMilliseconds() !== 0) at.setHours(at.getHours() + 1, 0, 0, 0);
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay && at.getHours() <= LAST_LATER_HOUR ? at.getTime() : null;
}

/** The next day at 8:00 (also after midnight: "tomorrow" is the day after today). */
export function tomorrowMorning(now: Date): number {
  const at = new Date(now);
  at.setDate(at.getDate() + 1);
  at.setHours(MORNING_HOUR, 0, 0, 0);
  return at.getTime();
}

/** The next Monday at 8:00, at least a day away (on a Monday: a week on). */
export function nextWeek(now: Date): number {
  const at = new Date(now);
  const days = (8 - at.getDay()) % 7 || 7;
  at.setDate(at.getDate() + days);
  at.setHours(MORNING_HOUR, 0, 0, 0);
  return at.getTime();
}

export function snoozeChoices(now: Date = new Date()): SnoozeChoice[] {
  const choices: SnoozeChoice[] = [];
  const later = laterToday(now);
  if (later !== null) choices.push({ id: 'laterToday', label: 'Later today', until: later, when: clock(new Date(later)) });
  const tomorrow = new Date(tomorrowMorning(now));
  choices.push({ id: 'tomorrow', label: 'Tomorrow morning', until: tomorrow.getTime(), when: fmt.weekdayDateTime(tomorrow.getTime()) });
  const week = new Date(nextWeek(now));
  choices.push({
    id: 'nextWeek',
    label: 'Next week',
    until: week.getTime(),
    when: fmt.weekdayDateTime(week.getTime()),
  });
  return choices;
}

/** The hour a picked day wakes at when no time is given: "tomorrow 9:00". */
export const PICKED_HOUR = 9;

/** A date-time field's value ("2026-11-28T09:00", local time) for this moment, to the minute. */
export function pickerValue(ms: number): string {
  const at = new Date(ms);
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** What the date-time picker starts at: tomorrow at 9:00. */
export function defaultPickedTime(now: Date): number {
  const at = new Date(now);
  at.setDate(at.getDate() + 1);
  at.setHours(PICKED_HOUR, 0, 0, 0);
  return at.getTime();
}

/**
 * A picked time, from the date-time field's value, checked: a time in the future, within a year.
 * Answers the wake time (epoch ms) or why it cannot be used, in words.
 */
export function pickedTime(value: string, now: Date): { ok: true; until: number } | { ok: false; reason: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return { ok: false, reason: 'Pick a day and a time.' };
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const at = new Date(year, month - 1, day, hour, minute, 0, 0);
  if (at.getMonth() !== month - 1 || at.getDate() !== day) return { ok: false, reason: 'That day does not exist.' };
  if (at.getTime() <= now.getTime()) return { ok: false, reason: 'Pick a time later than now.' };
  if (at.getTime() > now.getTime() + 366 * 24 * 3_600_000) return { ok: false, reason: 'Pick a time within a year.' };
  return { ok: true, until: at.getTime() };
}
