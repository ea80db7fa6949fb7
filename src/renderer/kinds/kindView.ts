// What the screen needs to know about one kind of inbox item (a comment, a conversation of direct
// messages, later a review): its key's shape, its words, its composer's rules, and the outbox task
// that answers it. One module per kind (commentView.ts, conversationView.ts), listed once in
// kindViews.ts; the panes that show a kind's thread are in components/kindPanes.tsx. Pure.
import type { InboxItemKind, InboxRow } from '../../shared/domain/inbox.ts';
import type { ErrorSubject } from '../../shared/domain/errorWords.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import type { ComposerRules } from '../logic/composerRules.ts';

/**
 * The outbox's words for one task kind that acts on this kind's items, where they differ from its
 * answer's defaults (kindViews.ts, taskWordsOf): a review's reply checked on the review, its removal.
 */
export interface TaskWords {
  /** The card's title: "Your reply", "Removing your reply"; `whatDone` once it went, where different ("Removed your reply"). */
  what: string;
  whatDone?: string;
  /** Its state's word once it went, where "Sent" is not true of it (a removal: "Removed"). */
  sentLabel?: string;
  /** False: it carries no words of the person's (a removal): its card shows none, offers no Edit, and Undo puts nothing in the reply box. */
  carriesText: boolean;
  /** Undo's toast: "Undone: the reply was not sent, its text is back". */
  undone: string;
  /**
   * The next step while an earlier try may already have gone, in the kind's words: `network` is
   * where it went ("Google"), `inWords` the time to the next try ("25 s") or null, `whenBack` true
   * when the connection is what it waits for. Null: the outbox's own words ("checks the thread").
   */
  checkFirst: ((network: string, inWords: string | null, whenBack: boolean) => string) | null;
  /** What an earlier try that may already have gone through did, in the kind's words; null: the outbox's ("may already be posted"). */
  mayHaveGone?: string;
}

export interface KindView {
  kind: InboxItemKind;
  /** The outbox task that answers an item of this kind. */
  answer: OutboxItemView['kind'];
  /** Its task kinds' words where not its answer's defaults, by task kind (a review's reply, its removal). */
  tasks?: Partial<Record<OutboxItemView['kind'], TaskWords>>;
  /** Whether an inbox key is one of this kind's (shared/domain/keys.ts makes them). */
  ownsKey: (key: string) => boolean;
  /** The network part of one of its keys. */
  networkOfKey: (key: string) => string;
  /** Its items are direct messages: a client's messaging may be off at the service (its empty list says so). */
  messaging: boolean;
  /** It sits under a post, whose comments can be turned off (then no reply goes). */
  onAPost: boolean;
  /** Grouped by post, where its items go: null, under their post; else one group of their own (its key is no post's). */
  listGroup: { key: string; excerpt: string } | null;
  words: {
    /** "comment" / "conversation", and the plural. */
    one: string;
    many: string;
    /** What the list of only this kind holds: "comments", "messages". */
    listNoun: string;
    /** The kind switch's button and its title. */
    choiceLabel: string;
    choiceTitle: string;
    /** The badge's words: "3 comments need a reply". */
    needsReply: { one: string; other: string };
    /** The composer's noun ("Reply queued", "Message queued"), its name and its empty box's words. */
    composerNoun: string;
    composerLabel: (author: string) => string;
    placeholder: (author: string) => string;
    /** The outbox's words for its answer: "Your reply", the subject of its state lines, the way back. */
    answerWhat: string;
    answerSubject: Extract<ErrorSubject, OutboxItemView['kind']>;
    openIt: string;
    /** An item named by its author: "Ann’s comment", "the conversation with Ann". */
    named: (author: string) => string;
    /** Why an answered item left the "needs reply" list. */
    answered: string;
    /**
     * The client report's words: its items as a table's row ("Comments", "Direct messages"), after
     * a network in the volume table (" comments", " messages") and in the CSV (" direct messages":
     * nothing for comments, the network's counts read as comments), one waiting item ("comment").
     */
    report: { kindTitle: string; channel: string; csvChannel: string; waitingItem: string };
  };
  /** False: its items are not timed among the report's response times (reviews have report lines of their own). */
  timedInReport?: false;
  composer: {
    /** What may be sent now (a conversation's reply window closes with time). */
    rules: (row: InboxRow, now: number) => ComposerRules;
    /** How often the rules are looked at again while the composer is open. */
    recheckMs: number;
    /** Whether `;` offers the saved replies here. */
    savedReplies: boolean;
    /** Whether the composer shows the network's @mention and image help. */
    showsHelp: boolean;
    /** Whether its answer may carry an image (a reply may, a direct message not). */
    takesImage: boolean;
  };
}
