// Response compression and content type (service-api.md "Authentication" 6 and "Limits";
// public-facts.md "Response content type", "Compression", "Compression choice"): only bodies larger
// than 1024 bytes, br > gzip > deflate among what the request accepts, q=0 excludes, `*` stands for
// the rest, deflate is zlib-wrapped, content-encoding names it, and the bytes decompress to the same
// JSON. Every JSON answer is `application/json; charset=utf-8` with `vary: Accept-Encoding`.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Reply, type SandboxClient } from './harness.ts';

let client: SandboxClient;
/** GET /history without Accept-Encoding: the reference body, well over 1024 bytes. */
let plainHistory: Reply;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 100_000 });
  plainHistory = await client.api('GET', '/history');
});
afterAll(() => client.sandbox.close());

function history(acceptEncoding: string): Promise<Reply> {
  return client.api('GET', '/history', { headers: { 'accept-encoding': acceptEncoding } });
}

/** Decompresses with node:zlib directly (not through the harness) by the named encoding. */
function decode(reply: Reply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.raw);
  if (encoding === 'gzip') return gunzipSync(reply.raw);
  if (encoding === 'deflate') return inflateSync(reply.raw);
  if (encoding === undefined) return reply.raw;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

describe('"only responses larger than 1024 bytes are compressed"', () => {
  it('the reference answer is uncompressed without Accept-Encoding and larger than 1024 bytes', () => {
    expect(plainHistory.status).toBe(200);
    expect(plainHistory.headers['content-encoding']).toBeUndefined();
    expect(plainHistory.raw.length).toBeGreaterThan(1024);
    expect(Number(plainHistory.headers['content-length'])).toBe(plainHistory.raw.length);
  });

  it('a large body is compressed when asked, and is smaller on the wire', async () => {
    const reply = await history('br');
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.raw.length).toBeLessThan(plainHistory.raw.length);
    expect(Number(reply.headers['content-length'])).toBe(reply.raw.length);
  });

  it('a small success body (GET /hook/webhook) is never compressed, even when every encoding is asked for', async () => {
    const reply = await client.api('GET', '/hook/webhook', { headers: { 'accept-encoding': 'br, gzip, deflate, *' } });
    expect(reply.status).toBe(200);
    expect(reply.raw.length).toBeLessThanOrEqual(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(reply.raw.toString('utf8')).status).toBe('success');
  });

  it('a small error body is never compressed, even when asked', async () => {
    for (const [path, status] of [
      ['/no-such-endpoint', 404],
      ['/comments/unknown-id', 404],
    ] as const) {
      const reply = await client.api('GET', path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(reply.status).toBe(status);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(reply.raw.toString('utf8')).status).toBe('error');
    }
    const unauthenticated = await client.api('GET', '/history', { noAuth: true, headers: { 'accept-encoding': 'br' } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers['content-encoding']).toBeUndefined();
  });

  it('the threshold is exact: a body of exactly 1024 bytes stays plain, one of 1025 bytes is compressed', async () => {
    // POST /hook/webhook echoes the URL, so its length sets the answer's length byte for byte.
    const register = (url: string, acceptEncoding?: string) =>
      client.api('POST', '/hook/webhook', {
        body: { action: 'feed', url },
        ...(acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {}),
      });
    const base = 'https://example.com/hook?pad=';
    const probe = await register(base);
    expect(probe.status).toBe(200);
    const overhead = probe.raw.length - base.length;
    const urlOfLength = (total: number) => base + 'a'.repeat(total - overhead - base.length);

    const at1024 = await register(urlOfLength(1024), 'br, gzip, deflate');
    expect(at1024.status).toBe(200);
    expect(at1024.headers['content-encoding']).toBeUndefined();
    expect(at1024.raw.length).toBe(1024);

    const at1025 = await register(urlOfLength(1025), 'br, gzip, deflate');
    expect(at1025.status).toBe(200);
    expect(at1025.headers['content-encoding']).toBe('br');
    const decoded = decode(at1025);
    expect(decoded.length).toBe(1025);
    expect(JSON.parse(decoded.toString('utf8')).url).toBe(urlOfLength(1025));
  });
});

describe('"br, then gzip, then deflate" among the encodings the request accepts', () => {
  const cases: [string, string | undefined][] = [
    ['deflate, gzip, br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['deflate, gzip', 'gzip'],
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
    // q-values exclude (q=0) but do not reorder: the server's order decides among acceptable ones.
    ['br;q=0.1, gzip;q=1.0', 'br'],
    ['br;q=0, gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0, deflate', 'deflate'],
    ['br;q=0, gzip;q=0, deflate;q=0', undefined],
    ['gzip;q=0', undefined],
    ['GZIP', 'gzip'],
    ['gzip ; q=0 , deflate', 'deflate'],
    // The wildcard stands for every encoding not named.
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, gzip;q=0, *', 'deflate'],
    ['*;q=0', undefined],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['compress, identity', undefined],
  ];
  for (const [acceptEncoding, expected] of cases) {
    it(`Accept-Encoding "${acceptEncoding}" → ${expected ?? 'no compression'}`, async () => {
      const reply = await history(acceptEncoding);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe(expected);
      expect(JSON.parse(decode(reply).toString('utf8'))).toEqual(plainHistory.json);
    });
  }

  it('no Accept-Encoding header: no compression', async () => {
    const reply = await client.api('GET', '/history');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.raw.equals(plainHistory.raw)).toBe(true);
  });
});

describe('the bytes really decompress to the same JSON as the uncompressed answer', () => {
  it('br: brotli-decompresses to the identical bytes', async () => {
    const reply = await history('br');
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.raw).equals(plainHistory.raw)).toBe(true);
  });

  it('gzip: a gzip stream (magic 1f 8b) that gunzips to the identical bytes', async () => {
    const reply = await history('gzip');
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect([reply.raw[0], reply.raw[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(reply.raw).equals(plainHistory.raw)).toBe(true);
  });

  it('deflate: the zlib-wrapped form (RFC 9110), which inflates to the identical bytes', async () => {
    const reply = await history('deflate');
    expect(reply.headers['content-encoding']).toBe('deflate');
    // zlib header: CM = 8 (deflate) in the low nibble, and (CMF*256 + FLG) is a multiple of 31.
    const [cmf, flg] = [reply.raw[0] as number, reply.raw[1] as number];
    expect(cmf & 0x0f).toBe(8);
    expect((cmf * 256 + flg) % 31).toBe(0);
    expect(inflateSync(reply.raw).equals(plainHistory.raw)).toBe(true);
  });

  it('a large answer of another operation (GET /comments/:id) gunzips to the same JSON as its plain answer', async () => {
    const world = await client.snapshot();
    const busy = world.posts
      .filter((p) => p.serviceId !== null && p.platform !== 'twitter' && p.profileRefId === world.profiles[0]?.refId)
      .sort((a, b) => b.commentCount - a.commentCount)[0];
    if (!busy?.serviceId) throw new Error('no post with comments');
    const plain = await client.api('GET', `/comments/${busy.serviceId}`, { x: true });
    const zipped = await client.api('GET', `/comments/${busy.serviceId}`, { x: true, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.status).toBe(200);
    expect(plain.raw.length).toBeGreaterThan(1024);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.raw).toString('utf8'))).toEqual(plain.json);
  });
});

describe('"Content-Type: application/json; charset=utf-8 on every JSON response" and vary: Accept-Encoding', () => {
  it('success and error answers, plain and compressed, all carry the content type and vary', async () => {
    const replies: [string, Reply][] = [
      ['200 plain', await client.api('GET', '/user')],
      ['200 br', await history('br')],
      ['200 gzip', await history('gzip')],
      ['400 bad JSON', await client.api('POST', '/post', { rawBody: '{' })],
      ['401', await client.api('GET', '/user', { noAuth: true })],
      ['404', await client.api('GET', '/nope')],
      ['405', await client.api('PATCH', '/post')],
      ['413', await client.api('POST', '/post', { rawBody: Buffer.alloc(1024 * 1024 + 1, 32) })],
      ['419', await client.api('GET', '/history/twitter')],
      ['404 outside /api', await client.raw('GET', '/elsewhere')],
      ['control', await client.control('GET', '/world')],
    ];
    for (const [name, reply] of replies) {
      expect(reply.headers['content-type'], name).toBe('application/json; charset=utf-8');
      expect(reply.headers.vary, name).toBe('Accept-Encoding');
      expect(reply.json, name).toBeDefined();
    }
  });

  it('a small answer also says vary: Accept-Encoding, since a larger one would be encoded', async () => {
    const reply = await client.api('GET', '/hook/webhook', { headers: { 'accept-encoding': 'gzip' } });
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['content-encoding']).toBeUndefined();
  });
});
