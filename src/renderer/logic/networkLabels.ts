// Each network's name as the screen writes it.
import type { Network } from '../../shared/networks.ts';

export const NETWORK_LABELS: Record<Network, string> = {
  bluesky: 'Bluesky',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  threads: 'Threads',
};
