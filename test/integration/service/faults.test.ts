// Faults of the sandbox (PUT /__sandbox/faults) and what the client makes of them: latency within
// and beyond the answer timeout, injected 503s, a service that is down, a closed port, and writes
// that are applied but never answered, which must come back as "outcome unknown" (the ledger
// shows they were applied) so that the outbox reconciles instead of posting twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, NetworkError, OutcomeUnknownError, TimeoutError } from '../../../src/main/core/service/errors.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { failureOf, openFixture, type SandboxFixture } from './harness.ts';

let fixture: SandboxFixture;
let client: ServiceClient;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000 });
  client = fixture.client();
});
afterEach(() => fixture.control('DELETE', '/faults'));
afterAll(async () => {
  await client.close();
  await fixture.close();
});

const facebookPost = () => fixture.post((p) => p.serviceId !== null && p.platform === 'facebook' && !p.flags.includes('commentsDisabled'));
const target = () => fixture.target(facebookPost().profileRefId);
const commentOnPost = (text: string) =>
  client.postComment(target(), {
    on: 'servicePost',
    postId: facebookPost().serviceId!,
    networks: fixture.networksOf(facebookPost().serviceId!),
    platforms: ['facebook'],
    comment: text,
  });

describe('latency', () => {
  it('an answer that is slow but within the timeout is read normally', async () => {
    await fixture.faults({ latencyMs: 50 });
    expect((await client.user(target())).refId).toBe(facebookPost().profileRefId);
  });

  it('a read with no answer within the timeout: a retryable timeout', async () => {
    await fixture.faults({ latencyMs: 2000 });
    const error = await failureOf(client.history(target(), {}, { headersTimeoutMs: 100 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'headers', retryable: true });
  });

  it('a write with no answer within the timeout: outcome unknown', async () => {
    await fixture.faults({ latencyMs: 2000 });
    const error = await failureOf(client.createPost(target(), { post: 'Slow day', platforms: ['facebook'] }, { headersTimeoutMs: 100 }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).reason).toBeInstanceOf(TimeoutError);
  });
});

describe('injected errors', () => {
  it('503 on a read: retryable, with the service code', async () => {
    await fixture.faults({ errorRate: 1 });
    const error = await failureOf(client.user(target()));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, code: 150, retryable: true, writeOutcome: 'not-applied' });
  });

  it('503 on a write: retryable, and the outbox must reconcile first (a 5xx may follow an applied write)', async () => {
    await fixture.faults({ errorRate: 1 });
    const error = await failureOf(commentOnPost('hello'));
    expect(error).toMatchObject({ kind: 'http', status: 503, retryable: true, writeOutcome: 'unknown' });
  });

  it('a 500 status set on the fault is retryable too', async () => {
    await fixture.faults({ errorRate: 1, status: 500 });
    expect(await failureOf(client.user(target()))).toMatchObject({ status: 500, retryable: true });
  });
});

describe('the service is down', () => {
  it('a read: a retryable network error', async () => {
    await fixture.faults({ down: true });
    const error = await failureOf(client.user(target()));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ retryable: true, writeOutcome: 'not-applied' });
  });

  it('a write: the connection closed after it was sent, so its outcome is unknown', async () => {
    await fixture.faults({ down: true });
    expect(await failureOf(commentOnPost('are you there?'))).toBeInstanceOf(OutcomeUnknownError);
  });

  it('the client recovers when the service is back', async () => {
    await fixture.faults({ down: true });
    await failureOf(client.user(target()));
    await fixture.control('DELETE', '/faults');
    expect((await client.user(target())).refId).toBeTruthy();
  });

  it('nothing listening on the port: a network error; a write there was not applied', async () => {
    const closed = await openFixture();
    const url = closed.sandbox.url;
    await closed.close();
    const offline = new ServiceClient({ vault: { account: async () => ({ baseUrl: url, apiKey: 'k'.repeat(12) }), profileKey: async () => '' } });
    try {
      const read = await failureOf(offline.user({ accountId: 'a' }));
      expect(read).toMatchObject({ kind: 'network', code: 'ECONNREFUSED', retryable: true });
      const write = await failureOf(offline.createPost({ accountId: 'a' }, { post: 'x', platforms: ['facebook'] }));
      expect(write).toBeInstanceOf(NetworkError);
      expect(write).toMatchObject({ writeOutcome: 'not-applied' });
    } finally {
      await offline.close();
    }
  });
});

describe('drop after commit', () => {
  it('a reply that was applied but not answered: outcome unknown, and the ledger shows it applied', async () => {
    const made = await commentOnPost('Questions welcome');
    const before = await fixture.lastSeq();
    await fixture.faults({ dropAfterCommitRate: 1 });
    const error = await failureOf(
      client.reply(target(), { to: 'serviceComment', commentId: made.commentId, platforms: ['facebook'], comment: 'Here is the answer' }),
    );
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ writeOutcome: 'unknown', retryable: false });
    const applied = await fixture.ledger(before);
    expect(applied.map((e) => [e.kind, e.text])).toEqual([['comment.reply', 'Here is the answer']]);
    // Reconciling: the thread shows the reply, so the outbox adopts it instead of sending again.
    await fixture.control('DELETE', '/faults');
    const thread = await client.getComments(target(), { by: 'socialComment', id: made.facebook!.commentId, platform: 'facebook' });
    expect(thread.facebook?.[0]?.replies?.some((r) => r.comment === 'Here is the answer')).toBe(true);
  });

  it('a post that was applied but not answered: outcome unknown', async () => {
    const before = await fixture.lastSeq();
    await fixture.faults({ dropAfterCommitRate: 1 });
    expect(await failureOf(client.createPost(target(), { post: 'Lost answer', platforms: ['facebook'] }))).toBeInstanceOf(OutcomeUnknownError);
    expect((await fixture.ledger(before)).map((e) => e.kind)).toEqual(['post.create']);
  });

  it('reads are not writes: they are answered even with the fault on', async () => {
    await fixture.faults({ dropAfterCommitRate: 1 });
    expect((await client.history(target())).history.length).toBeGreaterThan(0);
  });
});
