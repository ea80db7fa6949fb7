// Exactly once when the answer is lost: the sandbox applies the reply and drops the connection
// (dropAfterCommitRate), or answers too late for the client (latency beyond its timeout). The
// outbox reads the thread, finds its reply there and adopts it instead of posting it again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import type { Network } from '../../../src/shared/networks.ts';
import type { SandboxFixture } from '../service/harness.ts';
import { countOf, OutboxHarness, openFixture, uniqueText } from './harness.ts';

let fixture: SandboxFixture;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 100_000 });
});

afterEach(async () => {
  await fixture.faults({});
});

afterAll(async () => {
  await fixture.close();
});

describe('exactly once', () => {
  it('adopts a reply whose answer was dropped after the service applied it, and does not send it again', async () => {
    const h = new OutboxHarness(fixture);
    try {
      const refId = fixture.world.profiles[3]!.refId;
      const comment = await h.outsideComment(h.postOf(refId, 'facebook'));
      const text = uniqueText('Dropped answer');
      await fixture.faults({ dropAfterCommitRate: 1 });
      const queued = h.outbox.enqueue(h.replyTo(refId, comment, text));
      h.outbox.start();
      const sent = await h.untilItem(queued.id, (i) => i.state === 'sent', 'the reply to be adopted');

      expect(sent.results.facebook).toMatchObject({ state: 'sent', adopted: true });
      expect(sent.attempts).toBe(1);
      const unknown = h.events.find((e) => e.type === 'changed' && e.item.id === queued.id && e.item.state === 'waiting');
      expect(unknown?.type === 'changed' && unknown.item.lastError?.code).toBe('outcome-unknown');
      expect(countOf(await h.replyTexts(), text)).toBe(1);
    } finally {
      await h.close();
    }
  });

  it("adopts a multi-network reply by service comment id on each network from the post's comments", async () => {
    const h = new OutboxHarness(fixture);
    try {
      const post = fixture.post(
        (p) =>
          p.serviceId !== null &&
          fixture.networksOf(p.serviceId).length >= 2 &&
          !p.flags.includes('commentsDisabled') &&
          p.profileRefId === fixture.world.profiles[4]!.refId,
      );
      const servicePostId = post.serviceId!;
      const postNetworks = fixture.networksOf(servicePostId);
      const target = h.target(post.profileRefId);
      const made = await h.client.postComment(target, { on: 'servicePost', postId: servicePostId, networks: postNetworks, comment: uniqueText('Our comment') });
      const parents: Partial<Record<Network, string>> = {};
      for (const network of postNetworks) {
        const entry = (made as Record<string, unknown>)[network] as { commentId?: string } | undefined;
        if (entry?.commentId) parents[network] = entry.commentId;
      }
      const platforms = Object.keys(parents) as Network[];
      const text = uniqueText('Everywhere at once');
      await fixture.faults({ dropAfterCommitRate: 1 });
      const queued = h.outbox.enqueue({
        target,
        answers: `${platforms[0]}:${parents[platforms[0]!]}`,
        request: { to: 'serviceComment', commentId: made.commentId, platforms, comment: text },
        thread: { servicePostId, postNetworks, parents },
      });
      h.outbox.start();
      const sent = await h.untilItem(queued.id, (i) => i.state === 'sent', 'the reply to be adopted on every network');

      for (const platform of platforms) expect(sent.results[platform]).toMatchObject({ state: 'sent', adopted: true });
      expect(countOf(await h.replyTexts(), text)).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('after a timeout, reads the thread and sends again only when the reply is not there, once', async () => {
    // The client gives up after 200 ms (undici's coarse timer: within about a second) while the
    // sandbox sleeps 1.5 s; the sandbox then finds the connection gone and does not apply it. The
    // outbox cannot know that: it reads the thread, finds nothing, and sends again only once the
    // settle window after its first attempt has passed.
    const h = new OutboxHarness(fixture, { outbox: { reconcileSettleMs: 1_000 }, transport: { headersTimeoutMs: 200 } });
    try {
      const refId = fixture.world.profiles[1]!.refId;
      const comment = await h.outsideComment(h.postOf(refId, 'instagram'));
      const text = uniqueText('Slow service');
      await fixture.faults({ latencyMs: 1_500 });
      const queued = h.outbox.enqueue(h.replyTo(refId, comment, text));
      h.outbox.start();
      await h.untilItem(queued.id, (i) => i.state === 'waiting' && i.outcomeUnknown, 'the timeout');
      expect(h.outbox.get(queued.id)!.lastError?.code).toBe('outcome-unknown');
      await fixture.faults({});

      const sent = await h.untilItem(queued.id, (i) => i.state === 'sent', 'the reply to be sent');
      expect(sent.attempts).toBe(2);
      const changes = h.events.flatMap((e) => (e.type === 'changed' && e.item.id === queued.id ? [e.item] : []));
      const firstSend = changes.find((i) => i.state === 'sending' && i.attempts === 1)!;
      const check = changes.findIndex((i) => i.state === 'sending' && i.attempts === 1 && i.outcomeUnknown && i.lastError?.code === 'outcome-unknown');
      const resend = changes.findIndex((i) => i.state === 'sending' && i.attempts === 2);
      // The thread was read before the second attempt, and that attempt waited for the settle window.
      expect(check).toBeGreaterThan(-1);
      expect(check).toBeLessThan(resend);
      expect(changes[resend]!.lastAttemptAt! - firstSend.lastAttemptAt!).toBeGreaterThanOrEqual(1_000);
      expect(countOf(await h.replyTexts(), text)).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('does not resend when the first check misses the reply (a stale comment cache): it looks again and adopts it', async () => {
    // The fault: the first read of the thread answers with the thread as it was before the reply,
    // as the service's cached comment list would for up to 10 minutes.
    let stale: Awaited<ReturnType<ServiceClient['getComments']>> | null = null;
    let reads = 0;
    const h = new OutboxHarness(fixture, {
      outbox: { reconcileSettleMs: 1_500 },
      wrapClient: (client) => ({
        reply: (target, input, options) => client.reply(target, input, options),
        sendMessage: (target, input, options) => client.sendMessage(target, input, options),
        getConversation: (target, input, options) => client.getConversation(target, input, options),
        getComments: async (target, address, options) => {
          reads++;
          return reads === 1 && stale ? stale : client.getComments(target, address, options);
        },
      }),
    });
    try {
      const refId = fixture.world.profiles[4]!.refId;
      const comment = await h.outsideComment(h.postOf(refId, 'instagram'));
      stale = await h.client.getComments(h.target(refId), { by: 'socialComment', id: comment.commentId, platform: 'instagram' });
      const text = uniqueText('Cached thread');
      await fixture.faults({ dropAfterCommitRate: 1 });
      const queued = h.outbox.enqueue(h.replyTo(refId, comment, text));
      h.outbox.start();
      const sent = await h.untilItem(queued.id, (i) => i.state === 'sent', 'the reply to be adopted');

      expect(reads).toBe(2);
      expect(sent.attempts).toBe(1);
      expect(sent.results.instagram).toMatchObject({ state: 'sent', adopted: true });
      expect(h.events.some((e) => e.type === 'changed' && e.item.id === queued.id && e.item.lastError?.code === 'checking')).toBe(true);
      expect(countOf(await h.replyTexts(), text)).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('never adopts a reply another item owns: two identical replies to one comment both get posted', async () => {
    const h = new OutboxHarness(fixture);
    try {
      const refId = fixture.world.profiles[2]!.refId;
      const comment = await h.outsideComment(h.postOf(refId, 'instagram'));
      const text = uniqueText('Same words twice');
      const first = h.outbox.enqueue(h.replyTo(refId, comment, text));
      h.outbox.start();
      const firstSent = await h.untilItem(first.id, (i) => i.state === 'sent', 'the first reply');

      await fixture.faults({ dropAfterCommitRate: 1 });
      const second = h.outbox.enqueue(h.replyTo(refId, comment, text));
      const secondSent = await h.untilItem(second.id, (i) => i.state === 'sent', 'the second reply to be adopted');

      const firstId = firstSent.results.instagram?.state === 'sent' ? firstSent.results.instagram.socialCommentId : null;
      const secondId = secondSent.results.instagram?.state === 'sent' ? secondSent.results.instagram.socialCommentId : null;
      expect(secondSent.results.instagram).toMatchObject({ adopted: true });
      expect(secondId).not.toBe(firstId);
      expect(countOf(await h.replyTexts(), text)).toBe(2);
    } finally {
      await h.close();
    }
  });
});
