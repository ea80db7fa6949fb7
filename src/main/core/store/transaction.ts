// One write transaction around a function: everything it does lands together or not at all.
import type { DatabaseSync } from 'node:sqlite';
import { rollbackQuietly } from './migrate.ts';

export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    rollbackQuietly(db);
    throw error;
  }
}
