// How long a conversation may still be answered, in words. facebook and instagram take a direct
// message only within MESSAGE_REPLY_WINDOW_MS of the person's last message (the core puts when
// that ends on the row, `replyWindowClosesAt`); X has no window. The state itself is shared with
// main (shared/domain/replyWindow.ts); this file says it in words. Pure: the clock is passed in.
import type { ReplyWindowState } from '../../shared/domain/replyWindow.ts';
import { MESSAGE_REPLY_WINDOW_MS, type Network } from '../../shared/networks.ts';
import { NETWORK_LABELS } from './networkLabels.ts';
import { exactTime, relativeTime } from './relativeTime.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export { CLOSING_SOON_MS, replyWindowState, type ReplyWindowState } from '../../shared/domain/replyWindow.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Time left as a countdown: days and hours while there are days, hours and minutes under a day,
 * minutes and seconds under an hour (the pane ticks every second, so the last hour visibly runs).
 */
export function countdown(leftMs: number): string {
  const ms = Math.max(0, leftMs);
  if (ms >= DAY) return `${Math.floor(ms / DAY)} d ${Math.floor((ms % DAY) / HOUR)} h`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)} h ${pad(Math.floor((ms % HOUR) / MINUTE))} min`;
  return `${Math.floor(ms / MINUTE)} min ${pad(Math.floor((ms % MINUTE) / SECOND))} s`;
}

const WINDOW_DAYS = Math.round(MESSAGE_REPLY_WINDOW_MS / DAY);

/** How long ago it closed: as the list says times ("5 h ago", "yesterday"), in days past a week rather than a date (the date is said beside it). */
export function closedAgo(closedAt: number, now: number): string {
  const diff = now - closedAt;
  return diff >= 7 * DAY ? `${Math.floor(diff / DAY)} days ago` : relativeTime(closedAt, now);
}

/** The network's rule, as said wherever a window is explained. */
export function windowRule(platform: Network): string {
  return `${NETWORK_LABELS[platform]} takes an answer only within ${WINDOW_DAYS} days of the person’s last message.`;
}

/** Why a message cannot be sent in this conversation now, or null when it can. */
export function windowBlockedReason(platform: Network, state: ReplyWindowState, now: number, personName: string): string | null {
  switch (state.kind) {
    case 'none':
    case 'open':
      return null;
    case 'closed':
      return `The reply window closed ${closedAgo(state.closedAt, now)} (${exactTime(state.closedAt)}). ${windowRule(platform)} Sending is possible again once ${personName} writes.`;
    case 'neverOpened':
      return `${personName} has not written in this conversation. ${windowRule(platform)}`;
  }
}

/** A row's short word for its window: "Closes in 5 h 02 min", "Window closed"; null when there is nothing to warn about. */
export function windowBadge(state: ReplyWindowState): { text: string; warning: boolean } | null {
  if (state.kind === 'closed' || state.kind === 'neverOpened') return { text: 'Window closed', warning: false };
  if (state.kind === 'open' && state.closingSoon) return { text: `Closes in ${countdown(state.leftMs)}`, warning: true };
  return null;
}
