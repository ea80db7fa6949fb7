// The analytics job: one request for a batch of a network's posts (by social ids) or for one
// service post's network (by service id), the numbers stored as snapshots, and each post's next
// request planned no earlier than the service's `nextUpdate`. Which batch goes is analyticsPlan.ts's.
import type { AnalyticsEntry } from '../../../shared/wire/analytics.ts';
import { type AnalyticsJob, type AnalyticsTrack, analyticsRoute, NEXT_UPDATE_MARGIN_MS } from './analyticsPlan.ts';
import { keepFetched } from './fetchedWrites.ts';
import { storeCall } from './jobFailures.ts';
import { analyticsMinInterval } from './pollPolicy.ts';
import type { SyncJobContext } from './syncJobContext.ts';

const MINUTE = 60_000;
/** Failed analytics requests are retried after this. */
const ANALYTICS_RETRY_MS = 10 * MINUTE;
/** A post the service does not find analytics for is asked again after this. */
const ANALYTICS_NOT_FOUND_MS = 24 * 60 * MINUTE;

export async function fetchAnalytics(context: SyncJobContext, job: AnalyticsJob): Promise<void> {
  const { ports, requests } = context;
  const { client, clock } = ports;
  const startedAt = clock.now();
  try {
    if (job.kind === 'by-social-ids') {
      const result = await requests.request(
        (options) => client.analyticsBySocialIds(requests.target, { platform: job.platform, ids: job.tracks.map((t) => t.socialPostId) }, options),
        // One batch: when its request failed, every id carries the same error.
        (value) => {
          for (const outcome of value.results) if (outcome.status === 'failed' && outcome.error) return outcome.error;
          return undefined;
        },
      );
      const now = clock.now();
      const byId = new Map(job.tracks.map((t) => [t.socialPostId, t]));
      for (const outcome of result.results) {
        const track = byId.get(outcome.id);
        if (!track) continue;
        track.manual = false;
        if (outcome.status === 'found') recordAnalytics(context, track, outcome.entry, now);
        else if (outcome.status === 'not-found' || outcome.status === 'refused') {
          track.firstRead = false;
          track.dueAt = now + ANALYTICS_NOT_FOUND_MS;
          // Kept so the metric panel can say "not found for this account" (186), offline too.
          if (outcome.status === 'not-found')
            storeCall('note analytics not found', () => ports.store.setAnalyticsNotFound(track.key, new Date(now).toISOString()));
        } else track.dueAt = now + ANALYTICS_RETRY_MS;
      }
    } else {
      const answer = await requests.request((options) =>
        client.analyticsByServiceId(
          requests.target,
          { id: job.servicePostId, networks: job.tracks[0]?.networks ?? [job.platform], platforms: [job.platform] },
          options,
        ),
      );
      const now = clock.now();
      for (const track of job.tracks) {
        const entry = answer[track.platform];
        track.manual = false;
        track.firstRead = false;
        if (entry) recordAnalytics(context, track, entry, now);
        else track.dueAt = now + ANALYTICS_NOT_FOUND_MS;
      }
    }
  } catch (error) {
    requests.failed(error, {
      retry: () => {
        for (const track of job.tracks) track.dueAt = startedAt + ANALYTICS_RETRY_MS;
      },
      gone: () => {
        for (const track of job.tracks) track.dueAt = startedAt + ANALYTICS_NOT_FOUND_MS;
      },
    });
  }
}

function recordAnalytics(context: SyncJobContext, track: AnalyticsTrack, entry: AnalyticsEntry, now: number): void {
  const { store } = context.ports;
  track.manual = false;
  track.firstRead = false;
  if (store.analyticsNotFound(track.key) !== null) storeCall('clear analytics not found', () => store.setAnalyticsNotFound(track.key, null));
  const { backfilledFrom, recoveredFrom, ...metrics } = entry.analytics;
  const snapshot = {
    profileId: context.profile.profileId,
    platform: track.platform,
    socialPostId: track.socialPostId,
    fetchedAt: Math.floor(now),
    lastUpdated: entry.lastUpdated,
    nextUpdate: entry.nextUpdate,
    metrics,
    ...(backfilledFrom !== undefined ? { backfilledFrom } : {}),
    ...(recoveredFrom !== undefined ? { recoveredFrom } : {}),
  };
  // Stored, and in a team new numbers are shared: the other devices replay them instead of asking (fetchedWrites.ts).
  keepFetched(context, { op: 'analytics', snapshot });
  const nextUpdate = Date.parse(entry.nextUpdate);
  const serviceSays = Number.isFinite(nextUpdate) ? nextUpdate + NEXT_UPDATE_MARGIN_MS : now + ANALYTICS_RETRY_MS;
  const onePostPerRequest = analyticsRoute(track.platform, track.servicePostId) === 'service';
  track.dueAt = Math.max(serviceSays, now + analyticsMinInterval(track.created, now, context.policy, onePostPerRequest));
}
