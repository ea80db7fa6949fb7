// A reply a team holds for the person's choice (app/teamClaims.ts): who answered first and when
// stay with it on disk (in last_error's JSON: no new column), so a restarted app still shows
// "Ann answered …: send yours too?"; nothing is sent while it is held.
import { afterEach, expect, it } from 'vitest';
import { OutboxBench, runFor, socialReply } from './fakes.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('keeps who answered first with a held reply across a restart, and sends nothing', async () => {
  const answeredBy = { who: 'ann', device: 'laptop', at: 1_700_000_000_000 };
  const bench = new OutboxBench({
    undoMs: 0,
    teamHold: async () => ({
      error: { code: 'team-answered', message: 'ann already answered this comment, so yours was not sent.', answeredBy },
      retryAt: null,
    }),
  });
  cleanups.push(() => bench.dispose());
  const item = bench.outbox.enqueue(socialReply('Bob here'));
  bench.outbox.start();
  await runFor(bench.clock, 500);
  expect(bench.outbox.get(item.id)).toMatchObject({ state: 'failed', lastError: { code: 'team-answered', answeredBy } });
  const reopened = await bench.reopen();
  expect(reopened.get(item.id)).toMatchObject({ state: 'failed', lastError: { code: 'team-answered', answeredBy } });
  expect(reopened.quarantined()).toEqual([]);
  expect(bench.client.replies).toEqual([]);
});
