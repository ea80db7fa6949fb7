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
import { type InboxKindDescriptor, WAITING_TEXT_MAX } from './inboxKind.ts';

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
  // The next read of the reviews brings the reply the service now shows; until then the outbox's sent item says it.
  answerSent: () => {},
  report: {
    addItems: () => {},
    waitingWords: (store, profileId, id) => {
      const row = store.review?.(id, profileId)?.row;
      return row === undefined ? {} : { author: row.authorName, text: row.text.slice(0, WAITING_TEXT_MAX) };
    },
  },
};
