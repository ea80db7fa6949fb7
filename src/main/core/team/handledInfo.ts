// PouchDB 9's replication reads its source's `info()` after each batch, for its progress figures,
// without a catch (`src.info().then(...)` in pouchdb's replicate). When the server goes away at that
// moment, the rejection is unhandled, and an unhandled rejection ends a Node process. This marks
// every `info()` promise of the server's database as handled; whoever awaits it still gets the
// rejection, and so does whoever awaits a promise derived from it.
export function markInfoRejectionsHandled(database: PouchDB.Database): void {
  const info = database.info.bind(database);
  database.info = () => handled(info());
}

/**
 * The promise, and every promise derived from it with `then`, marked handled: replicate's
 * `src.info().then(onFulfilled)` has no rejection handler, so its derived promise rejected unhandled
 * too (the "socket hang up" seen while a proxy was cut). Awaiting any of them still rejects.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  const then = promise.then.bind(promise);
  promise.then = ((onFulfilled, onRejected) => handled(then(onFulfilled, onRejected))) as Promise<T>['then'];
  return promise;
}
