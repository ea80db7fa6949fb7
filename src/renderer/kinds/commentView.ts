// A comment under a post: answered with a reply (the outbox's `reply` task).
import { composerRules } from '../logic/composerRules.ts';
import type { KindView } from './kindView.ts';

export const commentView: KindView = {
  kind: 'comment',
  answer: 'reply',
  // Comments came first and their keys have no prefix: every key no other kind claims
  // (kindViewOfKey asks the others first).
  ownsKey: () => true,
  networkOfKey: (key) => key.split(':')[0] ?? '',
  messaging: false,
  onAPost: true,
  listGroup: null,
  words: {
    one: 'comment',
    many: 'comments',
    listNoun: 'comments',
    choiceLabel: 'Comments',
    choiceTitle: 'Comments only',
    needsReply: { one: 'comment needs', other: 'comments need' },
    composerNoun: 'Reply',
    composerLabel: () => 'Reply to this comment',
    placeholder: (author) => `Reply to ${author}…`,
    answerWhat: 'Your reply',
    answerSubject: 'reply',
    openIt: 'Open the comment',
    named: (author) => `${author}’s comment`,
    answered: 'Answered: a reply from the account is under it',
    report: { kindTitle: 'Comments', channel: ' comments', csvChannel: '', waitingItem: 'comment' },
  },
  composer: {
    rules: (row) => composerRules(row),
    // A comment's rules do not change with time.
    recheckMs: 3_600_000,
    savedReplies: true,
    showsHelp: true,
    takesImage: true,
  },
};
