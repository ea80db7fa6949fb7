// "3 min ago" for the list, and the exact time for the hover title. Pure: the clock is passed in.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(thenMs: number, nowMs: number): string {
  const diff = nowMs - thenMs;
  if (!Number.isFinite(diff)) return '';
  if (diff < 0) return diff > -MINUTE ? 'just now' : 'in the future';
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} min ago`;
  if (diff < DAY) {
    const hours = Math.floor(diff / HOUR);
    return `${hours} h ago`;
  }
  if (diff < 2 * DAY) return 'yesterday';
  if (diff < 7 * DAY) return `${Math.floor(diff / DAY)} days ago`;
  const then = new Date(thenMs);
  const now = new Date(nowMs);
  const sameYear = then.getFullYear() === now.getFullYear();
  return (sameYear ? DAY_MONTH : DAY_MONTH_YEAR).format(then);
}

// One formatter each, made once: `toLocaleString` builds a new one per call (~0.4 ms), which a list
// of rows paid on every first render.
const EXACT_TIME = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The exact time, as the title on hover shows it. */
export function exactTime(thenMs: number): string {
  const then = new Date(thenMs);
  return Number.isNaN(then.getTime()) ? 'Invalid Date' : EXACT_TIME.format(then);
}

const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const DAY_MONTH_CLOCK = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const FULL_CLOCK = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A chat message's time: "14:02" today, "12 Mar, 14:02" this year, "12 Mar 2025, 14:02" before. */
export function chatTime(thenMs: number, nowMs: number): string {
  const then = new Date(thenMs);
  if (Number.isNaN(then.getTime())) return '';
  const now = new Date(nowMs);
  if (then.toDateString() === now.toDateString()) return CLOCK.format(then);
  return (then.getFullYear() === now.getFullYear() ? DAY_MONTH_CLOCK : FULL_CLOCK).format(then);
}
