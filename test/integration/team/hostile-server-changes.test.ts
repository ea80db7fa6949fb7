// Issue 28, item 8: a team server whose live `_changes` answer never ends (heartbeats for ever)
// took the web host from 164 MB to 3.1 GB: PouchDB reads each answer whole. The device reads at
// most a list's worth of it, closes the connection, retries with backoff and says why.
// The server stops itself after 300 MB, enough to show the buffering on code without the bound.
import { expect, it } from 'vitest';
import { eventually, runHostileCase } from './support/hostileCase.ts';

const MIB = 1024 * 1024;

it('an endless _changes answer costs a bounded read, the replication retries and says the server sent too much', { timeout: 240_000 }, async () => {
  const run = await runHostileCase({ kind: 'endless-changes', totalBytes: 300 * MIB });
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
