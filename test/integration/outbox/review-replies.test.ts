// A reply to a review and the removal of a reply are task kinds on the one durable queue (issue 31,
// item 6; src/main/core/outbox/reviewTask.ts), over the real client against a started sandbox:
// sent once after the undo window (and not at all when undone), queued while the service is down
// and sent once when it is back, edited and cancelled like a reply, and after an answer lost once
// the write was applied (Facebook: the client never resends) settled by reading the review back:
// the sandbox's ledger has exactly one reply each time. A restart in the middle keeps it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewNetwork } from '../../../src/shared/reviews.ts';
import { OutboxHarness, openFixture, uniqueText } from './harness.ts';
import type { SandboxFixture } from '../service/harness.ts';

let fixture: SandboxFixture;
const harnesses: OutboxHarness[] = [];

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000 });
});
afterEach(async () => {
  await fixture.faults({});
  for (const harness of harnesses.splice(0)) await harness.close();
});
afterAll(async () => {
  await fixture.close();
});

function harness(options: ConstructorParameters<typeof OutboxHarness>[1] = {}): OutboxHarness {
  const made = new OutboxHarness(fixture, options);
  harnesses.push(made);
  return made;
}

/** A new review made through the control call (as a person writing one), to be answered. */
async function newReview(platform: ReviewNetwork, rating: number | string, text: string): Promise<{ refId: string; id: string }> {
  const made = (await fixture.control('POST', '/reviews', { platform, rating, review: text })) as { profileRefId: string; review: { id: string } };
  return { refId: made.profileRefId, id: made.review.id };
}

async function reviewReplies(): Promise<{ kind: string; ids: string[]; text: string | null }[]> {
  return (await fixture.ledger()).filter((entry) => entry.kind === 'review.reply' || entry.kind === 'review.replyDelete');
}

function payload(platform: ReviewNetwork, reviewId: string, reply: string) {
  return { kind: 'review-reply' as const, request: { platform, reviewId, reply }, thread: null };
}

describe('a reply to a review on the one durable queue', () => {
  it('goes once after the undo window; undone within it, it never goes', async () => {
    const h = harness({ outbox: { undoMs: 300 } });
    h.outbox.start();
    const review = await newReview('gmb', 1, 'Cold coffee.');
    const text = uniqueText('Sorry about the coffee');
    const item = h.outbox.enqueueTask({ target: h.target(review.refId), answers: `review:gmb:${review.id}`, payload: payload('gmb', review.id, text) });
    expect(item).toMatchObject({ kind: 'review-reply', state: 'queued', text });
    await h.untilItem(item.id, (i) => i.state === 'sent', 'the reply sent');
    expect((await reviewReplies()).filter((e) => e.text === text)).toEqual([expect.objectContaining({ kind: 'review.reply', ids: [review.id, 'gmb'] })]);

    const undone = h.outbox.enqueueTask({
      target: h.target(review.refId),
      answers: `review:gmb:${review.id}`,
      payload: payload('gmb', review.id, uniqueText('never')),
    });
    h.outbox.cancel(undone.id);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(h.outbox.get(undone.id)?.state).toBe('cancelled');
    expect((await reviewReplies()).filter((e) => e.text === undone.text)).toEqual([]);
  });

  it('is refused before it is queued when it could never go: no words, or longer than Google takes', () => {
    const h = harness();
    expect(() => h.outbox.enqueueTask({ target: h.target(fixture.primary.refId), answers: 'review:gmb:x', payload: payload('gmb', 'x', '  ') })).toThrow(
      /empty/,
    );
    expect(() =>
      h.outbox.enqueueTask({ target: h.target(fixture.primary.refId), answers: 'review:gmb:x', payload: payload('gmb', 'x', 'é'.repeat(2049)) }),
    ).toThrow(/4,096 bytes/);
  });

  it('edited before it goes, it goes once with its new words', async () => {
    const h = harness({ outbox: { undoMs: 400 } });
    h.outbox.start();
    const review = await newReview('gmb', 2, 'Slow service.');
    const item = h.outbox.enqueueTask({
      target: h.target(review.refId),
      answers: `review:gmb:${review.id}`,
      payload: payload('gmb', review.id, 'first words'),
    });
    const text = uniqueText('Sorry for the wait');
    expect(h.outbox.edit(item.id, text)).toMatchObject({ text, request: { reply: text } });
    await h.untilItem(item.id, (i) => i.state === 'sent', 'sent');
    expect((await reviewReplies()).filter((e) => e.ids[0] === review.id).map((e) => e.text)).toEqual([text]);
  });

  it('queued while the service is down, kept across a restart, goes once the service is back', async () => {
    const h = harness();
    const review = await newReview('facebook', 'negative', 'Waited an hour.');
    await fixture.faults({ down: true });
    h.outbox.start();
    const text = uniqueText('We are sorry you waited');
    const item = h.outbox.enqueueTask({
      target: h.target(review.refId),
      answers: `review:facebook:${review.id}`,
      payload: payload('facebook', review.id, text),
    });
    await h.untilItem(item.id, (i) => i.state === 'waiting', 'waiting while down');
    // Restarted while it waits: the file keeps it.
    h.outbox = await h.restart();
    expect(h.outbox.get(item.id)).toMatchObject({ kind: 'review-reply', text });
    await fixture.faults({});
    h.outbox.start();
    h.outbox.nudge();
    await h.untilItem(item.id, (i) => i.state === 'sent', 'sent once back');
    const ledger = (await reviewReplies()).filter((e) => e.ids[0] === review.id);
    expect(ledger).toEqual([expect.objectContaining({ kind: 'review.reply', text })]);
  });

  for (const platform of ['gmb', 'facebook'] as const) {
    it(`on ${platform}: an answer lost after the service applied it is settled by reading the review back: one reply in the ledger`, async () => {
      const h = harness();
      h.outbox.start();
      const review = await newReview(platform, platform === 'gmb' ? 2 : 'negative', 'Not good.');
      await fixture.faults({ dropAfterCommitRate: 1 });
      const text = uniqueText('Thank you for telling us');
      const item = h.outbox.enqueueTask({
        target: h.target(review.refId),
        answers: `review:${platform}:${review.id}`,
        payload: payload(platform, review.id, text),
      });
      await h.untilItem(item.id, (i) => i.attempts >= 1 && (i.state === 'waiting' || i.state === 'sent'), 'a first attempt');
      await fixture.faults({});
      h.outbox.nudge();
      const sent = await h.untilItem(item.id, (i) => i.state === 'sent', 'settled as sent');
      expect(Object.values(sent.results)).toEqual([expect.objectContaining({ state: 'sent' })]);
      expect((await reviewReplies()).filter((e) => e.text === text)).toHaveLength(1);
    });
  }

  it('the removal of a reply is a task of its own, sent once; lost and read back, once', async () => {
    const h = harness();
    h.outbox.start();
    const review = await newReview('gmb', 3, 'Fine.');
    const text = uniqueText('Thanks');
    const reply = h.outbox.enqueueTask({ target: h.target(review.refId), answers: `review:gmb:${review.id}`, payload: payload('gmb', review.id, text) });
    await h.untilItem(reply.id, (i) => i.state === 'sent', 'the reply sent');
    await fixture.faults({ dropAfterCommitRate: 1 });
    const removal = h.outbox.enqueueTask({
      target: h.target(review.refId),
      answers: `review:gmb:${review.id}`,
      payload: { kind: 'review-reply-delete', request: { platform: 'gmb', reviewId: review.id, reply: '' }, thread: null },
    });
    await h.untilItem(removal.id, (i) => i.attempts >= 1, 'a first attempt');
    await fixture.faults({});
    h.outbox.nudge();
    await h.untilItem(removal.id, (i) => i.state === 'sent', 'the removal settled');
    expect((await reviewReplies()).filter((e) => e.ids[0] === review.id).map((e) => e.kind)).toEqual(['review.reply', 'review.replyDelete']);
    const now = await h.client.getReview(h.target(review.refId), { id: review.id });
    expect(now.reviewReply).toBeUndefined();
  });
});
