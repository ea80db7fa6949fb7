// The sidebar's one line about the sync, derived from everything that can make it untrue: the
// connectivity of every account, every client's sync state, a pause, a key to enter again, a sync
// that fails, a client whose first complete fetch is not done, a start not checked against the
// service yet (issue 27: "Up to date" at 1.3 s, then "Sync failing"). "Up to date" only when none of
// those holds. Says which client (or account) and since when, through the one formatter.
import type { Connectivity, ProfileSyncStatus, SyncProblem } from '../../shared/domain/status.ts';
import type { Formatter } from '../../shared/format/formatter.ts';
import { type ClientFetchFacts, fetchingHeadline } from './firstFetch.ts';

export type SyncTone = 'ok' | 'busy' | 'paused' | 'offline' | 'trouble';

export interface SyncHeadline {
  tone: SyncTone;
  /** "Offline since 14:02", "Up to date". */
  text: string;
  /** Whom it is about: "Sandbox", "Acme Bakery"; null when about everything or nothing in particular. */
  who: string | null;
}

export interface SyncFacts {
  accounts: readonly { accountId: string; title: string }[];
  profiles: readonly { profileId: string; title: string }[];
  connectivity: Readonly<Record<string, Connectivity>>;
  /** Each client's sync state, as the core last said it. */
  states: readonly Pick<ProfileSyncStatus, 'accountId' | 'profileId' | 'state'>[];
  paused: boolean;
  pausedAt: number | null;
  keyProblem: (SyncProblem & { at: number }) | null;
  lastProblem: (SyncProblem & { at: number }) | null;
  /** Every client (or account) failing now: the line names them all, not only the last. */
  failing: readonly (SyncProblem & { at: number })[];
  postsDone: number;
  postsTotal: number;
  /** Each active client's first complete fetches and whether this start has been checked. */
  fetched: readonly ClientFetchFacts[];
  /** status.get has answered: before it, nothing is known of the clients' sync. */
  loaded: boolean;
}

function names(ids: readonly string[], titles: ReadonlyMap<string, string>): string | null {
  const known = [...new Set(ids)].map((id) => titles.get(id)).filter((title): title is string => title !== undefined);
  return known.length === 0 ? null : known.join(', ');
}

/** "A", "A and B", "A, B and 3 more": the sidebar has room for two names. */
function listed(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

/** The line the sidebar shows now. */
export function syncHeadline(facts: SyncFacts, format: Pick<Formatter, 'time' | 'number'>): SyncHeadline {
  const accountTitles = new Map(facts.accounts.map((account) => [account.accountId, account.title]));
  const profileTitles = new Map(facts.profiles.map((profile) => [profile.profileId, profile.title]));
  const whoOf = (problem: SyncProblem) =>
    (problem.profileId === null ? undefined : profileTitles.get(problem.profileId)) ?? accountTitles.get(problem.accountId) ?? null;

  if (facts.paused) return { tone: 'paused', text: facts.pausedAt === null ? 'Sync paused' : `Sync paused since ${format.time(facts.pausedAt)}`, who: null };

  const offline = Object.values(facts.connectivity).filter((entry) => !entry.online && accountTitles.has(entry.accountId));
  const offlineStates = facts.states.filter((state) => state.state === 'offline');
  if (offline.length > 0 || offlineStates.length > 0) {
    const since = offline.length > 0 ? Math.min(...offline.map((entry) => entry.at)) : null;
    const who = names([...offline.map((entry) => entry.accountId), ...offlineStates.map((state) => state.accountId)], accountTitles);
    return { tone: 'offline', text: since === null ? 'Offline' : `Offline since ${format.time(since)}`, who: facts.accounts.length > 1 ? who : null };
  }

  const held = facts.states.filter((state) => state.state === 'held');
  if (facts.keyProblem !== null || held.length > 0) {
    const who =
      facts.keyProblem !== null
        ? whoOf(facts.keyProblem)
        : names(
            held.map((state) => state.profileId),
            profileTitles,
          );
    const since = facts.keyProblem?.at ?? null;
    return { tone: 'trouble', text: since === null ? 'Waiting for a key' : `Waiting for a key since ${format.time(since)}`, who };
  }

  if (facts.lastProblem !== null) {
    const failing = facts.failing.length > 0 ? facts.failing : [facts.lastProblem];
    const since = Math.min(...failing.map((problem) => problem.at));
    const who = [...new Set(failing.map(whoOf).filter((name): name is string => name !== null))];
    return { tone: 'trouble', text: `Sync failing since ${format.time(since)}`, who: who.length === 0 ? null : listed(who) };
  }

  // Before the core said how far each client is, nothing is claimed (a restart said "Up to date" there).
  if (!facts.loaded) return { tone: 'busy', text: 'Starting…', who: null };
  // A client the core has not reported yet (its account still starting) is not fetched yet.
  const told = new Map(facts.fetched.map((client) => [client.profileId, client]));
  const fetching = fetchingHeadline(
    facts.profiles.map(
      (profile) =>
        told.get(profile.profileId) ?? { accountId: '', profileId: profile.profileId, firstFetched: { comment: null, conversation: null }, checked: false },
    ),
  );
  if (fetching !== null) return { tone: 'busy', text: fetching, who: null };

  if (facts.postsTotal > 0 && facts.postsDone < facts.postsTotal) {
    return { tone: 'busy', text: `Syncing ${format.number(facts.postsDone)} of ${format.number(facts.postsTotal)} posts`, who: null };
  }
  if (facts.accounts.length === 0) return { tone: 'busy', text: 'Starting…', who: null };
  return { tone: 'ok', text: 'Up to date', who: null };
}
