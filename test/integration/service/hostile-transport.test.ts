// The real transport against a hostile server on loopback: the answer's size is limited after
// decompression (a gzip or brotli bomb, an endless body, an announced huge length), the whole
// request has a deadline besides the idle timeouts (a server trickling a byte at a time), redirects
// are not followed, and a body cut short is a lost connection. Each ends in a typed error; on a
// write, with its outcome unknown.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, OutcomeUnknownError, TimeoutError, UnreadableAnswerError } from '../../../src/main/core/service/errors.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { failureOf, hostileClient, readThrough, writeThrough } from '../../chaos/support/hostileClient.ts';
import { type HostileServer, startHostileServer } from '../../chaos/support/hostileServer.ts';

const MB = 1024 * 1024;
let server: HostileServer;
let client: ServiceClient;

beforeAll(async () => {
  server = await startHostileServer({ mode: { kind: 'html-200' } });
  client = hostileClient(server.baseUrl, { maxAnswerBytes: 4 * MB, deadlineMs: 10_000 });
});
afterEach(() => {
  server.mode = { kind: 'html-200' };
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('answer size, counted after decompression', () => {
  it.each(['gzip', 'br'] as const)('a %s bomb (256 MB inflated) stops at the limit: too large, the connection closed', async (encoding) => {
    server.mode = { kind: 'bomb', encoding, inflatedBytes: 256 * MB };
    const cutBefore = server.cutShort();
    const error = await failureOf(readThrough(client));
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error).toMatchObject({ problem: 'too-large', status: 200, retryable: true, writeOutcome: 'not-applied' });
    await expect.poll(() => server.cutShort()).toBeGreaterThan(cutBefore);
  });

  it('a bomb in answer to a write: too large, outcome unknown', async () => {
    server.mode = { kind: 'bomb', encoding: 'gzip', inflatedBytes: 256 * MB };
    expect(await failureOf(writeThrough(client))).toMatchObject({ kind: 'unreadable-answer', problem: 'too-large', writeOutcome: 'unknown' });
  });

  it('a 50 MB plain body with the default limit (32 MiB): too large', async () => {
    server.mode = { kind: 'huge', bytes: 50 * MB };
    const plain = hostileClient(server.baseUrl);
    try {
      expect(await failureOf(readThrough(plain))).toMatchObject({ kind: 'unreadable-answer', problem: 'too-large' });
    } finally {
      await plain.close();
    }
  });

  it('an announced length over the limit is refused before reading', async () => {
    server.mode = { kind: 'canned', status: 200, contentType: 'application/json', body: ' '.repeat(5 * MB) };
    const error = await failureOf(readThrough(client));
    expect(error).toMatchObject({ kind: 'unreadable-answer', problem: 'too-large' });
    expect((error as Error).message).toMatch(/announced 5242880 bytes/);
  });

  it('the limit can be lowered per call', async () => {
    server.mode = {
      kind: 'canned',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'success', facebook: [] }) + ' '.repeat(2000),
    };
    expect(await readThrough(client)).toMatchObject({ status: 'success' });
    expect(await failureOf(readThrough(client, { maxAnswerBytes: 1000 }))).toMatchObject({ problem: 'too-large' });
  });
});

describe('overall deadline', () => {
  it('a server trickling one byte every 50 ms (the idle timeout never fires): a timeout of the whole request', async () => {
    server.mode = { kind: 'trickle', everyMs: 50 };
    const error = await failureOf(readThrough(client, { deadlineMs: 400 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'total', retryable: true });
    expect((error as Error).message).toMatch(/did not finish the request in time/);
  });

  it('a write held by a trickle: outcome unknown', async () => {
    server.mode = { kind: 'trickle', everyMs: 50 };
    const error = await failureOf(writeThrough(client, { deadlineMs: 400 }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).reason).toMatchObject({ phase: 'total' });
  });

  it('the deadline is set in the client options too', async () => {
    server.mode = { kind: 'trickle', everyMs: 50 };
    const short = hostileClient(server.baseUrl, { deadlineMs: 300 });
    try {
      expect(await failureOf(readThrough(short))).toMatchObject({ kind: 'timeout', phase: 'total' });
    } finally {
      await short.close();
    }
  });

  it("a caller's cancel is still a cancel, not a timeout", async () => {
    server.mode = { kind: 'trickle', everyMs: 50 };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    expect(await failureOf(readThrough(client, { signal: controller.signal, deadlineMs: 5_000 }))).toMatchObject({ kind: 'aborted' });
  });
});

describe('redirects and cut answers', () => {
  it('a redirect to another host is not followed: one request, a retryable unreadable answer', async () => {
    server.mode = { kind: 'redirect', status: 302, location: 'http://portal.example/login?next=/api' };
    const before = server.requests.length;
    const error = await failureOf(readThrough(client));
    expect(error).toMatchObject({ kind: 'unreadable-answer', problem: 'redirect', retryable: true });
    expect((error as Error).message).toMatch(/to http:\/\/portal\.example/);
    expect(server.requests.length - before).toBe(1);
  });

  it('a redirect loop (to itself) on a write: one request, outcome unknown', async () => {
    server.mode = { kind: 'redirect', status: 307, location: `${server.baseUrl}/comments/reply/c-1` };
    const before = server.requests.length;
    expect(await failureOf(writeThrough(client))).toMatchObject({ problem: 'redirect', writeOutcome: 'unknown' });
    expect(server.requests.length - before).toBe(1);
  });

  it('JSON cut short by a closed connection: a lost connection on a read, outcome unknown on a write', async () => {
    server.mode = { kind: 'truncated' };
    expect(await failureOf(readThrough(client))).toBeInstanceOf(NetworkError);
    expect(await failureOf(writeThrough(client))).toBeInstanceOf(OutcomeUnknownError);
  });
});
