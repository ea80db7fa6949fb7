// "3 min ago" for the list, and the exact time for the hover title: thin names over the app's one
// formatter (logic/format.ts), so every screen writes a time the same way. Pure: the clock is passed in.
import { fmt } from './format.ts';

export function relativeTime(thenMs: number, nowMs: number): string {
  return fmt.relative(thenMs, nowMs);
}

/** The exact time, as the title on hover shows it. */
export function exactTime(thenMs: number): string {
  return Number.isFinite(thenMs) ? fmt.exact(thenMs) : 'Invalid Date';
}

/** A chat message's time: the clock today, the day and clock this year, the full date before. */
export function chatTime(thenMs: number, nowMs: number): string {
  return fmt.chatTime(thenMs, nowMs);
}
