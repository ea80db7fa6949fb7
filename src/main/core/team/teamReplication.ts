// A team workspace's connections to its server and the live replication between the device's copy
// and it (split from teamWorkspace.ts, which takes in what the replication brings). Two connections:
// the replication's, whose every answer is bounded before it is buffered (boundedFetch.ts, decision
// 0066) and counts as reaching the server, and one for straight requests (claims, leases), each
// bounded in time. Credentials go only into the HTTP client's auth option: never into a URL, a log
// line or an error.
import PouchDB from 'pouchdb';
import { boundedFetch, TeamAnswerTooLarge } from './boundedFetch.ts';
import { markInfoRejectionsHandled } from './handledInfo.ts';
import { keepReplicationIdentity } from './replicationIdentity.ts';
import { heartbeatFor, silenceLimitedFetch } from './silentConnections.ts';
import type { TeamDocumentRefused } from './teamErrors.ts';
import type { ReplicationState } from './teamWorkspaceContract.ts';

export interface ServerConnections {
  /** The replication's side of the server. */
  remote: PouchDB.Database;
  /** Straight requests (claims, leases), each given up after the server's time limit. */
  direct: PouchDB.Database;
  /** How many answers the server gave the replication so far. */
  timesReached(): number;
  close(): Promise<void>;
}

export function connectToServer(
  url: string,
  options: { credentials: { username: string; password: string }; silenceLimitMs: number; serverTimeoutMs: number },
  /** A document too large, refused as its answer streamed past (unstored). */
  onRefused: (refusal: TeamDocumentRefused) => void,
): ServerConnections {
  const auth = { username: options.credentials.username, password: options.credentials.password };
  // Every answer the server gives the replication counts as reaching it, the moment it arrives: a
  // pull that got through between two outages may not have caught up (and said so) before the next.
  let timesReached = 0;
  const replicationFetch = silenceLimitedFetch(options.silenceLimitMs);
  const countingFetch = async (input: string | Request, init?: RequestInit) => {
    const response = await replicationFetch(input, init);
    if (response.ok) timesReached++;
    return response;
  };
  const remote = new PouchDB(url, { auth, skip_setup: true, fetch: boundedFetch(countingFetch, { onRefused }) });
  markInfoRejectionsHandled(remote);
  keepReplicationIdentity(remote, url);
  const timeoutMs = options.serverTimeoutMs;
  const direct = new PouchDB(url, {
    auth,
    skip_setup: true,
    fetch: boundedFetch((input: string | Request, init?: RequestInit) =>
      PouchDB.fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs) }),
    ),
  });
  return {
    remote,
    direct,
    timesReached: () => timesReached,
    async close() {
      await Promise.allSettled([remote.close(), direct.close()]);
    },
  };
}

export interface LiveReplication {
  /** The worse of the two directions' states. */
  state(): ReplicationState;
  /** Ends the replication (waits for it, at most 2 s). */
  stop(): Promise<void>;
}

const troubleOf = (error: unknown): ReplicationState => {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  // By name: PouchDB hands on a copy of the error, not the error itself.
  if (typeof error === 'object' && error !== null && 'name' in error && error.name === TeamAnswerTooLarge.name) return 'answer-too-large';
  return status === 401 || status === 403 ? 'refused' : 'offline';
};

/** Replicates live both ways, retrying with backoff while the server is away; tells what the pull brings. */
export function replicateLive(
  local: PouchDB.Database,
  remote: PouchDB.Database,
  options: { device: string; silenceLimitMs: number; retry: { firstMs: number; longestMs: number } },
  events: {
    /** A batch the pull wrote into the local copy. */
    pulled(docs: readonly unknown[]): void;
    /** The pull caught up with the server. */
    pullUpToDate(): void;
  },
): LiveReplication {
  const { retry } = options;
  // Per direction: the sync's own 'paused' event carries no error when one side cannot reach the server.
  const directions: Record<'push' | 'pull', ReplicationState> = { push: 'connecting', pull: 'connecting' };
  const sync = local.sync(remote, {
    live: true,
    retry: true,
    // Larger batches than PouchDB's 100: a new device's first replication is mostly round trips.
    batch_size: 2000,
    // The server writes into a waiting pull's answer this often, so only a dead connection is silent for the limit.
    heartbeat: heartbeatFor(options.silenceLimitMs),
    // Push only what this device wrote: what it pulled is already on the server, and offering it
    // back (revs_diff for every pulled document) doubled a new device's first replication.
    push: { filter: (doc: { device?: unknown }) => doc.device === options.device },
    back_off_function: (delay: number) => (delay === 0 ? retry.firstMs : Math.min(delay * 2, retry.longestMs)),
  });
  // (PouchDB's replication object is also a promise: its failures arrive as 'error' events, handled here.)
  void sync.on('change', (info?: unknown) => {
    const result = info as PouchDB.SyncResult;
    if (result.direction === 'pull') events.pulled(result.change.docs);
  });
  // A sync is two replications, `push` and `pull`, each with its own state.
  for (const direction of ['push', 'pull'] as const) {
    const replication = sync[direction];
    replication.on('active', () => (directions[direction] = 'syncing'));
    replication.on('paused', (error) => {
      directions[direction] = error ? troubleOf(error) : 'up-to-date';
      if (!error && direction === 'pull') events.pullUpToDate();
    });
    replication.on('error', (error) => (directions[direction] = troubleOf(error)));
  }
  void sync.on('denied', () => undefined);
  void sync.on('error', () => undefined);
  return {
    state() {
      const states = [directions.push, directions.pull];
      for (const worst of ['refused', 'answer-too-large', 'offline', 'connecting', 'syncing'] as const) if (states.includes(worst)) return worst;
      return 'up-to-date';
    },
    async stop() {
      // Wait for the replication to end: closing the databases under it left its retry timers running.
      const ended = new Promise<void>((resolve) => {
        void sync.on('complete', () => resolve());
        setTimeout(resolve, 2000).unref();
      });
      sync.cancel();
      await ended;
    },
  };
}
