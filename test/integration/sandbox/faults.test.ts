// Faults (README, "Control surface"): PUT /__sandbox/faults {latencyMs?, errorRate?, status?, down?,
// dropAfterCommitRate?} replaces the fault settings (missing fields are off), DELETE restores. Only
// /api is faulted; /__sandbox keeps answering. dropAfterCommit is the case that makes clients send
// twice: the write is applied, the answer never comes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type SandboxClient, type World } from './harness.ts';

let client: SandboxClient;
let world: World;
let network: string;

const NO_FAULTS = { latencyMs: 0, errorRate: 0, status: 503, down: false, dropAfterCommitRate: 0 };

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000 });
  world = await client.snapshot();
  // A network of the primary profile that needs no X headers.
  network = world.profiles.find((p) => p.profileKey === null)?.platforms.find((p) => p !== 'twitter') as string;
});
afterEach(async () => {
  expect((await client.control('DELETE', '/faults')).status).toBe(200);
});
afterAll(() => client.sandbox.close());

async function setFaults(faults: Record<string, unknown>) {
  const reply = await client.control('PUT', '/faults', faults);
  expect(reply.status).toBe(200);
  return reply.json;
}

async function ledgerLength(): Promise<number> {
  return ((await client.control('GET', '/ledger')).json as unknown[]).length;
}

/** A sent request that ends without any HTTP answer rejects; this gives its error, or null if it was answered. */
async function noAnswer(promise: Promise<unknown>): Promise<Error | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error as Error;
  }
}

describe('PUT /__sandbox/faults replaces the settings (missing fields are off); DELETE restores', () => {
  it('PUT answers the whole settings, with the fields not given off', async () => {
    expect(await setFaults({ latencyMs: 20, errorRate: 0.25, status: 502 })).toEqual({ ...NO_FAULTS, latencyMs: 20, errorRate: 0.25, status: 502 });
    // A second PUT replaces, it does not merge: latency and errorRate are off again.
    expect(await setFaults({ down: true })).toEqual({ ...NO_FAULTS, down: true });
    expect(await setFaults({})).toEqual(NO_FAULTS);
  });

  it('DELETE turns every fault off and the service answers again', async () => {
    await setFaults({ errorRate: 1 });
    expect((await client.api('GET', '/user')).status).toBe(503);
    const reply = await client.control('DELETE', '/faults');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual(NO_FAULTS);
    expect((await client.api('GET', '/user')).status).toBe(200);
  });

  it.each([
    [{ latencyMs: -1 }],
    [{ latencyMs: 'slow' }],
    [{ latencyMs: 120_001 }],
    [{ errorRate: 1.5 }],
    [{ errorRate: -0.1 }],
    [{ errorRate: '0.5' }],
    [{ status: 200 }],
    [{ status: 600 }],
    [{ status: 502.5 }],
    [{ down: 'yes' }],
    [{ down: 1 }],
    [{ dropAfterCommitRate: 2 }],
    [{ dropAfterCommitRate: null }],
    [{ surprise: true }],
  ])('invalid fault values are 400 (code 105) and change nothing: %j', async (faults) => {
    await setFaults({ errorRate: 1, status: 502 });
    const reply = await client.control('PUT', '/faults', faults);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 105 });
    // The settings in force before the refused PUT still hold.
    expect((await client.api('GET', '/user')).status).toBe(502);
  });

  it('a body that is not a JSON object is 400', async () => {
    const reply = await client.raw('PUT', '/__sandbox/faults', { headers: client.auth(), rawBody: '[1]' });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 101 });
  });
});

describe('latencyMs delays the answers of the service', () => {
  it('an API answer takes at least latencyMs', async () => {
    const latencyMs = 250;
    await setFaults({ latencyMs });
    const started = performance.now();
    const reply = await client.api('GET', '/user');
    const elapsed = performance.now() - started;
    expect(reply.status).toBe(200);
    // A lower bound only (1 ms for timer rounding); how much longer it takes is not asserted.
    expect(elapsed).toBeGreaterThanOrEqual(latencyMs - 1);
  });

  it('the delay comes before authentication: a refused request is delayed too', async () => {
    const latencyMs = 150;
    await setFaults({ latencyMs });
    const started = performance.now();
    const reply = await client.api('GET', '/user', { noAuth: true });
    expect(reply.status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(latencyMs - 1);
  });
});

describe('errorRate: that share of API requests is answered with status (default 503, code 150); /__sandbox still answers', () => {
  it('errorRate 1 with status 502: every API request is 502 with the error body, and nothing is applied', async () => {
    await setFaults({ errorRate: 1, status: 502 });
    const before = await ledgerLength();
    const requests = [
      client.api('GET', '/user'),
      client.api('GET', '/history'),
      client.api('POST', '/post', { body: { post: 'Never applied', platforms: [network] } }),
      client.api('GET', '/no-such-endpoint'),
      // Before authentication: even a request without a key gets the fault.
      client.api('GET', '/user', { noAuth: true }),
    ];
    for (const reply of await Promise.all(requests)) {
      expect(reply.status).toBe(502);
      expect(reply.json).toMatchObject({ status: 'error', code: 150 });
      expect(typeof reply.json.message).toBe('string');
    }
    expect(await ledgerLength()).toBe(before);
    const control = await client.control('GET', '/world');
    expect(control.status).toBe(200);
    expect(control.json.posts.length).toBeGreaterThan(0);
  });

  it('errorRate 1 without status: 503, code 150', async () => {
    await setFaults({ errorRate: 1 });
    const reply = await client.api('GET', '/user');
    expect(reply.status).toBe(503);
    expect(reply.json).toMatchObject({ status: 'error', code: 150 });
  });

  it('errorRate 0.5: some requests fail and some are served', async () => {
    await setFaults({ errorRate: 0.5, status: 500 });
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) statuses.add((await client.api('GET', '/user')).status);
    expect([...statuses].sort()).toEqual([200, 500]);
  });

  it('errorRate 0 (the default): every request is served', async () => {
    await setFaults({ errorRate: 0, status: 500 });
    for (let i = 0; i < 10; i++) expect((await client.api('GET', '/user')).status).toBe(200);
  });
});

describe('down: every API connection is closed without an answer; /__sandbox still works', () => {
  it('an API request gets no HTTP answer at all; the control surface answers; after DELETE the API answers again', async () => {
    await setFaults({ down: true });
    const get = await noAnswer(client.api('GET', '/user'));
    expect(get).toBeInstanceOf(Error);
    const post = await noAnswer(client.api('POST', '/post', { body: { post: 'While down', platforms: [network] } }));
    expect(post).toBeInstanceOf(Error);
    // fetch, as a client would use it, rejects too.
    await expect(fetch(`${client.sandbox.url}/user`, { headers: client.auth() })).rejects.toThrow();
    expect((await client.control('GET', '/world')).status).toBe(200);
    expect((await client.control('GET', '/ledger')).status).toBe(200);
    await client.control('DELETE', '/faults');
    expect((await client.api('GET', '/user')).status).toBe(200);
    const history = (await client.api('GET', '/history')).json.history as { post: string }[];
    expect(history.some((h) => h.post === 'While down')).toBe(false);
  });
});

describe('dropAfterCommitRate: the write is applied, then the connection closes without an answer', () => {
  it('dropAfterCommitRate 1: POST /post gets no answer, BUT the ledger shows the write and GET /history shows the post', async () => {
    await setFaults({ dropAfterCommitRate: 1 });
    const before = await ledgerLength();
    const text = `Dropped but applied ${Date.now()}`;
    const error = await noAnswer(client.api('POST', '/post', { body: { post: text, platforms: [network] } }));
    expect(error).toBeInstanceOf(Error);
    const ledger = (await client.control('GET', '/ledger')).json as { kind: string; text: string | null; ids: string[] }[];
    expect(ledger).toHaveLength(before + 1);
    const entry = ledger.at(-1);
    expect(entry).toMatchObject({ kind: 'post.create', text });
    // Reads are never dropped, so the client can look: the post is there (the fault is still on).
    const history = await client.api('GET', '/history');
    expect(history.status).toBe(200);
    const shown = (history.json.history as { id: string; post: string }[]).find((h) => h.post === text);
    expect(shown).toBeDefined();
    expect(entry?.ids).toContain(shown?.id);
  });

  it('a dropped comment write is applied too (the comment is in GET /comments)', async () => {
    const created = await client.api('POST', '/post', { body: { post: 'A post to comment on', platforms: [network] } });
    expect(created.status).toBe(200);
    await setFaults({ dropAfterCommitRate: 1 });
    const error = await noAnswer(client.api('POST', `/comments/${created.json.id}`, { body: { comment: 'Sent once, unanswered' } }));
    expect(error).toBeInstanceOf(Error);
    const ledger = (await client.control('GET', '/ledger')).json as { kind: string; text: string | null }[];
    expect(ledger.at(-1)).toMatchObject({ kind: 'comment.create', text: 'Sent once, unanswered' });
    const comments = await client.api('GET', `/comments/${created.json.id}`);
    expect(comments.status).toBe(200);
    expect((comments.json[network] as { comment: string }[]).some((c) => c.comment === 'Sent once, unanswered')).toBe(true);
  });

  it('reads are never dropped', async () => {
    await setFaults({ dropAfterCommitRate: 1 });
    const service = world.posts.find(
      (p) => p.serviceId !== null && p.profileRefId === world.profiles.find((q) => q.profileKey === null)?.refId && p.platform !== 'twitter',
    );
    for (const path of ['/user', '/history', `/comments/${service?.serviceId}`, '/hook/webhook']) {
      expect((await client.api('GET', path)).status).toBe(200);
    }
    expect((await client.api('POST', '/analytics/post', { body: { id: service?.serviceId, platforms: [service?.platform] } })).status).toBe(200);
  });

  it('a refused write is answered (it was not applied) and is not in the ledger', async () => {
    await setFaults({ dropAfterCommitRate: 1 });
    const before = await ledgerLength();
    const reply = await client.api('POST', '/post', { body: { post: '', platforms: [network] } });
    expect(reply.status).toBe(400);
    expect(await ledgerLength()).toBe(before);
  });

  it('dropAfterCommitRate 0: writes are answered', async () => {
    await setFaults({ dropAfterCommitRate: 0 });
    expect((await client.api('POST', '/post', { body: { post: 'Answered', platforms: [network] } })).status).toBe(200);
  });
});
