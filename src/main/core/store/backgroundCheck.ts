// The full check (PRAGMA quick_check, every page of every table) of a store file, run in a worker
// thread on a connection of its own, so that every start is checked without waiting for it:
// at 100,000 comments (a 91 MB file) it reads for about 230 ms, more than the whole open is
// allowed (< 200 ms), and SQLite's calls block the thread they run on.
import { Worker } from 'node:worker_threads';

// Inline (eval) rather than a file of its own: the main process is bundled into one file, and a
// worker script beside it would need a build entry of its own. Plain CommonJS for that reason.
const CHECK_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
let db;
try {
  db = new DatabaseSync(workerData.file, { timeout: 5000 });
  const rows = db.prepare('PRAGMA quick_check(5)').all();
  parentPort.postMessage({ problems: rows.map((row) => String(row.quick_check)).filter((line) => line !== 'ok') });
} catch (error) {
  const code = error !== null && typeof error === 'object' && typeof error.errcode === 'number' ? error.errcode & 0xff : null;
  parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error), code });
} finally {
  try { db?.close(); } catch {}
}
`;

/** SQLITE_CORRUPT, SQLITE_NOTADB: the check could not even read the file's structure. */
const CORRUPT_CODES = new Set([11, 26]);

export interface BackgroundCheck {
  /** What SQLite found wrong ([] for a sound file, or when the check could not run: that says nothing of the file). */
  result: Promise<string[]>;
  /** Stops the check (the store is closing). */
  stop(): void;
}

export function checkInBackground(file: string): BackgroundCheck {
  let worker: Worker;
  try {
    worker = new Worker(CHECK_SCRIPT, { eval: true, workerData: { file }, stderr: true });
  } catch {
    return { result: Promise.resolve([]), stop: () => {} };
  }
  const result = new Promise<string[]>((resolve) => {
    worker.once('message', (message: { problems?: string[]; failed?: string; code?: number | null }) => {
      if (message.problems) resolve(message.problems);
      else resolve(message.code !== undefined && message.code !== null && CORRUPT_CODES.has(message.code) ? [message.failed ?? 'damaged'] : []);
    });
    worker.once('error', () => resolve([]));
    worker.once('exit', () => resolve([]));
  });
  // The check must never keep a process alive that is otherwise done.
  worker.unref();
  return {
    result,
    stop: () => {
      void worker.terminate();
    },
  };
}
