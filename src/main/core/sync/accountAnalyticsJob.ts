// The account-analytics job of one profile: once a UTC day, one POST /analytics/social for every
// network the profile links, each network's figures stored as that day's snapshot (the store keeps
// one per profile, network and day), so the client report can draw growth offline. A network the
// service says is not linked (109) is left out quietly; any other failure is tried again later, with
// the same back-off as a failed comments poll. The day of the last complete read is kept in a sync
// cursor, so a restart the same day does not ask again. Ranked low: a day late matters less than a
// comment waiting (jobQueue.ts).
import { isNetwork, type Network } from '../../../shared/networks.ts';
import { figuresDayOf } from '../../../shared/wire/accountAnalytics.ts';
import { AccountAnalyticsRefusedError, type AccountAnalyticsFound } from '../service/operations/accountAnalytics.ts';
import { storeCall } from './jobFailures.ts';
import { retryDelay } from './pollPolicy.ts';
import type { AccountSnapshotSyncStore, SyncJobContext } from './syncJobContext.ts';

const DAY = 24 * 60 * 60_000;

/** The sync cursor holding the UTC day ('YYYY-MM-DD') of the profile's last complete read. */
export function accountAnalyticsCursor(profileId: string): string {
  return `account-analytics:${profileId}`;
}

function utcDayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface AccountAnalyticsNext {
  /** The networks to ask now, or undefined when nothing is due. */
  job: Network[] | undefined;
  /** When the next read falls due (Infinity: never, until networks are known). */
  at: number;
  /** How late the read is, in days: low beside a comments poll late by its interval. */
  rank: number;
}

export class AccountAnalyticsSync {
  private readonly context: SyncJobContext;
  private readonly store: AccountSnapshotSyncStore;
  /** The networks the profile links, from discovery's last GET /user (undefined before it). */
  private readonly linkedNetworks: () => readonly string[] | undefined;
  /** Undefined until the cursor was read (after a restart the store knows whether today was done). */
  private dueAt: number | undefined;
  private failures = 0;

  constructor(context: SyncJobContext, store: AccountSnapshotSyncStore, linkedNetworks: () => readonly string[] | undefined) {
    this.context = context;
    this.store = store;
    this.linkedNetworks = linkedNetworks;
  }

  next(now: number): AccountAnalyticsNext {
    const networks = this.networks(now);
    if (networks.length === 0) return { job: undefined, at: Number.POSITIVE_INFINITY, rank: 0 };
    const dueAt = this.plannedAt(now);
    if (dueAt > now) return { job: undefined, at: dueAt, rank: 0 };
    return { job: networks, at: now, rank: (now - dueAt) / DAY };
  }

  async run(networks: Network[]): Promise<void> {
    const { ports, requests, profile } = this.context;
    const { client, clock } = ports;
    const startedAt = clock.now();
    try {
      const answer = await requests.request((options) => client.accountAnalytics(requests.target, { platforms: networks }, options));
      const now = clock.now();
      let complete = true;
      for (const network of networks) {
        const result = answer.networks[network];
        if (result?.status === 'found') this.record(profile.profileId, result, now);
        else if (result?.status !== 'not-linked') complete = false;
      }
      if (complete) this.done(now);
      else this.retry(startedAt);
    } catch (error) {
      // None answered, and the service said why per network: only "not linked" is no failure.
      if (error instanceof AccountAnalyticsRefusedError && error.failures.every((f) => f.status === 'not-linked')) {
        this.done(clock.now());
        return;
      }
      requests.failed(error, { retry: () => this.retry(startedAt) });
    }
  }

  private record(profileId: string, result: AccountAnalyticsFound, now: number): void {
    // Without a `lastUpdated` the figures are taken as of the read (with youtube's and tiktok's lag).
    const day = result.day ?? figuresDayOf(result.network, new Date(now).toISOString())?.day ?? utcDayOf(now);
    storeCall('save account analytics', () =>
      this.store.recordAccountSnapshot({ profileId, network: result.network, day, figures: result.figures, entry: result.entry, fetchedAt: Math.floor(now) }),
    );
  }

  /** Read today: the next read is due when the next UTC day starts. */
  private done(now: number): void {
    this.failures = 0;
    this.dueAt = Math.floor(now / DAY) * DAY + DAY;
    try {
      this.context.ports.store.setCursor(accountAnalyticsCursor(this.context.profile.profileId), utcDayOf(now));
    } catch {
      // Memory knows today was read; a restart today would ask once more, no harm beyond that.
    }
  }

  private retry(startedAt: number): void {
    this.failures++;
    this.dueAt = startedAt + retryDelay(this.failures, this.context.policy);
  }

  /** The first time: due now, unless the cursor says today's read was made (before a restart). */
  private plannedAt(now: number): number {
    if (this.dueAt === undefined) {
      let lastDay: string | null = null;
      try {
        lastDay = this.context.ports.store.cursor(accountAnalyticsCursor(this.context.profile.profileId));
      } catch {
        // An unreadable cursor costs one request today, no more.
      }
      this.dueAt = lastDay === utcDayOf(now) ? Math.floor(now / DAY) * DAY + DAY : now;
    }
    return this.dueAt;
  }

  private networks(now: number): Network[] {
    const twitterBlocked = this.context.requests.twitterBlocked(now);
    return (this.linkedNetworks() ?? []).filter((n): n is Network => isNetwork(n) && !(n === 'twitter' && twitterBlocked));
  }
}
