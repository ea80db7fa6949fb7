// Issue 28, item 8: a gzip bomb from the team server (a small body that inflates to gigabytes) took
// the web host to 6.3 GB. The device counts what it reads after decompression, which is lazy (the
// inflater waits for the reader), so the bomb costs the limit: the connection is closed there, the
// replication retries with backoff and says why. This bomb inflates to 300 MB, enough to show the
// buffering on code without the bound.
import { expect, it } from 'vitest';
import { eventually, runHostileCase } from './support/hostileCase.ts';

const MIB = 1024 * 1024;

it('a gzip bomb costs the limit, not the bomb, and the replication says the server sent too much', { timeout: 240_000 }, async () => {
  const run = await runHostileCase({ kind: 'gzip-bomb', totalBytes: 300 * MIB });
  try {
    expect(run.peakGrowthMib()).toBeLessThan(150);
    await eventually('the state says the answer was too large', () => run.workspace.replicationState() === 'answer-too-large');
    await run.workspace.record([{ id: 'c1', itemKey: 'facebook:s1', field: 'done', from: false, to: true, who: 'bob', device: 'laptop', at: 1 }]);
    expect(run.workspace.item('facebook:s1')?.state.done).toBe(true);
  } finally {
    await run.close();
  }
});
