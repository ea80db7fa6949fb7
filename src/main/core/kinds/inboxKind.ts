// What an inbox kind declares: everything that differs between a comment and a conversation of
// direct messages (and a third kind later, reviews), so the rest of the core looks a kind up
// (inboxKinds.ts) instead of branching on it. A descriptor says how its keys look, which store read
// gives its row, which outbox task answers it and what happens once that answer is sent, what the
// person calls it, its full-text index, and how the client report gets its items.
import type { InboxItemKind, InboxRow, ItemNetwork, SearchMatch } from '../../../shared/domain/inbox.ts';
import type { Noun } from '../../../shared/format/formatter.ts';
import type { SearchTerms } from '../../../shared/domain/searchWords.ts';
import type { OutboxItem } from '../outbox/types.ts';
import type { ConfirmedReply } from '../report/firstResponses.ts';
import type { ReceivedColumns } from '../report/receivedColumns.ts';
import type { ReviewStore } from '../store/reviewTable.ts';
import type { MessageStore, ReportPeriod, ReportStore, Store } from '../store/types.ts';

/** Enough of a waiting item's text for the report's first words (the page cuts it at a word). */
export const WAITING_TEXT_MAX = 280;

/** A key's parts: the network and the id there (a social comment id, a conversation id). */
export interface KindKeyRef {
  platform: ItemNetwork;
  id: string;
}

/**
 * The store's reads a kind's row and words come from. Each kind reads its own (its descriptor's
 * `row`): there is no read per kind on a shared interface for a new kind to add a method to.
 */
export type ItemReads = Pick<Store, 'thread'> & Pick<MessageStore, 'conversation'> & Partial<Pick<ReviewStore, 'review'>>;

/**
 * How its news is counted in a notification: `each` counts every new item ("3 new comments"),
 * `per key` counts the items that have news however often ("new messages in 2 conversations": a
 * conversation that speaks twice is one).
 */
export type NewsCount = 'each' | 'per key';

/** What a kind's "answer sent" step may touch. */
export interface AnswerSentPorts {
  store: Pick<Store, 'thread'> & Pick<MessageStore, 'conversation' | 'ingestMessages'> & Partial<Pick<ReviewStore, 'review' | 'reviewRepliesRemoved'>>;
  /** The account's post of this key is read again (its "replied" shows soon). */
  refreshPost(postKey: string): void;
  /** Items of this kind changed from here (a sent message went into its conversation, a review's reply removed): the screen and the counts are told. */
  itemsAdded(input: { accountId: string; profileId: string; platform: ItemNetwork; keys: string[] }): void;
  warn(message: string, fields: Record<string, unknown>): void;
}

export interface InboxKindDescriptor {
  readonly name: InboxItemKind;
  /** Its number in the projection's kind column and every per-view index (store/itemKinds.ts). */
  readonly code: number;
  /** The outbox task kind the account answers it with (outbox/taskKinds.ts). */
  readonly answeredBy: OutboxItem['kind'];
  /**
   * What the person calls it: the noun, and its news in a notification ("3 new comments", "new
   * messages in 2 conversations"), counted by the caller's `counted` (the number in its locale).
   */
  readonly words: Noun & { news(count: number, counted: (count: number, noun: Noun) => string): string };
  /** What a sync's new items of this kind are to a notification. */
  readonly news: {
    /** How a notification counts them. */
    readonly count: NewsCount;
    /**
     * A first read's backlog: `summary`, one summary once the first sync settled (a post's
     * comments); `none`, never notified (conversations are read for the first time over many
     * minutes, and a summary each time would be a storm).
     */
    readonly firstFetch: 'summary' | 'none';
    /** Whether the item is news to the person: not the account's own words. */
    isNews(store: ItemReads, key: string): boolean;
  };
  /** The store's full-text index of its rows. */
  readonly searchIndex: string;
  /** True when the key is one of this kind's (kinds' keys never overlap). */
  owns(key: string): boolean;
  /** The key's parts; null when it is not a well-formed key of this kind. */
  parse(key: string): KindKeyRef | null;
  /** Its inbox row from the store's thread read; undefined when the store does not have it. */
  row(store: ItemReads, key: string, profileId?: string): InboxRow | undefined;
  /** What matched a search in its row (a conversation: in which message). */
  searchMatch(store: Pick<MessageStore, 'conversation'>, row: InboxRow, terms: SearchTerms): SearchMatch;
  /** What follows once the outbox confirms an answer to it (the item is one of `answeredBy`). */
  answerSent(ports: AnswerSentPorts, item: OutboxItem): void;
  readonly report: {
    /** Adds the period's items of this kind, with their first responses, to the report's columns. */
    addItems(columns: ReceivedColumns, store: ReportStore, profileId: string, period: ReportPeriod, confirmed: readonly ConfirmedReply[]): void;
    /** Who wrote an item still waiting and what; {} when the store has it no more. */
    waitingWords(store: ItemReads, profileId: string, id: string, createdAt: number): { author?: string; text?: string };
  };
}

/** A key, name or report kind no registered kind has: typed, so a caller can say it in words. */
export class UnknownInboxKindError extends Error {
  readonly code = 'unknown-inbox-kind';

  override get name(): string {
    return 'UnknownInboxKindError';
  }
}
