// The outbox against a live sandbox: a reply goes out once and records what happened on each of
// its networks; a refusal (215) fails at once with the service's message and can be edited and
// retried; a service answering 503 makes replies wait and then go out once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Network } from '../../../src/shared/networks.ts';
import type { SandboxFixture } from '../service/harness.ts';
import { countOf, OutboxHarness, openFixture, uniqueText } from './harness.ts';

let fixture: SandboxFixture;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 100_000 });
});

afterAll(async () => {
  await fixture.close();
});

describe('delivery', () => {
  it('sends a reply by social comment id exactly once and records its network result', async () => {
    const h = new OutboxHarness(fixture);
    try {
      const refId = fixture.world.profiles[2]!.refId;
      const comment = await h.outsideComment(h.postOf(refId, 'facebook'));
      const text = uniqueText('Thanks for asking!');
      const queued = h.outbox.enqueue(h.replyTo(refId, comment, text));
      expect(queued.state).toBe('queued');
      h.outbox.start();
      const sent = await h.untilItem(queued.id, (i) => i.state === 'sent', 'the reply to be sent');

      const result = sent.results.facebook;
      expect(result).toMatchObject({ state: 'sent', adopted: false });
      expect(result?.state === 'sent' && result.socialCommentId).toBeTruthy();
      expect(result?.state === 'sent' && result.serviceCommentId).toBeTruthy();
      expect(sent.attempts).toBe(1);
      expect(sent.outcomeUnknown).toBe(false);
      expect(countOf(await h.replyTexts(), text)).toBe(1);
      const states = h.events.filter((e) => e.type === 'changed' && e.item.id === queued.id).map((e) => (e.type === 'changed' ? e.item.state : ''));
      expect(states).toEqual(['sending', 'sent']);
    } finally {
      await h.close();
    }
  });

  it('sends a reply by service comment id to several networks in one request, with one result per network', async () => {
    const h = new OutboxHarness(fixture);
    try {
      // A service post on two or more networks, and a comment on it made through the service.
      const post = fixture.post((p) => p.serviceId !== null && fixture.networksOf(p.serviceId).length >= 2 && !p.flags.includes('commentsDisabled'));
      const servicePostId = post.serviceId!;
      const postNetworks = fixture.networksOf(servicePostId);
      const target = h.target(post.profileRefId);
      const made = await h.client.postComment(target, {
        on: 'servicePost',
        postId: servicePostId,
        networks: postNetworks,
        comment: uniqueText('Our own comment'),
      });
      const parents: Partial<Record<Network, string>> = {};
      for (const network of postNetworks) {
        const entry = (made as Record<string, unknown>)[network] as { commentId?: string } | undefined;
        if (entry?.commentId) parents[network] = entry.commentId;
      }
      const platforms = (Object.keys(parents) as Network[]).slice(0, 2);
      expect(platforms.length).toBe(2);

      const text = uniqueText('Replying on both networks');
      const queued = h.outbox.enqueue({
        target,
        answers: `${platforms[0]}:${parents[platforms[0]!]}`,
        request: { to: 'serviceComment', commentId: made.commentId, platforms, comment: text },
        thread: { servicePostId, postNetworks, parents },
      });
      h.outbox.start();
      const sent = await h.untilItem(queued.id, (i) => i.state === 'sent', 'the multi-network reply to be sent');

      for (const platform of platforms) {
        expect(sent.results[platform]).toMatchObject({ state: 'sent', adopted: false });
      }
      const ledger = (await fixture.ledger()).filter((e) => e.kind === 'comment.reply' && e.text === text);
      expect(ledger).toHaveLength(1);
    } finally {
      await h.close();
    }
  });

  it("fails a refused reply (215) at once with the service's message; edited and retried, it is sent", async () => {
    const h = new OutboxHarness(fixture);
    try {
      const post = fixture.post((p) => p.platform === 'instagram' && p.serviceId !== null && p.owned && !p.flags.includes('commentsDisabled'));
      const target = h.target(post.profileRefId);
      const networks = fixture.networksOf(post.serviceId!);
      const comment = await h.outsideComment(post);
      await h.client.updatePost(target, { id: post.serviceId!, disableComments: true, networks });

      const first = uniqueText('First draft');
      const queued = h.outbox.enqueue(h.replyTo(post.profileRefId, comment, first));
      h.outbox.start();
      const failed = await h.untilItem(queued.id, (i) => i.state === 'failed', 'the reply to fail');
      expect(failed.lastError).toEqual({ code: '215', message: 'Comments are disabled on this instagram post' });
      expect(failed.results.instagram).toMatchObject({ state: 'failed', code: '215' });
      expect(failed.attempts).toBe(1);

      await h.client.updatePost(target, { id: post.serviceId!, disableComments: false, networks });
      const second = uniqueText('Second draft');
      expect(h.outbox.edit(queued.id, second).text).toBe(second);
      h.outbox.retry(queued.id);
      const sent = await h.untilItem(queued.id, (i) => i.state === 'sent', 'the edited reply to be sent');
      expect(sent.results.instagram).toMatchObject({ state: 'sent' });

      const texts = await h.replyTexts();
      expect(countOf(texts, first)).toBe(0);
      expect(countOf(texts, second)).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('keeps replies waiting while the service answers 503, then sends each exactly once', async () => {
    const h = new OutboxHarness(fixture);
    try {
      const refId = fixture.world.profiles[1]!.refId;
      const post = h.postOf(refId, 'facebook');
      const texts = [uniqueText('Busy service 1'), uniqueText('Busy service 2')];
      const comments = [await h.outsideComment(post), await h.outsideComment(post)];
      await fixture.faults({ errorRate: 1, status: 503 });
      const items = texts.map((text, i) => h.outbox.enqueue(h.replyTo(refId, comments[i]!, text)));
      h.outbox.start();
      await h.untilItem(items[0]!.id, (i) => i.state === 'waiting' && i.failures >= 2, 'the first reply to wait after 503s');
      const waiting = h.outbox.get(items[0]!.id)!;
      expect(waiting.lastError?.code).toBe('150');
      // A 503 may come after the write was applied (a gateway): the thread is read before resending.
      expect(waiting.outcomeUnknown).toBe(true);
      // The second reply keeps its place behind the first.
      expect(h.outbox.get(items[1]!.id)!.attempts).toBe(0);

      await fixture.faults({});
      h.outbox.nudge();
      await h.until((all) => all.every((i) => i.state === 'sent'), 'both replies to be sent');
      const ledger = await h.replyTexts();
      expect(texts.map((t) => countOf(ledger, t))).toEqual([1, 1]);
      expect(ledger.filter((t) => texts.includes(t))).toEqual(texts);
    } finally {
      await fixture.faults({});
      await h.close();
    }
  });

  it('tells why a reply was refused (a wrong X key pair) without a key in any event or error', async () => {
    const h = new OutboxHarness(fixture);
    const realPair = fixture.xCredentials;
    fixture.xCredentials = { key: 'X-WRONG-KEY-5e6f7a', secret: 'X-WRONG-SECRET-8b9c0d' };
    try {
      const refId = fixture.world.profiles[2]!.refId;
      const comment = await h.outsideComment(h.postOf(refId, 'twitter'));
      const queued = h.outbox.enqueue(h.replyTo(refId, comment, uniqueText('To X')));
      h.outbox.start();
      const failed = await h.untilItem(queued.id, (i) => i.state === 'failed', 'the reply to be refused');
      expect(failed.lastError?.code).toBe('272');
      expect(failed.lastError?.message).toMatch(/X \(Twitter\) key pair/);

      const told = JSON.stringify(h.events);
      const secrets = [
        fixture.sandbox.apiKey,
        'X-WRONG-KEY-5e6f7a',
        'X-WRONG-SECRET-8b9c0d',
        ...fixture.world.profiles.flatMap((p) => (p.profileKey ? [p.profileKey] : [])),
      ];
      for (const secret of secrets) expect(told).not.toContain(secret);
    } finally {
      fixture.xCredentials = realPair;
      await h.close();
    }
  });
});
