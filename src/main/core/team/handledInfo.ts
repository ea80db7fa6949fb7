// PouchDB 9's replication reads its source's `info()` after each batch, for its progress figures,
// without a catch (`src.info().then(...)` in pouchdb's replicate). When the server goes away at that
// moment, the rejection is unhandled, and an unhandled rejection ends a Node process (seen in CI as
// "socket hang up" while a test stopped the server). This marks every `info()` promise of the
// server's database as handled; whoever awaits it still gets the rejection.
export function markInfoRejectionsHandled(database: PouchDB.Database): void {
  const info = database.info.bind(database);
  database.info = () => {
    const answer = info();
    answer.catch(() => undefined);
    return answer;
  };
}
