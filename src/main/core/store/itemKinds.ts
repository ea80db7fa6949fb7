// An inbox row's kind as the projection stores it: a number, because SQLite keeps the integers 0
// and 1 in no bytes of a record, and every per-view index carries the kind as a key column
// (migration 6); as text it made each entry of every index longer. One entry per inbox kind (a
// record over InboxItemKind, so a new kind does not compile without its number); the kinds'
// descriptors (core/kinds) carry theirs from here. Its full-text index is named here too: the
// store's search walks every kind's index, and the store never imports the kinds' descriptors
// (they import the store's reads; kinds/ -> store/ is the one direction).
import type { InboxItemKind } from './types.ts';

const KIND_CODES: Readonly<Record<InboxItemKind, number>> = { comment: 0, conversation: 1, review: 2 };

/** Each kind's full-text index of its rows (its descriptor's `searchIndex`). */
export const KIND_SEARCH_INDEXES: Readonly<Record<InboxItemKind, string>> = {
  comment: 'comments_fts',
  conversation: 'conversations_fts',
  review: 'reviews_fts',
};

export const COMMENT_KIND = KIND_CODES.comment;
export const CONVERSATION_KIND = KIND_CODES.conversation;
export const REVIEW_KIND = KIND_CODES.review;

const KINDS_BY_CODE = new Map<number, InboxItemKind>(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as InboxItemKind]));

export function kindCode(kind: InboxItemKind): number {
  return KIND_CODES[kind];
}

/** A code no kind has (a row of a newer build) reads as a comment, as before: the store never wrote one. */
export function kindOf(code: number): InboxItemKind {
  return KINDS_BY_CODE.get(code) ?? 'comment';
}
