// The Messages operations of the client over a scripted transport: the requests they make, the
// refusals the service answers with as MessageRefusedError (by code, whatever the status, and only
// on 4xx), twitter paging that stops at its bound or at a cursor that does not advance, and the X
// pair on /messages/twitter alone.
import { describe, expect, it } from 'vitest';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import { HttpError, RequestInvalidError, SchemaMismatchError } from '../../../src/main/core/service/errors.ts';
import { MessageRefusedError } from '../../../src/main/core/service/operations/messages.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import type { HttpRequest } from '../../../src/main/core/service/transport.ts';
import { MESSAGE_NETWORKS, X_KEY_HEADER, X_SECRET_HEADER } from '../../../src/shared/networks.ts';
import { FakeTransport, fakeVault, json, type Script, SECRETS, SteppingClock } from './fakes.ts';

const target: CallTarget = { accountId: 'acc', profileId: 'client-1' };

function clientOf(script: Script): { client: ServiceClient; transport: FakeTransport } {
  const transport = new FakeTransport(script);
  return { client: new ServiceClient({ vault: fakeVault(), transport, clock: new SteppingClock(), budget: { random: () => 0 } }), transport };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected the call to fail, got ${JSON.stringify(value)?.slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}

const message = (id: string, created = '2026-05-18T10:00:00.000Z') => ({
  id,
  action: 'received',
  message: `text ${id}`,
  conversationId: 'conv',
  created,
  senderId: 'person',
  recipientId: 'account',
  senderDetails: { name: 'Ada' },
});
const page = (ids: string[], next?: string) => ({
  status: 'success',
  messages: ids.map((id) => message(id)),
  messagesCount: ids.length,
  lastUpdated: '2026-05-20T12:00:00.000Z',
  nextUpdate: '2026-05-20T12:00:15.000Z',
  ...(next ? { meta: { pagination: { next } } } : {}),
});
const query = (request: HttpRequest) => new URL(`http://x${request.path}`).searchParams;

/** A valid answer for each Messages request. */
const answers: Script = (request) => {
  if (request.method === 'POST') {
    const body = JSON.parse(request.body ?? '{}') as Record<string, unknown>;
    return json(200, { status: 'success', recipientId: body.recipientId, messageId: 'new-1', message: body.message });
  }
  if (query(request).get('conversationsOnly') === 'true') return json(200, { status: 'success', conversationIds: ['conv'], lastUpdated: 'a', nextUpdate: 'b' });
  return json(200, page(['m1']));
};

describe('requests', () => {
  it('conversation ids: GET /messages/:platform?conversationsOnly=true with the status', async () => {
    const { client, transport } = clientOf(answers);
    const answer = await client.listConversations(target, { platform: 'instagram', status: 'archived' });
    expect(answer.conversationIds).toEqual(['conv']);
    expect(transport.requests[0]).toMatchObject({ method: 'GET', path: '/messages/instagram?conversationsOnly=true&status=archived' });
  });

  it('one conversation: its id in the query; facebook in one request without limit', async () => {
    const { client, transport } = clientOf(answers);
    const answer = await client.getConversation(target, { platform: 'facebook', conversationId: 't_1/2' });
    expect(answer).toMatchObject({ pages: 1, next: undefined, nextUpdate: '2026-05-20T12:00:15.000Z' });
    expect(transport.requests.map((r) => r.path)).toEqual(['/messages/facebook?conversationId=t_1%2F2']);
  });

  it('a send: POST with recipientId, message and mediaUrls; media-only leaves the text out', async () => {
    const { client, transport } = clientOf(answers);
    const answer = await client.sendMessage(target, { platform: 'facebook', recipientId: ' person ', message: 'Hi', mediaUrls: ['https://c.example/a.png'] });
    expect(answer.messageId).toBe('new-1');
    await client.sendMessage(target, { platform: 'instagram', recipientId: 'person', mediaUrls: ['https://c.example/a.png'] });
    expect(transport.requests.map((r) => [r.method, r.path, JSON.parse(r.body ?? 'null')])).toEqual([
      ['POST', '/messages/facebook', { recipientId: 'person', message: 'Hi', mediaUrls: ['https://c.example/a.png'] }],
      ['POST', '/messages/instagram', { recipientId: 'person', mediaUrls: ['https://c.example/a.png'] }],
    ]);
  });

  it('what breaks a rule is told before sending: empty text, limit on facebook, no pages to read', async () => {
    const { client, transport } = clientOf(answers);
    const calls = [
      client.sendMessage(target, { platform: 'twitter', recipientId: 'p', message: ' ' }),
      client.listMessages(target, { platform: 'facebook', limit: 10 }),
      client.getConversation(target, { platform: 'instagram', conversationId: 'c', limit: 5 }),
      client.getConversation(target, { platform: 'twitter', conversationId: 'c', maxPages: 0 }),
      client.getConversation(target, { platform: 'twitter', conversationId: 'c', maxPages: Number.NaN }),
    ];
    for (const call of calls) expect(await failureOf(call)).toBeInstanceOf(RequestInvalidError);
    expect(transport.requests).toHaveLength(0);
  });

  it('a send answered without a message id: a mismatch whose outcome is unknown', async () => {
    const { client } = clientOf(() => json(200, { status: 'success', recipientId: 'p' }));
    const error = await failureOf(client.sendMessage(target, { platform: 'facebook', recipientId: 'p', message: 'Hi' }));
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect(error).toMatchObject({ path: 'messageId', writeOutcome: 'unknown' });
  });
});

describe('twitter paging of one conversation', () => {
  it('follows the cursor with the same limit until there is none', async () => {
    const pages: Record<string, ReturnType<typeof page>> = { first: page(['a', 'b'], 'c1'), c1: page(['c', 'd'], 'c2'), c2: page(['e']) };
    const { client, transport } = clientOf((request) => json(200, pages[query(request).get('next') ?? 'first']));
    const answer = await client.getConversation(target, { platform: 'twitter', conversationId: 'conv', limit: 2 });
    expect(answer).toMatchObject({ pages: 3, next: undefined });
    expect(answer.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(transport.requests.map((r) => query(r).toString())).toEqual([
      'conversationId=conv&limit=2',
      'conversationId=conv&limit=2&next=c1',
      'conversationId=conv&limit=2&next=c2',
    ]);
  });

  it('stops at the bound and hands back the cursor; the default page is 100', async () => {
    let n = 0;
    const { client, transport } = clientOf(() => json(200, page([`m${n}`, `m${n + 1}`], `cursor-${(n += 2)}`)));
    const answer = await client.getConversation(target, { platform: 'twitter', conversationId: 'conv', maxPages: 3 });
    expect(answer).toMatchObject({ pages: 3, next: 'cursor-6' });
    expect(answer.messages).toHaveLength(6);
    expect(query(transport.requests[0]!).get('limit')).toBe('100');
  });

  it('stops when a page brings nothing new (a cursor that does not advance), each message once', async () => {
    const { client, transport } = clientOf(() => json(200, page(['a', 'b'], 'same')));
    const answer = await client.getConversation(target, { platform: 'twitter', conversationId: 'conv', limit: 2 });
    expect(transport.requests).toHaveLength(2);
    expect(answer).toMatchObject({ pages: 2, next: undefined });
    expect(answer.messages.map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('a cursor on facebook is not followed (only X pages)', async () => {
    const { client, transport } = clientOf(() => json(200, page(['a'], 'stray')));
    await client.getConversation(target, { platform: 'facebook', conversationId: 'conv' });
    expect(transport.requests).toHaveLength(1);
  });
});

describe('refusals', () => {
  const refusal =
    (status: number, code: number, text: string): Script =>
    () =>
      json(status, { status: 'error', code, message: text });

  it.each([
    [403, 361, 'messaging-off', 'Messaging is not enabled for this profile', /Messaging Active/],
    [400, 362, 'relink-required', 'The instagram link must be renewed', /Link instagram to this profile again/],
    [400, 111, 'reply-window-closed', 'The instagram reply window of this conversation closed at 2026-05-01', undefined],
    [403, 112, 'conversation-limit', 'This profile has sent in 1000 conversations this month', undefined],
    [400, 113, 'text-too-long', 'Field "message" has 1200 characters; instagram takes at most 999', undefined],
    [400, 108, 'empty-text', 'Field "message" must not be empty', undefined],
    [400, 116, 'no-conversation', 'No instagram conversation with p', undefined],
    [400, 109, 'network-not-linked', 'instagram is not linked to this profile', undefined],
  ] as const)("%i code %i: a MessageRefusedError %s, not applied, not retryable, in the service's words", async (status, code, kind, text, hint) => {
    const { client } = clientOf(refusal(status, code, text));
    const error = await failureOf(client.sendMessage(target, { platform: 'instagram', recipientId: 'p', message: 'Hi' }));
    expect(error).toBeInstanceOf(MessageRefusedError);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      kind: 'http',
      refusal: kind,
      status,
      code,
      platform: 'instagram',
      retryable: false,
      writeOutcome: 'not-applied',
      serviceMessage: text,
    });
    const refused = error as MessageRefusedError;
    expect(refused.message).toContain(text);
    // The generic 403 hint ("a higher plan is needed") would send the person the wrong way.
    expect(refused.message).not.toMatch(/plan does not include/);
    if (hint) expect(refused.hint).toMatch(hint);
    else expect(refused.hint).toBeUndefined();
  });

  it('a read is refused the same way (messaging off)', async () => {
    const { client } = clientOf(refusal(403, 361, 'Messaging is not enabled for this profile'));
    expect(await failureOf(client.listConversations(target, { platform: 'facebook' }))).toMatchObject({
      refusal: 'messaging-off',
      writeOutcome: 'not-applied',
    });
  });

  it('other errors stay what they were: a 5xx (outcome unknown, retryable) even with a refusal code, a 400 of another code, the plan', async () => {
    const send = (script: Script) => failureOf(clientOf(script).client.sendMessage(target, { platform: 'facebook', recipientId: 'p', message: 'Hi' }));
    const gateway = await send(refusal(502, 361, 'bad gateway'));
    expect(gateway).not.toBeInstanceOf(MessageRefusedError);
    expect(gateway).toMatchObject({ kind: 'http', retryable: true, writeOutcome: 'unknown' });
    const other = await send(refusal(400, 105, 'mediaUrls must hold http(s) URLs'));
    expect(other).not.toBeInstanceOf(MessageRefusedError);
    expect(other).toMatchObject({ kind: 'http', code: 105, retryable: false, writeOutcome: 'not-applied' });
    const plan = await send(refusal(403, 120, 'Messages need the Business plan'));
    expect(plan).not.toBeInstanceOf(MessageRefusedError);
    expect((plan as HttpError).hint).toMatch(/higher plan/);
  });
});

describe('X headers', () => {
  it.each(MESSAGE_NETWORKS)('%s: on every Messages request exactly when it goes to twitter', async (platform) => {
    const { client, transport } = clientOf(answers);
    await client.listConversations(target, { platform });
    await client.listMessages(target, { platform });
    await client.getConversation(target, { platform, conversationId: 'conv' });
    await client.sendMessage(target, { platform, recipientId: 'p', message: 'Hi' });
    expect(transport.requests).toHaveLength(4);
    for (const request of transport.requests) {
      expect(request.headers[X_KEY_HEADER]).toBe(platform === 'twitter' ? SECRETS.xKey : undefined);
      expect(request.headers[X_SECRET_HEADER]).toBe(platform === 'twitter' ? SECRETS.xSecret : undefined);
    }
  });
});
