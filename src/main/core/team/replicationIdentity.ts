// PouchDB names a replication's checkpoint after `src.id()` + `target.id()`. For a server database,
// `id()` asks the server for its uuid (`GET /`) and, when that request fails, quietly answers the
// database's address instead. So a replication that restarts while the server is away or coming
// back (every retry does) can get another name, find no checkpoint under it, and read the whole
// workspace again from the start; the sync server (express-pouchdb) also makes a new uuid at each
// start. Nothing is lost that way, but a device replays everything after each server restart.
// The workspace's address is this device's name for the server's database: stable across
// restarts, retries and server uuids. (A server replaced by an empty one at the same address has
// no checkpoint of ours, so replication starts from the beginning there, as it should.)
export function keepReplicationIdentity(database: PouchDB.Database, workspaceUrl: string): void {
  const identity = `team-server:${workspaceUrl}`;
  database.id = () => Promise.resolve(identity);
}
