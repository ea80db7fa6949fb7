// The reply outbox's task kinds, looked up by `task.kind` (taskKinds.ts): each kind's module sends
// its own way and keeps its own request in a row; a file written before the kinds were modules
// (fixture made by the code of commit 016634c) still opens with every row, and each row goes out
// through its kind.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { messageTask } from '../../../src/main/core/outbox/messageTask.ts';
import { ReplyOutbox } from '../../../src/main/core/outbox/replyOutbox.ts';
import { replyTask } from '../../../src/main/core/outbox/replyTask.ts';
import { parseItemRow, rowValuesOf } from '../../../src/main/core/outbox/rowCodec.ts';
import { OUTBOX_TASK_KIND_LIST, taskKindOf, taskKindOfStoredRequest } from '../../../src/main/core/outbox/taskKinds.ts';
import type { OutboxItem } from '../../../src/main/core/outbox/types.ts';
import { directMessage, OutboxBench, runFor, ScriptedClient, SteppingClock, socialReply } from './fakes.ts';

const OLD_FILE = new URL('../../fixtures/outbox/outbox-before-task-kinds.sqlite', import.meta.url).pathname;

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the table of task kinds', () => {
  it('gives each item kind its own module, and refuses a kind it does not have', () => {
    expect(taskKindOf({ kind: 'reply' })).toBe(replyTask);
    expect(taskKindOf({ kind: 'message' })).toBe(messageTask);
    expect(OUTBOX_TASK_KIND_LIST.map((kind) => kind.kind)).toEqual(['reply', 'message', 'review-reply', 'review-reply-delete']);
    expect(() => taskKindOf({ kind: 'review' } as unknown as Pick<OutboxItem, 'kind'>)).toThrow(TypeError);
  });

  it("sends a reply with the reply call and a message with the message call, each read back by its own kind's row", async () => {
    const bench = new OutboxBench({ undoMs: 0 });
    cleanups.push(() => bench.dispose());
    const reply = bench.outbox.enqueue(socialReply('A reply', 'c-1', 'p1'));
    const message = bench.outbox.enqueueMessage(directMessage('A message', undefined, 'p2'));
    bench.outbox.start();
    await runFor(bench.clock, 1_000);
    expect(bench.client.replies.map((call) => call.input.comment)).toEqual(['A reply']);
    expect(bench.client.sends.map((call) => call.input.message)).toEqual(['A message']);
    for (const item of [bench.outbox.get(reply.id), bench.outbox.get(message.id)]) {
      if (!item) throw new Error('an item is missing');
      const stored = JSON.parse(rowValuesOf(item).request as string) as Record<string, unknown>;
      // Exactly one kind owns each stored request: the item's own.
      expect(OUTBOX_TASK_KIND_LIST.filter((kind) => kind.ownsStoredRequest(stored))).toEqual([taskKindOfStoredRequest(stored)]);
      expect(taskKindOfStoredRequest(stored)?.kind).toBe(item.kind);
      const row = { ...rowValuesOf(item), seq: item.seq } as Parameters<typeof parseItemRow>[0];
      expect(parseItemRow(row)).toEqual({ ok: true, item });
    }
  });

  it('quarantines a row whose request no kind owns, with the reason', () => {
    const bench = new OutboxBench();
    cleanups.push(() => bench.dispose());
    const item = bench.outbox.enqueue(socialReply('Hello'));
    const row = { ...rowValuesOf(item), seq: item.seq, request: JSON.stringify({ to: 'review', comment: 'Hello' }) } as Parameters<typeof parseItemRow>[0];
    expect(parseItemRow(row)).toEqual({ ok: false, itemId: item.id, reason: 'request.to is neither "serviceComment" nor "socialComment"' });
  });
});

describe('an outbox file written before the task kinds', () => {
  it('opens with every row readable, and each row goes out through its kind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-old-rows-'));
    const path = join(dir, 'outbox-acct.sqlite');
    copyFileSync(OLD_FILE, path);
    // The rows were written on 20 November 2026; the instagram conversation's window is open until the 25th.
    const clock = new SteppingClock(Date.parse('2026-11-21T09:00:00Z'));
    const client = new ScriptedClient(clock);
    const outbox = ReplyOutbox.open({ path, client, accountIdentity: async () => ({ id: 'own' }), clock, reconcileSettleMs: 0 });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => outbox.close());

    expect(outbox.quarantined()).toEqual([]);
    const items = outbox.list();
    expect(items.map((item) => [item.kind, item.answers, item.text, taskKindOf(item).platforms(item)])).toEqual([
      ['reply', 'facebook:c-1', 'Thanks, Ana!', ['facebook']],
      ['reply', 'instagram:ig-9', 'See you Saturday', ['instagram', 'facebook']],
      ['message', 'dm:instagram:conv-7', 'Your order ships Monday', ['instagram']],
      ['message', 'dm:twitter:conv-8', 'DM me your address', ['twitter']],
    ]);
    expect(items[1]).toMatchObject({ thread: { servicePostId: 'post-3', parents: { instagram: 'ig-9', facebook: 'fb-9' } } });
    expect(items[2]).toMatchObject({ request: { recipientId: 'person-7', replyWindowClosesAt: Date.parse('2026-11-25T10:00:00Z') } });

    outbox.start();
    await runFor(clock, 2_000);
    expect(client.replies.map((call) => call.input.comment)).toEqual(['Thanks, Ana!', 'See you Saturday']);
    expect(client.sends.map((call) => [call.input.platform, call.input.recipientId, call.input.message])).toEqual([
      ['instagram', 'person-7', 'Your order ships Monday'],
      ['twitter', 'person-8', 'DM me your address'],
    ]);
    expect(outbox.list().map((item) => item.state)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });
});
