// The list's own events (stores/liveUpdates.ts starts them): new items of any kind, a reply
// sent, an account added or removed refresh its first page (one refresh per 400 ms at most);
// items' state changed anywhere patches the loaded rows; a notification clicked opens its item.
// Only the inbox store is read and written here.
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { on } from '../api/bridge.ts';
import { useInboxStore } from './inboxStore.ts';
import { throttle } from './throttle.ts';

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

export function listenForInbox(): (() => void)[] {
  const refreshList = throttle(() => void useInboxStore.getState().refresh(), 400);
  return [
    // New items of a kind (new comments; a person wrote, or a message the app sent was confirmed).
    on('items.new', () => refreshList()),
    on('outbox.changed', (change) => {
      if (change.kind !== 'removed' && change.item.state === 'sent') refreshList();
    }),
    // Items' state changed (here, in another window, by the sync, by an undo): the loaded rows take
    // their new state at once; a sweep too large to list is read again.
    on('items.stateChanged', ({ items, more }) => {
      if (more) {
        refreshList();
        return;
      }
      applyItemStates(items);
      // Assigned to me is short, and whether a row is still the member's is the core's to say: read again.
      if (useInboxStore.getState().filter.view === 'assignedToMe') refreshList();
    }),
    on('accounts.changed', () => refreshList()),
    on('notification.open', ({ commentKey }) => {
      useInboxStore.getState().selectKey(commentKey);
      useInboxStore.getState().open(commentKey);
    }),
  ];
}
