// The account-analytics job of one profile: once a UTC day, one POST /analytics/social for every
// network the profile links, each network's figures stored as that day's snapshot (the store keeps
// one per profile, network and day), so the client report can draw growth offline. A network the
// service says is not linked (109) is left out quietly. A network the service answers without figures
// for another reason (refused with another code, an answer that does not read) is not asked again
// that day: a refusal is the network's or the profile's state (an expired token, missing
// permissions), and asking every half hour would spend the rate budget on the same answer all day.
// It is asked again with the next day's read, and until it answers the report says since when and
// why its figures could not be read (a sync cursor holds it: accountFiguresUnreadCursor). A request
// that failed as a whole (the service down, a timeout) is tried again later, with the same back-off
// as a failed comments poll. While a network that has per-day values (facebook, instagram, tiktok,
// youtube) has fewer stored days of the last month than the service gives (an account's first
// sync), the read asks `daily: true` and keeps the past days it lacks as their snapshots
// (dailyAccountFigures.ts), so the first report already shows a month of growth. The day of the last complete read is kept in a sync cursor, so a
// restart the same day does not ask again. Ranked low: a day late matters less than a comment
// waiting (jobQueue.ts).
import { isNetwork, type Network } from '../../../shared/networks.ts';
import { figuresDayOf } from '../../../shared/wire/accountAnalytics.ts';
import { AccountAnalyticsRefusedError, type AccountAnalyticsFailure, type AccountAnalyticsFound } from '../service/operations/accountAnalytics.ts';
import { DAILY_DAYS, DAILY_NETWORKS, pastDays } from './dailyAccountFigures.ts';
import type { AccountFiguresUnread } from '../store/syncNotes.ts';
import { keepFetched } from './fetchedWrites.ts';
import { storeCall } from './jobFailures.ts';
import { retryDelay } from './pollPolicy.ts';
import type { AccountSnapshotSyncStore, SyncJobContext } from './syncJobContext.ts';

const DAY = 24 * 60 * 60_000;

/** A service's words are kept, but not a page of them. */
const MAX_REASON = 300;

function reasonOf(failure: AccountAnalyticsFailure): string {
  const words = failure.status === 'refused' ? `${failure.message} (code ${failure.code})` : failure.message;
  return words.length > MAX_REASON ? `${words.slice(0, MAX_REASON - 1)}…` : words;
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
  /** The networks read without figures, as the cursor holds them; undefined until it was read. */
  private unread: Map<Network, AccountFiguresUnread> | undefined;

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
      const lacking = this.lackingDays(networks, startedAt);
      const daily = lacking.size > 0;
      const answer = await requests.request((options) =>
        client.accountAnalytics(requests.target, { platforms: networks, ...(daily ? { daily: true } : {}) }, options),
      );
      const now = clock.now();
      const failures: AccountAnalyticsFailure[] = [];
      for (const network of networks) {
        const result = answer.networks[network];
        if (result?.status === 'found') {
          this.record(profile.profileId, result, now);
          const have = lacking.get(network);
          if (have !== undefined) this.recordPastDays(profile.profileId, result, have, now);
        } else failures.push(result ?? { network, status: 'missing', message: `The service's answer did not mention ${network}` });
      }
      this.noteUnread(networks, failures, now);
      this.done(now);
    } catch (error) {
      // None answered, and the service said why per network: that is the networks' answer, not the request failing.
      if (error instanceof AccountAnalyticsRefusedError) {
        const now = clock.now();
        this.noteUnread(networks, error.failures, now);
        this.done(now);
        return;
      }
      requests.failed(error, { retry: () => this.retry(startedAt) });
    }
  }

  /**
   * Keeps, per network asked, why it gave no figures (refused, unreadable) with the moment that
   * began; a network that answered or is not linked has nothing to say. Written only when it changed.
   */
  private noteUnread(asked: readonly Network[], failures: readonly AccountAnalyticsFailure[], now: number): void {
    const before = this.unreadNotes();
    const after = new Map(before);
    // Asked again (it answered, or says why not below), or no longer linked: the old note goes.
    const linked = this.linkedNetworks() ?? [];
    for (const network of before.keys()) if (asked.includes(network) || !linked.includes(network)) after.delete(network);
    for (const failure of failures) {
      if (failure.status === 'not-linked') continue;
      after.set(failure.network, { network: failure.network, since: before.get(failure.network)?.since ?? Math.floor(now), reason: reasonOf(failure) });
    }
    const text = (notes: Map<Network, AccountFiguresUnread>) =>
      JSON.stringify([...notes].sort(([a], [b]) => (a < b ? -1 : 1)).map(([network, { since, reason }]) => [network, since, reason]));
    this.unread = after;
    if (text(after) === text(before)) return;
    try {
      this.context.ports.store.setAccountFiguresUnread(this.context.profile.profileId, [...after.values()]);
    } catch {
      // The report would not say it; the next day's read writes it again.
    }
  }

  private unreadNotes(): Map<Network, AccountFiguresUnread> {
    if (this.unread === undefined) {
      let notes: AccountFiguresUnread[] = [];
      try {
        notes = this.context.ports.store.accountFiguresUnread(this.context.profile.profileId);
      } catch {
        // Unreadable: the notes start again from this read.
      }
      this.unread = new Map(notes.map((note) => [note.network, note]));
    }
    return this.unread;
  }

  private record(profileId: string, result: AccountAnalyticsFound, now: number): void {
    // Without a `lastUpdated` the figures are taken as of the read (with youtube's and tiktok's lag).
    const day = result.day ?? figuresDayOf(result.network, new Date(now).toISOString())?.day ?? utcDayOf(now);
    const snapshot = { profileId, network: result.network, day, figures: result.figures, entry: result.entry, fetchedAt: Math.floor(now) };
    // Stored, and in a team shared: the other devices replay it instead of asking (fetchedWrites.ts).
    keepFetched(this.context, { op: 'account-snapshot', snapshot: { ...snapshot, figures: { ...snapshot.figures } } });
  }

  /**
   * The daily networks asked that have fewer stored days of the last month than the service gives,
   * each with the days it has (so a past day never replaces a snapshot read on its day). None when
   * the host keeps no snapshots to count, or they cannot be read (then the read goes on without days).
   */
  private lackingDays(networks: readonly Network[], now: number): Map<Network, Set<string>> {
    const lacking = new Map<Network, Set<string>>();
    const daily = networks.filter((network) => DAILY_NETWORKS.includes(network));
    if (daily.length === 0 || this.store.accountSnapshots === undefined) return lacking;
    let stored: { network: Network; day: string }[];
    try {
      stored = this.store.accountSnapshots(this.context.profile.profileId, utcDayOf(now - (DAILY_DAYS + 2) * DAY), utcDayOf(now));
    } catch {
      return lacking;
    }
    for (const network of daily) {
      const days = new Set(stored.filter((snapshot) => snapshot.network === network).map((snapshot) => snapshot.day));
      if (days.size < DAILY_DAYS) lacking.set(network, days);
    }
    return lacking;
  }

  /** The past days of the answer's daily values that the store lacks, each kept as that day's snapshot. */
  private recordPastDays(profileId: string, result: AccountAnalyticsFound, have: ReadonlySet<string>, now: number): void {
    const today = result.day ?? utcDayOf(now);
    for (const past of pastDays(result.network, result.entry.analytics)) {
      if (have.has(past.day) || past.day >= today) continue;
      storeCall('save past account analytics', () =>
        this.store.recordAccountSnapshot({
          profileId,
          network: result.network,
          day: past.day,
          figures: past.figures,
          entry: past.entry,
          fetchedAt: Math.floor(now),
        }),
      );
    }
  }

  /** Read today (figures or a network's reason for none): the next read is due when the next UTC day starts. */
  private done(now: number): void {
    this.failures = 0;
    this.dueAt = Math.floor(now / DAY) * DAY + DAY;
    try {
      this.context.ports.store.setAccountAnalyticsDay(this.context.profile.profileId, utcDayOf(now));
    } catch {
      // Memory knows today was read; a restart today would ask once more, no harm beyond that.
    }
  }

  private retry(startedAt: number): void {
    this.failures++;
    this.dueAt = startedAt + retryDelay(this.failures, this.context.policy);
  }

  /** The first time: due now, unless the store says today's read was made (before a restart). */
  private plannedAt(now: number): number {
    if (this.dueAt === undefined) {
      let lastDay: string | null = null;
      try {
        lastDay = this.context.ports.store.accountAnalyticsDay(this.context.profile.profileId);
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
