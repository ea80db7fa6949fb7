// An inbox row's kind as the projection stores it: a number, because SQLite keeps the integers 0
// and 1 in no bytes of a record, and every per-view index carries the kind as a key column
// (migration 6); as text it made each entry of every index longer.
import type { InboxItemKind } from './types.ts';

export const COMMENT_KIND = 0;
export const CONVERSATION_KIND = 1;

export function kindCode(kind: InboxItemKind): number {
  return kind === 'conversation' ? CONVERSATION_KIND : COMMENT_KIND;
}

export function kindOf(code: number): InboxItemKind {
  return code === CONVERSATION_KIND ? 'conversation' : 'comment';
}
