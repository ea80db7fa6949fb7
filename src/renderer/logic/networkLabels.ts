// Each network's name as the screen writes it.
import type { ItemNetwork } from '../../shared/domain/inbox.ts';
import { NETWORK_NAMES } from '../../shared/networks.ts';
import { REVIEW_NETWORK_NAMES } from '../../shared/reviews.ts';

/**
 * As NETWORK_NAMES, but X keeps its old name beside it on labels, where people still look for
 * "Twitter"; and every network an inbox item can be on, Google's reviews (gmb) among them.
 */
export const NETWORK_LABELS: Record<ItemNetwork, string> = { ...NETWORK_NAMES, twitter: 'X (Twitter)', gmb: REVIEW_NETWORK_NAMES.gmb };
