// Removing the business's public reply to a review (issue 31's leftovers, item 1; decision 0086). The
// command (commands/reviewCommands.ts) asks first, in place on the review's pane
// (components/reviews/ReviewReplyRemoval.tsx): whose reply leaves which network. Only the person's
// yes queues the removal, a task on the account's one durable queue (`reviews.removeReply`), with
// the undo window of a send: `z` and the toast's Undo take it back, its card offers Cancel and Retry.
import { create } from 'zustand';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { call } from '../api/bridge.ts';
import { itemNetworkName } from '../../shared/reviews.ts';
import { targetItemKey, targetRow, useInboxStore } from './inboxStore.ts';
import { useOutboxStore } from './outboxStore.ts';
import { useThreadStore } from './threadStore.ts';
import { useUiStore } from './uiStore.ts';

interface RemovalState {
  /** The review whose reply the person is being asked about, or null. */
  asking: string | null;
  busy: boolean;
  error: string | null;
  ask: (key: string) => void;
  /** The safe answer: nothing is queued. */
  keep: () => void;
  /** The person's yes: the removal is queued; true once it is. */
  remove: (key: string) => Promise<boolean>;
}

export const useReviewReplyRemoval = create<RemovalState>((set, get) => ({
  asking: null,
  busy: false,
  error: null,
  ask: (key) => set({ asking: key, error: null }),
  keep: () => set({ asking: null, error: null }),
  async remove(key) {
    if (get().busy) return false;
    set({ busy: true, error: null });
    const result = await call('reviews.removeReply', { key });
    if (!result.ok) {
      set({ busy: false, error: result.error.message });
      return false;
    }
    const { item } = result.data;
    useOutboxStore.getState().put(item);
    // Like a send: `z` and the toast's Undo take it back inside the undo window.
    useOutboxStore.getState().sentNow(item.id);
    set({ asking: null, busy: false });
    const network = item.platforms[0];
    // Its card has the Undo and its countdown; the toast's would outlive the window and undo a triage instead.
    useUiStore.getState().showToast(network === undefined ? 'Removing your reply' : `Removing your reply from ${itemNetworkName(network)}`);
    return true;
  },
}));

/** A removal of this review's reply already on its way (queued, waiting or sending) among these outbox items. */
export function removalUnderway(items: Iterable<OutboxItemView>, key: string): boolean {
  for (const item of items) {
    if (item.kind === 'review-reply-delete' && item.answers === key && (item.state === 'queued' || item.state === 'waiting' || item.state === 'sending'))
      return true;
  }
  return false;
}

/**
 * The command's work: the review the person is reading (the open one, else the highlighted row,
 * which opens) is asked about in its pane; anything else is said in a toast instead.
 */
export function askToRemoveReviewReply(): void {
  const inbox = useInboxStore.getState();
  const key = targetItemKey(inbox);
  // The open item's pane read its row last (and an item opened from elsewhere may not be listed).
  const opened = useThreadStore.getState().row;
  const row = (opened !== null && opened.key === key ? opened : null) ?? targetRow(inbox);
  const toast = useUiStore.getState().showToast;
  // The review kind's own command (this file is the review kind's): it acts on reviews only.
  if (key === null || row?.kind !== 'review') {
    toast('Open a review to remove your reply to it');
    return;
  }
  if (row.review?.reply === null || row.review === undefined) {
    toast('This review has no reply of the business to remove');
    return;
  }
  if (removalUnderway(Object.values(useOutboxStore.getState().items), key)) {
    toast('Your reply to this review is being removed already');
    return;
  }
  if (inbox.openKey !== key) inbox.open(key);
  useReviewReplyRemoval.getState().ask(key);
}
