// The core's events, wired to the stores once: counts, outbox states, connectivity, sync progress,
// new comments and direct messages (the list refreshes its first page without a reload), items'
// state changed anywhere (the rows follow) and settings.
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { on } from '../api/bridge.ts';
import { countedKindOf, useCountsStore } from './countsStore.ts';
import { useInboxStore } from './inboxStore.ts';
import { useOutboxStore } from './outboxStore.ts';
import { useProfilesStore } from './profilesStore.ts';
import { useSettingsStore } from './settingsStore.ts';
import { useStatusStore } from './statusStore.ts';
import { useTeamStore } from './teamStore.ts';
import { useThreadStore } from './threadStore.ts';
import { kindView } from '../kinds/kindViews.ts';
import { usePresenceStore } from './presenceStore.ts';
import { useUiStore } from './uiStore.ts';
import { heldToast } from '../logic/heldWords.ts';

/** Calls `fn` at most once per `ms`, trailing. */
function throttle(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}

/** Patches each loaded row whose state differs from what the core says it is now. */
function applyItemStates(
  items: readonly { key: string; state: Pick<InboxRow, 'unread' | 'done' | 'snoozedUntil' | 'labels'> & { assignee?: string | null } }[],
): void {
  for (const { key, state } of items) {
    const row = useInboxStore.getState().rows.find((candidate) => candidate.key === key);
    if (row === undefined) continue;
    const same =
      row.unread === state.unread &&
      row.done === state.done &&
      row.snoozedUntil === state.snoozedUntil &&
      row.labels.length === state.labels.length &&
      row.labels.every((label, i) => label === state.labels[i]) &&
      (state.assignee === undefined || row.assignee === (state.assignee ?? undefined));
    if (!same) {
      const assignee = state.assignee === undefined ? {} : { assignee: state.assignee ?? undefined };
      useInboxStore
        .getState()
        .patchRows([key], { unread: state.unread, done: state.done, snoozedUntil: state.snoozedUntil, labels: state.labels, ...assignee });
    }
  }
}

export function startLiveUpdates(): () => void {
  const refreshList = throttle(() => void useInboxStore.getState().refresh(), 400);
  const refreshThread = throttle(() => {
    const key = useThreadStore.getState().key;
    if (key !== null) void useThreadStore.getState().load(key);
  }, 400);
  // The sidebar counts what the Comments / Messages / Everything switch shows.
  const offKind = useInboxStore.subscribe((state) => useCountsStore.getState().setKind(countedKindOf(state.filter)));
  const offs = [
    offKind,
    on('inbox.countsChanged', (counts) => useCountsStore.getState().set(counts)),
    // New items of a kind (new comments; a person wrote, or a message the app sent was confirmed):
    // the list refreshes, and the open item when it is among them or when they sit under posts
    // (a new comment may be a reply in the open thread).
    on('items.new', (value) => {
      useStatusStore.getState().syncWorked(value.accountId);
      refreshList();
      if (kindView(value.kind).onAPost || value.keys.includes(useThreadStore.getState().key ?? '')) refreshThread();
    }),
    on('outbox.changed', (change) => {
      const before = change.kind === 'removed' ? undefined : useOutboxStore.getState().items[change.item.id];
      useOutboxStore.getState().apply(change);
      // A reply of yours held by the team (or offered again) is said where you are, with Open (issue 27).
      const held = change.kind === 'removed' ? null : heldToast(before, change.item, usePresenceStore.getState().me);
      if (held !== null && change.kind !== 'removed') useUiStore.getState().showToast(held, false, change.item.answers);
      if (change.kind !== 'removed' && change.item.state === 'sent') {
        refreshList();
        if (useThreadStore.getState().key === change.item.answers) refreshThread();
      }
    }),
    // Items' state changed (here, in another window, by the sync, by an undo): the loaded rows take
    // their new state at once; a sweep too large to list is read again.
    on('items.stateChanged', ({ items, more }) => {
      if (more) {
        refreshList();
        refreshThread();
        return;
      }
      applyItemStates(items);
      // Assigned to me is short, and whether a row is still the member's is the core's to say: read again.
      if (useInboxStore.getState().filter.view === 'assignedToMe') refreshList();
      if (items.some((item) => item.key === useThreadStore.getState().key)) refreshThread();
      // The open item's note, assignee and history in the team follow too.
      const open = useTeamStore.getState().item?.key;
      if (open !== undefined && items.some((item) => item.key === open)) void useTeamStore.getState().loadItem(open);
    }),
    on('team.noticesChanged', ({ notices }) => useTeamStore.getState().setNotices(notices)),
    on('connectivity.changed', (value) => useStatusStore.getState().setConnectivity(value)),
    on('sync.progress', (value) => useStatusStore.getState().setProgress(value)),
    on('sync.fetched', (value) => useStatusStore.getState().setFetched(value)),
    on('sync.problem', (problem) => useStatusStore.getState().setProblem(problem)),
    on('settings.changed', (settings) => useSettingsStore.getState().set(settings)),
    // The store can be rebuilt mid-session (damage found by a query): the banner says so at once.
    on('store.recovered', (storeRecovery) => useStatusStore.setState({ storeRecovery })),
    on('accounts.changed', () => {
      void useProfilesStore.getState().load();
      // A removed account's missing key is no longer asked for.
      void useStatusStore.getState().recheckKeyProblem();
      void useCountsStore.getState().load();
      refreshList();
    }),
    // Who else in the team is replying to what (issue 22).
    on('team.presenceChanged', ({ present }) => usePresenceStore.getState().setPresent(present)),
    on('notification.open', ({ commentKey }) => {
      useInboxStore.getState().selectKey(commentKey);
      useInboxStore.getState().open(commentKey);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

export async function loadEverything(): Promise<void> {
  await Promise.all([
    useProfilesStore.getState().load(),
    useCountsStore.getState().load(),
    useStatusStore.getState().load(),
    useSettingsStore.getState().load(),
    useOutboxStore.getState().load(),
    useInboxStore.getState().loadFirst(),
    useTeamStore.getState().load(),
    usePresenceStore.getState().load(),
  ]);
}
