// Issue 28, item 8: a team server whose answers are too large for a device to hold. Each took the
// web host to gigabytes because PouchDB reads each answer whole:
// - a live `_changes` answer that never ends (heartbeats for ever): 164 MB to 3.1 GB;
// - a body of a gigabyte (sent lazily, its length announced): 2.9 GB;
// - a gzip bomb (a small body that inflates to gigabytes): 6.3 GB.
// The device reads at most a list's worth of a list and a document's worth of anything else,
// counted after decompression (which is lazy: the inflater waits for the reader, so a bomb costs the
// limit), closes the connection, retries with backoff and says why. Each server sends 300 MB per
// answer, enough to show the buffering on code without the bound.
import { expect, it } from 'vitest';
import { eventually, runHostileCase } from './support/hostileCase.ts';

const MIB = 1024 * 1024;

const CASES = [
  { kind: 'endless-changes', says: 'an endless _changes answer' },
  { kind: 'huge-body', says: 'a body of hundreds of megabytes' },
  { kind: 'gzip-bomb', says: 'a gzip bomb' },
] as const;

it.each(CASES)('$says costs a bounded read, the replication retries and says the server sent too much', { timeout: 240_000 }, async ({ kind }) => {
  const run = await runHostileCase({ kind, totalBytes: 300 * MIB });
  try {
    expect(run.peakGrowthMib()).toBeLessThan(150);
    await eventually('the state says the answer was too large', () => run.workspace.replicationState() === 'answer-too-large');
    // The workspace still answers, and still records this device's own work.
    await run.workspace.record([{ id: 'c1', itemKey: 'facebook:s1', field: 'done', from: false, to: true, who: 'bob', device: 'laptop', at: 1 }]);
    expect(run.workspace.item('facebook:s1')?.state.done).toBe(true);
  } finally {
    await run.close();
  }
});
