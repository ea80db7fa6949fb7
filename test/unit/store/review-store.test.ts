// Reviews in a real SQLite file, for what decision 0086 added: a review assigned to this member is in
// its "Assigned to me" and that count (the view mapped comments and conversations only), and a
// removal of the business's replies the outbox confirmed takes them off the stored review, so the
// row needs a reply again, once.
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewInput } from '../../../src/main/core/store/reviewTable.ts';
import { profile, seeded, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

function review(reviewId: string, answers: ReviewInput['answers'], text = 'The bread was stale'): ReviewInput {
  return {
    platform: 'gmb',
    reviewId,
    created: '2026-11-20T10:00:00.000Z',
    rating: 'ONE',
    stars: 1,
    recommends: null,
    text,
    reviewerName: 'Greta Holm',
    reviewerId: '',
    answers,
    raw: JSON.stringify({ id: reviewId }),
  };
}

function reviewStore(): TempStore {
  temp = seeded([profile('p-1', ['facebook'])]);
  temp.store.ingestReviews('p-1', [review('open', []), review('answered', [{ text: 'Sorry, Greta', updated: '2026-11-20T12:00:00.000Z' }])]);
  temp.store.setLocalActor({ who: 'ann', device: 'laptop' });
  return temp;
}

const needsReply = (store: TempStore['store']) => store.inboxPage({ view: 'needsReply', kind: 'review' }).rows.map((row) => row.key);

describe('reviews in the store', () => {
  it('lists a review assigned to this member in Assigned to me, and counts it', () => {
    const { store } = reviewStore();
    store.setTriage(['review:gmb:open'], { assignee: 'ann' });
    store.setTriage(['review:gmb:answered'], { assignee: 'bob' });
    expect(store.inboxPage({ view: 'assignedToMe' }).rows.map((row) => row.key)).toEqual(['review:gmb:open']);
    expect(store.inboxPage({ view: 'assignedToMe', kind: 'review' }).rows.map((row) => row.key)).toEqual(['review:gmb:open']);
    expect(store.counts({ kind: 'review' })['p-1']?.assignedToMe).toBe(1);
    store.setTriage(['review:gmb:open'], { done: true });
    expect(store.inboxPage({ view: 'assignedToMe' }).rows).toEqual([]);
  });

  it('takes the business’s replies off a review once their removal is confirmed: it needs a reply again', () => {
    const { store } = reviewStore();
    expect(store.review('review:gmb:answered')?.row).toMatchObject({ replied: true, review: { reply: { text: 'Sorry, Greta' } } });
    expect(needsReply(store)).toEqual(['review:gmb:open']);
    const before = store.counts({ kind: 'review' })['p-1']?.needsReply ?? 0;

    expect(store.reviewRepliesRemoved('review:gmb:answered')).toBe(true);
    const after = store.review('review:gmb:answered');
    expect(after?.row).toMatchObject({ replied: false, review: { reply: null } });
    expect(after?.answers).toEqual([]);
    expect(needsReply(store).sort()).toEqual(['review:gmb:answered', 'review:gmb:open']);
    expect(store.counts({ kind: 'review' })['p-1']?.needsReply).toBe(before + 1);

    // Once: nothing left to remove; a review the store lacks, or a key of no review, changes nothing.
    expect(store.reviewRepliesRemoved('review:gmb:answered')).toBe(false);
    expect(store.reviewRepliesRemoved('review:gmb:nowhere')).toBe(false);
    expect(store.reviewRepliesRemoved('instagram:c1')).toBe(false);
  });
});
