// Comment and post keys: `${platform}:${socialId}`. Social ids may contain colons (bluesky's
// at:// URIs), network names never do, so the first colon separates them.
import { isMessageNetwork, isNetwork, type MessageNetwork, type Network } from '../../../shared/networks.ts';
import type { CommentKey } from './types.ts';

export interface SocialRef {
  platform: Network;
  socialId: string;
}

export function keyOf(platform: Network, socialId: string): CommentKey {
  return `${platform}:${socialId}`;
}

/** null when the key does not name a known network and an id. */
export function parseKey(key: string): SocialRef | null {
  const colon = key.indexOf(':');
  if (colon <= 0 || colon === key.length - 1) return null;
  const platform = key.slice(0, colon);
  return isNetwork(platform) ? { platform, socialId: key.slice(colon + 1) } : null;
}

/**
 * A conversation's key: `dm:${platform}:${conversationId}`. 'dm' is no network, so no comment key
 * can look like one, and triage tells the two kinds apart by the prefix alone.
 */
const CONVERSATION_PREFIX = 'dm:';

export function conversationKeyOf(platform: MessageNetwork, conversationId: string): string {
  return `${CONVERSATION_PREFIX}${platform}:${conversationId}`;
}

export function isConversationKey(key: string): boolean {
  return typeof key === 'string' && key.startsWith(CONVERSATION_PREFIX);
}

export interface ConversationRef {
  platform: MessageNetwork;
  conversationId: string;
}

/** null when the key is not a conversation key of a network with messages. */
export function parseConversationKey(key: string): ConversationRef | null {
  if (!isConversationKey(key)) return null;
  const ref = parseKey(key.slice(CONVERSATION_PREFIX.length));
  return ref !== null && isMessageNetwork(ref.platform) ? { platform: ref.platform, conversationId: ref.socialId } : null;
}
