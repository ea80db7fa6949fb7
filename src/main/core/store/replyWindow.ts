// How long the account may still answer a conversation. facebook and instagram take a reply only
// within MESSAGE_REPLY_WINDOW_MS of the person's last message; X has no such window. The store works
// out when a window closes; whether it is open is the one rule of shared/domain/replyWindow.ts.
import { replyWindowState } from '../../../shared/domain/replyWindow.ts';
import { MESSAGE_REPLY_WINDOW_MS, MESSAGE_REPLY_WINDOW_NETWORKS, type MessageNetwork } from '../../../shared/networks.ts';

export type ReplyWindow =
  /** The network has no window (X): a reply is always possible. */
  | { applies: false }
  /** closesAt: epoch ms; null when the person never wrote, so the window never opened. */
  | { applies: true; open: boolean; closesAt: number | null };

export function replyWindowApplies(platform: MessageNetwork): boolean {
  return MESSAGE_REPLY_WINDOW_NETWORKS.includes(platform);
}

/** Epoch ms when the window closes (null: it never opened, or the network has none). */
export function replyWindowClosesAt(platform: MessageNetwork, lastReceivedAt: string | null): number | null {
  if (!replyWindowApplies(platform) || lastReceivedAt === null) return null;
  const received = Date.parse(lastReceivedAt);
  return Number.isFinite(received) ? received + MESSAGE_REPLY_WINDOW_MS : null;
}

export function replyWindowOf(platform: MessageNetwork, lastReceivedAt: string | null, now: number): ReplyWindow {
  if (!replyWindowApplies(platform)) return { applies: false };
  const closesAt = replyWindowClosesAt(platform, lastReceivedAt);
  return { applies: true, open: replyWindowState(platform, closesAt, now).kind === 'open', closesAt };
}
