// Connectivity per account, each client's sync state and progress, for the offline bar and the sync
// line (logic/syncHeadline.ts derives the line from all of them, so it is never "Up to date" while
// offline, paused, held for a key or failing, nor before every client's first complete fetch and
// this start's first answer); each client's first complete fetch per kind, for the empty lists
// (logic/firstFetch.ts: "Fetching messages…", never "Inbox zero" before it); and the
// troubles the person must be told of until they are over (StatusNotices.tsx): the store's rebuild (until
// dismissed) and a key to enter again (until it is).
import { create } from 'zustand';
import type { Connectivity, FirstFetched, ProfileSyncStatus, StoreRecoveryView, SyncProblem } from '../../shared/domain/status.ts';
import type { EventPayload } from '../../shared/bridge/contract.ts';
import type { OutboxHealth } from '../../shared/domain/outbox.ts';
import { call, on } from '../api/bridge.ts';

interface SyncProgress {
  postsDone: number;
  postsTotal: number;
}

/** A client's first complete fetch of each kind, and whether this start's requests were answered. */
export interface ClientFetch {
  accountId: string;
  profileId: string;
  firstFetched: FirstFetched;
  checked: boolean;
}

/** A problem and when this page learnt of it (the core does not say when it began). */
export type DatedProblem = SyncProblem & { at: number };

/** How long after a change of connectivity or a problem the clients' sync states are asked for again. */
const STATES_AFTER_MS = 300;

interface StatusState {
  connectivity: Record<string, Connectivity>;
  sync: Record<string, SyncProgress>;
  /** Each client's sync state (offline, held, paused, syncing, idle), as status.get last said. */
  states: Record<string, Pick<ProfileSyncStatus, 'accountId' | 'profileId' | 'state'>>;
  /** Per client (profile id): what has been fetched completely once, as status.get and sync.fetched said. */
  fetched: Record<string, ClientFetch>;
  /** status.get has answered once: before it, nothing is known of the fetches. */
  loaded: boolean;
  syncPaused: boolean;
  /** When this page paused the sync (null when paused elsewhere, or not paused). */
  pausedAt: number | null;
  keyWarning: string | null;
  storeRecovery: StoreRecoveryView | null;
  /** Outbox files found damaged, or that cannot be opened (see OutboxHealthBanner). */
  outboxHealth: OutboxHealth[];
  /** A key to enter again (missing or refused): shown until it is entered or its account removed. */
  keyProblem: DatedProblem | null;
  /** Any other sync problem: shown in the sync line until that account's sync works again. */
  lastProblem: DatedProblem | null;
  /** Every client (or account) whose sync is failing now, since when: the sync line names them all, not only the last. */
  failing: DatedProblem[];
  /** The person dismissed the problem's words; the sync line still says the sync is failing until it works. */
  problemSeen: boolean;
  load: () => Promise<void>;
  /** Asks the core for the clients' sync states again, soon (several events in a row make one call). */
  refreshStates: () => void;
  setConnectivity: (value: Connectivity) => void;
  setProgress: (value: EventPayload<'sync.progress'>) => void;
  setFetched: (value: EventPayload<'sync.fetched'>) => void;
  setProblem: (problem: SyncProblem) => void;
  /** The account's sync brought something (progress, comments): its last problem is over. */
  syncWorked: (accountId: string) => void;
  /** The person has read the sync line's problem. */
  dismissProblem: () => void;
  /** Keys were entered or an account removed: asks the core whether a key is still missing. */
  recheckKeyProblem: () => Promise<void>;
  /** The person has read that the store was rebuilt: hidden here, and no page is told it again. */
  acknowledgeStoreRecovery: () => Promise<void>;
  setPaused: (paused: boolean) => Promise<void>;
}

let statesTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * The clients' fetches from a status.get answer, kept with what this page already knows: a fetch
 * done or a start checked is never undone within a core's run, and a sync.fetched event can arrive
 * before the answer of a status.get asked earlier (it then must not be taken back).
 */
function fetchedOf(sync: readonly ProfileSyncStatus[], known: StatusState['fetched']): StatusState['fetched'] {
  const fetched: StatusState['fetched'] = {};
  for (const { accountId, profileId, firstFetched, checked } of sync)
    fetched[profileId] = mergeFetch(known[profileId], { accountId, profileId, firstFetched, checked });
  return fetched;
}

export function mergeFetch(known: ClientFetch | undefined, told: ClientFetch): ClientFetch {
  if (known === undefined) return told;
  return {
    ...told,
    firstFetched: {
      comment: told.firstFetched.comment ?? known.firstFetched.comment,
      conversation: told.firstFetched.conversation ?? known.firstFetched.conversation,
    },
    checked: told.checked || known.checked,
  };
}

function statesOf(sync: readonly ProfileSyncStatus[]): StatusState['states'] {
  const states: StatusState['states'] = {};
  for (const entry of sync) states[entry.profileId] = { accountId: entry.accountId, profileId: entry.profileId, state: entry.state };
  return states;
}

export const useStatusStore = create<StatusState>((set, get) => ({
  connectivity: {},
  sync: {},
  states: {},
  fetched: {},
  loaded: false,
  syncPaused: false,
  pausedAt: null,
  keyWarning: null,
  storeRecovery: null,
  outboxHealth: [],
  keyProblem: null,
  lastProblem: null,
  failing: [],
  problemSeen: false,
  async load() {
    const result = await call('status.get', {});
    if (!result.ok) return;
    const connectivity: Record<string, Connectivity> = {};
    for (const entry of result.data.connectivity) connectivity[entry.accountId] = entry;
    const sync: Record<string, SyncProgress> = {};
    for (const entry of result.data.sync) sync[entry.profileId] = { postsDone: entry.postsDone, postsTotal: entry.postsTotal };
    const known = get().keyProblem;
    const keyProblem = result.data.keyProblem;
    set({
      connectivity,
      sync,
      states: statesOf(result.data.sync),
      fetched: fetchedOf(result.data.sync, get().fetched),
      loaded: true,
      syncPaused: result.data.syncPaused,
      keyWarning: result.data.keyWarning,
      storeRecovery: result.data.storeRecovery,
      outboxHealth: result.data.outboxHealth,
      // A key to enter again, found before this page listened for problems.
      keyProblem: keyProblem === null ? null : { ...keyProblem, at: known?.at ?? Date.now() },
    });
  },
  refreshStates() {
    if (statesTimer !== null) return;
    statesTimer = setTimeout(() => {
      statesTimer = null;
      void call('status.get', {}).then((result) => {
        if (result.ok) set({ states: statesOf(result.data.sync), fetched: fetchedOf(result.data.sync, get().fetched) });
      });
    }, STATES_AFTER_MS);
  },
  setConnectivity(value) {
    set((state) => ({ connectivity: { ...state.connectivity, [value.accountId]: value } }));
    get().refreshStates();
  },
  setProgress(value) {
    set((state) => ({ sync: { ...state.sync, [value.profileId]: { postsDone: value.postsDone, postsTotal: value.postsTotal } } }));
    get().syncWorked(value.accountId);
  },
  setFetched(value) {
    set((state) => ({ fetched: { ...state.fetched, [value.profileId]: mergeFetch(state.fetched[value.profileId], value) } }));
  },
  setProblem(problem) {
    // A key only the person can give holds the profile: a notice with the way to Settings, not a line.
    const at = Date.now();
    if (problem.kind === 'auth') set({ keyProblem: { ...problem, at: get().keyProblem?.at ?? at } });
    else {
      const whose = (entry: SyncProblem) => `${entry.accountId}/${entry.profileId ?? ''}`;
      const failing = get().failing;
      const known = failing.find((entry) => whose(entry) === whose(problem));
      set({
        lastProblem: { ...problem, at: get().lastProblem?.at ?? at },
        failing: [...failing.filter((entry) => entry !== known), { ...problem, at: known?.at ?? at }],
        problemSeen: get().lastProblem === null ? false : get().problemSeen,
      });
    }
    get().refreshStates();
  },
  syncWorked(accountId) {
    const failing = get().failing.filter((entry) => entry.accountId !== accountId);
    if (failing.length !== get().failing.length) set({ failing });
    if (get().lastProblem?.accountId === accountId) {
      set({ lastProblem: failing.at(-1) ?? null, problemSeen: false });
      get().refreshStates();
    }
  },
  dismissProblem() {
    set({ problemSeen: true });
  },
  async recheckKeyProblem() {
    const result = await call('status.get', {});
    if (!result.ok) return;
    const keyProblem = result.data.keyProblem;
    set({
      keyProblem: keyProblem === null ? null : { ...keyProblem, at: get().keyProblem?.at ?? Date.now() },
      states: statesOf(result.data.sync),
      fetched: fetchedOf(result.data.sync, get().fetched),
    });
  },
  async acknowledgeStoreRecovery() {
    set({ storeRecovery: null });
    await call('status.acknowledgeStoreRecovery', {});
  },
  async setPaused(paused) {
    const result = await call('sync.setPaused', { paused });
    if (result.ok) set({ syncPaused: result.data.paused, pausedAt: result.data.paused ? Date.now() : null });
    get().refreshStates();
  },
}));

/** The accounts that are offline now. */
export function offlineAccounts(connectivity: Record<string, Connectivity>): string[] {
  return Object.values(connectivity)
    .filter((entry) => !entry.online)
    .map((entry) => entry.accountId);
}

/** What the status line says, kept live (stores/liveUpdates.ts starts this). */
export function listenForStatus(): (() => void)[] {
  const status = () => useStatusStore.getState();
  return [
    on('items.new', (value) => status().syncWorked(value.accountId)),
    on('connectivity.changed', (value) => status().setConnectivity(value)),
    on('sync.progress', (value) => status().setProgress(value)),
    on('sync.fetched', (value) => status().setFetched(value)),
    on('sync.problem', (problem) => status().setProblem(problem)),
    // The store can be rebuilt mid-session (damage found by a query): the banner says so at once.
    on('store.recovered', (storeRecovery) => useStatusStore.setState({ storeRecovery })),
    // A removed account's missing key is no longer asked for.
    on('accounts.changed', () => void status().recheckKeyProblem()),
  ];
}
