// Live updates on a device (decision 0072), as one piece the core starts when it joins a workspace
// and stops when it leaves: the follower of the workspace's events database (liveEvents.ts) feeds
// the nudges (liveNudges.ts), which reach only the syncs of profiles this device reads from the
// service (it holds their lease). The narrow interface the core needs: start it with the team's
// address and the member's credentials, give it the syncs, ask when a profile's last event came.
import type { Clock } from '../clock.ts';
import { pruneOldEvents } from './liveEventPruning.ts';
import { LiveEventsFollower, type LiveEventsState } from './liveEvents.ts';
import { LiveNudges, type LiveNudgeOptions, type NudgeableSync } from './liveNudges.ts';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface LiveUpdatesOptions {
  serverUrl: string;
  workspace: string;
  credentials: { name: string; password: string };
  clock: Clock;
  /** The sync of a client profile when this device reads it from the service; undefined otherwise. */
  syncOf(profileId: string): NudgeableSync | undefined;
  /** Whether a profile is one of this device's clients (its last event is kept even when another device reads it). */
  isClient?: (profileId: string) => boolean;
  /** Whether this device polls a client (holds a lease): only such a device prunes, once an hour. */
  prunes?: () => boolean;
  /** Told when a pass of pruning failed (it is tried again the next hour). */
  onPruneFailed?: (reason: string) => void;
  nudges?: Partial<LiveNudgeOptions>;
  /** How long the server may hold a long poll (tests use less); default 25 s. */
  longPollMs?: number;
}

export interface LiveUpdates {
  /** Epoch ms of the profile's last event on this device, or null. */
  lastEventAt(profileId: string): number | null;
  state(): LiveEventsState;
  stop(): Promise<void>;
}

export function startLiveUpdates(options: LiveUpdatesOptions): LiveUpdates {
  const nudges = new LiveNudges(
    {
      clock: options.clock,
      syncOf: (profileId) => options.syncOf(profileId),
      ...(options.isClient ? { isClient: options.isClient } : {}),
    },
    options.nudges,
  );
  const follower = new LiveEventsFollower({
    serverUrl: options.serverUrl,
    workspace: options.workspace,
    credentials: options.credentials,
    onEvent: (event) => nudges.take(event),
    ...(options.longPollMs === undefined ? {} : { longPollMs: options.longPollMs }),
  });
  nudges.start();
  follower.start();
  const stopPruning = new AbortController();
  const pruning = (async () => {
    const databaseUrl = `${options.serverUrl.replace(/\/+$/, '')}/${encodeURIComponent(`${options.workspace}-events`)}`;
    const authorization = `Basic ${Buffer.from(`${options.credentials.name}:${options.credentials.password}`).toString('base64')}`;
    while (!stopPruning.signal.aborted) {
      try {
        await options.clock.sleep(PRUNE_EVERY_MS, stopPruning.signal);
      } catch {
        return;
      }
      if (!options.prunes?.()) continue;
      try {
        await pruneOldEvents({ databaseUrl, authorization, now: options.clock.now(), signal: stopPruning.signal });
      } catch (error) {
        if (!stopPruning.signal.aborted) options.onPruneFailed?.((error as Error).message);
      }
    }
  })();
  return {
    lastEventAt: (profileId) => nudges.lastEventAt(profileId),
    state: () => follower.state,
    async stop() {
      stopPruning.abort();
      await pruning;
      await follower.stop();
      await nudges.stop();
    },
  };
}
