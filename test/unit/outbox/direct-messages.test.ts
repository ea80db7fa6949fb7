// Direct messages in the outbox: the same queue, file, lanes and states as replies, sent with
// POST /messages; an unknown outcome is settled against the conversation before any resend; the
// reply window of facebook and instagram is checked when a message is written and again before it goes.
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxInputError } from '../../../src/main/core/outbox/errors.ts';
import type { MessageItem } from '../../../src/main/core/outbox/types.ts';
import { answerLost, conversationWith, directMessage, networkDown, OutboxBench, runFor, settle, socialReply } from './fakes.ts';

let bench: OutboxBench | undefined;

afterEach(async () => {
  await bench?.dispose();
  bench = undefined;
});

/** The service's `created` of a message made at epoch ms `at` (whole seconds). */
function serviceTime(at: number): string {
  return new Date(at).toISOString().replace(/\.\d+Z$/, 'Z');
}

describe('a direct message in the outbox', () => {
  it('goes out once after the undo window, and is read back from the file as a message', async () => {
    bench = new OutboxBench({ undoMs: 5_000 });
    const item = bench.outbox.enqueueMessage(directMessage('Hello there'));
    expect(item).toMatchObject({ kind: 'message', state: 'queued', text: 'Hello there', answers: 'dm:facebook:conv-1' });
    bench.outbox.start();
    await runFor(bench.clock, 4_000);
    expect(bench.client.sends).toHaveLength(0);
    await runFor(bench.clock, 2_000);
    expect(bench.client.sends.map((s) => s.input)).toEqual([{ platform: 'facebook', recipientId: 'person-1', message: 'Hello there' }]);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'sent', results: { facebook: { state: 'sent', socialCommentId: 'm1', adopted: false } } });

    const reopened = await bench.reopen();
    expect(reopened.get(item.id)).toMatchObject({ kind: 'message', state: 'sent', request: { conversationId: 'conv-1', recipientId: 'person-1' } });
  });

  it("keeps its place in the profile's lane behind a reply written first", async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.replyScript.push(networkDown());
    bench.outbox.enqueue(socialReply('First, a reply', 'c-1', 'p1'));
    const message = bench.outbox.enqueueMessage(directMessage('Then a message', undefined, 'p1'));
    bench.outbox.start();
    await settle();
    // The reply waits (offline): the message behind it in the same profile waits too.
    expect(bench.client.sends).toHaveLength(0);
    await runFor(bench.clock, 5_000);
    expect(bench.client.calls.filter((c) => c === 'reply' || c === 'send')).toEqual(['reply', 'reply', 'send']);
    expect(bench.outbox.get(message.id)?.state).toBe('sent');
  });

  it('is refused when written: empty, over the network limit, a closed window, a wrong conversation key', () => {
    bench = new OutboxBench();
    const now = bench.clock.now();
    const refusal = (input: ReturnType<typeof directMessage>) => {
      try {
        bench?.outbox.enqueueMessage(input);
      } catch (error) {
        expect(error).toBeInstanceOf(OutboxInputError);
        return (error as OutboxInputError).issues.map((issue) => issue.message).join(' | ');
      }
      return 'accepted';
    };
    expect(refusal(directMessage('   '))).toMatch(/empty/);
    expect(refusal(directMessage('x'.repeat(2_001)))).toMatch(/2,?000/);
    expect(refusal(directMessage('Hi', now - 1))).toMatch(/window closed at/);
    expect(refusal({ ...directMessage('Hi'), answers: 'dm:facebook:other' })).toMatch(/dm:facebook:conv-1/);
    expect(refusal(directMessage('Hi', now + 60_000))).toBe('accepted');
    expect(bench.outbox.list()).toHaveLength(1);
  });

  it('fails with the reason, unsent, when its reply window closes while it waits', async () => {
    bench = new OutboxBench({ undoMs: 0, backoff: { baseMs: 60_000, maxMs: 60_000 } });
    bench.client.sendScript.push(networkDown());
    const item = bench.outbox.enqueueMessage(directMessage('Still there?', bench.clock.now() + 30_000));
    bench.outbox.start();
    await settle();
    expect(bench.outbox.get(item.id)?.state).toBe('waiting');
    await runFor(bench.clock, 70_000);
    expect(bench.client.sends).toHaveLength(1);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'failed', lastError: { code: 'reply-window-closed' } });
    expect(bench.outbox.get(item.id)?.lastError?.message).toMatch(/7 days of the person's last message/);
  });

  it('after a lost answer reads the conversation and adopts the message there instead of sending again', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.sendScript.push(answerLost());
    const item = bench.outbox.enqueueMessage(directMessage('On its way'));
    bench.outbox.start();
    await settle();
    const waiting = bench.outbox.get(item.id) as MessageItem;
    expect(waiting).toMatchObject({ state: 'waiting', outcomeUnknown: true, attempts: 1 });
    const at = serviceTime(waiting.firstAttemptAt ?? 0);
    bench.client.conversationScript.push(
      conversationWith([
        { id: 'other-text', action: 'sent', message: 'On its way!', created: at },
        { id: 'theirs', action: 'received', message: 'On its way', created: at },
        { id: 'ours', action: 'sent', message: 'On its way', created: at },
      ]),
    );
    await runFor(bench.clock, 2_000);
    expect(bench.client.sends).toHaveLength(1);
    expect(bench.outbox.get(item.id)).toMatchObject({
      state: 'sent',
      outcomeUnknown: false,
      results: { facebook: { socialCommentId: 'ours', adopted: true } },
    });
  });

  it('sends again, once, when the conversation read after a lost answer does not have it', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.sendScript.push(answerLost());
    const item = bench.outbox.enqueueMessage(directMessage('Once only'));
    bench.outbox.start();
    await settle();
    const before = serviceTime((bench.outbox.get(item.id)?.firstAttemptAt ?? 0) - 60_000);
    bench.client.conversationScript.push(conversationWith([{ id: 'old', action: 'sent', message: 'Once only', created: before }]));
    await runFor(bench.clock, 2_000);
    expect(bench.client.calls).toEqual(['send', 'conversation', 'send']);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'sent', results: { facebook: { adopted: false } } });
  });

  it('does not adopt a message another item owns: two identical messages are two sends', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    const first = bench.outbox.enqueueMessage(directMessage('Thanks!'));
    bench.outbox.start();
    await settle();
    const owned = bench.outbox.get(first.id);
    expect(owned?.state).toBe('sent');
    bench.client.sendScript.push(answerLost());
    const second = bench.outbox.enqueueMessage(directMessage('Thanks!'));
    await settle();
    const at = serviceTime(bench.outbox.get(second.id)?.firstAttemptAt ?? 0);
    bench.client.conversationScript.push(conversationWith([{ id: 'm1', action: 'sent', message: 'Thanks!', created: at }]));
    await runFor(bench.clock, 2_000);
    expect(bench.client.sends).toHaveLength(3);
    expect(bench.outbox.get(second.id)).toMatchObject({ state: 'sent', results: { facebook: { adopted: false } } });
  });

  it('takes new text while queued, and keeps request and text together across a reopen', async () => {
    bench = new OutboxBench({ undoMs: 60_000 });
    const item = bench.outbox.enqueueMessage(directMessage('Draft'));
    bench.outbox.edit(item.id, 'Final words');
    expect(() => bench?.outbox.edit(item.id, '')).toThrow(OutboxInputError);
    const reopened = await bench.reopen();
    expect(reopened.get(item.id)).toMatchObject({ text: 'Final words', request: { message: 'Final words' } });
  });
});
