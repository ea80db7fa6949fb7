// The Reviews API of the sandbox over real HTTP (docs/service-reviews.md): the seeded reviews of
// each client profile on Google and Facebook, one Google review by id, a reply (Google replaces its
// one reply, Facebook keeps each) and its deletion, each write once in the ledger; every refusal
// beside its accepted side; the control call that makes a new review; faults and dropAfterCommit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type SandboxClient, type World } from './harness.ts';

const NOW_MS = Date.parse('2026-05-20T12:00:00.000Z');
let client: SandboxClient;
let world: World;

interface ControlReview {
  profileRefId: string;
  platform: 'gmb' | 'facebook';
  id: string;
  created: string;
  rating: string;
  stars: number | null;
  hasText: boolean;
  answered: boolean;
  replyCount: number;
}

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000, now: () => new Date(NOW_MS) });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

function profile(title: string) {
  const found = world.profiles.find((p) => p.title === title);
  if (!found) throw new Error(`no profile ${title}`);
  return found;
}

async function controlReviews(query = ''): Promise<ControlReview[]> {
  return (await client.control('GET', `/reviews${query}`)).json as ControlReview[];
}

function list(profileKey: string | null, platform: string) {
  return client.api('GET', `/reviews?platform=${platform}`, { profileKey });
}

function reply(profileKey: string | null, body: Record<string, unknown>) {
  return client.api('POST', '/reviews', { profileKey, body });
}

function unreply(profileKey: string | null, body: Record<string, unknown>) {
  return client.api('DELETE', '/reviews', { profileKey, body });
}

async function reviewOf(profileKey: string | null, platform: string, id: string) {
  const answer = await list(profileKey, platform);
  return (answer.json[platform] as Array<Record<string, any>>).find((r) => r.id === id);
}

describe('the seeded reviews', () => {
  it('every client profile has Google reviews of 1 to 5 stars, some answered, some without words; the primary has none', async () => {
    const all = await controlReviews();
    const clients = world.profiles.filter((p) => p.profileKey !== null);
    for (const p of clients) {
      const gmb = all.filter((r) => r.profileRefId === p.refId && r.platform === 'gmb');
      expect(gmb.length).toBeGreaterThanOrEqual(12);
      expect(gmb.some((r) => r.answered)).toBe(true);
      expect(gmb.some((r) => !r.answered)).toBe(true);
      expect(gmb.some((r) => !r.hasText)).toBe(true);
      expect(gmb.some((r) => r.stars === 1 && !r.answered)).toBe(true);
    }
    const stars = new Set(all.filter((r) => r.platform === 'gmb').map((r) => r.stars));
    expect([...stars].sort()).toEqual([1, 2, 3, 4, 5]);
    const primary = world.profiles.find((p) => p.profileKey === null)!;
    expect(all.filter((r) => r.profileRefId === primary.refId)).toEqual([]);
    // Facebook ratings only where the profile links facebook.
    for (const p of clients) {
      const facebook = all.filter((r) => r.profileRefId === p.refId && r.platform === 'facebook');
      expect(facebook.length > 0).toBe(p.platforms.includes('facebook'));
    }
  });

  it('GET /reviews?platform=gmb answers {gmb: [...], lastUpdated, nextUpdate}, newest first, in the public fields', async () => {
    const bakery = profile('Bloom Bakery');
    const answer = await list(bakery.profileKey, 'gmb');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json).toMatchObject({ status: 'success', lastUpdated: new Date(NOW_MS).toISOString(), nextUpdate: new Date(NOW_MS + 600_000).toISOString() });
    const reviews = answer.json.gmb as Array<Record<string, any>>;
    const created = reviews.map((r) => Date.parse(r.created));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    for (const r of reviews) {
      expect(r.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      expect(['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE']).toContain(r.rating);
      expect(typeof r.reviewer.name).toBe('string');
      if (r.reviewReply) expect(r.reviewReply).toEqual({ reply: expect.any(String), updated: expect.any(String) });
      if ('review' in r) expect(r.review).not.toBe('');
    }
    expect(reviews.some((r) => !('review' in r))).toBe(true);
    expect(reviews.some((r) => r.reviewReply)).toBe(true);
  });

  it('GET /reviews?platform=facebook: ratings positive or negative, the reviewer with an id', async () => {
    const bakery = profile('Bloom Bakery');
    const answer = await list(bakery.profileKey, 'facebook');
    expect(answer.status).toBe(200);
    const ratings = answer.json.facebook as Array<Record<string, any>>;
    expect(ratings.length).toBeGreaterThanOrEqual(4);
    for (const r of ratings) {
      expect(['positive', 'negative']).toContain(r.rating);
      expect(r.reviewer).toEqual({ name: expect.any(String), id: expect.stringMatching(/^\d+$/) });
      expect(r.created).toMatch(/\.\d{3}Z$/);
    }
    expect(answer.json.gmb).toBeUndefined();
  });

  it('GET /reviews/:id?platform=gmb answers one Google review; facebook has no such operation (106)', async () => {
    const bakery = profile('Bloom Bakery');
    const [first] = (await list(bakery.profileKey, 'gmb')).json.gmb;
    const one = await client.api('GET', `/reviews/${first.id}?platform=gmb`, { profileKey: bakery.profileKey });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ status: 'success', ...first });
    const fb = (await list(bakery.profileKey, 'facebook')).json.facebook[0];
    const refused = await client.api('GET', `/reviews/${fb.id}?platform=facebook`, { profileKey: bakery.profileKey });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe(106);
    const unknown = await client.api('GET', '/reviews/AbFvOnothere?platform=gmb', { profileKey: bakery.profileKey });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
  });
});

describe('refusals of reading', () => {
  it('platform missing (104), not a review network (106), not linked to the profile (109)', async () => {
    const yoga = profile('Still Water Yoga');
    const missing = await client.api('GET', '/reviews', { profileKey: yoga.profileKey });
    expect([missing.status, missing.json.code]).toEqual([400, 104]);
    const twitter = await list(yoga.profileKey, 'twitter');
    expect([twitter.status, twitter.json.code]).toEqual([400, 106]);
    // The yoga studio links no facebook; the primary profile (the freelancer's studio) no Google listing.
    expect(yoga.platforms).not.toContain('facebook');
    const facebook = await list(yoga.profileKey, 'facebook');
    expect([facebook.status, facebook.json.code]).toEqual([400, 109]);
    const primaryGmb = await list(null, 'gmb');
    expect([primaryGmb.status, primaryGmb.json.code]).toEqual([400, 109]);
    expect(primaryGmb.json.message).toContain('Google Business Profile');
  });

  it('a plan below Premium is refused (403, 120); Premium reads them', async () => {
    for (const [plan, status] of [
      ['basic', 403],
      ['premium', 400],
    ] as const) {
      const other = await openSandbox({ plan, now: () => new Date(NOW_MS) });
      try {
        // The primary links no Google listing: past the plan's gate the answer is 109.
        const answer = await other.api('GET', '/reviews?platform=gmb');
        expect(answer.status).toBe(status);
        expect(answer.json.code).toBe(status === 403 ? 120 : 109);
      } finally {
        await other.sandbox.close();
      }
    }
  });
});

describe('replying to a review', () => {
  it('Google: answers {status, reviewId, platform, reply}, once in the ledger; a second reply replaces the first', async () => {
    const dental = profile('Brightside Dental');
    const waiting = (await controlReviews(`?profileRefId=${dental.refId}&platform=gmb`)).find((r) => r.stars === 1 && !r.answered)!;
    let seq = await client.ledgerSeq();
    const text = 'We are so sorry, please call us at the front desk so we can fix this today.';
    const answer = await reply(dental.profileKey, { reviewId: waiting.id, platform: 'gmb', reply: text });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 'success', reviewId: waiting.id, platform: 'gmb', reply: text });
    const ledger = await client.ledgerSince(seq);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'review.reply', method: 'POST', path: '/reviews', profileRefId: dental.refId, ids: [waiting.id, 'gmb'], text });
    expect((await reviewOf(dental.profileKey, 'gmb', waiting.id))!.reviewReply).toEqual({
      reply: text,
      updated: expect.stringMatching(/^2026-05-20T12:00:00\.000\d{3}Z$/),
    });

    seq = await client.ledgerSeq();
    const again = await reply(dental.profileKey, { reviewId: waiting.id, platform: 'gmb', reply: 'Updated: we called you back.' });
    expect(again.status).toBe(200);
    expect(await client.ledgerSince(seq)).toHaveLength(1);
    const after = (await controlReviews(`?profileRefId=${dental.refId}&platform=gmb`)).find((r) => r.id === waiting.id)!;
    expect(after.replyCount).toBe(1);
    expect((await reviewOf(dental.profileKey, 'gmb', waiting.id))!.reviewReply.reply).toBe('Updated: we called you back.');
  });

  it('Facebook: each answer is kept (a second reply is a second answer), the latest in reviewReply', async () => {
    const bikes = profile('Spoke & Chain Cycles');
    const rating = (await controlReviews(`?profileRefId=${bikes.refId}&platform=facebook`)).find((r) => !r.answered)!;
    expect((await reply(bikes.profileKey, { reviewId: rating.id, platform: 'facebook', reply: 'Thanks Sam!' })).status).toBe(200);
    expect((await reply(bikes.profileKey, { reviewId: rating.id, platform: 'facebook', reply: 'And see you Saturday.' })).status).toBe(200);
    const record = (await reviewOf(bikes.profileKey, 'facebook', rating.id))!;
    expect(record.reviewReplies.map((r: { reply: string }) => r.reply)).toEqual(['Thanks Sam!', 'And see you Saturday.']);
    expect(record.reviewReply.reply).toBe('And see you Saturday.');
  });

  it("refused and not applied: blank reply (108), too long (113, Google counts bytes), unknown or another profile's review (404, 114), missing field (104)", async () => {
    const bakery = profile('Bloom Bakery');
    const dental = profile('Brightside Dental');
    const [mine] = await controlReviews(`?profileRefId=${bakery.refId}&platform=gmb`);
    const [theirs] = await controlReviews(`?profileRefId=${dental.refId}&platform=gmb`);
    const seq = await client.ledgerSeq();
    const cases: Array<[Record<string, unknown>, number, number]> = [
      [{ reviewId: mine!.id, platform: 'gmb', reply: '   ' }, 400, 108],
      // 2,049 "é" are 4,098 bytes of UTF-8: over Google's 4,096, though only 2,049 characters.
      [{ reviewId: mine!.id, platform: 'gmb', reply: 'é'.repeat(2049) }, 400, 113],
      [{ reviewId: 'AbFvOunknown', platform: 'gmb', reply: 'Hi' }, 404, 114],
      [{ reviewId: theirs!.id, platform: 'gmb', reply: 'Hi' }, 404, 114],
      [{ platform: 'gmb', reply: 'Hi' }, 400, 104],
      [{ reviewId: mine!.id, reply: 'Hi' }, 400, 104],
      [{ reviewId: mine!.id, platform: 'gmb' }, 400, 104],
      [{ reviewId: mine!.id, platform: 'linkedin', reply: 'Hi' }, 400, 106],
    ];
    for (const [body, status, code] of cases) {
      const answer = await reply(bakery.profileKey, body);
      expect([answer.status, answer.json.code], JSON.stringify(body).slice(0, 80)).toEqual([status, code]);
    }
    expect(await client.ledgerSince(seq)).toEqual([]);
    // The accepted side of the limit: 2,048 "é" are 4,096 bytes.
    expect((await reply(bakery.profileKey, { reviewId: mine!.id, platform: 'gmb', reply: 'é'.repeat(2048) })).status).toBe(200);
  });
});

describe('deleting a reply', () => {
  it("removes the business's answer once (ledger review.replyDelete); a second delete finds none (404, 114)", async () => {
    const bakery = profile('Bloom Bakery');
    const answered = (await controlReviews(`?profileRefId=${bakery.refId}&platform=gmb`)).find((r) => r.answered)!;
    const seq = await client.ledgerSeq();
    const answer = await unreply(bakery.profileKey, { reviewId: answered.id, platform: 'gmb' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 'success', reviewId: answered.id, platform: 'gmb' });
    expect((await reviewOf(bakery.profileKey, 'gmb', answered.id))!.reviewReply).toBeUndefined();
    const second = await unreply(bakery.profileKey, { reviewId: answered.id, platform: 'gmb' });
    expect([second.status, second.json.code]).toEqual([404, 114]);
    const ledger = await client.ledgerSince(seq);
    expect(ledger.map((e) => [e.kind, e.ids, e.text])).toEqual([['review.replyDelete', [answered.id, 'gmb'], null]]);
  });
});

describe('the control call for a new review', () => {
  it('POST /__sandbox/reviews makes a one-star review now: first in the list, unanswered, and no webhook is sent', async () => {
    const bakery = profile('Bloom Bakery');
    const deliveriesBefore = (await client.control('GET', '/deliveries')).json.length;
    const made = await client.control('POST', '/reviews', {
      profileRefId: bakery.refId,
      platform: 'gmb',
      rating: 1,
      review: 'Stale bread and a long wait.',
      reviewer: { name: 'Dana Whitfield' },
    });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({
      profileRefId: bakery.refId,
      platform: 'gmb',
      review: { rating: 'ONE', review: 'Stale bread and a long wait.', reviewer: { name: 'Dana Whitfield' } },
    });
    const [newest] = (await list(bakery.profileKey, 'gmb')).json.gmb;
    expect(newest).toEqual(made.json.review);
    expect(newest.reviewReply).toBeUndefined();
    expect((await client.control('GET', '/deliveries')).json.length).toBe(deliveriesBefore);
  });

  it('without words it is a rating alone; facebook takes positive/negative; bad input is refused by name', async () => {
    const bikes = profile('Spoke & Chain Cycles');
    const silent = await client.control('POST', '/reviews', { profileRefId: bikes.refId, platform: 'facebook', rating: 'negative' });
    expect(silent.status).toBe(200);
    expect(silent.json.review.rating).toBe('negative');
    expect('review' in silent.json.review).toBe(false);
    const yoga = profile('Still Water Yoga');
    const refusals: Array<[Record<string, unknown>, number, number]> = [
      [{ platform: 'gmb', rating: 6 }, 400, 105],
      [{ platform: 'facebook', rating: 'FIVE' }, 400, 105],
      [{ platform: 'tiktok' }, 400, 106],
      [{ platform: 'facebook', profileRefId: yoga.refId }, 400, 109],
      [{ platform: 'gmb', profileRefId: 'nobody' }, 404, 114],
      [{ platform: 'gmb', reviewer: { name: ' ' } }, 400, 108],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await client.control('POST', '/reviews', body);
      expect([answer.status, answer.json.code], JSON.stringify(body)).toEqual([status, code]);
    }
  });
});

describe('faults and dropAfterCommit apply to replies as to every write', () => {
  it('an injected failure applies nothing; a dropped answer applied the reply once, readable back', async () => {
    const yoga = profile('Still Water Yoga');
    const target = (await controlReviews(`?profileRefId=${yoga.refId}&platform=gmb`)).find((r) => !r.answered)!;
    let seq = await client.ledgerSeq();
    await client.control('PUT', '/faults', { errorRate: 1 });
    const failed = await reply(yoga.profileKey, { reviewId: target.id, platform: 'gmb', reply: 'Lost in the fault' });
    await client.control('DELETE', '/faults');
    expect([failed.status, failed.json.code]).toEqual([503, 150]);
    expect(await client.ledgerSince(seq)).toEqual([]);

    seq = await client.ledgerSeq();
    await client.control('PUT', '/faults', { dropAfterCommitRate: 1 });
    await expect(reply(yoga.profileKey, { reviewId: target.id, platform: 'gmb', reply: 'Applied, never answered' })).rejects.toThrow();
    await client.control('DELETE', '/faults');
    expect((await client.ledgerSince(seq)).map((e) => [e.kind, e.text])).toEqual([['review.reply', 'Applied, never answered']]);
    expect((await reviewOf(yoga.profileKey, 'gmb', target.id))!.reviewReply.reply).toBe('Applied, never answered');
  });
});
