// The path of a call through the client, with a fake transport and a fake clock: credentials per
// call, nothing sent when a rule is broken, the rate budget (wait, fail fast, per profile, 429
// pause), and what each kind of transport failure becomes, for reads and for writes.
import { describe, expect, it } from 'vitest';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import {
  AbortedError,
  HttpError,
  NetworkError,
  OutcomeUnknownError,
  RateBudgetSpentError,
  RequestInvalidError,
  TimeoutError,
  UnreadableAnswerError,
} from '../../../src/main/core/service/errors.ts';
import type { ServiceClientEvent } from '../../../src/main/core/service/events.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { TransportFailure } from '../../../src/main/core/service/transport.ts';
import { cannedAnswer } from './cannedAnswers.ts';
import { SteppingClock, FakeTransport, fakeVault, json, type Script, SECRETS, settle } from './fakes.ts';

const primary: CallTarget = { accountId: 'acc' };
const client1: CallTarget = { accountId: 'acc', profileId: 'client-1' };
const client2: CallTarget = { accountId: 'acc', profileId: 'client-2' };
const replyInput = { to: 'serviceComment' as const, commentId: 'c', platforms: ['facebook' as const], comment: 'Thanks!' };

function setup(script: Script = (r) => cannedAnswer(r), budget: { limit?: number; backoffBaseMs?: number } = {}) {
  const clock = new SteppingClock();
  const transport = new FakeTransport(script);
  const events: ServiceClientEvent[] = [];
  const client = new ServiceClient({ vault: fakeVault(), transport, clock, onEvent: (e) => events.push(e), budget: { random: () => 0, ...budget } });
  return { clock, transport, events, client };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('credentials per call', () => {
  it('the primary profile: the API key as bearer, no Profile-Key', async () => {
    const { transport, client } = setup();
    await client.user(primary);
    expect(transport.requests[0]?.headers.authorization).toBe(`Bearer ${SECRETS.apiKey}`);
    expect(transport.requests[0]?.headers['profile-key']).toBeUndefined();
    expect(transport.requests[0]?.baseUrl).toBe('http://service.test/api');
  });

  it("a client profile: the API key and that profile's key from the vault", async () => {
    const { transport, client } = setup();
    await client.user(client1);
    expect(transport.requests[0]?.headers.authorization).toBe(`Bearer ${SECRETS.apiKey}`);
    expect(transport.requests[0]?.headers['profile-key']).toBe(SECRETS.profileKey);
  });

  it('asks for compressed answers and sends JSON', async () => {
    const { transport, client } = setup();
    await client.reply(primary, replyInput);
    expect(transport.requests[0]?.headers['accept-encoding']).toBe('br, gzip, deflate');
    expect(transport.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(transport.requests[0]?.body ?? '')).toEqual({ comment: 'Thanks!', platforms: ['facebook'] });
  });

  it('encodes ids with "/" and ":" as one path segment', async () => {
    const { transport, client } = setup();
    await client.getComments(primary, { by: 'socialPost', id: 'at://did:plc:abc/app.bsky.feed.post/3k', platform: 'bluesky' });
    expect(transport.requests[0]?.path).toBe('/comments/at%3A%2F%2Fdid%3Aplc%3Aabc%2Fapp.bsky.feed.post%2F3k?searchPlatformId=true&platform=bluesky');
  });

  it('a profile is created by the primary profile only', async () => {
    const { transport, client } = setup();
    const error = await failureOf(client.createProfile(client1, { title: 'x' }));
    expect(error).toBeInstanceOf(RequestInvalidError);
    expect(transport.requests).toHaveLength(0);
  });
});

describe('pre-flight', () => {
  it('a request that breaks a rule is not sent, and the error says why in words', async () => {
    const { transport, client } = setup();
    const error = await failureOf(client.reply(primary, { to: 'socialComment', commentId: '123', platform: 'linkedin', comment: 'x', commentUrn: '123' }));
    expect(error).toBeInstanceOf(RequestInvalidError);
    expect((error as RequestInvalidError).issues).toEqual([
      { path: 'commentUrn', message: expect.stringMatching(/^LinkedIn needs the full comment URN; this looks like a bare id/) },
    ]);
    expect((error as RequestInvalidError).writeOutcome).toBe('not-applied');
    expect(transport.requests).toHaveLength(0);
  });

  it('the image rule of a comment without platforms is checked against the networks of the post', async () => {
    const { transport, client } = setup();
    const error = await failureOf(
      client.postComment(primary, {
        on: 'servicePost',
        postId: 'p',
        networks: ['instagram', 'facebook'],
        comment: 'x',
        mediaUrls: ['https://a.example/i.png'],
      }),
    );
    expect((error as RequestInvalidError).message).toBe('A comment can carry an image only on facebook, linkedin, twitter; not on instagram');
    expect(transport.requests).toHaveLength(0);
  });
});

describe('rate budget', () => {
  it('follows x-ratelimit-max: the call over the limit waits for the next window and is then sent', async () => {
    const { clock, transport, client, events } = setup((r) => cannedAnswer(r, { 'x-ratelimit-max': '2', 'x-ratelimit-count': '1' }));
    await client.user(primary);
    await client.user(primary);
    let done = false;
    const third = client.user(primary).then(() => (done = true));
    await settle();
    expect(transport.requests).toHaveLength(2);
    expect(events.some((e) => e.type === 'budget-wait')).toBe(true);
    await clock.advance(5 * 60 * 1000 + 1000);
    await third;
    expect(done).toBe(true);
    expect(transport.requests).toHaveLength(3);
  });

  it('fails fast when asked, with the time to retry, and sends nothing', async () => {
    const { clock, transport, client } = setup((r) => cannedAnswer(r), { limit: 1 });
    await client.user(primary);
    const error = await failureOf(client.user(primary, { whenBudgetSpent: 'fail' }));
    expect(error).toBeInstanceOf(RateBudgetSpentError);
    expect((error as RateBudgetSpentError).retryAt).toBe(clock.now() + 5 * 60 * 1000 + 1000);
    expect((error as RateBudgetSpentError).retryable).toBe(true);
    expect(transport.requests).toHaveLength(1);
  });

  it('each profile has its own budget', async () => {
    const { transport, client } = setup((r) => cannedAnswer(r), { limit: 1 });
    await client.user(client1);
    await client.user(client2);
    await client.user(primary);
    expect(transport.requests).toHaveLength(3);
    await expect(client.user(client1, { whenBudgetSpent: 'fail' })).rejects.toBeInstanceOf(RateBudgetSpentError);
  });

  it('a 429 that happens anyway is a retryable error and pauses that profile with backoff', async () => {
    const { transport, client, events } = setup((r, i) => (i === 0 ? json(429, { status: 'error', code: 140, message: 'Rate limit' }) : cannedAnswer(r)), {
      backoffBaseMs: 2000,
    });
    const error = await failureOf(client.user(client1));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, retryable: true });
    expect(events).toContainEqual({ type: 'budget-paused', accountId: 'acc', profileId: 'client-1', pauseMs: 2000 });
    const paused = await failureOf(client.user(client1, { whenBudgetSpent: 'fail' }));
    expect(paused).toBeInstanceOf(RateBudgetSpentError);
    expect(transport.requests).toHaveLength(1);
    // Another profile is not paused.
    await client.user(client2);
    expect(transport.requests).toHaveLength(2);
  });

  it('a cancelled wait sends nothing and says it was cancelled', async () => {
    const { transport, client } = setup((r) => cannedAnswer(r), { limit: 1 });
    await client.user(primary);
    const controller = new AbortController();
    const waiting = failureOf(client.user(primary, { signal: controller.signal }));
    await settle();
    controller.abort();
    expect(await waiting).toBeInstanceOf(AbortedError);
    expect(transport.requests).toHaveLength(1);
  });
});

describe('transport failures', () => {
  const lost = () => new TransportFailure('connection-lost', true, 'UND_ERR_SOCKET', 'other side closed');
  const refused = () => new TransportFailure('connect', false, 'ECONNREFUSED', 'connect ECONNREFUSED');
  const noAnswer = () => new TransportFailure('headers-timeout', true, 'UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error');

  it('a read whose connection broke: a retryable network error', async () => {
    const { client } = setup(() => lost());
    const error = await failureOf(client.getComments(primary, { by: 'socialPost', id: '1', platform: 'facebook' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ retryable: true, writeOutcome: 'not-applied', code: 'UND_ERR_SOCKET' });
  });

  it('a write whose connection broke after sending: outcome unknown, not retryable as is', async () => {
    const { client } = setup(() => lost());
    const error = await failureOf(client.reply(primary, replyInput));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ writeOutcome: 'unknown', retryable: false });
    expect((error as OutcomeUnknownError).reason).toBeInstanceOf(NetworkError);
  });

  it('a write that never left (connection refused): a network error, not applied', async () => {
    const { client } = setup(() => refused());
    const error = await failureOf(client.reply(primary, replyInput));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ writeOutcome: 'not-applied', retryable: true });
  });

  it('a read without an answer in time: a timeout', async () => {
    const { client } = setup(() => noAnswer());
    const error = await failureOf(client.user(primary));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'headers', retryable: true });
  });

  it('a write without an answer in time: outcome unknown', async () => {
    const { client } = setup(() => noAnswer());
    const error = await failureOf(client.createPost(primary, { post: 'x', platforms: ['facebook'] }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).reason).toBeInstanceOf(TimeoutError);
  });

  it('a write that cannot connect in time was not sent', async () => {
    const { client } = setup(() => new TransportFailure('connect-timeout', false, 'UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout'));
    const error = await failureOf(client.createPost(primary, { post: 'x', platforms: ['facebook'] }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ phase: 'connect', writeOutcome: 'not-applied' });
  });

  it('a write cancelled while in flight: outcome unknown', async () => {
    const { client } = setup(() => new TransportFailure('aborted', true, 'UND_ERR_ABORTED', 'aborted'));
    const error = await failureOf(client.deletePost(primary, { id: 'p', networks: ['facebook'] }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).reason).toBeInstanceOf(AbortedError);
  });

  it('an answer that is not JSON: an unreadable answer, worth retrying (something in between answered)', async () => {
    const { client } = setup(() => ({ status: 200, headers: {}, body: '<html>' }));
    const error = await failureOf(client.user(primary));
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error).toMatchObject({ problem: 'not-json', retryable: true, writeOutcome: 'not-applied' });
  });
});

describe('analytics over many ids', () => {
  it('250 ids: 3 requests of at most 100, one result per id in order', async () => {
    const { transport, client } = setup();
    const ids = Array.from({ length: 250 }, (_, i) => String(i + 1));
    const result = await client.analyticsBySocialIds(primary, { platform: 'facebook', ids });
    expect(transport.requests).toHaveLength(3);
    expect(transport.requests.map((r) => (JSON.parse(r.body ?? '{}') as { postIds: string[] }).postIds.length)).toEqual([100, 100, 50]);
    expect(result.results.map((r) => r.id)).toEqual(ids);
    expect(result.requests).toBe(3);
  });

  it("a batch whose every id is unknown (400, 186) gives per-id 'not found', not a failure", async () => {
    const { client } = setup((request) => {
      const body = JSON.parse(request.body ?? '{}') as { postIds: string[] };
      if (body.postIds.includes('101')) {
        const errors = body.postIds.map((id) => ({ action: 'post', status: 'error', code: 186, message: `Post id ${id} not found`, id }));
        return json(400, { status: 'error', code: 186, message: 'not found', facebook: errors, errors, lastUpdated: 'x', nextUpdate: 'y' });
      }
      return cannedAnswer(request);
    });
    const ids = Array.from({ length: 150 }, (_, i) => String(i + 1));
    const result = await client.analyticsBySocialIds(primary, { platform: 'facebook', ids });
    expect(result.results.filter((r) => r.status === 'found')).toHaveLength(100);
    expect(result.results.filter((r) => r.status === 'not-found')).toHaveLength(50);
  });

  it('a batch that fails (503) fails its ids only', async () => {
    const { client } = setup((request, index) => (index === 1 ? json(503, { status: 'error', code: 150, message: 'down' }) : cannedAnswer(request)));
    const ids = Array.from({ length: 200 }, (_, i) => String(i + 1));
    const result = await client.analyticsBySocialIds(primary, { platform: 'facebook', ids });
    const failed = result.results.filter((r) => r.status === 'failed');
    expect(failed).toHaveLength(100);
    expect(failed[0]).toMatchObject({ status: 'failed', error: { status: 503, retryable: true } });
  });

  it('no ids: no request', async () => {
    const { transport, client } = setup();
    expect((await client.analyticsBySocialIds(primary, { platform: 'facebook', ids: [] })).results).toEqual([]);
    expect(transport.requests).toHaveLength(0);
  });

  it('bluesky is refused before sending, whatever the number of ids', async () => {
    const { transport, client } = setup();
    await expect(client.analyticsBySocialIds(primary, { platform: 'bluesky', ids: ['1'] })).rejects.toBeInstanceOf(RequestInvalidError);
    expect(transport.requests).toHaveLength(0);
  });
});

describe('reply result', () => {
  it('a partial reply: what was posted per network and what failed', async () => {
    const { client } = setup(() =>
      json(200, {
        status: 'error',
        id: 'p',
        commentId: 'sc',
        code: 215,
        facebook: { status: 'success', commentId: '1_3', sourceCommentId: '1_2', comment: 'x', platform: 'facebook' },
        instagram: { action: 'reply', status: 'error', code: 215, message: 'Comments are disabled' },
        errors: [{ action: 'reply', status: 'error', code: 215, message: 'Comments are disabled', platform: 'instagram' }],
      }),
    );
    const result = await client.reply(primary, { to: 'serviceComment', commentId: 'c', platforms: ['facebook', 'instagram'], comment: 'x' });
    expect(result.status).toBe('error');
    expect(result.commentId).toBe('sc');
    expect(Object.keys(result.posted)).toEqual(['facebook']);
    expect(result.failed).toEqual([{ action: 'reply', status: 'error', code: 215, message: 'Comments are disabled', platform: 'instagram' }]);
  });
});
