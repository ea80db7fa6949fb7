// What a new wish does to the queue, decided in one place. The rule (written down in the README):
//   - nothing pending, and the wish is what the service already has  → nothing to send;
//   - nothing pending                                                 → a new change;
//   - a change in flight                                              → the wish replaces it, and is
//     sent after the PUT in flight (which may already have changed the service);
//   - a change pending, the wish is what the service already has, and no earlier PUT of it may
//     have reached the service                                        → the pending change is dropped:
//     turning comments off and on again while offline sends nothing;
//   - otherwise                                                       → the wish replaces the pending
//     change (only the last wish is sent).
// "What the service has" is the store's last known state; when an earlier PUT's outcome is unknown
// that state may be out of date, so the last wish is sent rather than dropped. Sending is always
// safe to repeat: PUT /post with the same disableComments leaves the post as it is.
import type { PostSettingsChange } from './postSettingsTypes.ts';

export type WishOutcome = 'nothing-to-send' | 'insert' | 'replace' | 'drop';

export function wishOutcome(pending: PostSettingsChange | null, wish: { commentsEnabled: boolean; serviceCommentsEnabled: boolean }): WishOutcome {
  const alreadySo = wish.commentsEnabled === wish.serviceCommentsEnabled;
  if (pending === null) return alreadySo ? 'nothing-to-send' : 'insert';
  if (pending.state === 'sending') return 'replace';
  if (alreadySo && !pending.outcomeUnknown) return 'drop';
  return 'replace';
}

/** Why the person cannot retry or cancel a change in this state; null when they can. */
export function whyNotRetryable(change: PostSettingsChange): string | null {
  if (change.state === 'failed' || change.state === 'waiting') return null;
  return change.state === 'sending' ? 'it is being sent right now' : 'it is about to be sent';
}

export function whyNotCancellable(change: PostSettingsChange): string | null {
  return change.state === 'sending' ? 'it is being sent right now; change the switch again instead' : null;
}

/** When a change may be tried next. */
export function readyAt(change: PostSettingsChange): number {
  if (change.state === 'queued') return 0;
  if (change.state === 'waiting') return change.nextAttemptAt ?? 0;
  return Number.POSITIVE_INFINITY;
}
