// Where a conversation's reply window stands: facebook and instagram take a direct message only
// within MESSAGE_REPLY_WINDOW_MS of the person's last message (the row's `replyWindowClosesAt`);
// X has none. One verdict for the main process (refusing a message) and the screen (saying why).
import { MESSAGE_REPLY_WINDOW_NETWORKS, type Network } from '../networks.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Under this much time left, the window is "closing soon": the pane and the row warn. */
export const CLOSING_SOON_MS = DAY;

export type ReplyWindowState =
  /** The network has no reply window (X): an answer is always possible. */
  | { kind: 'none' }
  | { kind: 'open'; closesAt: number; leftMs: number; closingSoon: boolean }
  | { kind: 'closed'; closedAt: number }
  /** The person never wrote in it, so the window never opened. */
  | { kind: 'neverOpened' };

function hasWindow(platform: Network): boolean {
  return (MESSAGE_REPLY_WINDOW_NETWORKS as readonly Network[]).includes(platform);
}

export function replyWindowState(platform: Network, closesAt: number | null, now: number): ReplyWindowState {
  if (!hasWindow(platform)) return { kind: 'none' };
  if (closesAt === null) return { kind: 'neverOpened' };
  const leftMs = closesAt - now;
  if (leftMs <= 0) return { kind: 'closed', closedAt: closesAt };
  return { kind: 'open', closesAt, leftMs, closingSoon: leftMs < CLOSING_SOON_MS };
}
