// How a device's start reads its own copy (decisions 0064, 0079, 0085). What it takes in must not
// depend on the order it reads in, except in one case: two history documents claiming one entry id,
// where the first to reach the device is kept (teamAdmission.ts). The device writes down who was first
// (`_local/history-owners`) a few seconds after, and at every close; a claim it wrote down is decided
// whatever the order. So the start reads the copy in id order (`allDocs`: the cheap read, no change
// feed's bookkeeping) and looks for a shared entry id it has not written down; only then, after a stop
// within those few seconds, does it read the copy again in the order the documents reached it (the
// change feed, a page at a time).
//
// A history document (change or event) is written once; a later revision is someone rewriting it. When
// the copy holds such a rewrite, the entry is read as it was first written, which the copy still holds
// (PouchDB keeps earlier revisions until it is compacted); the rewrite itself is refused when it
// arrives (teamAdmission.ts). Only those few documents wait on a second read.
import type PouchDB from 'pouchdb';

/** Documents per read of the change feed: large enough that the reads' own cost is small, small enough to stay young in memory. */
export const PAGE_SIZE = 1_000;

const HISTORY_PREFIXES = ['change:', 'event:'];

/** A history document at a revision beyond its first: someone rewrote it (the rest are taken without waiting on a read). */
function isRewrittenHistory(doc: PouchDB.StoredDocument | undefined): doc is PouchDB.StoredDocument {
  return doc !== undefined && !doc._rev.startsWith('1-') && HISTORY_PREFIXES.some((prefix) => doc._id.startsWith(prefix));
}

/** The document as first written, when the copy still knows it; otherwise the document itself. */
async function firstRevisionOf(local: PouchDB.Database, doc: PouchDB.StoredDocument): Promise<unknown> {
  try {
    const withRevisions = (await local.get(doc._id, { revs: true })) as PouchDB.StoredDocument & { _revisions?: { start: number; ids: string[] } };
    const revisions = withRevisions._revisions;
    const first = revisions?.ids.at(-1);
    if (!revisions || first === undefined || revisions.start - (revisions.ids.length - 1) !== 1) return doc;
    return await local.get(doc._id, { rev: `1-${first}` });
  } catch {
    return doc;
  }
}

/**
 * Whether two of the documents claim one entry id of an item that `remembered` does not already give
 * an owner. Read from the documents as stored, before their checks, from the fields a history entry
 * takes its item and id from (teamDocuments.ts, logEntryOf). Every document of a start passes here, so
 * it allocates nothing per document but the first claim of each item (most items have one entry).
 */
export function orderDecidesAClaim(docs: readonly unknown[], remembered: (itemKey: string, entryId: string) => boolean): boolean {
  const claimed = new Map<string, string | Set<string>>();
  for (const raw of docs) {
    if (typeof raw !== 'object' || raw === null) continue;
    const doc = raw as { _id?: unknown; change?: { itemKey?: unknown; id?: unknown } | null; itemKey?: unknown; id?: unknown };
    if (typeof doc._id !== 'string') continue;
    let itemKey: unknown;
    let entryId: unknown;
    if (doc._id.startsWith('change:')) {
      itemKey = doc.change?.itemKey;
      entryId = doc.change?.id;
    } else if (doc._id.startsWith('event:')) {
      itemKey = doc.itemKey;
      entryId = doc.id;
    }
    if (typeof itemKey !== 'string' || typeof entryId !== 'string') continue;
    const earlier = claimed.get(itemKey);
    if (earlier === undefined) claimed.set(itemKey, entryId);
    else if (earlier === entryId || (typeof earlier !== 'string' && earlier.has(entryId))) {
      if (!remembered(itemKey, entryId)) return true;
    } else if (typeof earlier === 'string') claimed.set(itemKey, new Set([earlier, entryId]));
    else earlier.add(entryId);
  }
  return false;
}

/** Hands every document of the copy to `take`, in the order the documents reached this device, a page at a time. */
export async function readInArrivalOrder(local: PouchDB.Database, take: (doc: unknown) => void, pageSize = PAGE_SIZE): Promise<void> {
  let since: number | string = 0;
  for (;;) {
    const page = await local.changes({ since, include_docs: true, limit: pageSize });
    for (const { doc } of page.results) take(isRewrittenHistory(doc) ? await firstRevisionOf(local, doc) : doc);
    if (page.results.length < pageSize) return;
    since = page.last_seq;
  }
}

/**
 * Hands every document of the copy to `take`, once, a rewritten history entry as first written: in id
 * order, or in arrival order when two documents claim one entry id whose owner is not `remembered`.
 * Says which it did.
 */
export async function readLocalCopy(
  local: PouchDB.Database,
  take: (doc: unknown) => void,
  remembered: (itemKey: string, entryId: string) => boolean,
): Promise<'id-order' | 'arrival-order'> {
  const all = await local.allDocs({ include_docs: true });
  const docs: unknown[] = [];
  for (const { doc } of all.rows) docs.push(isRewrittenHistory(doc) ? await firstRevisionOf(local, doc) : doc);
  if (orderDecidesAClaim(docs, remembered)) {
    // Let go of the first read before the second, so the copy is never held twice.
    docs.length = 0;
    all.rows.length = 0;
    await readInArrivalOrder(local, take);
    return 'arrival-order';
  }
  for (const doc of docs) take(doc);
  return 'id-order';
}
