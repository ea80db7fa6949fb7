// Issue 28, item 8: a team server answering with a body of a gigabyte (sent lazily, its length
// announced) took the web host to 2.9 GB: PouchDB reads each answer whole. The device reads at most
// a document's worth of an answer that should be one (the database's info, a checkpoint), closes
// the connection, retries with backoff and says why. The server sends 300 MB per answer, enough to
// show the buffering on code without the bound.
import { expect, it } from 'vitest';
import { eventually, runHostileCase } from './support/hostileCase.ts';

const MIB = 1024 * 1024;

it('a body of hundreds of megabytes costs a bounded read, the replication retries and says the server sent too much', { timeout: 240_000 }, async () => {
  const run = await runHostileCase({ kind: 'huge-body', totalBytes: 300 * MIB });
  try {
    expect(run.peakGrowthMib()).toBeLessThan(150);
    await eventually('the state says the answer was too large', () => run.workspace.replicationState() === 'answer-too-large');
    await run.workspace.record([{ id: 'c1', itemKey: 'facebook:s1', field: 'done', from: false, to: true, who: 'bob', device: 'laptop', at: 1 }]);
    expect(run.workspace.item('facebook:s1')?.state.done).toBe(true);
  } finally {
    await run.close();
  }
});
