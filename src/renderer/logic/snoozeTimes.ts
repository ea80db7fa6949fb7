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
