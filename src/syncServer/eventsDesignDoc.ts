// The design document of a workspace's events database (`<workspace>-events`, decision 0072): the
// service's `comments` and `messages` events land there, POSTed by the team's proxy as the
// write-only identity `<workspace>-hook`, and every device follows its `_changes` as a nudge to read
// a post or conversation from the service. Its validation function is what keeps that identity
// write-only on a real CouchDB 3.x too: it may add an event, small and of the expected shape, and
// never change or remove one; members may remove only events more than a day old (pruning). Kept as
// ES5 source for the same reason as teamDesignDoc.ts: CouchDB runs it in its own engine.

export const EVENTS_DESIGN_DOC_ID = '_design/events';
/** An event larger than this (as stored, in UTF-8 bytes of JSON) is refused: the service's are a few hundred bytes. */
export const MAX_EVENT_BYTES = 4 * 1024;
/** Members may remove an event once it is older than this (the lease holder prunes hourly). */
export const EVENT_PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
/** The service's networks (src/shared/networks.ts's NETWORKS; the sync server imports nothing of the app, a unit test keeps them equal). */
export const EVENT_NETWORKS = ['bluesky', 'facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube', 'threads'] as const;
/** The actions the events database takes: what the app registers for. */
export const EVENT_ACTIONS = ['comments', 'messages'] as const;

/** The events database of a workspace. */
export function eventsDatabaseName(workspace: string): string {
  return `${workspace}-events`;
}

/** The write-only identity that adds events to that database (its password lives only in the proxy's configuration). */
export function hookUserName(workspace: string): string {
  return `${workspace}-hook`;
}

/**
 * `validate_doc_update(newDoc, oldDoc, userCtx)`. Server admins pass. A new event only from the
 * hook user, at most MAX_EVENT_BYTES, no attachments, `action` one of EVENT_ACTIONS, `refId` a
 * string of at most 100 characters, `platform` a network of the service, `created` an ISO time, a
 * comments event names its post (`socialPostId` or `postId`), a messages event its conversation,
 * each at most 200 characters. Other fields pass within the size (the service adds some); the app
 * never trusts any of it. No update by anyone; removal only by a member (never the hook) of an
 * event whose `created` is more than EVENT_PRUNE_AFTER_MS old.
 */
export function eventsValidationSource(workspace: string): string {
  return `function (newDoc, oldDoc, userCtx) {
  if (userCtx.roles.indexOf('_admin') !== -1) return;
  function refuse(reason) { throw({ forbidden: reason }); }
  function isId(value, most) { return typeof value === 'string' && value.length > 0 && value.length <= most; }
  var hook = ${JSON.stringify(hookUserName(workspace))};
  if (newDoc._deleted) {
    if (userCtx.name === hook) refuse('The hook can only add events.');
    if (!oldDoc || oldDoc._deleted) return;
    var created = typeof oldDoc.created === 'string' ? Date.parse(oldDoc.created) : NaN;
    if (!(created <= Date.now() - ${EVENT_PRUNE_AFTER_MS})) refuse('An event is removed only once it is more than a day old.');
    return;
  }
  if (oldDoc && !oldDoc._deleted) refuse('An event cannot be changed.');
  if (userCtx.name !== hook) refuse('Only the hook adds events.');
  if (newDoc._attachments) refuse('An event has no attachments.');
  if (unescape(encodeURIComponent(JSON.stringify(newDoc))).length > ${MAX_EVENT_BYTES}) refuse('The event is too large.');
  if (${JSON.stringify(EVENT_ACTIONS)}.indexOf(newDoc.action) === -1) refuse('Only comments and messages events are taken.');
  if (!isId(newDoc.refId, 100)) refuse('An event names its profile.');
  if (${JSON.stringify(EVENT_NETWORKS)}.indexOf(newDoc.platform) === -1) refuse('An event names its network.');
  if (typeof newDoc.created !== 'string' || newDoc.created.length > 40 || isNaN(Date.parse(newDoc.created))) refuse('An event says when it happened.');
  if (newDoc.action === 'comments' && !isId(newDoc.socialPostId, 200) && !isId(newDoc.postId, 200)) refuse('A comments event names its post.');
  if (newDoc.action === 'messages' && !isId(newDoc.conversationId, 200)) refuse('A messages event names its conversation.');
}`;
}

/** The design document as a JSON body for `PUT /<workspace>-events/_design/events`. */
export function eventsDesignDoc(workspace: string): { _id: string; validate_doc_update: string } {
  return { _id: EVENTS_DESIGN_DOC_ID, validate_doc_update: eventsValidationSource(workspace) };
}
