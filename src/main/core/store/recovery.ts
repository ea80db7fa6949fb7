// A store file the app cannot use is moved aside, never deleted: the person (or support) can still
// look at it, and the app starts on a fresh file that the sync refills from the service.
import { existsSync, renameSync } from 'node:fs';

/** Renames the file and its WAL companions to `<file>.unusable-<time>`; returns the new name. */
export function moveAside(file: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let target = `${file}.unusable-${stamp}`;
  for (let n = 2; existsSync(target); n += 1) target = `${file}.unusable-${stamp}-${n}`;
  // The WAL holds committed pages not yet in the main file: it travels with it.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  if (existsSync(file)) renameSync(file, target);
  return target;
}
