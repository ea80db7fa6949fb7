// Keys never appear in what the client emits: a run of every operation, successes and failures
// (refusals, wrong keys, faults, lost answers), with everything the client says captured (events,
// every thrown error in every form it can be printed, console and standard streams), then searched
// for each key string. The test first proves it can see a key when one is there.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { openFixture, type SandboxFixture } from './harness.ts';

const API_KEY = 'sk-live-7c1f9a24e8b34d55a0f1c2d3e4f5a6b7';
const WEBHOOK_SECRET = 'whsec-5e6f7a8b9c0d1e2f3a4b';
let fixture: SandboxFixture;
let client: ServiceClient;
const captured: string[] = [];

function capture(value: unknown): void {
  if (value instanceof Error) {
    captured.push(value.message, String(value), value.stack ?? '', inspect(value, { depth: 20, showHidden: true }), JSON.stringify(value));
  } else captured.push(typeof value === 'string' ? value : inspect(value, { depth: 20 }));
}

async function attempt(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    capture(error);
  }
}

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000, apiKey: API_KEY });
  client = fixture.client();
});
afterAll(async () => {
  await client.close();
  await fixture.close();
});

describe('secrets', () => {
  it('the search finds a key where there is one (so a clean result means something)', () => {
    const haystack = [inspect({ headers: { authorization: `Bearer ${API_KEY}` } })].join('\n');
    expect(haystack.includes(API_KEY)).toBe(true);
  });

  it('no key, profile key, X key pair or webhook secret appears in events, errors, logs or output', async () => {
    const spies = [
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
        vi.spyOn(console, method).mockImplementation((...args: unknown[]) => capture(args)),
      ),
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (capture(String(chunk)), true)),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => (capture(String(chunk)), true)),
    ];
    const profile = fixture.world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('twitter'))!;
    const target = fixture.target(profile.refId);
    const tweet = fixture.post((p) => p.profileRefId === profile.refId && p.platform === 'twitter' && p.serviceId !== null);
    const networks = fixture.networksOf(tweet.serviceId!);
    try {
      // Successes of every kind of operation.
      await attempt(() => client.user(target));
      await attempt(() => client.listProfiles({ accountId: 'x' }));
      await attempt(() => client.getComments(target, { by: 'servicePost', id: tweet.serviceId!, networks }));
      await attempt(() => client.analyticsBySocialIds(target, { platform: 'twitter', ids: [tweet.socialId, 'unknown-id-1'] }));
      await attempt(() => client.analyticsByServiceId(target, { id: tweet.serviceId!, networks }));
      const made = await client.postComment(target, { on: 'servicePost', postId: tweet.serviceId!, networks, platforms: ['twitter'], comment: 'Thanks all' });
      await attempt(() => client.reply(target, { to: 'serviceComment', commentId: made.commentId, platforms: ['twitter'], comment: 'More' }));
      await attempt(() => client.deleteComment(target, { by: 'serviceComment', id: made.commentId, networks: ['twitter'] }));
      await attempt(() => client.registerWebhook(target, { action: 'comments', url: 'https://h.example/in', secret: WEBHOOK_SECRET }));
      await attempt(() => client.setWebhookSecret(target, { secret: WEBHOOK_SECRET }));
      await attempt(() => client.listWebhooks(target));
      await attempt(() => client.history(target));
      await attempt(() => client.networkHistory(target, { platform: 'twitter' }));
      // Refusals and failures.
      await attempt(() => client.reply(target, { to: 'socialComment', commentId: '1', platform: 'linkedin', commentUrn: '1', comment: 'x' }));
      await attempt(() => client.getComments(target, { by: 'servicePost', id: 'no-such-post', networks: ['twitter'] }));
      await attempt(() => client.getComments(target, { by: 'servicePost', id: tweet.serviceId!, networks: ['facebook'] }));
      await attempt(() => client.unregisterWebhook(target, { action: 'automations' }));
      await attempt(() => client.createProfile({ accountId: 'x' }, { title: fixture.world.profiles[1]!.title }));
      fixture.xCredentials = { key: `${fixture.world.xCredentials.key}-wrong`, secret: `${fixture.world.xCredentials.secret}-wrong` };
      await attempt(() => client.networkHistory(target, { platform: 'twitter' }));
      fixture.xCredentials = fixture.world.xCredentials;
      await fixture.faults({ errorRate: 1 });
      await attempt(() => client.setWebhookSecret(target, { secret: WEBHOOK_SECRET }));
      await fixture.faults({ down: true });
      await attempt(() => client.user(target));
      await attempt(() => client.registerWebhook(target, { action: 'feed', url: 'https://h.example/feed', secret: WEBHOOK_SECRET }));
      await fixture.faults({ dropAfterCommitRate: 1 });
      await attempt(() => client.setWebhookSecret(target, { secret: WEBHOOK_SECRET }));
      await fixture.faults({ latencyMs: 1000 });
      await attempt(() => client.history(target, {}, { headersTimeoutMs: 50 }));
      await fixture.control('DELETE', '/faults');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    for (const event of fixture.events) captured.push(JSON.stringify(event), inspect(event, { depth: 20 }));

    expect(fixture.events.length).toBeGreaterThan(20);
    expect(captured.length).toBeGreaterThan(fixture.events.length + 10);
    const everything = captured.join('\n');
    const secrets = [API_KEY, profile.profileKey!, fixture.world.xCredentials.key, fixture.world.xCredentials.secret, WEBHOOK_SECRET];
    for (const secret of secrets) expect(everything.includes(secret), `a secret leaked: ${secret.slice(0, 6)}…`).toBe(false);
  });
});
