// How often the direct messages of a profile are worth a request. A conversation where someone wrote
// a moment ago is likely to go on (a chat comes in bursts), one quiet for a day rarely wakes up. So a
// conversation is read every minute while its last message is under an hour old, every 5 minutes
// under a day, and hourly after that. The conversation list of each network is read every 2 minutes:
// it finds conversations a new person starts (a prospective client), and, being ordered by the last
// message, it shows a quiet conversation that woke up (it moves up past busier ones, see
// conversationPlan.ts), so the hourly read of quiet ones is only a safety net. The service caches
// answers (60 s on facebook and instagram, 15 s on X) and says when fresh data is there
// (`nextUpdate`): nothing is asked before that.
//
// What it costs a profile linking the three networks: 3 lists every 2 minutes (7.5 requests per
// 5 minutes) plus 5 per active conversation, 1 per recent one and 1/12 per quiet one; a profile
// with 2 chats going on, 5 of the day and 30 quiet ones spends about 25 of the sync's 270 requests
// per 5 minutes.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface MessagePolicy {
  /** The conversation list of a network (new conversations, woken ones). */
  listMs: number;
  /** A conversation whose last message is younger than `activeForMs`. */
  activeMs: number;
  activeForMs: number;
  /** One whose last message is younger than `recentForMs`. */
  recentMs: number;
  recentForMs: number;
  /** Every other conversation. */
  quietMs: number;
  /**
   * A network refused for messages (messaging off, 361; the link must be renewed, 362): only the
   * person can fix it in the service's dashboard, so it is asked again after this, or at "Refresh now".
   */
  refusedHoldMs: number;
}

export const DEFAULT_MESSAGE_POLICY: MessagePolicy = {
  listMs: 2 * MINUTE,
  activeMs: MINUTE,
  activeForMs: HOUR,
  recentMs: 5 * MINUTE,
  recentForMs: DAY,
  quietMs: HOUR,
  refusedHoldMs: 6 * HOUR,
};

/** The interval between two reads of a conversation whose last message was at `lastMessageAt` (null: unknown). */
export function conversationInterval(lastMessageAt: number | null, now: number, policy: MessagePolicy = DEFAULT_MESSAGE_POLICY): number {
  if (lastMessageAt === null) return policy.recentMs;
  const quietFor = Math.max(0, now - lastMessageAt);
  if (quietFor < policy.activeForMs) return policy.activeMs;
  if (quietFor < policy.recentForMs) return policy.recentMs;
  return policy.quietMs;
}

/**
 * When the next request of something read at `now` may go: after `intervalMs`, and never before the
 * service's `nextUpdate` (plus a second, so the answer is surely the fresh one).
 */
export function nextReadAt(now: number, intervalMs: number, nextUpdate: string | undefined): number {
  const serviceSays = nextUpdate === undefined ? Number.NaN : Date.parse(nextUpdate);
  return Math.max(now + intervalMs, Number.isFinite(serviceSays) ? serviceSays + 1000 : 0);
}
