// Bad input anywhere gets a 4xx with the service's error body, never a 500, and never stops the
// process: 1,200 random requests built from the service's own vocabulary (so they reach deep into
// the handlers, not just the router), plus malformed HTTP on a raw socket.
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORKS, WEBHOOK_ACTIONS } from '../../../src/shared/networks.ts';
import { openSandbox, type SandboxClient } from './harness.ts';

let client: SandboxClient;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000 });
});
afterAll(() => client.sandbox.close());

const FIELDS = [
  'id',
  'postIds',
  'platforms',
  'platform',
  'comment',
  'post',
  'searchPlatformId',
  'commentId',
  'commentUrn',
  'videoId',
  'mediaUrls',
  'objResponse',
  'disableComments',
  'action',
  'url',
  'secret',
  'title',
  'randomPost',
  'randomComment',
  'from',
  'socialPostId',
  'parentCommentId',
  'latencyMs',
];

describe('bad input never gets a 500 nor stops the sandbox', () => {
  it('answers 1,200 random requests from the service vocabulary with a status below 500 and a JSON error body', async () => {
    const world = await client.snapshot();
    const knownIds = [
      ...world.posts.slice(0, 40).map((p) => p.socialId),
      ...world.posts
        .filter((p) => p.serviceId)
        .slice(0, 20)
        .map((p) => p.serviceId as string),
    ];
    const profileKeys = world.profiles.map((p) => p.profileKey).filter((k): k is string => k !== null);

    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(...NETWORKS, ...WEBHOOK_ACTIONS, 'reddit', 'https://127.0.0.1:1/hook', 'http://x', '', ' '),
      fc.constantFrom(...knownIds),
    );
    const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 120 }), fc.dictionary(fc.string(), scalar, { maxKeys: 3 }));
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
      fc.string(),
      fc.constantFrom('{', '[]', 'null', '"text"', '{"platforms": "twitter"}', '\u0000\u0001', '{"a":'.repeat(50)),
      fc.json(),
    );
    const segment = fc.oneof(
      fc.constantFrom(...knownIds),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.constantFrom('%', '%E0%A4%A', '..', 'reply', 'twitter', 'post', '%2F'),
    );
    const path = fc.oneof(
      fc.constantFrom(
        '/comments',
        '/comments/reply',
        '/analytics/post',
        '/post',
        '/history',
        '/user',
        '/profiles',
        '/hook/webhook',
        '/hook/webhook/secret',
        '/',
      ),
      fc.tuple(fc.constantFrom('/comments/', '/comments/reply/', '/history/'), segment).map(([a, b]) => a + b),
      fc.array(segment, { maxLength: 4 }).map((s) => `/${s.join('/')}`),
    );
    const query = fc.dictionary(
      fc.constantFrom('searchPlatformId', 'platform', 'commentId', 'id', 'limit', 'lastRecords', 'lastDays'),
      fc.oneof(fc.constantFrom('true', 'false', ...NETWORKS, '0', '-1', '1001', 'abc'), fc.constantFrom(...knownIds)),
      { maxKeys: 3 },
    );
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      path,
      query,
      body: fc.option(body),
      auth: fc.constantFrom('valid', 'none', 'wrong', 'profile-as-bearer'),
      profileKey: fc.option(fc.oneof(fc.constantFrom(...profileKeys), fc.string({ maxLength: 10 }))),
      x: fc.constantFrom('both', 'none', 'key-only', 'wrong'),
      encoding: fc.option(fc.constantFrom('br', 'gzip;q=0.5, deflate', '*;q=0', 'identity', 'br;q=abc')),
    });

    const samples = fc.sample(request, { numRuns: 1200, seed: 20261121 });
    const failures: string[] = [];
    for (const sample of samples) {
      const headers: Record<string, string> = {};
      if (sample.auth === 'valid') headers.authorization = `Bearer ${client.sandbox.apiKey}`;
      if (sample.auth === 'wrong') headers.authorization = 'Bearer nope';
      if (sample.auth === 'profile-as-bearer') headers.authorization = `Bearer ${profileKeys[0]}`;
      if (sample.profileKey !== null) headers['profile-key'] = sample.profileKey.replace(/[^\x21-\x7e]/g, '');
      if (sample.x === 'both' || sample.x === 'key-only') headers['x-twitter-oauth1-api-key'] = world.xCredentials.key;
      if (sample.x === 'both') headers['x-twitter-oauth1-api-secret'] = world.xCredentials.secret;
      if (sample.x === 'wrong') {
        headers['x-twitter-oauth1-api-key'] = 'wrong';
        headers['x-twitter-oauth1-api-secret'] = 'wrong';
      }
      if (sample.encoding !== null) headers['accept-encoding'] = sample.encoding;
      const search = new URLSearchParams(sample.query).toString();
      const target = `/api${sample.path}${search ? `?${search}` : ''}`;
      const reply = await client.raw(sample.method, target, {
        headers,
        ...(sample.body !== null ? { rawBody: sample.body } : {}),
      });
      const ok = reply.status < 500 && reply.json !== undefined && (reply.status < 400 || reply.json.status === 'error');
      if (!ok) failures.push(`${sample.method} ${target} → ${reply.status} ${reply.raw.toString().slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    // Still alive and serving.
    const user = await client.api('GET', '/user');
    expect(user.status).toBe(200);
  }, 120_000);

  it('answers malformed HTTP on a raw socket with 400 and keeps serving', async () => {
    const { port } = client.sandbox;
    const garbage = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('THIS IS NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    expect((await client.api('GET', '/user')).status).toBe(200);
  });
});
