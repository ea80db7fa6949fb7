// What a post is like (its traits, drawn once from its `metricsSeed`) and where on its growth curve
// it is at a refresh (its moments): the two inputs every network's numbers are made from
// (network-metrics.ts). Nothing here reads the clock or Math.random, so the same post always has
// the same character.
import type { Network } from '../../shared/networks.ts';
import { Random } from '../random.ts';
import type { NetworkPostState } from '../world/types.ts';

/** A typical small business's final audience of one post (impressions, reach or views). */
const TYPICAL_AUDIENCE: Record<Network, number> = {
  twitter: 1200,
  bluesky: 600,
  threads: 700,
  facebook: 900,
  instagram: 1100,
  linkedin: 800,
  tiktok: 3500,
  youtube: 600,
};

export interface Moments {
  /** Growth at the last refresh, for metrics read live. */
  live: number;
  /** Growth for cumulative metrics, which may come from stored data. */
  held: number;
  /** Comments at the time the cumulative metrics are for. */
  comments: number;
}

/** What a post is like, drawn from its metricsSeed: the same on every call. */
export interface Traits {
  refreshOffset: number;
  /** Final audience (impressions / reach / views). */
  audience: number;
  likeRate: number;
  shareRate: number;
  clickRate: number;
  isVideo: boolean;
  /** 0..1 draws for the smaller, network-specific numbers. */
  extra: number[];
}

export function traitsOf(post: NetworkPostState): Traits {
  const rng = new Random(post.metricsSeed);
  const refreshOffset = rng.next();
  // Log-normal spread: most posts near the typical audience, a few far above.
  const gaussian = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const spread = Math.min(12, Math.max(0.12, Math.exp(0.8 * gaussian)));
  // Someone else's tweet that the account retweeted reaches that account's audience, often larger.
  const reach = !post.owned && post.platform === 'twitter' ? 6 : 1;
  return {
    refreshOffset,
    audience: TYPICAL_AUDIENCE[post.platform] * spread * reach,
    likeRate: 0.02 + 0.06 * rng.next(),
    shareRate: 0.002 + 0.01 * rng.next(),
    clickRate: 0.005 + 0.02 * rng.next(),
    isVideo: rng.chance(0.4),
    extra: Array.from({ length: 8 }, () => rng.next()),
  };
}
