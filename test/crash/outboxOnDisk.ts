// What a life of the crash test's child left on disk, read with plain SQL (not through the outbox,
// so that recovering a reply left "sending" stays the next child's job): writes still to go, those
// in flight, and the latest time written.
import { DatabaseSync } from 'node:sqlite';

export interface OutboxOnDisk {
  /** Queued, waiting or sending. */
  pending: number;
  /** Left "sending": in the middle of a send or of a check of the thread. */
  sending: number;
  /** The latest `updated` of any row (epoch ms), 0 when there is none. */
  lastUpdated: number;
}

export function readOutboxOnDisk(path: string): OutboxOnDisk {
  const db = new DatabaseSync(path);
  try {
    const count = (states: string) => (db.prepare(`SELECT count(*) AS n FROM items WHERE state IN (${states})`).get() as { n: number }).n;
    const last = db.prepare('SELECT max(updated) AS at FROM items').get() as { at: number | null };
    return {
      pending: count("'queued', 'waiting', 'sending'"),
      sending: count("'sending'"),
      lastUpdated: last.at ?? 0,
    };
  } finally {
    db.close();
  }
}
