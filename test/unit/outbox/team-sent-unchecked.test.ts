// A reply the team lets go without its server's check (solo multi-device mode, the server away;
// decision 0075): the outbox item itself says so, beside a hold, so its card keeps the warning
// across a restart (the outbox file's `sent_unchecked`, schema 2); a later try that was checked
// takes the warning off. These were the assertions on team-sent-unchecked.json before.
import { afterEach, expect, it } from 'vitest';
import type { TeamAnswer } from '../../../src/main/core/outbox/types.ts';
import { networkDown, OutboxBench, runFor, socialReply } from './fakes.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('keeps "sent without the check" on the item across a restart', async () => {
  const bench = new OutboxBench({ undoMs: 0, teamHold: async () => 'unchecked' });
  cleanups.push(() => bench.dispose());
  const unchecked = bench.outbox.enqueue(socialReply('Sent while the team server was away'));
  bench.outbox.start();
  await runFor(bench.clock, 500);
  expect(bench.outbox.get(unchecked.id)).toMatchObject({ state: 'sent', sentUnchecked: true });
  const reopened = await bench.reopen();
  expect(reopened.get(unchecked.id)).toMatchObject({ state: 'sent', sentUnchecked: true });
  expect(reopened.quarantined()).toEqual([]);
});

it('takes the mark off when a later try was checked after all', async () => {
  const answers: TeamAnswer[] = ['unchecked', null];
  const bench = new OutboxBench({ undoMs: 0, backoff: { baseMs: 100, maxMs: 100 }, teamHold: async () => answers.shift() ?? null });
  cleanups.push(() => bench.dispose());
  bench.client.replyScript.push(networkDown());
  const item = bench.outbox.enqueue(socialReply('First try unchecked, second checked'));
  bench.outbox.start();
  for (let step = 0; step < 100 && (bench.client.replies.length === 0 || bench.outbox.get(item.id)?.state !== 'waiting'); step++)
    await runFor(bench.clock, 10, 10);
  expect(bench.client.replies).toHaveLength(1);
  // The first try went unchecked (and may have been posted): the item says so while it waits.
  expect(bench.outbox.get(item.id)?.sentUnchecked).toBe(true);
  await runFor(bench.clock, 2_000);
  expect(bench.client.replies).toHaveLength(2);
  expect(bench.outbox.get(item.id)?.state).toBe('sent');
  expect(bench.outbox.get(item.id)?.sentUnchecked).toBeUndefined();
  expect((await bench.reopen()).get(item.id)?.sentUnchecked).toBeUndefined();
});
