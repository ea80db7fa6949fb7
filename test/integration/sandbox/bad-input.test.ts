// Bad input (public-facts.md "HTTP statuses", "Other validation errors", "Request body limit",
// "Extra body fields"; README "Error codes of the sandbox"): each kind of bad request gets its 4xx
// and code with a message that names what is wrong, the well-formed neighbour of each is accepted,
// and every error body is {status:"error", code, message}. The random fuzz lives in fuzz.test.ts.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Reply, type SandboxClient, type World } from './harness.ts';

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 100_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

const MB = 1024 * 1024;

function primaryRefId(): string {
  const found = world.profiles.find((p) => p.profileKey === null);
  if (!found) throw new Error('no primary profile');
  return found.refId;
}

/** A service post of the primary profile that is not on twitter, and one of its networks. */
function plainServicePost(): { id: string; platform: string } {
  const onTwitter = new Set(world.posts.filter((p) => p.platform === 'twitter').map((p) => p.serviceId));
  const post = world.posts.find(
    (p) => p.profileRefId === primaryRefId() && p.serviceId !== null && !onTwitter.has(p.serviceId) && !p.flags.includes('commentsDisabled'),
  );
  if (!post?.serviceId) throw new Error('no service post off twitter');
  return { id: post.serviceId, platform: post.platform };
}

/** The service's error body: status "error", an integer code, a non-empty message; JSON content type. */
function expectError(reply: Reply, status: number, code?: number): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(reply.json).toBeDefined();
  expect(reply.json.status).toBe('error');
  expect(Number.isInteger(reply.json.code)).toBe(true);
  if (code !== undefined) expect(reply.json.code).toBe(code);
  expect(typeof reply.json.message).toBe('string');
  expect(reply.json.message.trim().length).toBeGreaterThan(0);
}

/** A POST with a chunked body (no content-length), streamed in 256 KB pieces. */
function postChunked(path: string, size: number): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${client.origin}/api${path}`,
      { method: 'POST', headers: { ...client.auth(), 'content-type': 'application/json' }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const piece = Buffer.alloc(256 * 1024, 0x20);
    for (let sent = 0; sent < size; sent += piece.length) req.write(piece.subarray(0, Math.min(piece.length, size - sent)));
    req.end();
  });
}

describe('"body is not JSON, or not a JSON object": 400, code 101', () => {
  it('malformed JSON is 400, code 101, with a message that says JSON', async () => {
    for (const raw of ['{', '{"post": "hi",}', 'post=hi', "{'post': 'hi'}", '{"a":'.repeat(20)]) {
      const reply = await client.api('POST', '/post', { rawBody: raw });
      expectError(reply, 400, 101);
      expect(reply.json.message, raw).toMatch(/JSON/);
    }
  });

  it('a JSON value that is not an object (array, string, number, boolean, null) is 400, code 101', async () => {
    for (const raw of ['[]', '[{"post":"hi","platforms":["linkedin"]}]', '"text"', '42', 'true', 'null']) {
      const reply = await client.api('POST', '/hook/webhook', { rawBody: raw });
      expectError(reply, 400, 101);
      expect(reply.json.message, raw).toMatch(/JSON object/);
    }
  });

  it('the same request as a JSON object is accepted (200)', async () => {
    const reply = await client.api('POST', '/hook/webhook', { rawBody: '{"action":"feed","url":"https://example.com/feed"}' });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ status: 'success', action: 'feed', url: 'https://example.com/feed' });
  });

  it('a bad body writes nothing', async () => {
    const before = (await client.control('GET', '/ledger')).json.length;
    await client.api('POST', '/post', { rawBody: '[{"post":"hi","platforms":["linkedin"]}]' });
    await client.api('POST', '/post', { rawBody: '{"post":"hi","platforms":["linkedin"]' });
    expect((await client.control('GET', '/ledger')).json.length).toBe(before);
  });
});

describe('"a field has the wrong type or value": 400, code 105, naming the field', () => {
  it('"platforms" as a string (not an array) is 105 naming platforms; as an array it is accepted', async () => {
    const refused = await client.api('POST', '/post', { body: { post: 'Typed', platforms: 'linkedin' } });
    expectError(refused, 400, 105);
    expect(refused.json.message).toMatch(/"platforms"/);
    expect((await client.api('POST', '/post', { body: { post: 'Typed', platforms: ['linkedin'] } })).status).toBe(200);
  });

  it('"comment" as a number is 105 naming comment (POST /comments/:id and the reply); as a string it is accepted', async () => {
    const { id } = plainServicePost();
    const onComment = await client.api('POST', `/comments/${id}`, { body: { comment: 42 } });
    expectError(onComment, 400, 105);
    expect(onComment.json.message).toMatch(/"comment"/);
    const made = await client.api('POST', `/comments/${id}`, { body: { comment: 'Forty-two' } });
    expect(made.status).toBe(200);
    const platform = Object.keys(made.json).find((k) => typeof made.json[k] === 'object' && made.json[k]?.status === 'success');
    if (!platform) throw new Error('no platform in the comment result');

    const onReply = await client.api('POST', `/comments/reply/${made.json.commentId}`, { body: { platforms: [platform], comment: 7 } });
    expectError(onReply, 400, 105);
    expect(onReply.json.message).toMatch(/"comment"/);
    const replied = await client.api('POST', `/comments/reply/${made.json.commentId}`, { body: { platforms: [platform], comment: 'Seven' } });
    expect(replied.status).toBe(200);
    expect(replied.json.status).toBe('success');
  });

  it('"searchPlatformId": "yes" is 105 naming searchPlatformId; true is accepted', async () => {
    const post = world.posts.find((p) => p.profileRefId === primaryRefId() && p.platform === 'linkedin' && p.owned);
    if (!post) throw new Error('no linkedin post');
    const body = { id: post.socialId, platforms: ['linkedin'] };
    const refused = await client.api('POST', '/analytics/post', { body: { ...body, searchPlatformId: 'yes' } });
    expectError(refused, 400, 105);
    expect(refused.json.message).toMatch(/"searchPlatformId"/);
    const accepted = await client.api('POST', '/analytics/post', { body: { ...body, searchPlatformId: true } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.linkedin[0].id).toBe(post.socialId);
  });

  it('"post" as a number, and "platforms" holding a number, are 105 naming the field', async () => {
    const post = await client.api('POST', '/post', { body: { post: 5, platforms: ['linkedin'] } });
    expectError(post, 400, 105);
    expect(post.json.message).toMatch(/"post"/);
    const platforms = await client.api('POST', '/post', { body: { post: 'Five', platforms: ['linkedin', 5] } });
    expectError(platforms, 400, 105);
    expect(platforms.json.message).toMatch(/"platforms"/);
  });
});

describe('"a network the operation does not accept": 400, code 106, naming it', () => {
  it('an unknown network in "platforms" is 106 naming it; a known linked one is accepted', async () => {
    const refused = await client.api('POST', '/post', { body: { post: 'Hello', platforms: ['linkedin', 'myspace'] } });
    expectError(refused, 400, 106);
    expect(refused.json.message).toMatch(/myspace/);
    expect((await client.api('POST', '/post', { body: { post: 'Hello', platforms: ['linkedin'] } })).status).toBe(200);
  });

  it('a network the operation does not take (bluesky for analytics by social id) is 106 naming it', async () => {
    const post = world.posts.find((p) => p.profileRefId === primaryRefId() && p.platform === 'bluesky');
    if (!post) throw new Error('no bluesky post');
    const reply = await client.api('POST', '/analytics/post', { body: { id: post.socialId, platforms: ['bluesky'], searchPlatformId: true } });
    expectError(reply, 400, 106);
    expect(reply.json.message).toMatch(/bluesky/);
  });

  it('GET /history/:platform with an unknown network is 106 naming it; a linked one is 200', async () => {
    const reply = await client.api('GET', '/history/myspace');
    expectError(reply, 400, 106);
    expect(reply.json.message).toMatch(/myspace/);
    expect((await client.api('GET', '/history/linkedin')).status).toBe(200);
  });
});

describe('webhook registration: "action" is one of the eight', () => {
  it('an unknown action is 400 naming it; each of the eight is accepted', async () => {
    const refused = await client.api('POST', '/hook/webhook', { body: { action: 'likes', url: 'https://example.com/h' } });
    expectError(refused, 400, 105);
    expect(refused.json.message).toMatch(/likes/);
    for (const action of ['feed', 'social', 'scheduled', 'batch', 'messages', 'mentions', 'comments', 'automations']) {
      const reply = await client.api('POST', '/hook/webhook', { body: { action, url: `https://example.com/${action}` } });
      expect(reply.status, action).toBe(200);
      expect(reply.json.action).toBe(action);
    }
  });
});

describe('"postIds per request: at most 100": 101 is 400, code 107', () => {
  it('101 postIds is 107; 100 postIds is not refused for their number', async () => {
    const own = world.posts.filter((p) => p.profileRefId === primaryRefId() && p.platform === 'linkedin' && p.owned).map((p) => p.socialId);
    expect(own.length).toBeGreaterThan(0);
    const ids = (n: number) => [...own, ...Array.from({ length: n - own.length }, (_, i) => `9${String(i).padStart(18, '0')}`)];
    const refused = await client.api('POST', '/analytics/post', { body: { postIds: ids(101), platforms: ['linkedin'], searchPlatformId: true } });
    expectError(refused, 400, 107);
    expect(refused.json.message).toMatch(/100/);
    const accepted = await client.api('POST', '/analytics/post', { body: { postIds: ids(100), platforms: ['linkedin'], searchPlatformId: true } });
    expect(accepted.status).toBe(200);
    // The unknown ids come back as "partial", the known ones with analytics.
    expect(accepted.json.status).toBe('partial');
    expect(accepted.json.linkedin.length).toBe(own.length);
  });
});

describe('empty text: 400, code 108 for posts and comments, 215 for replies', () => {
  it('an empty or blank "post" is 108; a non-empty one is accepted', async () => {
    for (const post of ['', '   ', '\n\t']) {
      const reply = await client.api('POST', '/post', { body: { post, platforms: ['linkedin'] } });
      expectError(reply, 400, 108);
      expect(reply.json.message).toMatch(/"post"/);
    }
    expect((await client.api('POST', '/post', { body: { post: 'x', platforms: ['linkedin'] } })).status).toBe(200);
  });

  it('an empty "comment" on POST /comments/:id is 108', async () => {
    const { id } = plainServicePost();
    for (const comment of ['', '  ']) {
      const reply = await client.api('POST', `/comments/${id}`, { body: { comment } });
      expectError(reply, 400, 108);
      expect(reply.json.message).toMatch(/"comment"/);
    }
  });

  it('an empty reply to an existing comment is 215 ("invalid comment") with the per-platform error; a non-empty one is accepted', async () => {
    const { id } = plainServicePost();
    const made = await client.api('POST', `/comments/${id}`, { body: { comment: 'Reply to me' } });
    expect(made.status).toBe(200);
    const platform = Object.keys(made.json).find((k) => made.json[k]?.status === 'success' && made.json[k]?.platform === k);
    if (!platform) throw new Error('no platform in the comment result');
    const refused = await client.api('POST', `/comments/reply/${made.json.commentId}`, { body: { platforms: [platform], comment: '' } });
    expectError(refused, 400, 215);
    expect(refused.json.errors).toEqual([{ action: 'reply', status: 'error', code: 215, message: expect.stringMatching(/empty/), platform }]);
    const accepted = await client.api('POST', `/comments/reply/${made.json.commentId}`, { body: { platforms: [platform], comment: 'Not empty' } });
    expect(accepted.status).toBe(200);
  });
});

describe('"Request body limit: 1 MB; larger: 413" (code 132)', () => {
  it('a body of exactly 1 MB is accepted; 1 MB + 1 byte is 413, code 132', async () => {
    const base = { action: 'feed', url: 'https://example.com/big', pad: '' };
    const padTo = (size: number) => JSON.stringify({ ...base, pad: 'x'.repeat(size - JSON.stringify(base).length) });
    const exact = padTo(MB);
    expect(Buffer.byteLength(exact)).toBe(MB);
    const accepted = await client.api('POST', '/hook/webhook', { rawBody: exact });
    expect(accepted.status).toBe(200);
    expect(accepted.json.url).toBe(base.url);

    const over = padTo(MB + 1);
    expect(Buffer.byteLength(over)).toBe(MB + 1);
    expectError(await client.api('POST', '/hook/webhook', { rawBody: over }), 413, 132);
  });

  it('a body of several MB is 413 (declared length or chunked), and the server keeps serving on a new connection', async () => {
    expectError(await client.api('POST', '/post', { rawBody: Buffer.alloc(3 * MB, 0x20) }), 413, 132);
    expect((await client.api('GET', '/user')).status).toBe(200);
    const chunked = await postChunked('/post', 3 * MB);
    expect(chunked.status).toBe(413);
    expect(chunked.json).toMatchObject({ status: 'error', code: 132 });
    expect((await client.api('GET', '/user')).status).toBe(200);
    // A chunked body under the limit is read as usual.
    const small = await postChunked('/post', 1000);
    expect(small.status).toBe(400);
    expect(small.json.code).toBe(104); // blank body = {}: "platforms" is missing
  });
});

describe('unknown endpoints (404, code 130) and wrong methods (405, code 131)', () => {
  it('an unknown path below /api is 404, code 130', async () => {
    for (const path of ['/nope', '/comments/a/b/c', '/hook', '/analytics', '/posts', '/history/linkedin/extra']) {
      expectError(await client.api('GET', path), 404, 130);
    }
  });

  it('a known path with a method it does not take is 405, code 131; with its own method it is not', async () => {
    const { id } = plainServicePost();
    const cases: [string, string][] = [
      ['PATCH', '/post'],
      ['GET', '/post'],
      ['PUT', '/history'],
      ['DELETE', '/user'],
      ['GET', '/analytics/post'],
      ['PUT', `/comments/${id}`],
      ['GET', '/comments/reply/abc'],
      ['PUT', '/hook/webhook'],
    ];
    for (const [method, path] of cases) {
      const reply = await client.api(method, path);
      expectError(reply, 405, 131);
      expect(reply.json.message).toMatch(new RegExp(method));
    }
    expect((await client.api('GET', '/history')).status).toBe(200);
    expect((await client.api('GET', `/comments/${id}`)).status).toBe(200);
    expect((await client.api('GET', '/hook/webhook')).status).toBe(200);
  });

  it('paths outside /api and /__sandbox are 404, code 130, with or without the API key', async () => {
    for (const path of ['/', '/user', '/apix/user', '/v1/api/user', '/__sandboxes/world', '/API/user']) {
      expectError(await client.raw('GET', path, { headers: client.auth() }), 404, 130);
      expectError(await client.raw('GET', path), 404, 130);
    }
  });
});

describe('path segments are percent-decoded one by one', () => {
  it('broken percent-encoding in a path segment is 400 (code 105)', async () => {
    for (const segment of ['%', '%zz', '%E0%A4%A', 'abc%2']) {
      const reply = await client.api('GET', `/comments/${segment}`);
      expectError(reply, 400, 105);
      expect(reply.json.message).toMatch(/percent-encoding/);
    }
    expectError(await client.api('POST', '/comments/reply/%G0', { body: { platforms: ['facebook'], comment: 'x' } }), 400, 105);
  });

  it('a well-encoded id with "/" (bluesky at:// id) stays in its segment and is found', async () => {
    const post = world.posts.find((p) => p.profileRefId === primaryRefId() && p.platform === 'bluesky');
    if (!post) throw new Error('no bluesky post');
    expect(post.socialId).toContain('/');
    const reply = await client.api('GET', `/comments/${encodeURIComponent(post.socialId)}?searchPlatformId=true&platform=bluesky`);
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.json.bluesky)).toBe(true);
  });
});

describe('"unknown fields are ignored (official SDKs add source: "npm" / "pypi" to every body)"', () => {
  it('POST /post, POST /comments/:id, POST /analytics/post, POST /hook/webhook with source and other extra fields: 200', async () => {
    const extra = { source: 'npm', somethingElse: { nested: [1, 2] } };
    const posted = await client.api('POST', '/post', { body: { post: 'From the SDK', platforms: ['linkedin'], ...extra } });
    expect(posted.status).toBe(200);
    expect(posted.json.source).toBeUndefined();
    const { id } = plainServicePost();
    expect((await client.api('POST', `/comments/${id}`, { body: { comment: 'SDK comment', ...extra } })).status).toBe(200);
    expect((await client.api('POST', '/analytics/post', { body: { id, ...extra } })).status).toBe(200);
    const hook = await client.api('POST', '/hook/webhook', { body: { action: 'social', url: 'https://example.com/s', source: 'pypi' } });
    expect(hook.status).toBe(200);
    expect(hook.json).toEqual({ status: 'success', action: 'social', url: 'https://example.com/s', refId: primaryRefId() });
  });
});

describe('every error body is JSON {status: "error", code (integer), message (non-empty string)}', () => {
  it('holds across the kinds of refusal, and the sandbox still serves afterwards', async () => {
    const refusals: Reply[] = [
      await client.api('GET', '/user', { noAuth: true }),
      await client.api('GET', '/user', { profileKey: 'nope' }),
      await client.api('POST', '/post', { rawBody: '{' }),
      await client.api('POST', '/post', { body: {} }),
      await client.api('POST', '/post', { body: { post: 'x', platforms: ['myspace'] } }),
      await client.api('GET', '/comments/unknown'),
      await client.api('DELETE', '/comments/unknown'),
      await client.api('GET', '/history/twitter'),
      await client.api('GET', '/history/twitter', { headers: { 'x-twitter-oauth1-api-key': 'k' } }),
      await client.api('GET', '/nope'),
      await client.api('PATCH', '/user'),
      await client.api('GET', '/comments/%zz'),
      await client.raw('GET', '/elsewhere'),
      await client.control('PUT', '/faults', { nonsense: true }),
      await client.control('GET', '/nope'),
    ];
    for (const reply of refusals) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expectError(reply, reply.status);
    }
    expect((await client.api('GET', '/user')).status).toBe(200);
  });
});
