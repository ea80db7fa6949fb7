// A repair of express-pouchdb 4.2.0 with pouchdb-security: a member's `_changes` is wrapped in an
// event emitter (pouchdb-changeslike-wrapper) that re-emits the feed's 'error' event, and for a
// plain (not continuous) feed the route listens to the promise only. So a feed that fails at once
// (`?filter=_view&view=team/x` on a design document without views, `?filter=team/nothing`,
// `?filter=_selector` without a selector, a malformed filter name) emitted 'error' with nobody
// listening, and Node ended the whole server; a continuous feed listens to the emitter only, and its
// promise's rejection went unhandled, which ends Node too. The error still reaches the route (through
// the promise, or the emitter), which answers it (404, 400) as CouchDB does; this only keeps the
// emitter from throwing and the promise from counting as unhandled.

type Changes = (...args: unknown[]) => unknown;

function isEmitter(value: unknown): value is { on(event: string, listener: () => void): unknown } {
  return typeof value === 'object' && value !== null && 'on' in value && typeof value.on === 'function';
}

function isThenable(value: unknown): value is { then(onFulfilled: undefined, onRejected: () => void): unknown } {
  return typeof value === 'object' && value !== null && 'then' in value && typeof value.then === 'function';
}

/** Wraps `db.changes` (registered after express-pouchdb's wrappers, so this is the outermost). */
export function handleChangesErrors(db: { changes: Changes }): void {
  const changes = db.changes.bind(db);
  db.changes = (...args) => {
    const feed = changes(...args);
    if (isEmitter(feed)) feed.on('error', () => undefined);
    if (isThenable(feed)) feed.then(undefined, () => undefined);
    return feed;
  };
}
