// Each network's name as the screen writes it.
import { NETWORK_NAMES, type Network } from '../../shared/networks.ts';

/** As NETWORK_NAMES, but X keeps its old name beside it on labels, where people still look for "Twitter". */
export const NETWORK_LABELS: Record<Network, string> = { ...NETWORK_NAMES, twitter: 'X (Twitter)' };
