// A history document (change or event) is written once; a later revision is someone rewriting it
// (decision 0064). When the device's copy holds such a rewrite, the entry is read as it was first
// written, which the copy still holds (PouchDB keeps earlier revisions until it is compacted); the
// rewrite itself is refused when it arrives (teamAdmission.ts).
import type PouchDB from 'pouchdb';

const HISTORY_PREFIXES = ['change:', 'event:'];

/** The document as first written when it is a rewritten history entry the copy still knows; otherwise the document itself. */
export async function firstRevisionOf(local: PouchDB.Database, doc: PouchDB.StoredDocument | undefined): Promise<unknown> {
  if (doc === undefined || doc._rev.startsWith('1-') || !HISTORY_PREFIXES.some((prefix) => doc._id.startsWith(prefix))) return doc;
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
