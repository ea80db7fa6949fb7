// The state machine's rules in one place: what a person may do to an item in each state, which
// items hold their profile's place in the queue, and when an item may go out. Pure functions, so
// the rules are tested without a file or a clock.
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import { taskKindOf } from './taskKinds.ts';
import type { OutboxItem, OutboxState } from './types.ts';

/** States in which an item still has to go out: it keeps its profile's later replies behind it. */
const PENDING: readonly OutboxState[] = ['queued', 'sending', 'waiting'];
/** States a person can still change: not in flight, not finished. */
const CHANGEABLE: readonly OutboxState[] = ['queued', 'waiting', 'failed'];

export function isPending(item: OutboxItem): boolean {
  return PENDING.includes(item.state);
}

/** Epoch ms from which the item may be sent (or its thread read): after the undo window and any wait. */
export function readyAt(item: OutboxItem): number {
  return Math.max(item.sendAfter, item.nextAttemptAt ?? item.sendAfter);
}

/** The networks an item goes to, as its kind says: a reply's (one or several), a message's one. */
export function itemPlatforms(item: OutboxItem): ItemNetwork[] {
  return taskKindOf(item).platforms(item);
}

/** Networks of the item that have no outcome yet (neither sent nor failed). */
export function pendingPlatforms(item: OutboxItem): ItemNetwork[] {
  return itemPlatforms(item).filter((platform) => item.results[platform] === undefined);
}

/**
 * What an item owns once its write is on the network, as its kind marks it in the one claims table
 * (a reply's social comment id; a message's id marked `dm:`, so it never stands for a comment).
 */
export function claimOf(item: OutboxItem, platform: ItemNetwork, socialId: string): { platform: ItemNetwork; socialCommentId: string } {
  return { platform, socialCommentId: taskKindOf(item).claimId(socialId) };
}

export function hasSentSomewhere(item: OutboxItem): boolean {
  return Object.values(item.results).some((result) => result?.state === 'sent');
}

/** Why the text cannot be edited now, or null when it can. */
export function whyNotEditable(item: OutboxItem): string | null {
  if (!CHANGEABLE.includes(item.state)) return `it is ${item.state}`;
  // Reconciliation looks for the text that was sent; changing it would hide a reply already posted.
  if (item.outcomeUnknown) return 'an earlier attempt may already be posted; it is being checked';
  if (hasSentSomewhere(item)) return 'it is already posted on some of its networks';
  return null;
}

/** Why it cannot be cancelled now, or null when it can (undo is a cancel within the undo window). */
export function whyNotCancellable(item: OutboxItem): string | null {
  if (!CHANGEABLE.includes(item.state)) return `it is ${item.state}`;
  // Cancelling would show "cancelled" for a reply that may be on the network: check first.
  if (item.outcomeUnknown) return 'an earlier attempt may already be posted; it is being checked';
  return null;
}

/**
 * Why a cancel cannot even be asked for while an earlier attempt may be posted, or null when it can:
 * the item still has to go (queued or waiting), so the next check decides between "posted" and "cancelled".
 */
export function whyNoCancelWish(item: OutboxItem): string | null {
  if (!item.outcomeUnknown) return 'nothing is being checked';
  if (item.state !== 'queued' && item.state !== 'waiting') return `it is ${item.state}`;
  return null;
}

/** Why it cannot be retried now, or null when it can: failed ones on demand, waiting ones at once. */
export function whyNotRetryable(item: OutboxItem): string | null {
  if (item.state !== 'failed' && item.state !== 'waiting') return `it is ${item.state}; only failed or waiting items are retried`;
  if (item.cancelRequested === true) return 'it is being cancelled once the check is done';
  return null;
}

/** Why it cannot be removed from the list, or null: only finished items leave it. */
export function whyNotRemovable(item: OutboxItem): string | null {
  if (item.state !== 'sent' && item.state !== 'cancelled') return `it is ${item.state}; only sent or cancelled items can be removed`;
  return null;
}
