// accountAnalytics over a scripted transport: the request it sends (each network once, options only
// when given, the X pair exactly when twitter is asked), one result per network whatever the rest of
// the answer holds, an error status with figures inside read as an answer, and every network refused
// as an AccountAnalyticsRefusedError; other errors stay what they were.
import { describe, expect, it } from 'vitest';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import { HttpError, MissingCredentialsError, RequestInvalidError } from '../../../src/main/core/service/errors.ts';
import { AccountAnalyticsRefusedError } from '../../../src/main/core/service/operations/accountAnalytics.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { X_KEY_HEADER, X_SECRET_HEADER } from '../../../src/shared/networks.ts';
import { FakeTransport, fakeVault, json, type Script, SECRETS, SteppingClock } from './fakes.ts';

const target: CallTarget = { accountId: 'acc', profileId: 'client-1' };

function clientOf(script: Script, x = true): { client: ServiceClient; transport: FakeTransport } {
  const transport = new FakeTransport(script);
  return { client: new ServiceClient({ vault: fakeVault({ x }), transport, clock: new SteppingClock(), budget: { random: () => 0 } }), transport };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected the call to fail, got ${JSON.stringify(value)?.slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

const entry = (analytics: Record<string, unknown>) => ({ analytics, lastUpdated: '2026-06-12T01:00:00.000Z', nextUpdate: '2026-06-12T01:10:00.000Z' });
const unlinked = (platform: string) => ({ action: 'analytics', status: 'error', code: 109, message: `${platform} is not linked to this profile`, platform });

describe('request', () => {
  it('each network once, options only when given, the X pair only when twitter is asked', async () => {
    const answer = { status: 'success', instagram: entry({ followersCount: 1 }), twitter: entry({ followersCount: 2 }) };
    const { client, transport } = clientOf(() => json(200, answer));
    await client.accountAnalytics(target, { platforms: ['instagram', 'instagram'] });
    await client.accountAnalytics(target, { platforms: ['instagram', 'twitter'], quarters: 2, daily: false });
    const [first, second] = transport.requests;
    expect(first?.method).toBe('POST');
    expect(first?.path).toBe('/analytics/social');
    expect(JSON.parse(first?.body ?? '')).toEqual({ platforms: ['instagram'] });
    expect(first?.headers[X_KEY_HEADER]).toBeUndefined();
    expect(first?.headers[X_SECRET_HEADER]).toBeUndefined();
    expect(JSON.parse(second?.body ?? '')).toEqual({ platforms: ['instagram', 'twitter'], quarters: 2, daily: false });
    expect(second?.headers[X_KEY_HEADER]).toBe(SECRETS.xKey);
    expect(second?.headers[X_SECRET_HEADER]).toBe(SECRETS.xSecret);
  });

  it('twitter without the X pair is told before anything is sent; other networks need none', async () => {
    const { client, transport } = clientOf(() => json(200, { status: 'success', facebook: entry({}) }), false);
    expect(await failureOf(client.accountAnalytics(target, { platforms: ['facebook', 'twitter'] }))).toBeInstanceOf(MissingCredentialsError);
    expect(transport.requests).toHaveLength(0);
    expect((await client.accountAnalytics(target, { platforms: ['facebook'] })).networks.facebook?.status).toBe('found');
  });

  it.each([
    [{ platforms: [] }, 'platforms'],
    [{ platforms: ['tiktok'], period60Days: true, daily: true }, 'period60Days'],
    [{ platforms: ['tiktok'], quarters: 9 }, 'quarters'],
  ])('%j is refused before sending, at %s', async (input, path) => {
    const { client, transport } = clientOf(() => json(200, { status: 'success' }));
    const error = await failureOf(client.accountAnalytics(target, input as never));
    expect(error).toBeInstanceOf(RequestInvalidError);
    expect((error as RequestInvalidError).issues[0]?.path).toBe(path);
    expect(transport.requests).toHaveLength(0);
  });
});

describe('answer', () => {
  it('one result per network: figures, not linked, another refusal, an odd value, a network left out', async () => {
    const { client } = clientOf(() =>
      json(200, {
        status: 'error',
        youtube: entry({ subscriberCount: '2450', videoCount: '38' }),
        linkedin: unlinked('linkedin'),
        facebook: 'surprise',
        errors: [unlinked('linkedin'), { action: 'analytics', status: 'error', code: 110, message: 'tiktok is busy', platform: 'tiktok' }],
      }),
    );
    const answer = await client.accountAnalytics(target, { platforms: ['youtube', 'linkedin', 'tiktok', 'facebook', 'instagram'] });
    expect(answer.status).toBe('error');
    expect(answer.networks.youtube).toMatchObject({
      status: 'found',
      figures: { network: 'youtube', followers: 2450, posts: 38 },
      lastUpdated: '2026-06-12T01:00:00.000Z',
      nextUpdate: '2026-06-12T01:10:00.000Z',
      // youtube's figures are of the end of the day before yesterday.
      asOf: '2026-06-11T00:00:00.000Z',
      day: '2026-06-10',
    });
    expect(answer.networks.linkedin).toEqual({ network: 'linkedin', status: 'not-linked', code: 109, message: 'linkedin is not linked to this profile' });
    expect(answer.networks.tiktok).toEqual({ network: 'tiktok', status: 'refused', code: 110, message: 'tiktok is busy' });
    expect(answer.networks.facebook).toMatchObject({ status: 'unreadable' });
    expect(answer.networks.instagram).toMatchObject({ status: 'missing' });
    expect(Object.keys(answer.networks)).toEqual(['youtube', 'linkedin', 'tiktok', 'facebook', 'instagram']);
  });

  it('an error status that still carries figures is read as an answer', async () => {
    const { client } = clientOf(() => json(400, { status: 'error', code: 109, instagram: entry({ followersCount: 7 }), twitter: unlinked('twitter') }));
    const answer = await client.accountAnalytics(target, { platforms: ['instagram', 'twitter'] });
    expect(answer.networks.instagram).toMatchObject({ status: 'found', figures: { followers: 7 } });
    expect(answer.networks.twitter).toMatchObject({ status: 'not-linked' });
  });

  it('every network unlinked: an AccountAnalyticsRefusedError (an HttpError) naming each, not retryable', async () => {
    const { client } = clientOf(() =>
      json(400, {
        status: 'error',
        code: 109,
        message: 'tiktok is not linked to this profile',
        tiktok: unlinked('tiktok'),
        youtube: unlinked('youtube'),
        errors: [unlinked('tiktok'), unlinked('youtube')],
      }),
    );
    const error = await failureOf(client.accountAnalytics(target, { platforms: ['tiktok', 'youtube'] }));
    expect(error).toBeInstanceOf(AccountAnalyticsRefusedError);
    expect(error).toBeInstanceOf(HttpError);
    const refused = error as AccountAnalyticsRefusedError;
    expect(refused.failures.map((f) => [f.network, f.status])).toEqual([
      ['tiktok', 'not-linked'],
      ['youtube', 'not-linked'],
    ]);
    expect(refused).toMatchObject({ status: 400, code: 109, retryable: false, writeOutcome: 'not-applied' });
    expect(refused.message).toMatch(/Link tiktok, youtube to this profile/);
  });

  it.each([
    [400, { status: 'error', code: 105, message: 'Field "quarters" must be a whole number' }],
    [500, { status: 'error', code: 500, message: 'boom', tiktok: unlinked('tiktok') }],
    [401, { status: 'error', code: 102, message: 'bad key' }],
  ])('HTTP %i without per-network reasons (or a 5xx) stays a plain HttpError', async (status, body) => {
    const { client } = clientOf(() => json(status, body));
    const error = await failureOf(client.accountAnalytics(target, { platforms: ['tiktok'] }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(AccountAnalyticsRefusedError);
    expect((error as HttpError).status).toBe(status);
  });
});
