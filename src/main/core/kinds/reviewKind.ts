// The review kind (issue 31, decision 0082): a client's Google or Facebook review, keyed
// `review:<network>:<reviewId>`, answered by a public reply (the outbox's `review-reply` task). Its
// row is the store's review read (store/reviewTable.ts). News to a notification: a review nobody
// answered with one or two stars, or a Facebook non-recommendation: that is what a freelancer must
// see at once; a five-star review shows in the inbox and its unread count without a notification.
// A first read's backlog is never news. In the report, reviews have lines of their own
// (report/reviewLines.ts), not a column of response times: their report part adds nothing there.
import { parseReviewKey } from '../../../shared/domain/reviewItem.ts';
import { commentMatch } from '../store/searchMatch.ts';
import { KIND_SEARCH_INDEXES, REVIEW_KIND } from '../store/itemKinds.ts';
import type { OutboxItem } from '../outbox/types.ts';
import { type AnswerSentPorts, type InboxKindDescriptor, WAITING_TEXT_MAX } from './inboxKind.ts';

export const reviewKind: InboxKindDescriptor = {
  name: 'review',
  code: REVIEW_KIND,
  answeredBy: 'review-reply',
  words: { one: 'review', other: 'reviews', news: (count, counted) => counted(count, { one: 'new low review', other: 'new low reviews' }) },
  news: {
    count: 'each',
    firstFetch: 'none',
    isNews: (store, key) => {
      const review = store.review?.(key)?.row.review;
      if (review?.reply !== null) return false;
      return review.stars === null ? review.recommends === false : review.stars <= 2;
    },
  },
  searchIndex: KIND_SEARCH_INDEXES.review,
  owns: (key) => parseReviewKey(key) !== null,
  parse: (key) => {
    const ref = parseReviewKey(key);
    return ref === null ? null : { platform: ref.network, id: ref.reviewId };
  },
  row: (store, key, profileId) => store.review?.(key, profileId)?.row,
  searchMatch: (_store, row, terms) => commentMatch(row, terms),
  // A reply: the next read of the reviews brings it as the service shows it; until then the outbox's
  // sent item says it. A removal: the reply leaves the review at once (the pane, "replied").
  answerSent: recordRemovedReply,
  report: {
    addItems: () => {},
    waitingWords: (store, profileId, id) => {
      const row = store.review?.(id, profileId)?.row;
      return row === undefined ? {} : { author: row.authorName, text: row.text.slice(0, WAITING_TEXT_MAX) };
    },
  },
};

/**
 * A removal the outbox confirmed (the service answered it, or the review read back showed no reply)
 * takes the business's replies off the stored review now rather than at the next read of the
 * reviews (up to 10 minutes): the pane stops showing a reply that is gone, and the review needs a
 * reply again. That read brings the service's own record.
 */
function recordRemovedReply(ports: AnswerSentPorts, item: OutboxItem): void {
  // The outbox's item types are a union by task kind: this narrows it to a removal (a reply waits for the next read).
  if (item.kind !== 'review-reply-delete') return;
  const { platform } = item.request;
  if (item.results[platform]?.state !== 'sent') return;
  try {
    const review = ports.store.review?.(item.answers);
    if (review === undefined || review === null || ports.store.reviewRepliesRemoved?.(item.answers) !== true) return;
    ports.itemsAdded({ accountId: item.target.accountId, profileId: review.row.profileId, platform, keys: [item.answers] });
  } catch (error) {
    // The store could not take it: the next read of the reviews brings the review without its reply.
    ports.warn('A removed reply could not be taken off its review yet', { error: error instanceof Error ? error.name : 'error' });
  }
}
