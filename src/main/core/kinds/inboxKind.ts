// What an inbox kind declares: everything that differs between a comment and a conversation of
// direct messages (and a third kind later, reviews), so the rest of the core looks a kind up
// (inboxKinds.ts) instead of branching on it. A descriptor says how its keys look, which store read
// gives its row, which outbox task answers it and what happens once that answer is sent, what the
// person calls it, its full-text index, and how the client report gets its items.
import type { InboxItemKind, InboxRow, SearchMatch } from '../../../shared/domain/inbox.ts';
import type { Noun } from '../../../shared/format/formatter.ts';
import type { SearchTerms } from '../../../shared/domain/searchWords.ts';
import type { MessageNetwork, Network } from '../../../shared/networks.ts';
import type { OutboxItem } from '../outbox/types.ts';
import type { ConfirmedReply } from '../report/firstResponses.ts';
import type { ItemKind as ReportItemKind, ReceivedColumns } from '../report/receivedColumns.ts';
import type { MessageStore, ReportPeriod, ReportStore, Store } from '../store/types.ts';

/** Enough of a waiting item's text for the report's first words (the page cuts it at a word). */
export const WAITING_TEXT_MAX = 280;

/** A key's parts: the network and the id there (a social comment id, a conversation id). */
export interface KindKeyRef {
  platform: Network;
  id: string;
}

/** The store's reads that give an item's row, whatever the row's shape (the bridge views read a narrower one). */
export interface ItemReads<R> {
  thread(key: string): { comment: R } | null;
  conversation(key: string, profileId?: string): { row: R } | null;
}

/** What a kind's "answer sent" step may touch. */
export interface AnswerSentPorts {
  store: Pick<Store, 'thread'> & Pick<MessageStore, 'conversation' | 'ingestMessages'>;
  /** The account's post of this key is read again (its "replied" shows soon). */
  refreshPost(postKey: string): void;
  /** Messages went into a conversation from here: the screen and the counts are told. */
  messagesAdded(input: { accountId: string; profileId: string; platform: MessageNetwork; keys: string[] }): void;
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
  /** The store's full-text index of its rows. */
  readonly searchIndex: string;
  /** True when the key is one of this kind's (kinds' keys never overlap). */
  owns(key: string): boolean;
  /** The key's parts; null when it is not a well-formed key of this kind. */
  parse(key: string): KindKeyRef | null;
  /** Its inbox row from the store's thread read; undefined when the store does not have it. */
  row<R>(store: ItemReads<R>, key: string, profileId?: string): R | undefined;
  /** What matched a search in its row (a conversation: in which message). */
  searchMatch(store: Pick<MessageStore, 'conversation'>, row: InboxRow, terms: SearchTerms): SearchMatch;
  /** What follows once the outbox confirms an answer to it (the item is one of `answeredBy`). */
  answerSent(ports: AnswerSentPorts, item: OutboxItem): void;
  readonly report: {
    /** Its items' kind in the report's columns. */
    readonly itemKind: ReportItemKind;
    /** Adds the period's items of this kind, with their first responses, to the report's columns. */
    addItems(columns: ReceivedColumns, store: ReportStore, profileId: string, period: ReportPeriod, confirmed: readonly ConfirmedReply[]): void;
    /** Who wrote an item still waiting and what; {} when the store has it no more. */
    waitingWords(
      store: Pick<Store, 'thread'> & Pick<MessageStore, 'conversation'>,
      profileId: string,
      id: string,
      createdAt: number,
    ): { author?: string; text?: string };
  };
}

/** A key, name or report kind no registered kind has: typed, so a caller can say it in words. */
export class UnknownInboxKindError extends Error {
  readonly code = 'unknown-inbox-kind';

  override get name(): string {
    return 'UnknownInboxKindError';
  }
}
