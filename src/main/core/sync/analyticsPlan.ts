// Which analytics request is due next. By social post id, up to 100 posts of one network go in one
// request, so due posts are gathered per network: a batch goes when it is full, or a little after
// its first post fell due (others usually fall due within that time and ride along). Bluesky has
// analytics only by service post id: one request per post made through the service. No post is
// asked for before its `dueAt`, which is never earlier than the service's `nextUpdate`.
import { ANALYTICS_SOCIAL_ID_NETWORKS, MAX_ANALYTICS_IDS, type Network } from '../../../shared/networks.ts';
import type { PostKey, PostSyncState } from '../store/types.ts';

export interface AnalyticsTrack {
  key: PostKey;
  platform: Network;
  socialPostId: string;
  servicePostId: string | null;
  /** The networks of its service post (they decide the X headers of a request by service id). */
  networks: Network[];
  created: number;
  /** Epoch ms from which asking can give new numbers. */
  dueAt: number;
  /** Asked for by the user ("refresh now"): once due, its batch goes without waiting for others. */
  manual?: boolean;
  /**
   * Never asked since it was found (no figures in the store): its batch goes at once, ahead of the
   * first comment polls (issue 27: a post's first figures within minutes of the first start, not
   * after every post's comments were read once).
   */
  firstRead?: boolean;
}

export type AnalyticsJob =
  | { kind: 'by-social-ids'; platform: Network; tracks: AnalyticsTrack[] }
  | { kind: 'by-service-id'; servicePostId: string; platform: Network; tracks: AnalyticsTrack[] };

export function analyticsRoute(platform: Network, servicePostId: string | null): 'social' | 'service' | 'none' {
  if (ANALYTICS_SOCIAL_ID_NETWORKS.includes(platform)) return 'social';
  if (platform === 'bluesky' && servicePostId !== null) return 'service';
  return 'none';
}

export interface AnalyticsPlanOptions {
  /** How long a partial batch waits for more posts to fall due. */
  batchDelayMs: number;
  /** Networks left out for now (twitter without the X key pair). */
  skip?: (platform: Network) => boolean;
}

/** The next analytics job: `job` when one is due at `now`, else when the next will be (`at`). */
export function nextAnalyticsJob(tracks: Iterable<AnalyticsTrack>, now: number, options: AnalyticsPlanOptions): { job: AnalyticsJob | undefined; at: number } {
  const byNetwork = new Map<Network, AnalyticsTrack[]>();
  let best: { at: number; make: () => AnalyticsJob } | undefined;
  const consider = (at: number, make: () => AnalyticsJob) => {
    if (!best || at < best.at) best = { at, make };
  };
  for (const track of tracks) {
    if (options.skip?.(track.platform)) continue;
    const route = analyticsRoute(track.platform, track.servicePostId);
    if (route === 'social') {
      const list = byNetwork.get(track.platform);
      if (list) list.push(track);
      else byNetwork.set(track.platform, [track]);
    } else if (route === 'service') {
      consider(track.dueAt, () => ({ kind: 'by-service-id', servicePostId: track.servicePostId as string, platform: track.platform, tracks: [track] }));
    }
  }
  for (const [platform, list] of byNetwork) {
    let earliest = Number.POSITIVE_INFINITY;
    let due = 0;
    let manualDue = false;
    for (const track of list) {
      earliest = Math.min(earliest, track.dueAt);
      if (track.dueAt <= now) due++;
      if ((track.manual === true || track.firstRead === true) && track.dueAt <= now) manualDue = true;
    }
    const at = due >= MAX_ANALYTICS_IDS || manualDue ? earliest : earliest + options.batchDelayMs;
    consider(at, () => ({
      kind: 'by-social-ids',
      platform,
      // Posts never asked first (they have no figures at all), then the newest: their numbers move the most.
      tracks: list
        .filter((track) => track.dueAt <= now)
        .sort((a, b) => Number(b.firstRead === true) - Number(a.firstRead === true) || b.created - a.created)
        .slice(0, MAX_ANALYTICS_IDS),
    }));
  }
  if (!best) return { job: undefined, at: Number.POSITIVE_INFINITY };
  const chosen: { at: number; make: () => AnalyticsJob } = best;
  if (chosen.at > now) return { job: undefined, at: chosen.at };
  const job = chosen.make();
  return job.tracks.length === 0 ? { job: undefined, at: Number.POSITIVE_INFINITY } : { job, at: chosen.at };
}

/** Whether a due job carries posts never asked for: the first figures of just-found posts. */
export function isFirstRead(job: AnalyticsJob): boolean {
  return job.tracks.some((track) => track.firstRead === true);
}

/** Asking exactly at `nextUpdate` may still meet the old numbers. */
export const NEXT_UPDATE_MARGIN_MS = 1000;

/**
 * The analytics tracks of a profile's posts: when each is due, as memory knows it, else from the
 * newest snapshot's `nextUpdate` in the store, else now (never fetched). Every post is a track of its
 * own, so each tweet of a thread is asked for by its own id (spec, analytics by Social Post ID, rule 2).
 */
export function analyticsTracksOf(states: readonly PostSyncState[], previous: ReadonlyMap<PostKey, AnalyticsTrack>, now: number): Map<PostKey, AnalyticsTrack> {
  const networksOf = new Map<string, Network[]>();
  for (const { post } of states) {
    if (post.servicePostId !== null) networksOf.set(post.servicePostId, [...(networksOf.get(post.servicePostId) ?? []), post.platform]);
  }
  const tracks = new Map<PostKey, AnalyticsTrack>();
  for (const { post, analyticsDueAt } of states) {
    if (analyticsRoute(post.platform, post.servicePostId) === 'none') continue;
    const key = `${post.platform}:${post.socialPostId}`;
    const created = Date.parse(post.created);
    tracks.set(key, {
      key,
      platform: post.platform,
      socialPostId: post.socialPostId,
      servicePostId: post.servicePostId,
      networks: post.servicePostId === null ? [post.platform] : (networksOf.get(post.servicePostId) ?? [post.platform]),
      created: Number.isFinite(created) ? created : 0,
      dueAt: previous.get(key)?.dueAt ?? (analyticsDueAt === null ? now : analyticsDueAt + NEXT_UPDATE_MARGIN_MS),
      // A post the user has just tracked by hand is asked for at once, as "refresh now" would:
      // they are waiting for its numbers, not for a batch to fill.
      ...(previous.get(key)?.manual === true || (!previous.has(key) && post.trackedAt != null && analyticsDueAt === null) ? { manual: true } : {}),
      ...((previous.get(key)?.firstRead ?? analyticsDueAt === null) ? { firstRead: true } : {}),
    });
  }
  return tracks;
}
