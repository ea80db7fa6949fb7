// Reconciliation: which reply in a thread is ours to adopt, and the outbox's behaviour around it —
// a lost answer is never followed by a blind resend, a process that died mid-send checks first, a
// check that finds nothing inside the settle window waits and looks again.
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptableReply, earliestOurs, findComment } from '../../../src/main/core/outbox/reconciliation.ts';
import type { CommentRecord } from '../../../src/shared/wire/comments.ts';
import { answerLost, OutboxBench, OWN_ID, runFor, settle, socialReply, threadWith } from './fakes.ts';

let bench: OutboxBench | undefined;

afterEach(async () => {
  await bench?.dispose();
  bench = undefined;
});

function record(commentId: string, comment: string, created: string, fromId = OWN_ID): CommentRecord {
  return { commentId, comment, created, platform: 'facebook', from: { id: fromId, username: 'x' } };
}

describe('which reply is ours', () => {
  const criteria = { authorId: OWN_ID, text: 'Thanks!', notBefore: Date.parse('2026-05-01T12:00:00Z'), claimedByOther: () => false };

  it('adopts a reply by the account, with the same text, made no earlier than the first attempt', () => {
    const ours = record('r1', 'Thanks!', '2026-05-01T12:00:03Z');
    expect(adoptableReply([ours], criteria)).toBe(ours);
  });

  it('does not adopt a reply by someone else, with other text, or made before the first attempt', () => {
    expect(adoptableReply([record('r1', 'Thanks!', '2026-05-01T12:00:03Z', 'stranger')], criteria)).toBeNull();
    expect(adoptableReply([record('r2', 'Thanks!!', '2026-05-01T12:00:03Z')], criteria)).toBeNull();
    expect(adoptableReply([record('r3', 'Thanks!', '2026-05-01T11:59:59Z')], criteria)).toBeNull();
    expect(adoptableReply([record('r4', 'Thanks!', 'not a date')], criteria)).toBeNull();
  });

  it('does not adopt a reply another item owns; of several candidates it takes the earliest', () => {
    const replies = [
      record('late', 'Thanks!', '2026-05-01T12:00:09Z'),
      record('taken', 'Thanks!', '2026-05-01T12:00:01Z'),
      record('early', 'Thanks!', '2026-05-01T12:00:05Z'),
    ];
    expect(adoptableReply(replies, { ...criteria, claimedByOther: (id) => id === 'taken' })?.commentId).toBe('early');
  });

  it('allows for the service\'s whole seconds and for clock skew when bounding "no earlier than"', () => {
    const firstAttempt = Date.parse('2026-05-01T12:00:00.900Z');
    expect(earliestOurs(firstAttempt, 0)).toBe(Date.parse('2026-05-01T12:00:00Z'));
    expect(earliestOurs(firstAttempt, 120_000)).toBe(Date.parse('2026-05-01T11:58:00Z'));
  });

  it('finds the parent at any depth of a thread', () => {
    const deep = record('deep', 'q', '2026-05-01T00:00:00Z');
    const tree = [{ ...record('top', 'q', '2026-05-01T00:00:00Z'), replies: [{ ...record('mid', 'q', '2026-05-01T00:00:00Z'), replies: [deep] }] }];
    expect(findComment(tree, 'deep')).toBe(deep);
    expect(findComment(tree, 'none')).toBeNull();
  });
});

describe('the outbox around a lost answer', () => {
  it('reads the thread after a lost answer and adopts its reply there instead of sending again', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.replyScript.push(answerLost());
    const item = bench.outbox.enqueue(socialReply('Thanks!', 'c-9'));
    bench.outbox.start();
    await settle();
    const waiting = bench.outbox.get(item.id)!;
    expect(waiting).toMatchObject({ state: 'waiting', outcomeUnknown: true, attempts: 1 });
    const created = new Date(waiting.firstAttemptAt!).toISOString().replace(/\.\d+Z$/, 'Z');
    bench.client.readScript.push(threadWith('facebook', 'c-9', [{ commentId: 'fb-ours', comment: 'Thanks!', created, fromId: OWN_ID }]));
    await runFor(bench.clock, 1_000);

    expect(bench.client.replies).toHaveLength(1);
    expect(bench.client.reads.map((r) => r.address)).toEqual([{ by: 'socialComment', id: 'c-9', platform: 'facebook' }]);
    expect(bench.outbox.get(item.id)).toMatchObject({
      state: 'sent',
      outcomeUnknown: false,
      results: { facebook: { state: 'sent', socialCommentId: 'fb-ours', adopted: true } },
    });
  });

  it('sends again after a lost answer when the thread has no reply of ours', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.replyScript.push(answerLost());
    bench.client.readScript.push(
      threadWith('facebook', 'c-1', [{ commentId: 'theirs', comment: 'Thanks!', created: '2026-05-01T12:00:00Z', fromId: 'stranger' }]),
    );
    const item = bench.outbox.enqueue(socialReply('Thanks!'));
    bench.outbox.start();
    await runFor(bench.clock, 1_000);
    expect(bench.client.reads).toHaveLength(1);
    expect(bench.client.replies).toHaveLength(2);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'sent', attempts: 2, results: { facebook: { adopted: false } } });
  });

  it('inside the settle window, a check that finds nothing waits for the window and checks again before sending', async () => {
    bench = new OutboxBench({ undoMs: 0, reconcileSettleMs: 600_000 });
    bench.client.replyScript.push(answerLost());
    const item = bench.outbox.enqueue(socialReply('Cached?'));
    bench.outbox.start();
    await runFor(bench.clock, 5_000);
    expect(bench.client.reads).toHaveLength(1);
    const waiting = bench.outbox.get(item.id)!;
    expect(waiting).toMatchObject({ state: 'waiting', outcomeUnknown: true, lastError: { code: 'checking' } });
    expect(waiting.nextAttemptAt).toBe(waiting.lastAttemptAt! + 600_000);
    await runFor(bench.clock, 590_000, 10_000);
    expect(bench.client.replies).toHaveLength(1);
    await runFor(bench.clock, 10_000, 1_000);
    expect(bench.client.reads).toHaveLength(2);
    expect(bench.client.replies).toHaveLength(2);
    expect(bench.outbox.get(item.id)!.state).toBe('sent');
  });

  it('refuses to edit or cancel while an earlier attempt may be posted', async () => {
    bench = new OutboxBench({ undoMs: 0, reconcileSettleMs: 600_000 });
    bench.client.replyScript.push(answerLost());
    const item = bench.outbox.enqueue(socialReply('Maybe posted'));
    bench.outbox.start();
    await settle();
    expect(() => bench!.outbox.edit(item.id, 'Changed')).toThrow(/may already be posted/);
    expect(() => bench!.outbox.cancel(item.id)).toThrow(/may already be posted/);
  });

  it('a cancel asked for while an earlier attempt may be posted is kept on disk, and the check finds nothing: cancelled, nothing sent again', async () => {
    bench = new OutboxBench({ undoMs: 0, reconcileSettleMs: 600_000 });
    bench.client.replyScript.push(answerLost());
    const item = bench.outbox.enqueue(socialReply('Take it back'));
    bench.outbox.start();
    await settle();
    const asked = bench.outbox.cancelOnceChecked(item.id);
    expect(asked).toMatchObject({ state: 'waiting', outcomeUnknown: true, cancelRequested: true });
    // Retry is refused: the check decides now.
    expect(() => bench!.outbox.retry(item.id)).toThrow(/being cancelled/);
    // Through a restart: the wish is on disk.
    await bench.reopen();
    expect(bench.outbox.get(item.id)).toMatchObject({ outcomeUnknown: true, cancelRequested: true });
    bench.outbox.start();
    await runFor(bench.clock, 700_000, 10_000);
    expect(bench.client.replies).toHaveLength(1);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'cancelled', outcomeUnknown: false });
  });

  it('a cancel asked for while an earlier attempt may be posted, and the check finds it: it was posted', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    bench.client.replyScript.push(answerLost());
    const item = bench.outbox.enqueue(socialReply('Posted after all', 'c-7'));
    bench.outbox.start();
    await settle();
    const waiting = bench.outbox.cancelOnceChecked(item.id);
    const created = new Date(waiting.firstAttemptAt!).toISOString().replace(/\.\d+Z$/, 'Z');
    bench.client.readScript.push(threadWith('facebook', 'c-7', [{ commentId: 'fb-7', comment: 'Posted after all', created, fromId: OWN_ID }]));
    await runFor(bench.clock, 10_000, 1_000);
    expect(bench.client.replies).toHaveLength(1);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'sent', cancelRequested: true, results: { facebook: { adopted: true } } });
  });

  it("fails, still unknown, when the account's identity on the network is not known; a retry checks first", async () => {
    bench = new OutboxBench({ undoMs: 0, accountIdentity: async () => null });
    bench.client.replyScript.push(answerLost());
    const item = bench.outbox.enqueue(socialReply('Who am I'));
    bench.outbox.start();
    await runFor(bench.clock, 1_000);
    expect(bench.outbox.get(item.id)).toMatchObject({ state: 'failed', outcomeUnknown: true, lastError: { code: 'identity-unknown' } });
    expect(bench.client.replies).toHaveLength(1);
    expect(bench.client.reads).toHaveLength(0);
  });
});

describe('a process that died while sending', () => {
  it('reopens a reply left "sending" as waiting with its outcome unknown, and reads the thread before anything else', async () => {
    bench = new OutboxBench({ undoMs: 0 });
    const item = bench.outbox.enqueue(socialReply('Interrupted'));
    await bench.outbox.close();
    // What a SIGKILL during the request leaves on disk: the row as written just before sending.
    const at = bench.clock.now();
    const db = new DatabaseSync(bench.path);
    db.prepare("UPDATE items SET state = 'sending', outcome_unknown = 1, attempts = 1, first_attempt_at = ?, last_attempt_at = ? WHERE id = ?").run(
      at,
      at,
      item.id,
    );
    db.close();

    const reopened = bench.open();
    expect(reopened.get(item.id)).toMatchObject({ state: 'waiting', outcomeUnknown: true, lastError: { code: 'interrupted' } });
    reopened.start();
    await settle();
    expect(bench.client.calls).toEqual(['read', 'reply']);
    expect(reopened.get(item.id)).toMatchObject({ state: 'sent', attempts: 2 });
  });
});
