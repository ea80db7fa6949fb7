// Hostile answers through the real client: whatever answers in the service's place (a captive
// portal, a proxy, a CDN, a broken or malicious server), every call ends in one of the client's
// typed errors, a write is never a success and never 'applied' (its outcome is unknown, so the
// outbox checks the thread before any resend), memory stays bounded on bombs and huge bodies, and
// a trickle ends at the deadline. Short form in `npm test`; `npm run test:chaos` runs more rounds
// with 1 GB bombs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeErrorOf } from '../../src/main/core/bridge/errorMapping.ts';
import { OutcomeUnknownError, ServiceClientError } from '../../src/main/core/service/errors.ts';
import { classifyFailure } from '../../src/main/core/sync/syncErrors.ts';
import type { CallOptions } from '../../src/main/core/service/requestRunner.ts';
import type { ServiceClient } from '../../src/main/core/service/serviceClient.ts';
import { chaosLong, chaosRounds } from './support/chaosLevel.ts';
import { failureOf, HOSTILE_API_KEY, hostileClient, readThrough, writeThrough } from './support/hostileClient.ts';
import { type HostileMode, type HostileServer, startHostileServer } from './support/hostileServer.ts';

const MB = 1024 * 1024;
const BOMB = chaosLong ? 1024 * MB : 256 * MB;
/** Each hostile behaviour, with the error kinds a read may end in (a write adds outcome-unknown). */
const SCENARIOS: { name: string; mode: HostileMode; read: string[]; options?: CallOptions }[] = [
  { name: 'HTML 200 (captive portal)', mode: { kind: 'html-200' }, read: ['unreadable-answer'] },
  {
    name: 'JSON of the wrong types',
    mode: { kind: 'canned', status: 200, contentType: 'application/json', body: '{"status":7,"facebook":"yes","commentId":[1]}' },
    read: ['schema-mismatch'],
  },
  { name: 'a bare JSON string', mode: { kind: 'canned', status: 200, contentType: 'application/json', body: '"success"' }, read: ['schema-mismatch'] },
  {
    name: 'right JSON, wrong content type',
    mode: { kind: 'canned', status: 200, contentType: 'text/plain', body: '{"status":"success","facebook":[]}' },
    read: ['unreadable-answer'],
  },
  { name: 'not JSON, no content type', mode: { kind: 'canned', status: 200, contentType: '', body: 'OK' }, read: ['unreadable-answer'] },
  { name: 'truncated JSON', mode: { kind: 'truncated' }, read: ['network'] },
  { name: 'JSON 100,000 levels deep', mode: { kind: 'deep-json', depth: 100_000 }, read: ['unreadable-answer'] },
  { name: 'JSON 1,000 levels deep', mode: { kind: 'deep-json', depth: 1_000 }, read: ['unreadable-answer'] },
  { name: 'gzip bomb', mode: { kind: 'bomb', encoding: 'gzip', inflatedBytes: BOMB }, read: ['unreadable-answer'] },
  { name: 'brotli bomb', mode: { kind: 'bomb', encoding: 'br', inflatedBytes: BOMB }, read: ['unreadable-answer'] },
  { name: '50 MB body', mode: { kind: 'huge', bytes: 50 * MB }, read: ['unreadable-answer'] },
  // A short deadline for this call only: the default (60 s) would hold the suite for a minute.
  { name: 'trickle, one byte every 20 ms', mode: { kind: 'trickle', everyMs: 20 }, read: ['timeout'], options: { deadlineMs: 600 } },
  { name: 'redirect to another host', mode: { kind: 'redirect', status: 302, location: 'http://login.portal.example/?from=api' }, read: ['unreadable-answer'] },
  { name: 'redirect loop', mode: { kind: 'redirect', status: 301, location: '/api/comments/1234' }, read: ['unreadable-answer'] },
  { name: 'HTML 403 of a firewall', mode: { kind: 'canned', status: 403, contentType: 'text/html', body: '<html>Blocked</html>' }, read: ['http'] },
];

let server: HostileServer;
let client: ServiceClient;

beforeAll(async () => {
  server = await startHostileServer({ mode: { kind: 'html-200' } });
  client = hostileClient(server.baseUrl);
});
afterAll(async () => {
  await client.close();
  await server.close();
});

/** The highest RSS seen while `run` is going, sampled every 5 ms. */
async function peakRssDuring(run: () => Promise<unknown>): Promise<number> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss);
}

describe.each(Array.from({ length: chaosRounds(1, 4) }, (_, round) => round + 1))('round %i', () => {
  it.each(SCENARIOS)('$name: a typed error on a read, an unknown outcome (never a success) on a write', async ({ mode, read, options }) => {
    server.mode = mode;
    const readError = await failureOf(readThrough(client, options));
    expect(readError).toBeInstanceOf(ServiceClientError);
    expect(read).toContain((readError as ServiceClientError).kind);
    expect((readError as ServiceClientError).writeOutcome).toBe('not-applied');
    expect((readError as Error).message).not.toContain(HOSTILE_API_KEY);
    // What the person is told: a service error in words over the bridge (not 'internal'), and the
    // sync's report is the client's sentence (not "Unexpected RangeError while syncing").
    expect(bridgeErrorOf(readError).error.code).toBe('service');
    expect(classifyFailure(readError).report?.message ?? '').not.toMatch(/^Unexpected/);

    const writeError = await failureOf(writeThrough(client, options));
    expect(writeError).toBeInstanceOf(ServiceClientError);
    const outcome = (writeError as ServiceClientError).writeOutcome;
    // A 4xx from something in between is a refusal, nothing applied; everything else: unknown.
    expect(outcome).toBe((readError as ServiceClientError).kind === 'http' ? 'not-applied' : 'unknown');
    if ((readError as ServiceClientError).kind === 'timeout') expect(writeError).toBeInstanceOf(OutcomeUnknownError);
  });
});

describe('memory', () => {
  const heavy: { name: string; mode: HostileMode }[] = [
    { name: 'gzip bomb', mode: { kind: 'bomb', encoding: 'gzip', inflatedBytes: BOMB } },
    { name: 'brotli bomb', mode: { kind: 'bomb', encoding: 'br', inflatedBytes: BOMB } },
    { name: '50 MB body', mode: { kind: 'huge', bytes: 50 * MB } },
  ];
  it.each(heavy)('$name: the process grows by far less than the answer', async ({ mode }) => {
    server.mode = mode;
    const before = process.memoryUsage().rss;
    const peak = await peakRssDuring(() => failureOf(readThrough(client)));
    // The limit is 32 MiB of text; before the limit a 1 GB bomb took a 3.2 GB peak. 400 MB is
    // generous for the text, its decoding and the test runner's own noise.
    expect(peak - before).toBeLessThan(400 * MB);
  });
});
