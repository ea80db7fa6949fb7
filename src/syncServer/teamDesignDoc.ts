// The design document every team workspace database carries (`_design/team`). Its validation
// function is what makes the audit trustworthy on the server, not just in the app: each document
// is bound to the member who wrote it (`userCtx.name` must equal its `who`, or `holder` for a
// lease), the change log and claims are append-only (no update, no delete), and unknown kinds are
// refused. The same text is installed on a real CouchDB 3.x (docs/team.md) and on the sync server
// for development and CI (syncServer.ts), so it is kept as JavaScript source: CouchDB runs it in
// its own JavaScript engine, never in our process.

/** The database's design document id. */
export const TEAM_DESIGN_DOC_ID = '_design/team';

/** A document (as JSON) larger than this is refused: the app refuses them too (core/team/teamDocuments.ts). */
export const MAX_DOCUMENT_CHARACTERS = 256 * 1024;
/** A lease reaches at most this far past the server's clock (the app takes 90 s). */
export const MAX_LEASE_MS = 10 * 60 * 1000;
/** Presence ("ann is replying") reaches at most this far past the server's clock (the app writes 45 s). */
export const MAX_PRESENCE_MS = 5 * 60 * 1000;
/** A clock stamp, or an `at`, at most this far ahead of the server's clock (a device whose clock is fast by more is refused). */
export const MAX_AHEAD_MS = 60 * 60 * 1000;

/**
 * CouchDB's `validate_doc_update(newDoc, oldDoc, userCtx, secObj)`: throw `{forbidden: reason}`
 * to refuse. Server admins pass (they install this document and create members). ES5 only: it
 * runs in CouchDB's JavaScript engine too. It reads the server's clock (`Date.now()`, which
 * CouchDB's sandbox has) to bound what points into the future; a document from the past always passes.
 * Kinds, by id prefix:
 * - change:, event:, claim: (the audit, the fold's input, collision claims): create once, never
 *   update or delete; `who` is the author; the id says what the document holds (item, clock
 *   stamp, device), and an event's own `id` is `<device>:<stamp>`.
 * - outbox:, presence: (a device's own status): updates allowed, by the same member only.
 * - lease: (who polls a profile): anyone may take one over, but only in their own name, and for
 *   at most MAX_LEASE_MS.
 * - settings: (saved replies, client and report settings, merged per field): one document per
 *   device, `settings:<scope>:<id>:<device>`, written and updated by its member only, as outbox:.
 * - content: (what the device polling a profile read, shared so the others need not read it
 *   again; decision 0060): written in its author's own name, changed or removed by them only.
 * Every document: at most MAX_DOCUMENT_CHARACTERS as JSON; every clock stamp well formed and at
 * most MAX_AHEAD_MS ahead.
 */
export const VALIDATE_DOC_UPDATE_SOURCE = `function (newDoc, oldDoc, userCtx) {
  if (userCtx.roles.indexOf('_admin') !== -1) return;
  var id = newDoc._id;
  var kind = id.slice(0, id.indexOf(':') + 1);
  var now = Date.now();
  function refuse(reason) { throw({ forbidden: reason }); }
  function isText(value) { return typeof value === 'string' && value.length > 0 && value.length <= 200; }
  function isTime(value) { return typeof value === 'number' && value >= 0 && Math.floor(value) === value; }
  function checkStamp(stamp, device) {
    var parts = typeof stamp === 'string' && stamp.length <= 300 ? /^(\\d{15})\\.(\\d{6})\\.([\\s\\S]+)$/.exec(stamp) : null;
    if (!parts) refuse('A clock stamp is not well formed.');
    if (Number(parts[1]) > now + ${MAX_AHEAD_MS}) refuse('A clock stamp is too far in the future.');
    if (device !== undefined && parts[3] !== device) refuse('A clock stamp names another device.');
  }
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
  if (JSON.stringify(newDoc).length > ${MAX_DOCUMENT_CHARACTERS}) refuse('The document is too large.');
  if (kind === 'lease:') {
    if (newDoc.holder !== userCtx.name) refuse('A lease is taken in your own name.');
    if (newDoc.kind !== 'lease') refuse('The document is not of the kind its id says.');
    if (!isText(newDoc.device) || !isTime(newDoc.until)) refuse('A lease names its device and when it ends.');
    if (newDoc.until > now + ${MAX_LEASE_MS}) refuse('A lease cannot be taken for that long.');
    return;
  }
  if (newDoc.who !== userCtx.name) refuse('Written in another member\\'s name.');
  if (oldDoc && !oldDoc._deleted && oldDoc.who !== newDoc.who) refuse('Only its author can change this.');
  if (newDoc.kind !== kind.slice(0, -1)) refuse('The document is not of the kind its id says.');
  if (!isText(newDoc.device)) refuse('The document does not name its device.');
  if (kind === 'claim:') {
    if (!isTime(newDoc.at) || newDoc.at > now + ${MAX_AHEAD_MS}) refuse('A claim says when it was made.');
  } else if (kind === 'presence:') {
    if (id !== 'presence:' + newDoc.who + ':' + newDoc.device) refuse('Its id does not match what it holds.');
    if (!isTime(newDoc.until) || newDoc.until > now + ${MAX_PRESENCE_MS}) refuse('Presence cannot last that long.');
    if (newDoc.composing !== null && !(typeof newDoc.composing === 'string' && newDoc.composing.length <= 1000)) refuse('Presence names what is being written.');
  } else if (kind === 'change:') {
    var change = newDoc.change;
    if (!change || typeof change !== 'object' || !isText(change.id) || typeof change.itemKey !== 'string') refuse('A change holds what changed.');
    if (change.who !== newDoc.who || change.device !== newDoc.device) refuse('A change names two different authors.');
    checkStamp(newDoc.hlc, newDoc.device);
    if (id !== 'change:' + change.itemKey + ':' + newDoc.hlc) refuse('Its id does not match what it holds.');
  } else if (kind === 'event:') {
    checkStamp(newDoc.hlc, newDoc.device);
    if (typeof newDoc.itemKey !== 'string' || id !== 'event:' + newDoc.itemKey + ':' + newDoc.hlc) refuse('Its id does not match what it holds.');
    if (newDoc.id !== newDoc.device + ':' + newDoc.hlc) refuse('Its entry id does not match its id.');
  } else if (kind === 'outbox:') {
    if (!isText(newDoc.outboxId) || id !== 'outbox:' + newDoc.device + ':' + newDoc.outboxId) refuse('Its id does not match what it holds.');
  } else if (kind === 'settings:') {
    if (typeof newDoc.scope !== 'string' || !isText(newDoc.id) || id !== 'settings:' + newDoc.scope + ':' + newDoc.id + ':' + newDoc.device) refuse('Its id does not match what it holds.');
    if (!newDoc.fields || typeof newDoc.fields !== 'object') refuse('Settings hold their fields.');
    for (var name in newDoc.fields) {
      var field = newDoc.fields[name];
      if (!field || typeof field !== 'object') refuse('A settings field is not well formed.');
      checkStamp(field.at);
    }
  } else if (kind === 'content:') {
    if (typeof newDoc.scope !== 'string' || id.indexOf('content:' + newDoc.scope + ':') !== 0) refuse('Its id does not match what it holds.');
  }
}`;

/** The design document as a JSON body for `PUT /<workspace>/_design/team`. */
export function teamDesignDoc(): { _id: string; validate_doc_update: string } {
  return { _id: TEAM_DESIGN_DOC_ID, validate_doc_update: VALIDATE_DOC_UPDATE_SOURCE };
}
