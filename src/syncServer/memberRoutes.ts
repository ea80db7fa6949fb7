// What a signed-in member may ask of the sync server, read from the method, the path and (for
// writes) the body, the way express-pouchdb itself will read them, so that no spelling reaches
// something the rule did not see: `_local/_security` by PUT, by `%2F`, by an `_id` in a POST or
// `_bulk_docs` body; a design document by any of those; COPY; attachments; `?id=` overriding the
// path. A member reaches what replication, claims and presence need (a workspace's documents,
// changes, bulk routes, checkpoints) and nothing else; CouchDB 3 lets only admins write design
// documents and `_security`, and so does this.

export interface Refusal {
  status: number;
  error: string;
  reason: string;
}

/** Where a member's request goes once it may pass: the workspace, and how its body is checked. */
export interface MemberRoute {
  /** The workspace database, or null for the server's root and `/_session`. */
  db: string | null;
  /** The document a PUT or DELETE addresses, whose body (if any) must name the same id. */
  docId?: string;
  body: 'none' | 'doc' | 'bulk-docs' | 'read';
}

/** Routes under a workspace database that members use, each with what its body holds. */
const MEMBER_DB_ROUTES: Record<string, { methods: string[]; body: MemberRoute['body'] }> = {
  _changes: { methods: ['GET', 'HEAD', 'POST'], body: 'read' },
  _bulk_docs: { methods: ['POST'], body: 'bulk-docs' },
  _bulk_get: { methods: ['POST'], body: 'read' },
  _all_docs: { methods: ['GET', 'HEAD', 'POST'], body: 'read' },
  _revs_diff: { methods: ['POST'], body: 'read' },
  _ensure_full_commit: { methods: ['POST'], body: 'read' },
  _security: { methods: ['GET', 'HEAD'], body: 'none' },
};

/** CouchDB's rule for database names. */
const DATABASE_NAME = /^[a-z][a-z0-9_$()+/-]{0,127}$/;

const ADMIN_ONLY: Refusal = { status: 403, error: 'forbidden', reason: 'Only a server admin can do this.' };
const RULES_ADMIN_ONLY: Refusal = { status: 403, error: 'forbidden', reason: "Only a server admin can change the workspace's rules." };

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Why a document id may not be written by a member, or null. */
export function docIdRefusal(id: unknown): Refusal | null {
  if (id === undefined) return null;
  if (typeof id !== 'string') return { status: 400, error: 'bad_request', reason: 'A document id must be a string.' };
  if (id.startsWith('_design/') || id === '_local/_security' || id === '_security') return RULES_ADMIN_ONLY;
  if (id.startsWith('_') && !id.startsWith('_local/')) return { status: 400, error: 'bad_request', reason: 'Only reserved ids start with an underscore.' };
  return null;
}

/** The route a member's request takes, or why it is refused. Exported for its unit test. */
export function memberRoute(method: string, rawUrl: string): MemberRoute | Refusal {
  const question = rawUrl.indexOf('?');
  const path = question === -1 ? rawUrl : rawUrl.slice(0, question);
  const query = new URLSearchParams(question === -1 ? '' : rawUrl.slice(question + 1));
  if (path === '/' && (method === 'GET' || method === 'HEAD')) return { db: null, body: 'none' };
  if (path === '/_session') return { db: null, body: 'read' };
  const raw = path.split('/').filter((segment) => segment !== '');
  const segments = raw.map(decoded);
  if (segments.some((segment) => segment === null)) return { status: 403, error: 'forbidden', reason: 'The address is not valid.' };
  const [db, first, ...rest] = segments as string[];
  if (db === undefined || db.startsWith('_')) return ADMIN_ONLY;
  if (!DATABASE_NAME.test(db)) return { status: 400, error: 'illegal_database_name', reason: 'Not a workspace name.' };
  if (first === undefined) {
    // Reading a database's info is how replication starts; POST writes one document; creating or deleting one is an admin's job.
    if (method === 'GET' || method === 'HEAD') return { db, body: 'none' };
    if (method === 'POST') return query.has('id') ? ADMIN_ONLY : { db, body: 'doc' };
    return { status: 403, error: 'forbidden', reason: 'Only a server admin can create or delete a workspace.' };
  }
  // The document id as express-pouchdb reads it: everything after the database, decoded.
  const docId = [first, ...rest].join('/');
  const route = MEMBER_DB_ROUTES[first];
  if (route && rest.length === 0) return route.methods.includes(method) ? { db, body: route.body } : ADMIN_ONLY;
  if (docId.startsWith('_design/')) {
    // Reading the rules is fine; their views, shows, lists, updates, rewrites and attachments are not a member's business.
    return (method === 'GET' || method === 'HEAD') && !docId.slice('_design/'.length).includes('/') ? { db, body: 'none' } : RULES_ADMIN_ONLY;
  }
  // Any other route of the database (_compact, _purge, _find, _index, _view_cleanup...) is an admin's.
  if (docId.startsWith('_') && !docId.startsWith('_local/')) return ADMIN_ONLY;
  const refused = docIdRefusal(docId);
  if (refused) return refused;
  // One path segment is one document (PouchDB encodes a '/' in an id); more is an attachment.
  if (!docId.startsWith('_local/') && raw.length > 2) return { status: 403, error: 'forbidden', reason: 'Attachments are not used in a workspace.' };
  if (docId.startsWith('_local/') && docId.slice('_local/'.length).includes('/')) return ADMIN_ONLY;
  if (query.has('id')) return { status: 400, error: 'bad_request', reason: 'A document is named by its address only.' };
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE') return { db, docId, body: 'none' };
  if (method === 'PUT') return { db, docId, body: 'doc' };
  return ADMIN_ONLY;
}

export function isRefusal(value: MemberRoute | Refusal): value is Refusal {
  return 'status' in value;
}

/** Why a member's parsed body may not pass on this route, or null. */
export function bodyRefusal(route: MemberRoute, body: unknown): Refusal | null {
  if (route.body === 'none' || route.body === 'read') return null;
  const notJson: Refusal = { status: 400, error: 'bad_request', reason: 'The request body must be a JSON document.' };
  if (route.body === 'doc') {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return notJson;
    const id = (body as { _id?: unknown })._id;
    if (route.docId !== undefined && id !== undefined && id !== route.docId)
      return { status: 400, error: 'bad_request', reason: 'The document id in the body differs from its address.' };
    return docIdRefusal(id);
  }
  const docs: unknown = Array.isArray(body) ? body : typeof body === 'object' && body !== null ? (body as { docs?: unknown }).docs : undefined;
  if (!Array.isArray(docs)) return { status: 400, error: 'bad_request', reason: "The request body must hold a list of 'docs'." };
  for (const doc of docs) {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return notJson;
    const refused = docIdRefusal((doc as { _id?: unknown })._id);
    if (refused) return refused;
  }
  return null;
}
