// The rate limit (public-facts.md "Rate limit", "Rate-limit counting"): N requests per 5 minutes per
// profile, x-ratelimit-max / x-ratelimit-count on every answer, 429 (code 140) over the limit; every
// authenticated /api request counts whatever its answer except 429s; unauthenticated ones count for
// no one; a fixed window from the profile's first counted request; /__sandbox is never counted;
// 1,000 answers of 429 within 24 h suspend the profile (then 403, code 121).
import { afterAll, describe, expect, it } from 'vitest';
import { openSandbox, type Reply, type SandboxClient, userProfiles } from './harness.ts';

const MINUTE = 60_000;
const WINDOW = 5 * MINUTE;

interface Clocked {
  client: SandboxClient;
  /** Moves the sandbox's clock forward. */
  advance(ms: number): void;
}

const opened: SandboxClient[] = [];
afterAll(async () => {
  await Promise.all(opened.map((c) => c.sandbox.close()));
});

/** A sandbox of its own with a clock the test moves (each test starts from clean counters). */
async function fresh(rateLimit = 5): Promise<Clocked> {
  let now = Date.parse('2026-06-01T12:00:00.000Z');
  const client = await openSandbox({ rateLimit, now: () => new Date(now) });
  opened.push(client);
  return {
    client,
    advance(ms: number) {
      now += ms;
    },
  };
}

function count(reply: Reply): number {
  return Number(reply.headers['x-ratelimit-count']);
}

function expectCounted(reply: Reply, status: number, expectedCount: number, max = 5): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['x-ratelimit-max']).toBe(String(max));
  expect(reply.headers['x-ratelimit-count']).toBe(String(expectedCount));
}

function expectLimited(reply: Reply, max = 5): void {
  expect(reply.status).toBe(429);
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(reply.json).toEqual({ status: 'error', code: 140, message: expect.stringMatching(/\S/) });
  expect(reply.headers['x-ratelimit-max']).toBe(String(max));
  expect(reply.headers['x-ratelimit-count']).toBe(String(max));
}

async function userKeys(client: SandboxClient): Promise<[string, string]> {
  const [a, b] = userProfiles(await client.snapshot());
  if (!a?.profileKey || !b?.profileKey) throw new Error('fewer than two user profiles');
  return [a.profileKey, b.profileKey];
}

describe('"every response carries x-ratelimit-max (the window\'s limit) and x-ratelimit-count (requests used in the window)"', () => {
  it('x-ratelimit-max is the limit and x-ratelimit-count counts 1, 2, … including the current request', async () => {
    const { client } = await fresh(5);
    for (let i = 1; i <= 5; i++) expectCounted(await client.api('GET', '/user'), 200, i);
  });

  it('the limit option sets x-ratelimit-max', async () => {
    const { client } = await fresh(7);
    expectCounted(await client.api('GET', '/user'), 200, 1, 7);
  });
});

describe('"over the limit: HTTP 429"', () => {
  it('request 6 of a limit of 5 is 429 with the error body, code 140; requests 1-5 were 200', async () => {
    const { client } = await fresh(5);
    for (let i = 1; i <= 5; i++) expect((await client.api('GET', '/user')).status).toBe(200);
    expectLimited(await client.api('GET', '/user'));
    // A 429 is refused before the operation: a write is not applied.
    const before = (await client.control('GET', '/ledger')).json.length;
    expectLimited(await client.api('POST', '/post', { body: { post: 'over the limit', platforms: ['linkedin'] } }));
    expect((await client.control('GET', '/ledger')).json.length).toBe(before);
  });

  it('"except those answered 429": 429s do not count; the count stays at the limit and restarts at 1 with the next window', async () => {
    const clocked = await fresh(5);
    const { client } = clocked;
    for (let i = 1; i <= 5; i++) await client.api('GET', '/user');
    for (let i = 0; i < 20; i++) expectLimited(await client.api('GET', '/user'));
    clocked.advance(WINDOW);
    expectCounted(await client.api('GET', '/user'), 200, 1);
    // Four more fit: the 20 refused ones left nothing behind in the new window.
    for (let i = 2; i <= 5; i++) expectCounted(await client.api('GET', '/user'), 200, i);
    expectLimited(await client.api('GET', '/user'));
  });
});

describe('"every authenticated request of a profile to /api counts, whatever its answer"', () => {
  it('404, 400, 405, 419 and 401/272 answers count like 200s', async () => {
    const { client } = await fresh(8);
    const answers: [string, Reply, number][] = [
      ['unknown endpoint', await client.api('GET', '/no-such-endpoint'), 404],
      ['unknown id', await client.api('GET', '/comments/no-such-post'), 404],
      ['malformed JSON', await client.api('POST', '/post', { rawBody: '{' }), 400],
      ['wrong method', await client.api('PATCH', '/post'), 405],
      ['no X headers', await client.api('GET', '/history/twitter'), 419],
      ['wrong X pair', await client.api('GET', '/history/twitter', { headers: { 'x-twitter-oauth1-api-key': 'a', 'x-twitter-oauth1-api-secret': 'b' } }), 401],
      ['success', await client.api('GET', '/user'), 200],
    ];
    answers.forEach(([name, reply, status], i) => {
      expect(reply.status, name).toBe(status);
      expect(reply.headers['x-ratelimit-max'], name).toBe('8');
      expect(count(reply), name).toBe(i + 1);
    });
    expectCounted(await client.api('GET', '/user'), 200, 8, 8);
    expectLimited(await client.api('GET', '/user'), 8);
  });

  it('unauthenticated requests (401) count for no one: not for the primary nor for the profile whose key they carry', async () => {
    const { client } = await fresh(5);
    const [keyA] = await userKeys(client);
    for (let i = 0; i < 10; i++) {
      expect((await client.api('GET', '/user', { noAuth: true })).status).toBe(401);
      expect((await client.api('GET', '/user', { noAuth: true, headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await client.api('GET', '/user', { noAuth: true, profileKey: keyA })).status).toBe(401);
      // Right API key, unknown Profile-Key: 401 code 103, counted for no one either.
      expect((await client.api('GET', '/user', { profileKey: 'UNKNOWN-PROFILE-KEY' })).status).toBe(401);
    }
    expectCounted(await client.api('GET', '/user'), 200, 1);
    expectCounted(await client.api('GET', '/user', { profileKey: keyA }), 200, 1);
  });

  it('/__sandbox/* is never counted, and still answers when the primary is over its limit', async () => {
    const { client } = await fresh(5);
    expectCounted(await client.api('GET', '/user'), 200, 1);
    for (let i = 0; i < 10; i++) {
      expect((await client.control('GET', '/world')).status).toBe(200);
      expect((await client.control('GET', '/ledger')).status).toBe(200);
      expect((await client.control('DELETE', '/faults')).status).toBe(200);
    }
    expectCounted(await client.api('GET', '/user'), 200, 2);
    for (let i = 3; i <= 5; i++) await client.api('GET', '/user');
    expectLimited(await client.api('GET', '/user'));
    const world = await client.control('GET', '/world');
    expect(world.status).toBe(200);
    expect(world.headers['x-ratelimit-count']).toBeUndefined();
  });
});

describe('"300 requests per 5 minutes per profile": the limit is per profile', () => {
  it('with the primary exhausted, user profiles are still fine, each with its own count', async () => {
    const { client } = await fresh(5);
    const [keyA, keyB] = await userKeys(client);
    for (let i = 1; i <= 5; i++) await client.api('GET', '/user');
    expectLimited(await client.api('GET', '/user'));

    const asA = await client.api('GET', '/user', { profileKey: keyA });
    expectCounted(asA, 200, 1);
    expectCounted(await client.api('GET', '/user', { profileKey: keyA }), 200, 2);
    expectCounted(await client.api('GET', '/user', { profileKey: keyB }), 200, 1);
    // The primary is still over its limit.
    expectLimited(await client.api('GET', '/user'));
    // Exhausting A leaves B where it was.
    for (let i = 3; i <= 5; i++) await client.api('GET', '/user', { profileKey: keyA });
    expectLimited(await client.api('GET', '/user', { profileKey: keyA }));
    expectCounted(await client.api('GET', '/user', { profileKey: keyB }), 200, 2);
  });
});

describe('"a fixed 5-minute window starting with the profile\'s first counted request"', () => {
  it('the window opens at the first counted request, not at start-up: 4:59 later it still holds, at 5:00 the count restarts at 1', async () => {
    const clocked = await fresh(5);
    const { client } = clocked;
    clocked.advance(3 * MINUTE); // idle time before the first request opens no window
    expectCounted(await client.api('GET', '/user'), 200, 1);
    clocked.advance(WINDOW - 1);
    for (let i = 2; i <= 5; i++) expectCounted(await client.api('GET', '/user'), 200, i);
    expectLimited(await client.api('GET', '/user'));
    clocked.advance(1);
    expectCounted(await client.api('GET', '/user'), 200, 1);
  });

  it('fixed, not sliding: requests late in a window do not carry over into the next one', async () => {
    const clocked = await fresh(5);
    const { client } = clocked;
    expectCounted(await client.api('GET', '/user'), 200, 1);
    clocked.advance(4 * MINUTE);
    for (let i = 2; i <= 5; i++) expectCounted(await client.api('GET', '/user'), 200, i);
    clocked.advance(MINUTE);
    // A sliding window would still hold the four requests of a minute ago.
    for (let i = 1; i <= 5; i++) expectCounted(await client.api('GET', '/user'), 200, i);
    expectLimited(await client.api('GET', '/user'));
  });

  it("each profile's window starts with its own first request", async () => {
    const clocked = await fresh(5);
    const { client } = clocked;
    const [keyA] = await userKeys(client);
    expectCounted(await client.api('GET', '/user'), 200, 1);
    clocked.advance(3 * MINUTE);
    expectCounted(await client.api('GET', '/user', { profileKey: keyA }), 200, 1);
    clocked.advance(2 * MINUTE); // the primary's window is over; A's is 2 minutes old
    expectCounted(await client.api('GET', '/user'), 200, 1);
    expectCounted(await client.api('GET', '/user', { profileKey: keyA }), 200, 2);
    clocked.advance(3 * MINUTE); // A's window is over now
    expectCounted(await client.api('GET', '/user', { profileKey: keyA }), 200, 1);
    expectCounted(await client.api('GET', '/user'), 200, 2);
  });
});

describe('"1,000 responses of 429 within 24 h suspend a profile (then 403)"', () => {
  it('with a limit of 1: one 200, then 1,000 answers of 429, then 403 code 121; other profiles and the control surface go on', async () => {
    const clocked = await fresh(1);
    const { client } = clocked;
    const [keyA] = await userKeys(client);
    expect((await client.api('GET', '/user')).status).toBe(200);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const reply = await client.api('GET', '/user');
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 429: 1000 });

    const suspended = await client.api('GET', '/user');
    expect(suspended.status).toBe(403);
    expect(suspended.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(suspended.json).toEqual({ status: 'error', code: 121, message: expect.stringMatching(/suspend/i) });
    // A new window does not lift the suspension.
    clocked.advance(WINDOW);
    expect((await client.api('GET', '/user')).json.code).toBe(121);
    // Another profile of the account is not suspended.
    expectCounted(await client.api('GET', '/user', { profileKey: keyA }), 200, 1, 1);
    expect((await client.control('GET', '/world')).status).toBe(200);
  });
});
