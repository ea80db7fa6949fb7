// PouchDB 9's replication reads its source's `info()` after each batch, for its progress figures,
// as `src.info().then(updateProgress)` with no rejection handler (pouchdb's replicate, finishBatch).
// When the server goes away at that moment (a socket hang up, a reset), the promise that `.then()`
// made rejects with nobody listening, and an unhandled rejection ends a Node process.
//
// Marking the promise `info()` returns as handled is not enough: `.then()` makes a new promise,
// which rejects on its own. So `info()` answers with a promise whose `.then()` results are marked
// handled too. Whoever awaits it, or chains a catch, still gets the rejection: only the "nobody
// handled this" report is gone. (Found by tagging every request of the server's database with its
// caller's stack: each unhandled "socket hang up" came from `_info`, i.e. from `info()`.)
class HandledPromise<T> extends Promise<T> {
  // What `.then()` makes is a plain promise (marked handled below), not another HandledPromise.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  override then<TResult1 = T, TResult2 = never>(
    onFulfilled?: ((value: T) => TResult1 | PromiseLike<TResult1>) | null,
    onRejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): Promise<TResult1 | TResult2> {
    const next = super.then(onFulfilled, onRejected);
    next.catch(() => undefined);
    return next;
  }
}

export function markInfoRejectionsHandled(database: PouchDB.Database): void {
  const info = database.info.bind(database);
  database.info = () => {
    const answer = info();
    answer.catch(() => undefined);
    const handled = new HandledPromise<unknown>((resolve, reject) => {
      answer.then(resolve, reject);
    });
    handled.catch(() => undefined);
    return handled;
  };
}
