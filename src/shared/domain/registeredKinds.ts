// The bridge's side of an inbox kind added at run time (decision 0073, 2026-11-29). The kinds this
// build has (comments, conversations, reviews) are typed lines of the schemas (`INBOX_ITEM_KINDS`,
// `InboxItemSchema`, `ANSWER_INPUTS`), so their refusals keep their own words; a kind registered
// here is taken by the same schemas beside them: its name (`kind` in filters, rows, counts,
// `items.new`), its keys (`InboxItemKeySchema`), what `inbox.item` gives for it and what
// `answer.send` takes for it, each checked by the kind's own schemas. Only the process that
// checks the bridge (the core's) needs it. Imports zod only: the schemas that consult it import it.
import type { z } from 'zod';

export interface RegisteredKind {
  /** Its name, not one of the built-in kinds'. */
  name: string;
  /** Whether a key is one of its items' (a prefix no network and no other kind has). */
  ownsKey: (key: string) => boolean;
  /** Its item's data, as `inbox.item` gives it (`{kind, data}`). */
  data: z.ZodType;
  /** Its answer's input (`answer.send`: the key, the text and whatever else it takes). */
  answer: z.ZodType;
  /** Its words for an image its answer does not take; null: it takes one. */
  noImageWords: string | null;
}

const registered = new Map<string, RegisteredKind>();

/** Adds a kind to the bridge's schemas; returns the taking back (tests). */
export function registerBridgeKind(kind: RegisteredKind): () => void {
  if (registered.has(kind.name)) throw new Error(`The bridge already has a kind named "${kind.name}"`);
  registered.set(kind.name, kind);
  return () => {
    if (registered.get(kind.name) === kind) registered.delete(kind.name);
  };
}

/** The registered kind of this name, if any. */
export function registeredKindNamed(name: unknown): RegisteredKind | undefined {
  return typeof name === 'string' ? registered.get(name) : undefined;
}

/** The registered kind whose key this is, if any. */
export function registeredKindOfKey(key: string): RegisteredKind | undefined {
  for (const kind of registered.values()) if (kind.ownsKey(key)) return kind;
  return undefined;
}
