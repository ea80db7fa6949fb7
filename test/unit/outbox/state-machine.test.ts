// The outbox's states and what a person may do in each, on a real file with a fake clock and a
// scripted service client: the undo window, edit, cancel, retry, refusals, order and fairness.
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxActionError, OutboxInputError } from '../../../src/main/core/outbox/errors.ts';
import type { OutboxItem } from '../../../src/main/core/outbox/types.ts';
import { replyResultOf } from '../../../src/main/core/service/operations/replies.ts';
import { networkDown, OutboxBench, refused, settle, socialReply } from './fakes.ts';

let bench: OutboxBench;

afterEach(async () => {
  await bench.dispose();
});

function statesOf(id: string): string[] {
  return bench.events.flatMap((e) => (e.type === 'changed' && e.item.id === id ? [e.item.state] : []));
}

describe('undo window', () => {
  it('sends nothing before created + undoMs, and sends at that moment', async () => {
    bench = new OutboxBench({ undoMs: 5_000 });
    const item = bench.outbox.enqueue(socialReply('Thanks!'));
    expect(item.sendAfter).toBe(item.created + 5_000);
    bench.outbox.start();
    await bench.clock.advance(4_999);
    expect(bench.client.replies).toHaveLength(0);
    await bench.clock.advance(1);
    expect(bench.client.replies).toHaveLength(1);
    expect(bench.outbox.get(item.id)!.state).toBe('sent');
  });

  it('undo (cancel within the window) means the reply is never sent', async () => {
    bench = new OutboxBench({ undoMs: 5_000 });
    const item = bench.outbox.enqueue(socialReply('Oops'));
    bench.outbox.start();
    await bench.clock.advance(2_000);
    expect(bench.outbox.cancel(item.id).state).toBe('cancelled');
    await bench.clock.advance(60_000);
    expect(bench.client.replies).toHaveLength(0);
  });

  it('an edit within the window changes what is sent', async () => {
    bench = new OutboxBench({ undoMs: 5_000 });
    const item = bench.outbox.enqueue(socialReply('Thnaks'));
    bench.outbox.start();
    bench.outbox.edit(item.id, 'Thanks');
    await bench.clock.advance(5_000);
    expect(bench.client.replies.map((r) => r.input.comment)).toEqual(['Thanks']);
  });
});

describe('what a person may do', () => {
  it('writes the reply to disk before enqueue returns: it is there after a restart', async () => {
    bench = new OutboxBench({ undoMs: 5_000 });
    const item = bench.outbox.enqueue(socialReply('Persisted'));
    const reopened = await bench.reopen();
    expect(reopened.get(item.id)).toEqual(item);
  });

  it('refuses to edit or cancel a reply in flight, and to edit, cancel or retry a sent one', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    const release = bench.client.holdReplies();
    const item = bench.outbox.enqueue(socialReply('In flight'));
    bench.outbox.start();
    await settle();
    expect(bench.outbox.get(item.id)!.state).toBe('sending');
    expect(() => bench.outbox.edit(item.id, 'x')).toThrow(OutboxActionError);
    expect(() => bench.outbox.cancel(item.id)).toThrow(/it is sending/);
    release();
    await settle();
    expect(bench.outbox.get(item.id)!.state).toBe('sent');
    expect(() => bench.outbox.edit(item.id, 'x')).toThrow(/it is sent/);
    expect(() => bench.outbox.cancel(item.id)).toThrow(/it is sent/);
    expect(() => bench.outbox.retry(item.id)).toThrow(/only failed or waiting/);
  });

  it("fails at once on a refusal (4xx) with the service's message, and a retry sends it again", async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.replyScript.push(refused(400, 215, 'The original post does not exist'));
    const item = bench.outbox.enqueue(socialReply('Hello'));
    bench.outbox.start();
    await settle();
    const failed = bench.outbox.get(item.id)!;
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toEqual({ code: '215', message: 'The original post does not exist' });
    expect(failed.results.facebook).toMatchObject({ state: 'failed', code: '215' });
    await bench.clock.advance(3_600_000);
    expect(bench.client.replies).toHaveLength(1);

    bench.outbox.edit(item.id, 'Hello again');
    const retried = bench.outbox.retry(item.id);
    expect(retried.state).toBe('queued');
    expect(retried.results).toEqual({});
    await settle();
    expect(bench.outbox.get(item.id)!.state).toBe('sent');
    expect(bench.client.replies.map((r) => r.input.comment)).toEqual(['Hello', 'Hello again']);
    expect(statesOf(item.id)).toEqual(['sending', 'failed', 'failed', 'queued', 'sending', 'sent']);
  });

  it('rejects a reply that could never be sent, with the rule it breaks', () => {
    bench = new OutboxBench();
    expect(() => bench.outbox.enqueue(socialReply('   '))).toThrow(OutboxInputError);
    expect(() =>
      bench.outbox.enqueue({
        target: { accountId: 'acct' },
        answers: 'linkedin:1',
        request: { to: 'socialComment', commentId: '1', platform: 'linkedin', comment: 'Hi' },
      }),
    ).toThrow(/commentUrn|URN/);
    expect(() =>
      bench.outbox.enqueue({
        target: { accountId: 'acct' },
        answers: 'facebook:1',
        request: { to: 'serviceComment', commentId: 'svc', platforms: ['facebook'], comment: 'Hi' },
      }),
    ).toThrow(/thread/);
    expect(() => bench.outbox.enqueue({ ...socialReply('Hi'), answers: 'no-network' })).toThrow(/answers/);
    expect(bench.outbox.list()).toEqual([]);
  });

  it('removes only finished replies, and says so', async () => {
    bench = new OutboxBench({ undoMs: 1_000 });
    const item = bench.outbox.enqueue(socialReply('To remove'));
    expect(() => bench.outbox.remove(item.id)).toThrow(/only sent or cancelled/);
    bench.outbox.cancel(item.id);
    bench.outbox.remove(item.id);
    expect(bench.outbox.get(item.id)).toBeNull();
    expect(bench.events.at(-1)).toEqual({ type: 'removed', id: item.id });
    expect(() => bench.outbox.cancel(item.id)).toThrow(/no such reply or message/);
  });
});

describe('several networks', () => {
  it("records each network's result; a retry goes only to the networks that refused it", async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.replyScript.push(
      replyResultOf({
        status: 'error',
        id: 'post-1',
        commentId: 'svc-1',
        facebook: { status: 'success', commentId: 'fb-1', sourceCommentId: 'p-fb', comment: 'Both', platform: 'facebook' },
        errors: [{ action: 'reply', status: 'error', code: 215, message: 'The instagram comment was deleted', platform: 'instagram' }],
      }),
    );
    const item = bench.outbox.enqueue({
      target: { accountId: 'acct' },
      answers: 'facebook:p-fb',
      request: { to: 'serviceComment', commentId: 'svc-parent', platforms: ['facebook', 'instagram'], comment: 'Both' },
      thread: { servicePostId: 'post-1', postNetworks: ['facebook', 'instagram'], parents: { facebook: 'p-fb', instagram: 'p-ig' } },
    });
    bench.outbox.start();
    await settle();
    const partly = bench.outbox.get(item.id)!;
    expect(partly.state).toBe('failed');
    expect(partly.results.facebook).toMatchObject({ state: 'sent', socialCommentId: 'fb-1', serviceCommentId: 'svc-1' });
    expect(partly.results.instagram).toMatchObject({ state: 'failed', code: '215', message: 'The instagram comment was deleted' });
    // The text is already on facebook: changing it now would make the networks disagree.
    expect(() => bench.outbox.edit(item.id, 'Other')).toThrow(/already posted on some/);

    bench.outbox.retry(item.id);
    await settle();
    const second = bench.client.replies[1]!.input;
    expect(second.to === 'serviceComment' && second.platforms).toEqual(['instagram']);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'sent', results: { facebook: { socialCommentId: 'fb-1' }, instagram: { state: 'sent' } } });
  });
});

describe('order', () => {
  it("keeps a profile's replies in order: a waiting reply holds the ones behind it", async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.replyScript.push(networkDown(), networkDown());
    const first = bench.outbox.enqueue(socialReply('first', 'c-1'));
    const second = bench.outbox.enqueue(socialReply('second', 'c-2'));
    bench.outbox.start();
    await settle();
    expect(bench.outbox.get(first.id)!.state).toBe('waiting');
    expect(bench.outbox.get(second.id)!.attempts).toBe(0);
    // Backoff with jitter 0.5: 750 ms after the first failure, 1,500 ms after the second.
    await bench.clock.advance(750);
    expect(bench.outbox.get(second.id)!.attempts).toBe(0);
    await bench.clock.advance(1_500);
    expect(bench.client.replies.map((r) => r.input.comment)).toEqual(['first', 'first', 'first', 'second']);
  });

  it('takes turns across profiles, least recently served first', async () => {
    bench = new OutboxBench({ undoMs: 0, maxConcurrent: 1 });
    bench.outbox.enqueue(socialReply('a1', 'a1', 'profile-a'));
    bench.outbox.enqueue(socialReply('a2', 'a2', 'profile-a'));
    bench.outbox.enqueue(socialReply('a3', 'a3', 'profile-a'));
    bench.outbox.enqueue(socialReply('b1', 'b1', 'profile-b'));
    bench.outbox.enqueue(socialReply('b2', 'b2', 'profile-b'));
    bench.outbox.start();
    await settle(100);
    expect(bench.client.replies.map((r) => r.input.comment)).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('never has two replies of one profile in flight, but serves two profiles at once', async () => {
    bench = new OutboxBench({ undoMs: 0, maxConcurrent: 4 });
    const release = bench.client.holdReplies();
    bench.outbox.enqueue(socialReply('a1', 'a1', 'profile-a'));
    bench.outbox.enqueue(socialReply('a2', 'a2', 'profile-a'));
    bench.outbox.enqueue(socialReply('b1', 'b1', 'profile-b'));
    bench.outbox.start();
    await settle();
    expect(bench.client.replies.map((r) => r.input.comment)).toEqual(['a1', 'b1']);
    release();
    await settle(100);
    expect(bench.outbox.list().map((i: OutboxItem) => i.state)).toEqual(['sent', 'sent', 'sent']);
  });
});

describe('pause and close', () => {
  it('close() waits for the reply in flight and records its outcome', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    const release = bench.client.holdReplies();
    const item = bench.outbox.enqueue(socialReply('Last one'));
    bench.outbox.start();
    await settle();
    let closed = false;
    const closing = bench.outbox.close().then(() => (closed = true));
    await settle();
    expect(closed).toBe(false);
    release();
    await closing;
    const reopened = bench.open();
    expect(reopened.get(item.id)!.state).toBe('sent');
  });

  it('sends nothing while paused and resumes on start()', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.outbox.start();
    bench.outbox.pause();
    bench.outbox.enqueue(socialReply('Paused'));
    await bench.clock.advance(10_000);
    expect(bench.client.replies).toHaveLength(0);
    bench.outbox.start();
    await settle();
    expect(bench.client.replies).toHaveLength(1);
  });

  it('refuses new replies once closed', async () => {
    bench = new OutboxBench();
    await bench.outbox.close();
    expect(() => bench.outbox.enqueue(socialReply('Too late'))).toThrow(/closed/);
    bench.open();
  });
});
