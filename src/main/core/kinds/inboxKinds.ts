// The inbox kinds, one descriptor module each (commentKind.ts, conversationKind.ts): the core looks
// a kind up here by key, by name or by projection code instead of branching on "comment or
// conversation". Adding a kind (reviews): its descriptor module, one line below, its store tables
// and its renderer view (docs/architecture.md, "Adding an inbox kind").
import type { InboxRow } from '../../../shared/domain/inbox.ts';
import { commentKind } from './commentKind.ts';
import { conversationKind } from './conversationKind.ts';
import { reviewKind } from './reviewKind.ts';
import { type InboxKindDescriptor, type ItemReads, UnknownInboxKindError } from './inboxKind.ts';

const KINDS: InboxKindDescriptor[] = [commentKind, conversationKind, reviewKind];

/** Every registered kind, in the order they were registered (the report's and the notifications' order). */
export const INBOX_KINDS: readonly InboxKindDescriptor[] = KINDS;

/**
 * A kind joins the registry (a kind tried in a test; a build's kinds are the lines above). Its keys
 * must be its own and its name and code new. The returned function takes it back out.
 */
export function registerInboxKind(kind: InboxKindDescriptor): () => void {
  if (KINDS.some((known) => known.name === kind.name || known.code === kind.code)) {
    throw new UnknownInboxKindError(`The inbox has a kind called "${String(kind.name)}" or numbered ${String(kind.code)} already`);
  }
  KINDS.push(kind);
  return () => {
    const index = KINDS.indexOf(kind);
    if (index >= 0) KINDS.splice(index, 1);
  };
}

/** The kind of a key, or null when no kind owns it (a malformed key, or one of a kind this build lacks). */
export function findInboxKindOfKey(key: string): InboxKindDescriptor | null {
  if (typeof key !== 'string') return null;
  return KINDS.find((kind) => kind.owns(key)) ?? null;
}

/** The kind of a key; an UnknownInboxKindError when no kind owns it. */
export function inboxKindOfKey(key: string): InboxKindDescriptor {
  const kind = findInboxKindOfKey(key);
  if (kind === null) throw new UnknownInboxKindError('That is not the key of a comment or a conversation in the inbox');
  return kind;
}

/** The inbox row of any item by its key, as its kind reads it; undefined when no kind owns the key or the store lacks it. */
export function inboxRowOfKey(store: ItemReads, key: string, profileId?: string): InboxRow | undefined {
  return findInboxKindOfKey(key)?.row(store, key, profileId);
}

/** The kind of this name (an inbox row's, a filter's or a report item's `kind`); an UnknownInboxKindError for another. */
export function inboxKindNamed(name: string): InboxKindDescriptor {
  const kind = KINDS.find((candidate) => candidate.name === name);
  if (kind === undefined) throw new UnknownInboxKindError(`The inbox has no kind of item called "${name}"`);
  return kind;
}

/** The kind of this projection code (store/itemKinds.ts); an UnknownInboxKindError for another. */
export function inboxKindOfCode(code: number): InboxKindDescriptor {
  const kind = KINDS.find((candidate) => candidate.code === code);
  if (kind === undefined) throw new UnknownInboxKindError(`The inbox has no kind of item numbered ${String(code)}`);
  return kind;
}
