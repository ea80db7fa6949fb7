// Fetching reviews (src/main/core/sync/reviewFetch.ts) through the real client against a started
// sandbox whose clock the test moves: never before `nextUpdate`; the first fetch is the backlog
// (nothing urgent), later ones bring what is new and flag an unanswered low one; a network the
// profile does not link is left alone for hours; a failure is an outcome with a retry time; and an
// hour of polling five profiles costs at most one request per network per profile per 5 minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { DEFAULT_REVIEW_POLICY, ReviewFetcher } from '../../../src/main/core/sync/reviewFetch.ts';
import type { ReviewNetwork } from '../../../src/shared/reviews.ts';
import { openFixture, recordingTransport, type SandboxFixture } from '../service/harness.ts';
import type { HttpRequest } from '../../../src/main/core/service/transport.ts';

const START_MS = Date.parse('2026-05-20T12:00:00.000Z');
let nowMs = START_MS;
const clock = { now: () => nowMs };
let fixture: SandboxFixture;
let client: ServiceClient;
const sent: HttpRequest[] = [];

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000, now: () => new Date(nowMs) });
  client = fixture.client({ transport: recordingTransport(sent) });
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

describe('fetching one network', () => {
  it('first fetch: the backlog, nothing urgent; not due again before nextUpdate; then a new one-star review is fresh and urgent, a five-star one only fresh', async () => {
    nowMs = START_MS;
    const fetcher = new ReviewFetcher(client, clock);
    const bakery = profile('Bloom Bakery');
    const target = fixture.target(bakery.refId);
    const first = await fetcher.fetch(target, 'gmb');
    if (first.kind !== 'fetched') throw new Error(first.kind);
    expect(first.first).toBe(true);
    expect(first.fresh).toHaveLength(first.reviews.length);
    expect(first.reviews.some((r) => r.rating === 'ONE' && !r.reviewReply)).toBe(true);
    expect(first.urgent).toEqual([]);
    // The sandbox says nextUpdate in 10 minutes: the fetcher waits for it (plus a second), not its own 5.
    expect(first.nextAt).toBe(START_MS + 10 * 60_000 + 1000);
    nowMs = START_MS + 5 * 60_000;
    expect(fetcher.due(target, 'gmb')).toBe(false);

    await fixture.control('POST', '/reviews', { profileRefId: bakery.refId, platform: 'gmb', rating: 1, review: 'Cold coffee, rude staff.' });
    await fixture.control('POST', '/reviews', { profileRefId: bakery.refId, platform: 'gmb', rating: 5, review: 'Perfect croissants.' });
    nowMs = first.nextAt;
    expect(fetcher.due(target, 'gmb')).toBe(true);
    const second = await fetcher.fetch(target, 'gmb');
    if (second.kind !== 'fetched') throw new Error(second.kind);
    expect(second.first).toBe(false);
    expect(second.fresh.map((r) => r.review)).toEqual(['Perfect croissants.', 'Cold coffee, rude staff.']);
    expect(second.urgent.map((r) => r.review)).toEqual(['Cold coffee, rude staff.']);
  });

  it('remembered ids (from the store) are not fresh: a restart does not bring the backlog again', async () => {
    const fetcher = new ReviewFetcher(client, clock);
    const dental = profile('Brightside Dental');
    const target = fixture.target(dental.refId);
    const all = await client.listReviews(target, { platform: 'facebook' });
    fetcher.remember(
      target,
      'facebook',
      all.reviews.slice(1).map((r) => r.id),
    );
    const outcome = await fetcher.fetch(target, 'facebook');
    if (outcome.kind !== 'fetched') throw new Error(outcome.kind);
    expect(outcome.first).toBe(false);
    expect(outcome.fresh.map((r) => r.id)).toEqual([all.reviews[0]!.id]);
  });

  it('a network the profile does not link: not-linked, left alone for 6 hours', async () => {
    const fetcher = new ReviewFetcher(client, clock);
    const target = fixture.target(fixture.primary.refId);
    const outcome = await fetcher.fetch(target, 'gmb');
    expect(outcome).toEqual({ kind: 'not-linked', platform: 'gmb', nextAt: nowMs + DEFAULT_REVIEW_POLICY.notLinkedHoldMs });
    expect(fetcher.due(target, 'gmb')).toBe(false);
  });

  it('the service failing: a failed outcome (not thrown), retried in a minute', async () => {
    const fetcher = new ReviewFetcher(client, clock);
    const target = fixture.target(profile('Still Water Yoga').refId);
    await fixture.faults({ errorRate: 1 });
    try {
      const outcome = await fetcher.fetch(target, 'gmb');
      expect(outcome).toMatchObject({ kind: 'failed', platform: 'gmb', nextAt: nowMs + DEFAULT_REVIEW_POLICY.retryMs, error: { retryable: true } });
    } finally {
      await fixture.control('DELETE', '/faults');
    }
  });
});

describe('what polling costs', () => {
  it('an hour of polling every client profile: at most one request per linked network per profile in any 5 minutes', async () => {
    const fetcher = new ReviewFetcher(client, clock);
    const clients = fixture.world.profiles.filter((p) => p.profileKey !== null);
    const startMs = nowMs;
    const requests: Array<{ at: number; refId: string; platform: ReviewNetwork }> = [];
    for (let t = startMs; t < startMs + 60 * 60_000; t += 15_000) {
      nowMs = t;
      for (const p of clients) {
        const target = fixture.target(p.refId);
        for (const platform of ['gmb', 'facebook'] as const) {
          if (!fetcher.due(target, platform)) continue;
          requests.push({ at: t, refId: p.refId, platform });
          await fetcher.fetch(target, platform);
        }
      }
    }
    for (const p of clients) {
      for (const platform of ['gmb', 'facebook'] as const) {
        const times = requests.filter((r) => r.refId === p.refId && r.platform === platform).map((r) => r.at);
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(5 * 60_000);
        // Linked networks: every 10 minutes and a second (the service's nextUpdate), 6 in the hour;
        // not linked (the yoga studio's facebook): once, then left alone.
        expect(times.length).toBe(p.platforms.includes('facebook') || platform === 'gmb' ? 6 : 1);
      }
    }
  });
});
