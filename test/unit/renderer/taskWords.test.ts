// The outbox's words per task kind (kinds/kindViews.ts, taskWordsOf; issue 31's leftovers, item 3):
// a review's reply waiting after an unknown answer says the app checks the review on its network,
// not "the thread"; the removal of a reply says so in its own words and carries no text; a
// comment's reply keeps the outbox's words. The words come from the task kind's view, so a kind
// added later says its own without the card comparing kind names.
import { describe, expect, it } from 'vitest';
import type { OutboxItemView } from '../../../src/shared/domain/outbox.ts';
import { KIND_VIEWS, kindViewOfAnswer, taskWordsOf } from '../../../src/renderer/kinds/kindViews.ts';
import { stateDetail, stateLabel } from '../../../src/renderer/logic/outboxLabels.ts';
import { OutboxItemViewSchema } from '../../../src/shared/domain/outbox.ts';

const NOW = Date.parse('2026-11-29T10:00:00Z');

/** A task waiting after an answer that left its outcome unknown, its next check in 25 s. */
function waitingAfterUnknown(kind: OutboxItemView['kind'], platforms: OutboxItemView['platforms'], code = 'outcome-unknown') {
  return { kind, platforms, state: 'waiting' as const, lastError: { code, message: 'unknown' }, nextAttemptAt: NOW + 25_000, results: {}, checking: false };
}

describe('the outbox’s words per task kind', () => {
  it('has words for every task kind the outbox knows, each from the view of the kind it acts on', () => {
    for (const task of OutboxItemViewSchema.shape.kind.options) {
      const view = kindViewOfAnswer(task);
      expect(view.answer === task || view.tasks?.[task] !== undefined, task).toBe(true);
      expect(taskWordsOf(task).what).not.toBe('');
    }
    expect(kindViewOfAnswer('review-reply-delete').kind).toBe('review');
    expect(KIND_VIEWS.filter((view) => view.tasks?.['review-reply-delete'] !== undefined)).toHaveLength(1);
  });

  it('says a review’s reply is checked on the review, on its network, before it is sent again', () => {
    const google = stateDetail(waitingAfterUnknown('review-reply', ['gmb']), NOW);
    expect(google?.text).toBe(
      'The connection broke after it left, so it may already be posted. Checking whether the reply reached the review on Google before sending it again; next check in 25 s.',
    );
    expect(google?.text).not.toMatch(/thread/);
    const facebook = stateDetail({ ...waitingAfterUnknown('review-reply', ['facebook'], 'network'), checking: true }, NOW);
    expect(facebook?.text).toMatch(
      /When the connection is back, the app checks whether the reply reached the review on Facebook and sends it only if not; next try in 25 s\.$/,
    );
  });

  it('says the removal of a reply in its own words, with no text of its own', () => {
    const removal = stateDetail(waitingAfterUnknown('review-reply-delete', ['gmb']), NOW);
    expect(removal?.text).toBe(
      'An earlier try may already have removed the reply. Checking whether the reply is gone from the review on Google before removing it again; next check in 25 s.',
    );
    expect(taskWordsOf('review-reply-delete')).toMatchObject({
      what: 'Removing your reply',
      carriesText: false,
      undone: 'Undone: your reply stays on the review',
    });
  });

  it('keeps the outbox’s words for a comment’s reply and a direct message', () => {
    expect(stateDetail(waitingAfterUnknown('reply', ['facebook']), NOW)?.text).toMatch(
      /The app checks the thread before sending it again; next check in 25 s\.$/,
    );
    expect(taskWordsOf('message')).toMatchObject({ what: 'Your message', carriesText: true, checkFirst: null });
    expect(taskWordsOf(undefined).what).toBe('Your reply');
  });
});

describe('the word for a sent task', () => {
  it('is "Removed" for a sent removal and "Sent" for a sent reply, on card, row and thread alike', () => {
    expect(stateLabel({ state: 'sent', kind: 'review-reply-delete' })).toBe('Removed');
    expect(stateLabel({ state: 'sent', kind: 'review-reply' })).toBe('Sent');
    expect(stateLabel({ state: 'sent', kind: 'reply' })).toBe('Sent');
    expect(stateLabel({ state: 'sent' })).toBe('Sent');
    expect(stateLabel({ state: 'queued', kind: 'review-reply-delete' })).toBe('Queued');
  });
});
