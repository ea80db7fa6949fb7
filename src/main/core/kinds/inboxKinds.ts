// The inbox kinds, one descriptor module each (commentKind.ts, conversationKind.ts): the core looks
// a kind up here by key, by name or by its report items' kind instead of branching on "comment or
// conversation". Adding a kind (reviews): its descriptor module, one line below, its store tables
// and its renderer view (docs/architecture.md, "Adding an inbox kind").
import type { InboxItemKind } from '../../../shared/domain/inbox.ts';
import type { ItemKind as ReportItemKind } from '../report/receivedColumns.ts';
import { commentKind } from './commentKind.ts';
import { conversationKind } from './conversationKind.ts';
import { type InboxKindDescriptor, UnknownInboxKindError } from './inboxKind.ts';

export const INBOX_KINDS: readonly InboxKindDescriptor[] = [commentKind, conversationKind];

/** The kind of a key, or null when no kind owns it (a malformed key, or one of a kind this build lacks). */
export function findInboxKindOfKey(key: string): InboxKindDescriptor | null {
  if (typeof key !== 'string') return null;
  return INBOX_KINDS.find((kind) => kind.owns(key)) ?? null;
}

/** The kind of a key; an UnknownInboxKindError when no kind owns it. */
export function inboxKindOfKey(key: string): InboxKindDescriptor {
  const kind = findInboxKindOfKey(key);
  if (kind === null) throw new UnknownInboxKindError('That is not the key of a comment or a conversation in the inbox');
  return kind;
}

/** The kind of this name (an inbox row's or a filter's `kind`); an UnknownInboxKindError for another. */
export function inboxKindNamed(name: InboxItemKind): InboxKindDescriptor {
  const kind = INBOX_KINDS.find((candidate) => candidate.name === name);
  if (kind === undefined) throw new UnknownInboxKindError(`The inbox has no kind of item called "${String(name)}"`);
  return kind;
}

/** The kind whose report items are of this kind; an UnknownInboxKindError for another. */
export function inboxKindOfReportItem(itemKind: ReportItemKind): InboxKindDescriptor {
  const kind = INBOX_KINDS.find((candidate) => candidate.report.itemKind === itemKind);
  if (kind === undefined) throw new UnknownInboxKindError(`The report has no kind of item called "${String(itemKind)}"`);
  return kind;
}

/** The kind of this projection code (store/itemKinds.ts); an UnknownInboxKindError for another. */
export function inboxKindOfCode(code: number): InboxKindDescriptor {
  const kind = INBOX_KINDS.find((candidate) => candidate.code === code);
  if (kind === undefined) throw new UnknownInboxKindError(`The inbox has no kind of item numbered ${String(code)}`);
  return kind;
}
