// PouchDB 9's replication reads its source's `info()` after each batch, for its progress figures,
// without a catch (`src.info().then(...)` in pouchdb's replicate). When the server goes away at that
// moment, the rejection is unhandled, and an unhandled rejection ends a Node process. This marks
// every `info()` promise of the server's database as handled; whoever awaits it still gets the
// rejection. (Another unhandled "socket hang up" from PouchDB's HTTP adapter is still open: see
// test/integration/team/server-restart.test.ts.)
export function markInfoRejectionsHandled(database: PouchDB.Database): void {
  const info = database.info.bind(database);
  database.info = () => {
    const answer = info();
    answer.catch(() => undefined);
    return answer;
  };
}
