// The sync server's data folder holds every workspace's documents, the members' password hashes
// (LevelDB files of `_users`), its log and the admin password file: nothing another account on the
// computer should read. So the server's process creates files for its own account only (umask 077:
// folders 0700, files 0600, the LevelDB files and the log included), and at start it takes back a
// folder made before this rule (or by a looser umask), folders and files alike.
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const MAX_DEPTH = 8;

function tighten(path: string, depth: number): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    if (depth < MAX_DEPTH) for (const entry of readdirSync(path)) tighten(join(path, entry), depth + 1);
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.mode & 0o700 & ~0o100);
  }
}

/** Sets the process's umask to 077 and makes `dataDir` and everything in it private to this account. */
export function keepPrivate(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // A worker thread cannot set it (tests); the folder itself is still made private below.
  }
  tighten(dataDir, 0);
}
