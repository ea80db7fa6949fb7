// An outbox item's state as the words the person reads, everywhere a reply or a message is shown.
import type { OutboxItemState, OutboxItemView } from '../../shared/domain/outbox.ts';

export const STATE_LABELS: Record<OutboxItemState, string> = {
  queued: 'Queued',
  waiting: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function stateLabel(item: Pick<OutboxItemView, 'state'>): string {
  return STATE_LABELS[item.state];
}

/** A line under the state: why it waits, or what the service said. */
export function stateDetail(
  item: Pick<OutboxItemView, 'state' | 'lastError' | 'nextAttemptAt' | 'results'> & { kind?: OutboxItemView['kind'] },
  now: number,
): string | null {
  if (item.state === 'failed') {
    const failed = Object.values(item.results).find((result) => result?.state === 'failed');
    if (failed?.state === 'failed') return `${failed.message} (code ${failed.code})`;
    return item.lastError
      ? `${item.lastError.message} (code ${item.lastError.code})`
      : `The service refused the ${item.kind === 'message' ? 'message' : 'reply'}.`;
  }
  if (item.state === 'waiting') {
    const seconds = item.nextAttemptAt === null ? null : Math.max(0, Math.round((item.nextAttemptAt - now) / 1000));
    const why = item.lastError ? item.lastError.message : 'The service could not be reached.';
    return seconds === null ? `${why} It will be sent when the connection is back.` : `${why} Next try in ${seconds} s.`;
  }
  return null;
}

/** Seconds left to undo, or 0 when the window has passed. */
export function undoSecondsLeft(item: Pick<OutboxItemView, 'state' | 'sendAfter' | 'attempts'>, now: number): number {
  if (item.state !== 'queued' || item.attempts > 0) return 0;
  return Math.max(0, Math.ceil((item.sendAfter - now) / 1000));
}

/** The item that speaks for a comment: the newest one that answers it, cancelled ones aside. */
export function latestForComment<I extends Pick<OutboxItemView, 'answers' | 'created' | 'state'>>(items: Iterable<I>, commentKey: string): I | null {
  let best: I | null = null;
  for (const item of items) {
    if (item.answers !== commentKey || item.state === 'cancelled') continue;
    if (best === null || item.created > best.created) best = item;
  }
  return best;
}
