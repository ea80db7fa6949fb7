// A client's review on Google or Facebook (issue 31, decision 0082): answered with a public reply
// from the business (the outbox's `review-reply` task). Its rows show the stars (or Facebook's
// recommendation) and the network; its pane is components/reviews/ReviewPane.tsx.
import { replyLength, REVIEW_NETWORK_NAMES } from '../../shared/reviews.ts';
import { parseReviewKey } from '../../shared/domain/reviewItem.ts';
import type { ComposerRules } from '../logic/composerRules.ts';
import type { KindView } from './kindView.ts';

const PREFIX = 'review:';

/** A reply's limit as the composer counts (characters): Google's 4,096 bytes are at most 4,096 characters; the core counts the bytes. */
function reviewRules(network: 'gmb' | 'facebook' | undefined): ComposerRules {
  const name = network === undefined ? 'the network' : REVIEW_NETWORK_NAMES[network];
  return {
    canReply: network !== undefined,
    blockedReason: network === undefined ? 'This review cannot be answered from here.' : null,
    filledIn: [`Everyone who reads the review on ${name} sees this reply.`],
    imageAllowed: false,
    mentionHelp: '',
    noun: 'reply',
    maxLength: network === undefined ? 0 : replyLength(network, '').limit,
  };
}

/** "; next check in 25 s", or nothing when no time is planned. */
const inTime = (label: string, inWords: string | null) => (inWords === null ? '' : `; ${label} in ${inWords}`);

export const reviewView: KindView = {
  kind: 'review',
  answer: 'review-reply',
  // A review has no thread: after an unknown answer the app reads the review itself (outbox/reviewTask.ts).
  tasks: {
    'review-reply': {
      what: 'Your reply',
      carriesText: true,
      undone: 'Undone: the reply was not sent, its text is back',
      checkFirst: (network, inWords, whenBack) =>
        whenBack
          ? `When the connection is back, the app checks whether the reply reached the review on ${network} and sends it only if not${inTime('next try', inWords)}.`
          : `Checking whether the reply reached the review on ${network} before sending it again${inTime('next check', inWords)}.`,
    },
    'review-reply-delete': {
      what: 'Removing your reply',
      whatDone: 'Removed your reply',
      sentLabel: 'Removed',
      carriesText: false,
      mayHaveGone: 'An earlier try may already have removed the reply.',
      undone: 'Undone: your reply stays on the review',
      checkFirst: (network, inWords, whenBack) =>
        whenBack
          ? `When the connection is back, the app checks whether the reply is gone from the review on ${network} and removes it only if not${inTime('next try', inWords)}.`
          : `Checking whether the reply is gone from the review on ${network} before removing it again${inTime('next check', inWords)}.`,
    },
  },
  ownsKey: (key) => key.startsWith(PREFIX),
  networkOfKey: (key) => parseReviewKey(key)?.network ?? '',
  messaging: false,
  onAPost: false,
  // 'review' is no network, so no post's key is this.
  listGroup: { key: 'review', excerpt: 'Reviews' },
  words: {
    one: 'review',
    many: 'reviews',
    listNoun: 'reviews',
    choiceLabel: 'Reviews',
    choiceTitle: 'Google and Facebook reviews only',
    needsReply: { one: 'review needs', other: 'reviews need' },
    composerNoun: 'Reply',
    composerLabel: (author) => `Reply publicly to ${author}`,
    placeholder: (author) => `Reply publicly to ${author}…`,
    answerWhat: 'Your reply',
    answerSubject: 'reply',
    openIt: 'Open the review',
    named: (author) => `${author}’s review`,
    answered: 'Answered: the business has replied to it',
    report: { kindTitle: 'Reviews', channel: ' reviews', csvChannel: ' reviews', waitingItem: 'review' },
  },
  // The report says reviews in lines of their own (stars, answered within a business day), not among response times.
  timedInReport: false,
  composer: {
    rules: (row) => reviewRules(row.review?.network),
    recheckMs: 3_600_000,
    savedReplies: true,
    showsHelp: false,
    takesImage: false,
  },
};
