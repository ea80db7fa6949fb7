// Waiting and retrying: the backoff schedule (exponential, capped, with jitter) measured on a fake
// clock; which failures wait and which fail; a nudge when connectivity returns.
import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/main/core/outbox/backoff.ts';
import { decideAfterRead, decideAfterSend } from '../../../src/main/core/outbox/failureDecision.ts';
import { AbortedError, RateBudgetSpentError, RequestInvalidError, SchemaMismatchError, TimeoutError } from '../../../src/main/core/service/errors.ts';
import { KeyVaultError } from '../../../src/main/core/service/keyVaultError.ts';
import { answerLost, networkDown, OutboxBench, refused, runFor, settle, socialReply } from './fakes.ts';

let bench: OutboxBench | undefined;

afterEach(async () => {
  await bench?.dispose();
  bench = undefined;
});

describe('backoff schedule', () => {
  const settings = { baseMs: 2_000, maxMs: 300_000 };

  it('doubles from the base up to the cap; jitter moves a wait between half its step and the step', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, settings, () => 1))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);
    expect([1, 2, 3].map((n) => backoffDelay(n, settings, () => 0))).toEqual([1_000, 2_000, 4_000]);
    expect(backoffDelay(9, settings, () => 1)).toBe(300_000);
    expect(backoffDelay(200, settings, () => 0.5)).toBe(225_000);
  });

  it('waits by that schedule between tries while the service cannot be reached, on the clock, without polling', async () => {
    bench = new OutboxBench({ undoMs: 0, backoff: { baseMs: 1_000, maxMs: 8_000 } });
    for (let i = 0; i < 6; i++) bench.client.replyScript.push(networkDown());
    const item = bench.outbox.enqueue(socialReply('Patience'));
    bench.outbox.start();
    await settle();
    expect(bench.clock.sleeping).toBe(1);
    await runFor(bench.clock, 40_000);
    const times = bench.client.replies.map((r) => r.at);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // random() = 0.5: three quarters of each step; the step doubles from 1 s and stops at 8 s.
    expect(gaps).toEqual([750, 1_500, 3_000, 6_000, 6_000, 6_000]);
    expect(bench.outbox.get(item.id)!.state).toBe('sent');
    expect(bench.outbox.get(item.id)!.failures).toBe(0);
  });

  it('a nudge (connectivity is back) makes a waiting reply due at once', async () => {
    bench = new OutboxBench({ undoMs: 0, backoff: { baseMs: 60_000, maxMs: 600_000 } });
    bench.client.replyScript.push(networkDown());
    const item = bench.outbox.enqueue(socialReply('Back online'));
    bench.outbox.start();
    await settle();
    expect(bench.outbox.get(item.id)!.nextAttemptAt).toBe(bench.clock.now() + 45_000);
    bench.outbox.nudge();
    await settle();
    expect(bench.client.replies).toHaveLength(2);
    expect(bench.outbox.get(item.id)!.state).toBe('sent');
  });
});

describe('which failures wait and which fail', () => {
  it('network errors, timeouts before sending, 429 and a spent budget wait; the outcome stays known', () => {
    for (const error of [networkDown(), new TimeoutError('reply', 'connect'), refused(429, 140, 'Rate limit'), new RateBudgetSpentError('reply', 5_000, 0)]) {
      const decision = decideAfterSend(error);
      expect(decision).toMatchObject({ next: 'wait', outcomeUnknown: false });
    }
    expect(decideAfterSend(new RateBudgetSpentError('reply', 5_000, 0))).toMatchObject({ notBefore: 5_000 });
  });

  it('a lost answer and a 5xx wait with the outcome unknown (the thread is read before resending)', () => {
    expect(decideAfterSend(answerLost())).toMatchObject({ next: 'wait', outcomeUnknown: true, error: { code: 'outcome-unknown' } });
    expect(decideAfterSend(refused(503, 150, 'Service unavailable'))).toMatchObject({ next: 'wait', outcomeUnknown: true, error: { code: '150' } });
  });

  it('a key the vault does not have waits (nothing left: the request needs the key), backs off, and asks for the key in words', () => {
    const missing = new KeyVaultError('missing', 'api-key', 'the API key of account acme', 'No API key is configured for account acme.');
    const decision = decideAfterSend(missing);
    expect(decision).toMatchObject({ next: 'wait', outcomeUnknown: false, countsAsFailure: true, error: { code: 'missing-key' } });
    expect(decision.error.message).toBe('The API key of account acme is missing. Enter the key again in Settings → Accounts → Replace keys.');
    // Reading the thread for an earlier attempt needs the key too: the outcome stays what it was.
    expect(decideAfterRead(missing)).toMatchObject({ next: 'wait', outcomeUnknown: true, error: { code: 'missing-key' } });
  });

  it("4xx refusals and invalid requests fail at once with the service's message", () => {
    expect(decideAfterSend(refused(400, 215, 'Invalid comment'))).toMatchObject({
      next: 'fail',
      outcomeUnknown: false,
      error: { code: '215', message: 'Invalid comment' },
    });
    expect(decideAfterSend(new RequestInvalidError('reply', [{ path: 'comment', message: 'empty' }]))).toMatchObject({
      next: 'fail',
      error: { code: 'invalid-request' },
    });
  });

  it('an applied write whose answer is unreadable counts as sent, never as "send again"', () => {
    const unreadable = new SchemaMismatchError({ operation: 'reply', path: '', problem: 'not JSON', status: 200, writeOutcome: 'applied' });
    expect(decideAfterSend(unreadable)).toMatchObject({ next: 'applied' });
  });

  it('an abort at quit waits without counting as a failure; an error of unknown origin is treated as possibly posted', () => {
    expect(decideAfterSend(new AbortedError('reply'))).toMatchObject({ next: 'wait', countsAsFailure: false, outcomeUnknown: false });
    expect(decideAfterSend(new Error('API-KEY-123 leaked?'))).toMatchObject({ next: 'wait', outcomeUnknown: true, error: { code: 'internal' } });
    expect(JSON.stringify(decideAfterSend(new Error('API-KEY-123 leaked?')))).not.toContain('API-KEY-123');
  });

  it('a failed read of the thread keeps the outcome unknown, whatever it was', () => {
    expect(decideAfterRead(networkDown())).toMatchObject({ next: 'wait', outcomeUnknown: true });
    expect(decideAfterRead(refused(401, 102, 'Invalid API key'))).toMatchObject({ next: 'fail', outcomeUnknown: true });
  });

  it('a 503 on the reply makes it wait, read the thread, then send again when its reply is not there', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.replyScript.push(refused(503, 150, 'Service unavailable'));
    const item = bench.outbox.enqueue(socialReply('Busy'));
    bench.outbox.start();
    await settle();
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'waiting', outcomeUnknown: true, lastError: { code: '150' } });
    await runFor(bench.clock, 1_000);
    expect(bench.client.reads).toHaveLength(1);
    expect(bench.client.replies).toHaveLength(2);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'sent', outcomeUnknown: false, attempts: 2 });
  });
});
