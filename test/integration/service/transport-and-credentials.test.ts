// The wire against a started sandbox: compressed answers (br, gzip, deflate) read correctly and one
// keep-alive pool per base URL; the X key pair on twitter requests (missing: refused before
// sending; wrong pair: 401 code 272 with a hint; a stale network list: the service's 419 with a
// hint); a wrong API key: 401 with a hint.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, MissingCredentialsError } from '../../../src/main/core/service/errors.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { UndiciTransport } from '../../../src/main/core/service/undiciTransport.ts';
import { failureOf, openFixture, type SandboxFixture } from './harness.ts';

let fixture: SandboxFixture;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000 });
});
afterAll(() => fixture.close());

function busiestPost() {
  return [...fixture.world.posts].filter((p) => p.platform !== 'twitter').sort((a, b) => b.commentCount - a.commentCount)[0]!;
}

describe('compression', () => {
  it('a large answer comes compressed with br and reads the same as uncompressed', async () => {
    const post = busiestPost();
    const encodings: string[] = [];
    const onHeaders = (message: unknown) => {
      const { response } = message as { response: { headers: Buffer[] } };
      for (let i = 0; i < response.headers.length; i += 2) {
        if (response.headers[i]!.toString().toLowerCase() === 'content-encoding') encodings.push(response.headers[i + 1]!.toString());
      }
    };
    subscribe('undici:request:headers', onHeaders);
    const client = fixture.client();
    try {
      const answer = await client.getComments(fixture.target(post.profileRefId), { by: 'socialPost', id: post.socialId, platform: post.platform });
      expect(encodings).toEqual(['br']);
      const plain = await fetch(`${fixture.sandbox.url}/comments/${encodeURIComponent(post.socialId)}?searchPlatformId=true&platform=${post.platform}`, {
        headers: {
          authorization: `Bearer ${fixture.sandbox.apiKey}`,
          'accept-encoding': 'identity',
          ...(fixture.target(post.profileRefId).profileId
            ? { 'profile-key': fixture.world.profiles.find((p) => p.refId === post.profileRefId)!.profileKey! }
            : {}),
        },
      });
      expect(answer).toEqual(await plain.json());
      expect(answer[post.platform]!.length).toBeGreaterThan(50);
    } finally {
      unsubscribe('undici:request:headers', onHeaders);
      await client.close();
    }
  });

  it.each(['br', 'gzip', 'deflate'])('the transport decodes %s', async (encoding) => {
    const transport = new UndiciTransport();
    try {
      const response = await transport.send({
        baseUrl: fixture.sandbox.url,
        method: 'GET',
        path: '/history',
        headers: { authorization: `Bearer ${fixture.sandbox.apiKey}`, 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect((JSON.parse(response.body) as { history: unknown[] }).history.length).toBeGreaterThan(5);
    } finally {
      await transport.close();
    }
  });

  it('an error answer over 1 KB is decoded too', async () => {
    const client = fixture.client();
    try {
      const profile = fixture.world.profiles.find((p) => p.platforms.includes('facebook'))!;
      const ids = Array.from({ length: 100 }, (_, i) => `0000_${String(i).padStart(16, '0')}`);
      const result = await client.analyticsBySocialIds(fixture.target(profile.refId), { platform: 'facebook', ids });
      expect(result.results.every((r) => r.status === 'not-found')).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('requests reuse the keep-alive connections of one pool per base URL: never more than its size', async () => {
    const transport = new UndiciTransport({ connectionsPerOrigin: 2 });
    const client = fixture.client({ transport });
    let connections = 0;
    const onConnected = (message: unknown) => {
      if ((message as { connectParams: { port: string } }).connectParams.port === String(fixture.sandbox.port)) connections++;
    };
    subscribe('undici:client:connected', onConnected);
    try {
      for (let i = 0; i < 20; i++) await client.user({ accountId: 'a' });
      await Promise.all(Array.from({ length: 20 }, () => client.history({ accountId: 'a' })));
      expect(connections).toBeGreaterThanOrEqual(1);
      expect(connections).toBeLessThanOrEqual(2);
      expect(transport.stats(fixture.sandbox.url)?.connected).toBeLessThanOrEqual(2);
    } finally {
      unsubscribe('undici:client:connected', onConnected);
      await client.close();
    }
  });
});

describe('X (twitter) credentials', () => {
  const tweet = () => fixture.post((p) => p.platform === 'twitter' && p.commentCount > 0);

  it("the account's key pair goes with a request that targets twitter, and it succeeds", async () => {
    const client = fixture.client();
    const post = tweet();
    const answer = await client.getComments(fixture.target(post.profileRefId), { by: 'socialPost', id: post.socialId, platform: 'twitter' });
    expect(answer.twitter?.length).toBeGreaterThan(0);
    await client.close();
  });

  it('an account without a key pair: refused before sending, with what to do', async () => {
    fixture.xCredentials = undefined;
    const client = fixture.client();
    try {
      const post = tweet();
      const error = await failureOf(client.getComments(fixture.target(post.profileRefId), { by: 'socialPost', id: post.socialId, platform: 'twitter' }));
      expect(error).toBeInstanceOf(MissingCredentialsError);
    } finally {
      fixture.xCredentials = fixture.world.xCredentials;
      await client.close();
    }
  });

  it('a wrong key pair: 401, code 272, a hint about the X key pair', async () => {
    fixture.xCredentials = { key: 'wrong-x-key-123', secret: 'wrong-x-secret-456' };
    const client = fixture.client();
    try {
      const post = tweet();
      const error = await failureOf(
        client.analyticsBySocialIds(fixture.target(post.profileRefId), { platform: 'twitter', ids: [post.socialId] }).then((r) => {
          const failed = r.results[0];
          throw failed?.status === 'failed' && failed.error ? failed.error : new Error('expected a failure');
        }),
      );
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 401, code: 272, retryable: false });
      expect((error as HttpError).hint).toMatch(/X \(Twitter\) key pair of this account was refused/);
    } finally {
      fixture.xCredentials = fixture.world.xCredentials;
      await client.close();
    }
  });

  it("a caller's stale network list (post said to be on facebook only): the service's 419, with a hint", async () => {
    const post = fixture.post((p) => p.serviceId !== null && p.platform === 'twitter');
    const client = fixture.client();
    try {
      const error = await failureOf(client.getComments(fixture.target(post.profileRefId), { by: 'servicePost', id: post.serviceId!, networks: ['facebook'] }));
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 419, code: 419, retryable: false });
      expect((error as HttpError).hint).toMatch(/need the X OAuth 1.0a consumer key and secret/);
    } finally {
      await client.close();
    }
  });
});

describe('API key', () => {
  it('a wrong API key: 401, code 102, a hint to check the key', async () => {
    const client = new ServiceClient({
      vault: { account: async () => ({ baseUrl: fixture.sandbox.url, apiKey: 'not-the-api-key' }), profileKey: async () => 'x' },
    });
    try {
      const error = await failureOf(client.user({ accountId: 'a' }));
      expect(error).toMatchObject({ kind: 'http', status: 401, code: 102, retryable: false });
      expect((error as HttpError).hint).toMatch(/API key was refused/);
    } finally {
      await client.close();
    }
  });
});
