// The design document every team workspace database carries (`_design/team`). Its validation
// function is what makes the audit trustworthy on the server, not just in the app: each document
// is bound to the member who wrote it (`userCtx.name` must equal its `who`, or `holder` for a
// lease), the change log and claims are append-only (no update, no delete), and unknown kinds are
// refused. The same text is installed on a real CouchDB 3.x (docs/team.md) and on the sync server
// for development and CI (syncServer.ts), so it is kept as JavaScript source: CouchDB runs it in
// its own JavaScript engine, never in our process.

/** The database's design document id. */
export const TEAM_DESIGN_DOC_ID = '_design/team';

/**
 * CouchDB's `validate_doc_update(newDoc, oldDoc, userCtx, secObj)`: throw `{forbidden: reason}`
 * to refuse. Server admins pass (they install this document and create members).
 * Kinds, by id prefix:
 * - change:, event:, claim: (the audit, the fold's input, collision claims): create once, never
 *   update or delete; `who` is the author.
 * - outbox:, presence: (a device's own status): updates allowed, by the same member only.
 * - lease: (who polls a profile): anyone may take one over, but only in their own name.
 * - settings: (saved replies, client and report settings, merged per field): one document per
 *   device, `settings:<scope>:<id>:<device>`, written and updated by its member only, as outbox:.
 * - content: (what the device polling a profile read, shared so the others need not read it
 *   again; decision 0060): written in its author's own name, changed or removed by them only.
 */
export const VALIDATE_DOC_UPDATE_SOURCE = `function (newDoc, oldDoc, userCtx) {
  if (userCtx.roles.indexOf('_admin') !== -1) return;
  var id = newDoc._id;
  var kind = id.slice(0, id.indexOf(':') + 1);
  function refuse(reason) { throw({ forbidden: reason }); }
  if (['change:', 'event:', 'claim:', 'outbox:', 'presence:', 'lease:', 'settings:', 'content:'].indexOf(kind) === -1) {
    refuse('Only team documents can be written here.');
  }
  var appendOnly = kind === 'change:' || kind === 'event:' || kind === 'claim:';
  if (appendOnly && oldDoc && !oldDoc._deleted) refuse('The team log is append-only: this entry cannot be changed.');
  if (newDoc._deleted) {
    if (appendOnly) refuse('The team log is append-only: this entry cannot be removed.');
    if (oldDoc && oldDoc.who !== undefined && oldDoc.who !== userCtx.name) refuse('Only its author can remove this.');
    if (oldDoc && oldDoc.holder !== undefined && oldDoc.holder !== userCtx.name) refuse('Only its holder can remove this.');
    return;
  }
  if (kind === 'lease:') {
    if (newDoc.holder !== userCtx.name) refuse('A lease is taken in your own name.');
    return;
  }
  if (newDoc.who !== userCtx.name) refuse('Written in another member\\'s name.');
  if (oldDoc && !oldDoc._deleted && oldDoc.who !== newDoc.who) refuse('Only its author can change this.');
}`;

/** The design document as a JSON body for `PUT /<workspace>/_design/team`. */
export function teamDesignDoc(): { _id: string; validate_doc_update: string } {
  return { _id: TEAM_DESIGN_DOC_ID, validate_doc_update: VALIDATE_DOC_UPDATE_SOURCE };
}
