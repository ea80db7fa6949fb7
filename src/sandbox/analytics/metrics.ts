// A post's analytics as the service reports them, at a time. The service refreshes analytics on its
// own schedule, so the numbers are a pure function of the post and the time of the last refresh:
// asking again before `nextUpdate` gives the same numbers, and counts only grow from one refresh to
// the next. This file finds that refresh and how far the post had grown by then; the post's
// character comes from its `metricsSeed` (post-traits.ts), each network's numbers from
// network-metrics.ts. Nothing here reads the clock or Math.random.
import type { Network } from '../../shared/networks.ts';
import type { NetworkIdentity } from '../ids.ts';
import type { NetworkPostState } from '../world/types.ts';
import { metricsFor } from './network-metrics.ts';
import { type Moments, traitsOf } from './post-traits.ts';

export interface AnalyticsContext {
  /** The profile's account on the post's network; undefined if it was unlinked. */
  owner: NetworkIdentity | undefined;
  now: Date;
  /** How often the service refreshes a post's analytics. */
  refreshMs: number;
  /** Live comments of the post created at or before a time. */
  commentCountAt: (at: Date) => number;
}

export interface PostAnalytics {
  analytics: Record<string, unknown>;
  lastUpdated: string;
  nextUpdate: string;
}

const HOUR = 3_600_000;

/** How fast a post gathers its audience on each network: hours to reach about 63% of it. */
const GROWTH_HOURS: Record<Network, number> = {
  twitter: 8,
  bluesky: 10,
  threads: 12,
  facebook: 20,
  instagram: 24,
  linkedin: 30,
  tiktok: 48,
  youtube: 96,
};

export function analyticsOf(post: NetworkPostState, context: AnalyticsContext): PostAnalytics {
  const traits = traitsOf(post);
  const createdMs = Date.parse(post.created);
  const refreshMs = Math.max(1, Math.floor(context.refreshMs));
  const { lastMs, nextMs } = refreshWindow(createdMs, context.now.getTime(), refreshMs, traits.refreshOffset);

  // Stored data stops the clock: all metrics of a recovered post, the cumulative ones (likes,
  // comments, views) of a backfilled one, are as they were when the data was stored.
  const storedMs = post.storedDataAt !== undefined ? Math.min(lastMs, Date.parse(post.storedDataAt)) : lastMs;
  const recovered = post.flags.includes('recovered');
  const backfilled = post.flags.includes('backfilled');
  const liveMs = recovered ? storedMs : lastMs;
  const heldMs = recovered || backfilled ? storedMs : lastMs;
  const at: Moments = {
    live: growth(liveMs - createdMs, GROWTH_HOURS[post.platform]),
    held: growth(heldMs - createdMs, GROWTH_HOURS[post.platform]),
    comments: Math.max(0, context.commentCountAt(new Date(heldMs))),
  };

  const analytics = metricsFor(post, context.owner, traits, at);
  if (backfilled && post.storedDataAt !== undefined) analytics.backfilledFrom = post.storedDataAt;
  if (recovered && post.storedDataAt !== undefined) analytics.recoveredFrom = post.storedDataAt;
  return { analytics, lastUpdated: new Date(lastMs).toISOString(), nextUpdate: new Date(nextMs).toISOString() };
}

/**
 * Refreshes tick every `refreshMs` from the post's creation plus a per-post offset. Before the first
 * tick the service still has what it fetched at publication.
 */
function refreshWindow(createdMs: number, nowMs: number, refreshMs: number, offset: number) {
  const firstTick = createdMs + Math.floor(offset * refreshMs);
  if (nowMs < firstTick) return { lastMs: createdMs, nextMs: firstTick };
  const lastMs = firstTick + Math.floor((nowMs - firstTick) / refreshMs) * refreshMs;
  return { lastMs, nextMs: lastMs + refreshMs };
}

/** The share of its final audience a post has reached at an age: fast at first, a long slow tail. */
function growth(ageMs: number, hours: number): number {
  const ageHours = Math.max(0, ageMs) / HOUR;
  return 0.85 * (1 - Math.exp(-ageHours / hours)) + 0.15 * (1 - Math.exp(-ageHours / (hours * 12)));
}
