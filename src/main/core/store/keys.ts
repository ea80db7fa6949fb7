// Comment and post keys: `${platform}:${socialId}`. Social ids may contain colons (bluesky's
// at:// URIs), network names never do, so the first colon separates them.
import { isNetwork, type Network } from '../../../shared/networks.ts';
import type { CommentKey, PostKey } from './types.ts';

export interface SocialRef {
  platform: Network;
  socialId: string;
}

export function keyOf(platform: Network, socialId: string): CommentKey & PostKey {
  return `${platform}:${socialId}`;
}

/** null when the key does not name a known network and an id. */
export function parseKey(key: string): SocialRef | null {
  const colon = key.indexOf(':');
  if (colon <= 0 || colon === key.length - 1) return null;
  const platform = key.slice(0, colon);
  return isNetwork(platform) ? { platform, socialId: key.slice(colon + 1) } : null;
}
