// A conversation of direct messages: answered with a message (the outbox's `message` task), while
// its network's reply window is open.
import { messageRules } from '../logic/composerRules.ts';
import type { KindView } from './kindView.ts';

/** `dm:<network>:<conversation id>` (shared/domain/keys.ts). */
const PREFIX = 'dm:';

export const conversationView: KindView = {
  kind: 'conversation',
  answer: 'message',
  ownsKey: (key) => key.startsWith(PREFIX),
  networkOfKey: (key) => key.slice(PREFIX.length).split(':')[0] ?? '',
  messaging: true,
  onAPost: false,
  // 'dm' is no network, so no post's key is this.
  listGroup: { key: 'dm', excerpt: 'Direct messages' },
  words: {
    one: 'conversation',
    many: 'conversations',
    listNoun: 'messages',
    choiceLabel: 'Messages',
    choiceTitle: 'Direct messages only',
    needsReply: { one: 'conversation needs', other: 'conversations need' },
    composerNoun: 'Message',
    composerLabel: (author) => `Write to ${author}`,
    placeholder: (author) => `Message ${author}…`,
    answerWhat: 'Your message',
    answerSubject: 'message',
    openIt: 'Open the conversation',
    named: (author) => `the conversation with ${author}`,
    answered: 'Answered',
    report: { kindTitle: 'Direct messages', channel: ' messages', csvChannel: ' direct messages', waitingItem: 'message' },
  },
  composer: {
    rules: (row, now) => messageRules(row, now),
    // Its reply window may close while the composer is open.
    recheckMs: 1000,
    savedReplies: false,
    showsHelp: false,
    takesImage: false,
  },
};
