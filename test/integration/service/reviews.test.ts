// The Reviews API through the client against a started sandbox (docs/service-reviews.md): the
// reviews of a profile on Google and Facebook, one Google review, a reply and its deletion; each
// refusal as a ReviewRefusedError that was not applied; the rules told before sending; and after a
// lost answer, a Google reply is read back and sent again only when it was not applied (it replaces,
// so it cannot double) while a Facebook answer is never sent twice: outcome unknown.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OutcomeUnknownError, RequestInvalidError } from '../../../src/main/core/service/errors.ts';
import { REVIEW_WRITE_ATTEMPTS, ReviewRefusedError } from '../../../src/main/core/service/operations/reviews.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { type HttpRequest, type HttpTransport, TransportFailure } from '../../../src/main/core/service/transport.ts';
import { reviewStars } from '../../../src/shared/wire/reviews.ts';
import { failureOf, openFixture, recordingTransport, type SandboxFixture } from './harness.ts';

const NOW_MS = Date.parse('2026-05-20T12:00:00.000Z');
let fixture: SandboxFixture;
let client: ServiceClient;
const sent: HttpRequest[] = [];
/** Requests whose answer the next `loseAnswers` writes to /reviews lose before they reach the sandbox. */
let loseAnswers = 0;

interface ControlReview {
  profileRefId: string;
  platform: 'gmb' | 'facebook';
  id: string;
  stars: number | null;
  hasText: boolean;
  answered: boolean;
  replyCount: number;
}

/**
 * The real transport, except that a write to /reviews can be made to fail as a connection lost
 * after the request was written (the fault the client must survive), without reaching the sandbox:
 * the write was not applied, but the client cannot know that.
 */
function faultyTransport(): HttpTransport {
  const real = recordingTransport(sent);
  return {
    send: (request) => {
      if (request.path === '/reviews' && request.method !== 'GET' && loseAnswers > 0) {
        loseAnswers--;
        sent.push(request);
        return Promise.reject(new TransportFailure('connection-lost', true, 'ECONNRESET', 'socket hang up'));
      }
      return real.send(request);
    },
    close: () => real.close(),
  };
}

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000, now: () => new Date(NOW_MS) });
  client = fixture.client({ transport: faultyTransport() });
});
afterEach(async () => {
  loseAnswers = 0;
  await fixture.control('DELETE', '/faults');
});
afterAll(async () => {
  await client.close();
  await fixture.close();
});

function profile(title: string) {
  const found = fixture.world.profiles.find((p) => p.title === title);
  if (!found) throw new Error(`no profile ${title}`);
  return found;
}

async function reviewsOf(refId: string, platform: 'gmb' | 'facebook'): Promise<ControlReview[]> {
  return (await fixture.control('GET', `/reviews?profileRefId=${refId}&platform=${platform}`)) as ControlReview[];
}

const writes = (since: number) => sent.slice(since).filter((r) => r.path === '/reviews' && r.method !== 'GET');

describe('reading', () => {
  it('the Google reviews of a profile, newest first, with stars; the Facebook ratings with positive or negative', async () => {
    const bakery = profile('Bloom Bakery');
    const target = fixture.target(bakery.refId);
    const world = await reviewsOf(bakery.refId, 'gmb');
    const gmb = await client.listReviews(target, { platform: 'gmb' });
    expect(gmb.platform).toBe('gmb');
    expect(gmb.reviews.map((r) => r.id).sort()).toEqual(world.map((r) => r.id).sort());
    expect(gmb.reviews.map((r) => reviewStars(r)).sort()).toEqual(world.map((r) => r.stars).sort());
    expect(Date.parse(gmb.nextUpdate!)).toBeGreaterThan(Date.parse(gmb.lastUpdated!));
    const facebook = await client.listReviews(target, { platform: 'facebook' });
    expect(facebook.reviews.length).toBe((await reviewsOf(bakery.refId, 'facebook')).length);
    for (const r of facebook.reviews) {
      expect(['positive', 'negative']).toContain(r.rating);
      expect(reviewStars(r)).toBeNull();
    }
  });

  it('one Google review by id; facebook is refused before sending', async () => {
    const bakery = profile('Bloom Bakery');
    const target = fixture.target(bakery.refId);
    const [first] = (await client.listReviews(target, { platform: 'gmb' })).reviews;
    expect(await client.getReview(target, { id: first!.id })).toMatchObject(first!);
    const before = sent.length;
    const error = await failureOf(client.getReview(target, { id: first!.id, platform: 'facebook' } as never));
    expect(error).toBeInstanceOf(RequestInvalidError);
    expect(sent.length).toBe(before);
  });

  it('a network the profile does not link is a ReviewRefusedError (109) with what to do', async () => {
    const error = await failureOf(client.listReviews(fixture.target(fixture.primary.refId), { platform: 'gmb' }));
    expect(error).toBeInstanceOf(ReviewRefusedError);
    expect(error).toMatchObject({ refusal: 'network-not-linked', platform: 'gmb', status: 400, code: 109, retryable: false, writeOutcome: 'not-applied' });
    expect((error as Error).message).toContain('Google Business Profile');
  });
});

describe('replying', () => {
  it('Google: the reply is applied once and the review shows it', async () => {
    const dental = profile('Brightside Dental');
    const review = (await reviewsOf(dental.refId, 'gmb')).find((r) => !r.answered)!;
    const seq = await fixture.lastSeq();
    const result = await client.replyToReview(fixture.target(dental.refId), { platform: 'gmb', reviewId: review.id, reply: 'Thank you for telling us.' });
    expect(result).toEqual({ reviewId: review.id, platform: 'gmb', settledBy: 'answer', sends: 1 });
    expect((await fixture.ledger(seq)).map((e) => [e.kind, e.ids, e.text])).toEqual([['review.reply', [review.id, 'gmb'], 'Thank you for telling us.']]);
  });

  it('refusals are told before sending (blank, over the limit, no review id) or typed after (unknown review: 114), none applied', async () => {
    const bakery = profile('Bloom Bakery');
    const target = fixture.target(bakery.refId);
    const [review] = await reviewsOf(bakery.refId, 'gmb');
    const seq = await fixture.lastSeq();
    const before = sent.length;
    for (const input of [
      { platform: 'gmb' as const, reviewId: review!.id, reply: '  ' },
      { platform: 'gmb' as const, reviewId: review!.id, reply: 'é'.repeat(2049) },
      { platform: 'gmb' as const, reviewId: ' ', reply: 'Hi' },
      { platform: 'twitter', reviewId: review!.id, reply: 'Hi' },
    ]) {
      const error = await failureOf(client.replyToReview(target, input as never));
      expect(error, JSON.stringify(input).slice(0, 60)).toBeInstanceOf(RequestInvalidError);
    }
    expect(sent.length).toBe(before);
    const unknown = await failureOf(client.replyToReview(target, { platform: 'gmb', reviewId: 'AbFvOnothere', reply: 'Hi' }));
    expect(unknown).toMatchObject({ refusal: 'unknown-review', code: 114, writeOutcome: 'not-applied' });
    expect(await fixture.ledger(seq)).toEqual([]);
  });
});

describe('a reply whose answer is lost', () => {
  it('Google, applied then the connection closed: read back, found, not sent again (one reply in the ledger)', async () => {
    const yoga = profile('Still Water Yoga');
    const review = (await reviewsOf(yoga.refId, 'gmb')).find((r) => !r.answered)!;
    const seq = await fixture.lastSeq();
    const from = sent.length;
    await fixture.faults({ dropAfterCommitRate: 1 });
    const result = await client.replyToReview(fixture.target(yoga.refId), { platform: 'gmb', reviewId: review.id, reply: 'Applied, never answered' });
    expect(result).toEqual({ reviewId: review.id, platform: 'gmb', settledBy: 'read-back', sends: 1 });
    expect(writes(from)).toHaveLength(1);
    expect((await fixture.ledger(seq)).map((e) => [e.kind, e.text])).toEqual([['review.reply', 'Applied, never answered']]);
  });

  it('Google, lost before it was applied: read back, missing, sent again: one reply in the ledger', async () => {
    const bikes = profile('Spoke & Chain Cycles');
    const review = (await reviewsOf(bikes.refId, 'gmb')).find((r) => !r.answered)!;
    const seq = await fixture.lastSeq();
    const from = sent.length;
    loseAnswers = 1;
    const result = await client.replyToReview(fixture.target(bikes.refId), { platform: 'gmb', reviewId: review.id, reply: 'Second time lucky' });
    expect(result).toEqual({ reviewId: review.id, platform: 'gmb', settledBy: 'answer', sends: 2 });
    expect(writes(from)).toHaveLength(2);
    expect((await fixture.ledger(seq)).map((e) => [e.kind, e.text])).toEqual([['review.reply', 'Second time lucky']]);
  });

  it(`Google, lost every time: at most ${REVIEW_WRITE_ATTEMPTS} sends, then outcome unknown`, async () => {
    const bikes = profile('Spoke & Chain Cycles');
    const review = (await reviewsOf(bikes.refId, 'gmb')).find((r) => !r.answered)!;
    const from = sent.length;
    loseAnswers = 100;
    const error = await failureOf(client.replyToReview(fixture.target(bikes.refId), { platform: 'gmb', reviewId: review.id, reply: 'Into the void' }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(writes(from)).toHaveLength(REVIEW_WRITE_ATTEMPTS);
  });

  it('Facebook: never sent twice (an answer there is a new comment): outcome unknown after one send', async () => {
    const bakery = profile('Bloom Bakery');
    const rating = (await reviewsOf(bakery.refId, 'facebook')).find((r) => !r.answered)!;
    const seq = await fixture.lastSeq();
    const from = sent.length;
    await fixture.faults({ dropAfterCommitRate: 1 });
    const error = await failureOf(client.replyToReview(fixture.target(bakery.refId), { platform: 'facebook', reviewId: rating.id, reply: 'Thanks!' }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ writeOutcome: 'unknown', retryable: false });
    expect(writes(from)).toHaveLength(1);
    expect((await fixture.ledger(seq)).map((e) => e.kind)).toEqual(['review.reply']);
  });
});

describe('deleting a reply', () => {
  it('removes it; after a lost answer it reads back and does not send again when the reply is gone', async () => {
    const dental = profile('Brightside Dental');
    const target = fixture.target(dental.refId);
    const [first, second] = (await reviewsOf(dental.refId, 'gmb')).filter((r) => r.answered);
    let seq = await fixture.lastSeq();
    expect(await client.deleteReviewReply(target, { platform: 'gmb', reviewId: first!.id })).toMatchObject({ settledBy: 'answer', sends: 1 });
    expect((await fixture.ledger(seq)).map((e) => e.kind)).toEqual(['review.replyDelete']);

    seq = await fixture.lastSeq();
    await fixture.faults({ dropAfterCommitRate: 1 });
    expect(await client.deleteReviewReply(target, { platform: 'gmb', reviewId: second!.id })).toMatchObject({ settledBy: 'read-back', sends: 1 });
    expect((await fixture.ledger(seq)).map((e) => e.kind)).toEqual(['review.replyDelete']);
    await fixture.control('DELETE', '/faults');

    // Nothing left to delete: the service's 404 is a typed refusal.
    const none = await failureOf(client.deleteReviewReply(target, { platform: 'gmb', reviewId: first!.id }));
    expect(none).toMatchObject({ refusal: 'unknown-review', code: 114 });
  });
});
