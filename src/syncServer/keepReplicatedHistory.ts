// A repair of express-pouchdb 4.2.0's validation (pouchdb-validation): before it validates a
// document it sets `newDoc._revisions` to the OLD document's revision history. For a replicated
// update (`_bulk_docs` with new_edits=false) that history no longer leads to the new revision, and
// the update is silently dropped: the request answers 201, the server keeps revision 1 (checked:
// a presence document's second revision, pushed by PouchDB replication, never reached the server,
// with or without admin rights). CouchDB does not do this. So, wrapped around the validating
// bulkDocs, this makes each replicated document's `_revisions` keep the value it arrived with.

interface BulkDocsBody {
  docs?: unknown[];
  new_edits?: boolean;
}

type BulkDocs = (body: unknown, options?: unknown, callback?: unknown) => unknown;

function pinRevisions(doc: unknown): void {
  if (typeof doc !== 'object' || doc === null || !('_revisions' in doc)) return;
  const revisions: unknown = doc._revisions;
  Object.defineProperty(doc, '_revisions', {
    enumerable: true,
    configurable: true,
    get: () => revisions,
    // pouchdb-validation's assignment is ignored; the history the replicator sent stands.
    set: () => undefined,
  });
}

/** Wraps `db.bulkDocs` (called after validation is installed, so this runs first). */
export function keepReplicatedHistory(db: { bulkDocs: BulkDocs }): void {
  const validating = db.bulkDocs.bind(db);
  db.bulkDocs = (body, options, callback) => {
    const asBody = (Array.isArray(body) ? { docs: body } : body) as BulkDocsBody | null;
    const fromOptions = typeof options === 'object' && options !== null && 'new_edits' in options ? (options as BulkDocsBody).new_edits : undefined;
    const newEdits = fromOptions ?? asBody?.new_edits;
    if (newEdits === false && Array.isArray(asBody?.docs)) asBody.docs.forEach(pinRevisions);
    return validating(body, options, callback);
  };
}
