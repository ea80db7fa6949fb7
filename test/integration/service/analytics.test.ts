// Analytics against a started sandbox: any number of social post ids split into requests of at
// most 100 and merged per id, unknown ids as "not found for this account" (code 186) whether some
// or all of a batch are unknown, and analytics of a post made through the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClientEvent } from '../../../src/main/core/service/events.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { openFixture, type SandboxFixture } from './harness.ts';

let fixture: SandboxFixture;
let client: ServiceClient;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000 });
  client = fixture.client();
});
afterAll(async () => {
  await client.close();
  await fixture.close();
});

const requestsSince = (from: number) => fixture.events.slice(from).filter((e): e is Extract<ServiceClientEvent, { type: 'request' }> => e.type === 'request');

describe('analytics by social post ids', () => {
  it('250 ids (known and unknown): 3 requests, one result per id, unknown ones "not found"', async () => {
    const profile = fixture.world.profiles.find((p) => p.platforms.includes('twitter') && p.profileKey !== null)!;
    const tweets = fixture.world.posts.filter((p) => p.profileRefId === profile.refId && p.platform === 'twitter' && p.owned).map((p) => p.socialId);
    const unknown = Array.from({ length: 250 - tweets.length }, (_, i) => `9${String(i).padStart(18, '0')}`);
    const ids = [...unknown.slice(0, 120), ...tweets, ...unknown.slice(120)];
    const from = fixture.events.length;
    const result = await client.analyticsBySocialIds(fixture.target(profile.refId), { platform: 'twitter', ids });
    expect(requestsSince(from)).toHaveLength(3);
    expect(result.results.map((r) => r.id)).toEqual(ids);
    const found = result.results.filter((r) => r.status === 'found');
    expect(found.map((r) => r.id).sort()).toEqual([...tweets].sort());
    expect(result.results.filter((r) => r.status === 'not-found')).toHaveLength(unknown.length);
    // The first batch holds unknown ids only: the service answers 400 with 186, still no failure.
    expect(result.results.slice(0, 100).every((r) => r.status === 'not-found')).toBe(true);
  });

  it('a found entry carries the analytics the app shows, unknown fields kept', async () => {
    const post = fixture.post((p) => p.platform === 'twitter' && p.flags.includes('backfilled'));
    const result = await client.analyticsBySocialIds(fixture.target(post.profileRefId), { platform: 'twitter', ids: [post.socialId] });
    const [only] = result.results;
    expect(only?.status).toBe('found');
    if (only?.status !== 'found') return;
    expect(only.entry.analytics.publicMetrics?.likeCount).toEqual(expect.any(Number));
    expect(only.entry.analytics.backfilledFrom).toEqual(expect.any(String));
    expect(only.entry.nextUpdate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("another profile's post is not found for this account", async () => {
    const post = fixture.post((p) => p.platform === 'facebook' && p.owned);
    const other = fixture.world.profiles.find((p) => p.refId !== post.profileRefId && p.platforms.includes('facebook'))!;
    const result = await client.analyticsBySocialIds(fixture.target(other.refId), { platform: 'facebook', ids: [post.socialId] });
    expect(result.results).toEqual([{ id: post.socialId, status: 'not-found', message: expect.any(String) }]);
  });
});

describe('analytics by service post id', () => {
  it('one entry per network of the post', async () => {
    const post = fixture.post((p) => p.serviceId !== null && fixture.networksOf(p.serviceId).length > 1);
    const networks = fixture.networksOf(post.serviceId!);
    const answer = await client.analyticsByServiceId(fixture.target(post.profileRefId), { id: post.serviceId!, networks });
    for (const network of networks) expect(answer[network]?.analytics).toBeDefined();
  });

  it('narrowed to one network', async () => {
    const post = fixture.post((p) => p.serviceId !== null && fixture.networksOf(p.serviceId).length > 1);
    const networks = fixture.networksOf(post.serviceId!);
    const answer = await client.analyticsByServiceId(fixture.target(post.profileRefId), { id: post.serviceId!, networks, platforms: [post.platform] });
    expect(Object.keys(answer).filter((k) => (networks as string[]).includes(k))).toEqual([post.platform]);
  });

  it('bluesky, which has analytics only this way', async () => {
    const post = fixture.post((p) => p.serviceId !== null && p.platform === 'bluesky');
    const answer = await client.analyticsByServiceId(fixture.target(post.profileRefId), {
      id: post.serviceId!,
      networks: fixture.networksOf(post.serviceId!),
      platforms: ['bluesky'],
    });
    expect(answer.bluesky?.id).toBe(post.socialId);
  });
});
