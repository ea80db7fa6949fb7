// The plan of a profile's direct messages: per network, when its conversation list is read next and
// when each active conversation is; which of those requests is the most urgent. The list is
// ordered by the last message (most recent first), so a conversation listed above one whose known
// last message is newer than its own must have a message we have not read: it is read at once.
// Only the top conversation can get news without moving, and it is the busiest, read most often.
import type { MessageNetwork } from '../../../shared/networks.ts';
import { conversationInterval, type MessagePolicy } from './messagePolicy.ts';

export interface ConversationTrack {
  conversationId: string;
  /** Epoch ms of its newest message as far as we know (read now, or the store's); null when unknown. */
  lastMessageAt: number | null;
  /** Epoch ms of its last read by this sync; null before the first. */
  readAt: number | null;
  /** Epoch ms of its next read. */
  dueAt: number;
  /** Failed reads in a row. */
  failures: number;
  /** In this sync's first list and unknown to the store: its messages are a backlog, not news. */
  backlog: boolean;
}

export interface NetworkMessages {
  platform: MessageNetwork;
  /** Epoch ms of the next read of the conversation list. */
  listDueAt: number;
  listFailures: number;
  /** The list was read at least once by this sync. */
  listed: boolean;
  /** Refused (messaging off, relink needed): nothing of this network is asked before then. */
  refusedUntil: number;
  /** The refusal was told; it is told once, until a request of the network works again. */
  refusalTold: boolean;
  /** The active conversations of the last list, by id. */
  conversations: Map<string, ConversationTrack>;
}

export type MessageJob = { kind: 'list'; network: NetworkMessages } | { kind: 'read'; network: NetworkMessages; track: ConversationTrack };

export function newNetworkMessages(platform: MessageNetwork, now: number): NetworkMessages {
  return { platform, listDueAt: now, listFailures: 0, listed: false, refusedUntil: 0, refusalTold: false, conversations: new Map() };
}

/**
 * The tracks after a list was read at `now` (ids most recent first). Known tracks keep their plan;
 * a conversation new to this sync is planned from the store's last message (`storedLastAt`), or read
 * at once when the store does not have it; conversations no longer listed (archived, gone) are
 * dropped; those the order shows to have news, and the top one on the first list, are due now.
 */
export function mergeListing(
  network: NetworkMessages,
  ids: readonly string[],
  now: number,
  storedLastAt: (conversationId: string) => number | null,
  policy: MessagePolicy,
): void {
  const before = network.conversations;
  const after = new Map<string, ConversationTrack>();
  for (const id of ids) {
    if (after.has(id)) continue;
    let track = before.get(id);
    if (!track) {
      const lastMessageAt = storedLastAt(id);
      const dueAt = lastMessageAt === null ? now : now + conversationInterval(lastMessageAt, now, policy);
      track = { conversationId: id, lastMessageAt, readAt: null, dueAt, failures: 0, backlog: !network.listed && lastMessageAt === null };
    }
    after.set(id, track);
  }
  let newestBelow = Number.NEGATIVE_INFINITY;
  const listed = [...after.values()];
  for (const track of [...listed].reverse()) {
    if (track.lastMessageAt === null) continue;
    // Read a moment ago and still out of order: the service orders by something we cannot see;
    // it waits for its own interval rather than costing a request at every list.
    const justRead = track.readAt !== null && now - track.readAt < policy.activeMs;
    if (newestBelow > track.lastMessageAt && !justRead) track.dueAt = Math.min(track.dueAt, now);
    newestBelow = Math.max(newestBelow, track.lastMessageAt);
  }
  const top = listed[0];
  if (!network.listed && top) top.dueAt = Math.min(top.dueAt, now);
  network.conversations = after;
  network.listed = true;
}

export interface MessagePlanOptions {
  policy: MessagePolicy;
  /** Networks the profile links (from the last GET /user); the others are left out. */
  linked: ReadonlySet<string>;
  /** Until when twitter is left out (no X key pair), 0 when it is not. */
  twitterBlockedUntil: number;
}

/** The most urgent message request due at `now`, ranked as comments are (how far past due, over its interval), or when the next falls due. */
export function nextMessageJob(
  networks: Iterable<NetworkMessages>,
  now: number,
  options: MessagePlanOptions,
): { job: MessageJob | undefined; at: number; rank: number } {
  let best: { job: MessageJob; rank: number } | undefined;
  let at = Number.POSITIVE_INFINITY;
  const offer = (job: MessageJob, dueAt: number, intervalMs: number) => {
    if (dueAt > now) {
      at = Math.min(at, dueAt);
      return;
    }
    const rank = (now - dueAt) / intervalMs;
    if (!best || rank > best.rank) best = { job, rank };
  };
  for (const network of networks) {
    if (!options.linked.has(network.platform)) continue;
    const blockedUntil = Math.max(network.refusedUntil, network.platform === 'twitter' ? options.twitterBlockedUntil : 0);
    if (blockedUntil > now) {
      at = Math.min(at, blockedUntil);
      continue;
    }
    offer({ kind: 'list', network }, network.listDueAt, options.policy.listMs);
    for (const track of network.conversations.values()) {
      offer({ kind: 'read', network, track }, track.dueAt, conversationInterval(track.lastMessageAt, now, options.policy));
    }
  }
  return best ? { job: best.job, at: now, rank: best.rank } : { job: undefined, at, rank: 0 };
}
