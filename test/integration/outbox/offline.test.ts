// Offline: with the service down, replies queue and wait; the app is restarted twice; when the
// service is back every reply is delivered exactly once, in the order it was written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxFixture } from '../service/harness.ts';
import { OutboxHarness, type OutsideComment, openFixture, uniqueText } from './harness.ts';

let fixture: SandboxFixture;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 100_000 });
});

afterAll(async () => {
  await fixture.faults({});
  await fixture.close();
});

describe('offline', () => {
  it('queues 20 replies while the service is down, survives two restarts, then delivers each once and in order', async () => {
    const h = new OutboxHarness(fixture);
    try {
      const refId = fixture.world.profiles[2]!.refId;
      const posts = [h.postOf(refId, 'facebook'), h.postOf(refId, 'instagram'), h.postOf(refId, 'twitter')];
      const comments: OutsideComment[] = [];
      for (let i = 0; i < 20; i++) comments.push(await h.outsideComment(posts[i % posts.length]!));
      const texts = comments.map((_, i) => uniqueText(`Offline reply ${String(i + 1).padStart(2, '0')}`));
      const before = await fixture.lastSeq();

      await fixture.faults({ down: true });
      h.outbox.start();
      const ids = texts.map((text, i) => h.outbox.enqueue(h.replyTo(refId, comments[i]!, text)).id);
      await h.until((items) => items[0]?.state === 'waiting' && items[0].failures >= 2, 'the first reply to wait');

      for (let restart = 0; restart < 2; restart++) {
        const outbox = await h.restart();
        expect(outbox.list().map((i) => i.id)).toEqual(ids);
        expect(outbox.list().every((i) => i.state === 'queued' || i.state === 'waiting')).toBe(true);
        const mark = h.events.length;
        outbox.start();
        outbox.nudge();
        const triedAgain = () => h.events.slice(mark).some((e) => e.type === 'changed' && e.item.id === ids[0] && e.item.state === 'sending');
        await h.until((items) => triedAgain() && items[0]!.state === 'waiting', 'the first reply to be tried and wait again while offline');
      }
      // Only the head of the queue was ever tried: the others kept their place behind it.
      expect(
        h.outbox
          .list()
          .slice(1)
          .every((i) => i.attempts === 0),
      ).toBe(true);
      expect(await fixture.lastSeq()).toBe(before);

      await fixture.faults({});
      h.outbox.nudge();
      await h.until((items) => items.every((i) => i.state === 'sent'), 'every reply to be sent', 30_000);

      const applied = (await fixture.ledger(before)).filter((e) => e.kind === 'comment.reply').map((e) => e.text);
      expect(applied).toEqual(texts);
    } finally {
      await fixture.faults({});
      await h.close();
    }
  });
});
