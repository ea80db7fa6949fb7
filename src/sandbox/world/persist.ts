// The --state file: the whole world as JSON, written atomically (a temporary file, fsync, rename)
// so a crash mid-save leaves the previous file whole; a file that does not parse is refused with a
// clear error and left untouched, never overwritten.
import { accessSync, closeSync, constants, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { WorldState } from './types.ts';

export class StateFileError extends Error {
  readonly path: string;

  constructor(path: string, reason: string) {
    super(`Sandbox state file ${path} cannot be used: ${reason}`);
    this.name = 'StateFileError';
    this.path = path;
  }
}

export function loadState(path: string): WorldState | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // No file yet: a new world, saved at exit. Check now that it can be saved there, rather than
      // lose the whole session's world at the first SIGTERM.
      try {
        accessSync(dirname(resolve(path)), constants.W_OK);
      } catch {
        throw new StateFileError(path, `its folder ${dirname(resolve(path))} does not exist or is not writable`);
      }
      return null;
    }
    throw new StateFileError(path, (error as Error).message);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(path, `not valid JSON (${(error as Error).message})`);
  }
  const state = value as Partial<WorldState> | null;
  if (typeof state !== 'object' || state?.version !== 1) {
    throw new StateFileError(path, 'not a sandbox state of version 1');
  }
  const lists = ['profiles', 'servicePosts', 'networkPosts', 'comments', 'serviceComments', 'ledger', 'deliveries'] as const;
  for (const list of lists) {
    if (!Array.isArray(state[list])) throw new StateFileError(path, `"${list}" is missing or not a list`);
  }
  // Direct messages came later: a file saved before them loads with none.
  for (const list of ['conversations', 'messages'] as const) {
    if (state[list] === undefined) state[list] = [];
    else if (!Array.isArray(state[list])) throw new StateFileError(path, `"${list}" is not a list`);
  }
  if (typeof state.account?.apiKey !== 'string' || typeof state.seed !== 'number') {
    throw new StateFileError(path, 'the account or the seed is missing');
  }
  if (!state.profiles?.some((p) => p.profileKey === null)) throw new StateFileError(path, 'it has no primary profile');
  return state as WorldState;
}

export function saveState(path: string, state: WorldState): void {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, JSON.stringify(state));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}
