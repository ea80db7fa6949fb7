// An outbox item's state as the words the person reads, everywhere a reply or a message is shown.
import type { OutboxItemState, OutboxItemView } from '../../shared/domain/outbox.ts';
import { type ErrorWords, type NextStep, causeOf, errorWords, nextStepOf } from '../../shared/domain/errorWords.ts';
import { createFormatter } from '../../shared/format/formatter.ts';
import { isNetwork } from '../../shared/networks.ts';
import { itemNetworkName } from '../../shared/reviews.ts';
import { kindViewOfAnswer, taskWordsOf } from '../kinds/kindViews.ts';
import { heldState } from './heldWords.ts';

export const STATE_LABELS: Record<OutboxItemState, string> = {
  queued: 'Queued',
  waiting: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Held for the person's choice: 'Held' while the other answer stands, 'Not sent' once it will not go and this one waits for a click. */
const HELD_LABELS = { held: 'Held', offered: 'Not sent' } as const;

/**
 * The one word for an item's state, the same on its card, its row and its thread (a held one is not
 * "Failed" anywhere; a sent removal is "Removed", in its task kind's words).
 */
export function stateLabel(item: Pick<OutboxItemView, 'state'> & Partial<Pick<OutboxItemView, 'heldBy' | 'kind'>>): string {
  const held = heldState({ state: item.state, heldBy: item.heldBy });
  if (held !== null) return HELD_LABELS[held];
  if (item.state === 'sent') return taskWordsOf(item.kind).sentLabel ?? STATE_LABELS.sent;
  return STATE_LABELS[item.state];
}

/** The next steps that check before sending again, whose words a task kind may say its own way. */
const CHECK_STEPS: ReadonlySet<NextStep> = new Set<NextStep>(['check-first', 'check-first-soon', 'check-when-back', 'check-when-back-soon']);
const durations = createFormatter();

/** A line under the state: why it waits, or why it failed, in the translator's words; the service's code apart for "Details". */
export interface StateDetail {
  text: string;
  details: string | null;
}

/** A line under the state: why it waits, or what went wrong, and what happens next. */
export function stateDetail(
  item: Pick<OutboxItemView, 'state' | 'lastError' | 'nextAttemptAt' | 'results'> & {
    kind?: OutboxItemView['kind'];
    checking?: boolean;
    platforms?: OutboxItemView['platforms'];
  },
  now: number,
): StateDetail | null {
  const subject = kindViewOfAnswer(item.kind).words.answerSubject;
  if (item.state === 'failed') {
    const failed = Object.entries(item.results).find(([, result]) => result?.state === 'failed');
    const network = failed && isNetwork(failed[0]) ? failed[0] : null;
    const code = failed?.[1]?.state === 'failed' ? failed[1].code : (item.lastError?.code ?? 'refused');
    return joined(errorWords({ code }, { subject, next: 'failed', network }));
  }
  if (item.state === 'waiting' || (item.state === 'queued' && item.checking === true)) {
    const checkFirst = item.checking === true;
    const code = item.lastError?.code ?? (checkFirst ? 'checking' : 'network');
    const nextTryInMs = item.nextAttemptAt === null ? null : Math.max(0, item.nextAttemptAt - now);
    const context = { subject, next: 'retry', nextTryInMs, checkFirst } as const;
    const cause = causeOf({ code });
    const task = taskWordsOf(item.kind);
    const said = errorWords({ code }, context);
    // An earlier try that may have gone through, in the task kind's words (a removal is not "posted").
    const words = task.mayHaveGone !== undefined && (cause === 'maybe-posted' || cause === 'checking') ? { ...said, text: task.mayHaveGone } : said;
    // Checking before sending again: the task kind says what it checks (a review, not a thread).
    const step = nextStepOf(cause, context);
    const kindWords = task.checkFirst;
    const network = item.platforms?.[0];
    if (kindWords !== null && network !== undefined && step !== null && CHECK_STEPS.has(step)) {
      const inWords = nextTryInMs === null ? null : durations.duration(nextTryInMs);
      return joined({ ...words, next: kindWords(itemNetworkName(network), inWords, step.startsWith('check-when-back')) });
    }
    return joined(words);
  }
  return null;
}

function joined(words: ErrorWords): StateDetail {
  return { text: words.next === null ? words.text : `${words.text} ${words.next}`, details: words.details };
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

/** Whether the text can still be changed: it has not left (queued, waiting or failed), nothing is being checked, nothing posted. */
export function canEdit(item: Pick<OutboxItemView, 'state' | 'checking' | 'results'>): boolean {
  if (item.state !== 'queued' && item.state !== 'waiting' && item.state !== 'failed') return false;
  if (item.checking === true) return false;
  return !Object.values(item.results).some((result) => result?.state === 'sent');
}

/** What the check decided after the person asked to cancel while an earlier try may have been posted; null otherwise. */
export function checkOutcome(item: Pick<OutboxItemView, 'state' | 'cancelRequested'>): string | null {
  if (item.cancelRequested !== true) return null;
  if (item.state === 'sent') return 'It was posted: an earlier try had gone out, so it could not be cancelled.';
  if (item.state === 'cancelled') return 'Cancelled, nothing was posted.';
  return null;
}

/** Whether a list shows the item: cancelled ones are gone, except one whose cancel waited for a check (it says how it ended). */
export function shownInLists(item: Pick<OutboxItemView, 'state' | 'cancelRequested'>): boolean {
  return item.state !== 'cancelled' || item.cancelRequested === true;
}
