// Answers that are not the service's, or that cannot be read: what the client makes of them. A write
// answered by something in between (a captive portal's 200 HTML, a proxy's JSON of another shape,
// a redirect) may or may not have reached the service, so its outcome is unknown (the outbox reads
// the thread before sending again), never a success; a read gets a typed error that says whether
// trying again can help. Too large, too deep, too slow: typed errors as well, never a RangeError.
import { describe, expect, it } from 'vitest';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import { OutcomeUnknownError, SchemaMismatchError, ServiceClientError, TimeoutError, UnreadableAnswerError } from '../../../src/main/core/service/errors.ts';
import { Redactor } from '../../../src/main/core/service/redactor.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { TransportFailure } from '../../../src/main/core/service/transport.ts';
import { checkShape } from '../../../src/shared/wire/check.ts';
import { CommentsResponseSchema } from '../../../src/shared/wire/comments.ts';
import { cannedAnswer } from './cannedAnswers.ts';
import { FakeTransport, fakeVault, json, type Script, SECRETS, SteppingClock } from './fakes.ts';

const primary: CallTarget = { accountId: 'acc' };
const replyInput = { to: 'serviceComment' as const, commentId: 'c', platforms: ['facebook' as const], comment: 'Thanks!' };
const PORTAL = '<!doctype html><html><body>Welcome to Airport Wi-Fi</body></html>';

function clientOf(script: Script): ServiceClient {
  return new ServiceClient({ vault: fakeVault(), transport: new FakeTransport(script), clock: new SteppingClock(), budget: { random: () => 0 } });
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected the call to fail, got ${JSON.stringify(value)?.slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

const reply = (script: Script) => failureOf(clientOf(script).reply(primary, replyInput));
const read = (script: Script) => failureOf(clientOf(script).getComments(primary, { by: 'socialPost', id: '1', platform: 'facebook' }));

function nestedReplies(levels: number): unknown {
  let record: Record<string, unknown> = { comment: 'x', commentId: 'c', created: '2026-05-01T10:00:00Z', platform: 'facebook' };
  for (let i = 0; i < levels; i++) record = { comment: 'x', commentId: `c${i}`, created: '2026-05-01T10:00:00Z', platform: 'facebook', replies: [record] };
  return { status: 'success', facebook: [record] };
}

describe("a 2xx answer that is not the service's", () => {
  it('a reply answered 200 with an HTML page: outcome unknown, never applied', async () => {
    const error = await reply(() => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: PORTAL }));
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error).toMatchObject({ problem: 'not-the-service', writeOutcome: 'unknown', status: 200 });
    expect((error as Error).message).toMatch(/reply: .*not from the service.*text\/html.*whether it was applied is unknown/);
  });

  it('a reply answered 200 with a body that is not JSON and no content type: outcome unknown', async () => {
    const error = await reply(() => ({ status: 200, headers: {}, body: 'OK' }));
    expect(error).toMatchObject({ kind: 'unreadable-answer', problem: 'not-json', writeOutcome: 'unknown' });
  });

  it('a reply answered 200 with JSON of another shape: outcome unknown, the path named', async () => {
    const error = await reply(() => json(200, { ok: true, cached: 'yes' }));
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect(error).toMatchObject({ path: 'status', writeOutcome: 'unknown' });
  });

  it('a reply answered 200 with the right JSON but an HTML content type is not trusted', async () => {
    const error = await reply((r) => ({ ...cannedAnswer(r), headers: { 'content-type': 'text/html' } }));
    expect(error).toMatchObject({ kind: 'unreadable-answer', problem: 'not-the-service', writeOutcome: 'unknown' });
  });

  it('a read answered 200 with an HTML page: retryable (the portal goes away), not applied', async () => {
    const error = await read(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: PORTAL }));
    expect(error).toMatchObject({ kind: 'unreadable-answer', retryable: true, writeOutcome: 'not-applied' });
    expect((error as Error).message).toMatch(/getComments: the answer was not from the service .*captive portal/);
  });

  it('a redirect (to a login page, another host or a loop): retryable on a read, unknown on a write', async () => {
    const redirect = () => ({ status: 302, headers: { location: 'http://portal.example/login', 'content-type': 'text/html' }, body: '' });
    expect(await read(redirect)).toMatchObject({ kind: 'unreadable-answer', problem: 'redirect', retryable: true, writeOutcome: 'not-applied' });
    expect(await reply(redirect)).toMatchObject({ kind: 'unreadable-answer', problem: 'redirect', writeOutcome: 'unknown' });
  });

  it("an error status with JSON is still the service's error (unchanged)", async () => {
    const error = await reply(() => json(400, { status: 'error', code: 215, message: 'no such comment' }));
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 215, writeOutcome: 'not-applied' });
  });
});

describe('answers too large or too slow (from the transport)', () => {
  const tooLarge = () => new TransportFailure('too-large', true, undefined, 'more than 1024 bytes', undefined, 200);
  const deadline = () => new TransportFailure('deadline', true, undefined, 'over the deadline');

  it("too large on a read: a typed error, worth retrying later (it may not be the service's)", async () => {
    expect(await read(tooLarge)).toMatchObject({ kind: 'unreadable-answer', problem: 'too-large', retryable: true, writeOutcome: 'not-applied' });
  });

  it('too large on a write: outcome unknown', async () => {
    expect(await reply(tooLarge)).toMatchObject({ kind: 'unreadable-answer', problem: 'too-large', writeOutcome: 'unknown' });
  });

  it('past the overall deadline on a read: a timeout of the whole request', async () => {
    const error = await read(deadline);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'total', retryable: true });
  });

  it('past the overall deadline on a write: outcome unknown', async () => {
    const error = await reply(deadline);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).reason).toMatchObject({ phase: 'total' });
  });
});

describe('deeply nested answers', () => {
  const deep =
    (depth: number, status = 200) =>
    () => ({ status, headers: { 'content-type': 'application/json' }, body: '['.repeat(depth) + ']'.repeat(depth) });

  it('100,000 levels on a read: a typed error, not a RangeError', async () => {
    const error = await read(deep(100_000));
    expect(error).toBeInstanceOf(ServiceClientError);
    expect(error).toMatchObject({ kind: 'unreadable-answer', problem: 'too-deep', writeOutcome: 'not-applied' });
  });

  it('100,000 levels on a write: outcome unknown', async () => {
    expect(await reply(deep(100_000))).toMatchObject({ kind: 'unreadable-answer', problem: 'too-deep', writeOutcome: 'unknown' });
  });

  it('an error body 100,000 levels deep: a typed error', async () => {
    expect(await read(deep(100_000, 400))).toBeInstanceOf(ServiceClientError);
  });

  it('replies nested 5,000 levels deep in an answer: a typed error', async () => {
    // Written out by hand: JSON.stringify itself overflows the stack at this depth.
    const record = (i: number) => `{"comment":"x","commentId":"c${i}","created":"2026-05-01T10:00:00Z","platform":"facebook","replies":[`;
    let text = '';
    for (let i = 0; i < 5_000; i++) text += record(i);
    text = `{"status":"success","facebook":[${text}${']}'.repeat(5_000)}]}`;
    const error = await read(() => ({ status: 200, headers: { 'content-type': 'application/json' }, body: text }));
    expect(error).toMatchObject({ kind: 'unreadable-answer', problem: 'too-deep' });
  });

  it('nesting that braces and brackets inside strings do not count', async () => {
    const body = {
      status: 'success',
      facebook: [{ comment: '['.repeat(10_000) + '{'.repeat(10_000), commentId: 'c', created: '2026-05-01T10:00:00Z', platform: 'facebook' }],
    };
    const value = await clientOf(() => json(200, body)).getComments(primary, { by: 'socialPost', id: '1', platform: 'facebook' });
    expect(value.facebook?.[0]?.commentId).toBe('c');
  });

  it('the wire schemas answer a too-deep value with an issue, not a RangeError', () => {
    const checked = checkShape(CommentsResponseSchema, nestedReplies(20_000));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.issues[0]?.message).toMatch(/nested too deeply/);
  });

  it('the redactor copes with any depth and still blanks out secrets', () => {
    let value: unknown = `key ${SECRETS.apiKey}`;
    for (let i = 0; i < 100_000; i++) value = [value];
    const redacted = new Redactor([SECRETS.apiKey]).value(value);
    expect(JSON.stringify(redacted)).not.toContain(SECRETS.apiKey);
  });
});
