// PouchDB 9's replication reads its source's `info()` after each batch, for its progress figures,
// without a catch (`src.info().then(...)` in pouchdb's replicate, and its task's `createTask`). When
// the server goes away at that moment, the rejection is unhandled, and an unhandled rejection ends
// a Node process. This marks every `info()` promise of the server's database as handled, and every
// promise chained on one with `then` (the replication's own `.then(...)` is a new promise, rejected
// in turn); whoever awaits it still gets the rejection. (Another unhandled "socket hang up" from
// PouchDB's HTTP adapter is still open: see test/integration/team/server-restart.test.ts.)

/** A promise whose `then` chains are marked handled too; awaiting one still sees its rejection. */
class HandledPromise<T> extends Promise<T> {
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    const next = super.then(onFulfilled, onRejected);
    // Promise.prototype.then, not ours: ours here would mark its own marker, without end.
    void Promise.prototype.then.call(next, undefined, () => undefined);
    return next;
  }
}

export function markInfoRejectionsHandled(database: PouchDB.Database): void {
  const info = database.info.bind(database);
  database.info = () => {
    const answer = HandledPromise.resolve(info());
    void Promise.prototype.then.call(answer, undefined, () => undefined);
    return answer;
  };
}
