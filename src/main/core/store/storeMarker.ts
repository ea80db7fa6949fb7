// A store file that vanished or was emptied opens as a new, empty database: SQLite cannot tell it
// from a first start. A small marker beside the file, written once a store has been made there,
// can: with the marker present, a missing or 0-byte store file is a loss to tell, not a first start.
// (A 0-byte file without the marker is a first start that stopped before its first write.)
import { existsSync, statSync, writeFileSync } from 'node:fs';

export interface LostStore {
  kind: 'missing' | 'corrupt';
  reason: string;
}

export function markerOf(file: string): string {
  return `${file}.created`;
}

/** Whether the store file is gone or empty though a store was made here before; null when not. */
export function lostStore(file: string): LostStore | null {
  if (!existsSync(markerOf(file))) return null;
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return null;
    return { kind: 'missing', reason: "The store's file was missing, though a store had been made here before" };
  }
  return size === 0 ? { kind: 'corrupt', reason: "The store's file was empty (0 bytes), though a store had been made here before" } : null;
}

/** Notes that a store lives here now; a failure to write it only costs the check above. */
export function markStoreMade(file: string, now: number): void {
  const marker = markerOf(file);
  if (existsSync(marker)) return;
  try {
    writeFileSync(marker, `${new Date(now).toISOString()}\n`);
  } catch {
    // a read-only data directory: the store itself says so when it is written
  }
}
