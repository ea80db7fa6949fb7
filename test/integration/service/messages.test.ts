// The Messages API through the client against a started sandbox (docs/service-messages.md): the
// conversation ids, every message, one conversation (twitter paged through its cursor), sending; each
// refusal as a MessageRefusedError that was not applied; the text rules told before sending; a send
// whose answer is lost is "outcome unknown" (the ledger shows it applied); the X pair on twitter only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MissingCredentialsError, OutcomeUnknownError, RequestInvalidError } from '../../../src/main/core/service/errors.ts';
import { MessageRefusedError } from '../../../src/main/core/service/operations/messages.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import type { HttpRequest } from '../../../src/main/core/service/transport.ts';
import { MESSAGE_NETWORKS, MESSAGE_TEXT_LIMITS, type MessageNetwork, X_KEY_HEADER, X_SECRET_HEADER } from '../../../src/shared/networks.ts';
import type { Conversation } from '../sandbox/harness.ts';
import { conversationWhere, pastWindowConversation, waitingConversation } from '../sandbox/messages-support.ts';
import { failureOf, openFixture, recordingTransport, type SandboxFixture } from './harness.ts';

const NOW_MS = Date.parse('2026-05-20T12:00:00.000Z');
let fixture: SandboxFixture;
let client: ServiceClient;
/** Every request the client made, as it went over the wire. */
const sent: HttpRequest[] = [];

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000, now: () => new Date(NOW_MS) });
  client = fixture.client({ transport: recordingTransport(sent) });
});
afterEach(async () => {
  await fixture.control('DELETE', '/faults');
  fixture.xCredentials = fixture.world.xCredentials;
});
afterAll(async () => {
  await client.close();
  await fixture.close();
});

const targetOf = (c: Conversation) => fixture.target(c.profileRefId);
const waiting = (platform: MessageNetwork) => waitingConversation(fixture.world, platform, NOW_MS);

describe('reading', () => {
  it.each(MESSAGE_NETWORKS)('%s: the conversation ids of a profile, active or archived, are the ones the world has', async (platform) => {
    const c = waiting(platform);
    const ofProfile = fixture.world.conversations.filter((x) => x.profileRefId === c.profileRefId && x.platform === platform);
    const active = await client.listConversations(targetOf(c), { platform });
    expect(active.status).toBe('success');
    expect([...active.conversationIds].sort()).toEqual(
      ofProfile
        .filter((x) => x.status === 'active')
        .map((x) => x.conversationId)
        .sort(),
    );
    expect(Date.parse(active.nextUpdate!)).toBeGreaterThan(Date.parse(active.lastUpdated!));
    const archived = await client.listConversations(targetOf(c), { platform, status: 'archived' });
    expect([...archived.conversationIds].sort()).toEqual(
      ofProfile
        .filter((x) => x.status === 'archived')
        .map((x) => x.conversationId)
        .sort(),
    );
  });

  it('every message of the active conversations, with who wrote it and what the client does not name kept', async () => {
    const c = waiting('instagram');
    const active = fixture.world.conversations.filter((x) => x.profileRefId === c.profileRefId && x.platform === 'instagram' && x.status === 'active');
    const answer = await client.listMessages(targetOf(c), { platform: 'instagram' });
    expect(answer.messages).toHaveLength(active.reduce((sum, x) => sum + x.messageCount, 0));
    expect(answer.messagesCount).toBe(answer.messages.length);
    const received = answer.messages.find((m) => m.action === 'received')!;
    expect(received.senderDetails?.name).toBeTruthy();
    const mine = answer.messages.find((m) => m.action === 'sent')!;
    // recipientDetails is a field of the sent record the schema names loosely; platform is kept as sent.
    expect(mine).toMatchObject({ platform: 'instagram', recipientDetails: { id: mine.recipientId } });
  });

  it.each(['facebook', 'instagram'] as const)('%s: one conversation in one request, newest first', async (platform) => {
    const c = conversationWhere(fixture.world, platform, (x) => x.messageCount > 3);
    const before = sent.length;
    const answer = await client.getConversation(targetOf(c), { platform, conversationId: c.conversationId });
    expect(sent.length - before).toBe(1);
    expect(answer.pages).toBe(1);
    expect(answer.next).toBeUndefined();
    expect(answer.messages).toHaveLength(c.messageCount);
    expect(answer.messages.every((m) => m.conversationId === c.conversationId)).toBe(true);
    const times = answer.messages.map((m) => m.created);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('twitter: a conversation paged through the cursor is the whole conversation, each message once', async () => {
    const c = conversationWhere(fixture.world, 'twitter', (x) => x.messageCount >= 7 && x.messageCount <= 60);
    const whole = await client.getConversation(targetOf(c), { platform: 'twitter', conversationId: c.conversationId, limit: 100 });
    expect(whole.pages).toBe(1);
    const paged = await client.getConversation(targetOf(c), { platform: 'twitter', conversationId: c.conversationId, limit: 3, maxPages: 100 });
    expect(paged.pages).toBe(Math.ceil(c.messageCount / 3));
    expect(paged.next).toBeUndefined();
    expect(paged.messages.map((m) => m.id)).toEqual(whole.messages.map((m) => m.id));
  });

  it('twitter: at the bound of pages the call stops and hands back the cursor to go on from', async () => {
    const c = conversationWhere(fixture.world, 'twitter', (x) => x.messageCount >= 7 && x.messageCount <= 60);
    const first = await client.getConversation(targetOf(c), { platform: 'twitter', conversationId: c.conversationId, limit: 2, maxPages: 2 });
    expect(first.pages).toBe(2);
    expect(first.messages).toHaveLength(4);
    expect(first.next).toBeTruthy();
    const rest = await client.getConversation(targetOf(c), {
      platform: 'twitter',
      conversationId: c.conversationId,
      limit: 2,
      next: first.next!,
      maxPages: 100,
    });
    expect(rest.next).toBeUndefined();
    expect(first.messages.length + rest.messages.length).toBe(c.messageCount);
    expect(new Set([...first.messages, ...rest.messages].map((m) => m.id)).size).toBe(c.messageCount);
  });

  it('listMessages on twitter pages with limit and next', async () => {
    const c = waiting('twitter');
    const page = await client.listMessages(targetOf(c), { platform: 'twitter', limit: 5 });
    expect(page.messages).toHaveLength(5);
    const next = page.meta?.pagination?.next;
    expect(next).toBeTruthy();
    const second = await client.listMessages(targetOf(c), { platform: 'twitter', limit: 5, next: next! });
    expect(second.messages.some((m) => page.messages.some((p) => p.id === m.id))).toBe(false);
  });
});

describe('sending', () => {
  it.each(MESSAGE_NETWORKS)('%s: sent once (ledger), and it is the newest message of the conversation', async (platform) => {
    const c = waiting(platform);
    const seq = await fixture.lastSeq();
    const text = `Thanks for writing on ${platform}! 🙂`;
    const answer = await client.sendMessage(targetOf(c), { platform, recipientId: c.recipientId, message: text });
    expect(answer).toMatchObject({ status: 'success', recipientId: c.recipientId, message: text });
    const ledger = await fixture.ledger(seq);
    expect(ledger.map((e) => [e.kind, e.text, e.ids[0]])).toEqual([['message.send', text, answer.messageId]]);
    const { messages } = await client.getConversation(targetOf(c), { platform, conversationId: c.conversationId });
    expect(messages[0]).toMatchObject({ id: answer.messageId, action: 'sent', message: text, recipientId: c.recipientId });
  });

  it('facebook: media without text is sent', async () => {
    const c = waiting('facebook');
    const answer = await client.sendMessage(targetOf(c), { platform: 'facebook', recipientId: c.recipientId, mediaUrls: ['https://cdn.example.com/menu.png'] });
    const { messages } = await client.getConversation(targetOf(c), { platform: 'facebook', conversationId: c.conversationId });
    expect(messages[0]).toMatchObject({ id: answer.messageId, attachments: [{ url: 'https://cdn.example.com/menu.png' }] });
  });

  it.each([
    ['empty text', 'facebook', ''],
    ['blank text', 'instagram', '  \n '],
    ['text one character over the limit', 'instagram', `${'é'.repeat(MESSAGE_TEXT_LIMITS.instagram)}🙂`],
    ['text one character over the limit', 'twitter', 'x'.repeat(MESSAGE_TEXT_LIMITS.twitter + 1)],
  ] as const)('%s on %s is told before anything is sent', async (_what, platform, message) => {
    const c = waiting(platform);
    const before = sent.length;
    const error = await failureOf(client.sendMessage(targetOf(c), { platform, recipientId: c.recipientId, message }));
    expect(error).toBeInstanceOf(RequestInvalidError);
    expect(error).toMatchObject({ writeOutcome: 'not-applied', retryable: false });
    expect(sent.length).toBe(before);
  });

  it('the longest text, counted in characters (an emoji is one), is sent', async () => {
    const c = waiting('instagram');
    const answer = await client.sendMessage(targetOf(c), {
      platform: 'instagram',
      recipientId: c.recipientId,
      message: `${'é'.repeat(MESSAGE_TEXT_LIMITS.instagram - 1)}🙂`,
    });
    expect(answer.messageId).toBeTruthy();
  });
});

/** Asserts a refusal of the Messages API: typed, not applied, not retryable, in the service's words. */
async function expectRefusal(promise: Promise<unknown>, refusal: string, code: number, words: RegExp): Promise<MessageRefusedError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(MessageRefusedError);
  expect(error).toMatchObject({ kind: 'http', refusal, code, retryable: false, writeOutcome: 'not-applied' });
  expect((error as MessageRefusedError).serviceMessage).toMatch(words);
  expect((error as Error).message).toMatch(words);
  return error as MessageRefusedError;
}

describe('refusals', () => {
  it('past the reply window on facebook and instagram (111); nothing applied', async () => {
    for (const platform of ['facebook', 'instagram'] as const) {
      const c = pastWindowConversation(fixture.world, platform, NOW_MS);
      const seq = await fixture.lastSeq();
      await expectRefusal(
        client.sendMessage(targetOf(c), { platform, recipientId: c.recipientId, message: 'Sorry for the late answer' }),
        'reply-window-closed',
        111,
        /reply window/,
      );
      expect(await fixture.ledger(seq)).toEqual([]);
    }
  });

  it('a person who never wrote (116)', async () => {
    const c = waiting('facebook');
    await expectRefusal(
      client.sendMessage(targetOf(c), { platform: 'facebook', recipientId: '999999', message: 'Hello?' }),
      'no-conversation',
      116,
      /write to the account first/,
    );
  });

  it('messaging off for the profile (361), on reads and sends alike, with what to do and no word of a plan', async () => {
    const off = fixture.world.profiles.find((p) => !p.messagingEnabled);
    const platform = MESSAGE_NETWORKS.find((n) => off?.platforms.includes(n));
    expect(platform).toBeDefined();
    const target = fixture.target(off!.refId);
    const read = await expectRefusal(client.listConversations(target, { platform: platform! }), 'messaging-off', 361, /Messaging Active/);
    expect(read.message).not.toMatch(/plan/);
    const write = await expectRefusal(
      client.sendMessage(target, { platform: platform!, recipientId: '1', message: 'Hi' }),
      'messaging-off',
      361,
      /Messaging Active/,
    );
    expect(write.hint).toMatch(/Messaging Active/);
  });

  it('the network must be linked again (362)', async () => {
    const c = waiting('instagram');
    await fixture.control('PUT', '/messaging', { profileRefId: c.profileRefId, relinkRequired: ['instagram'] });
    try {
      const error = await expectRefusal(
        client.getConversation(targetOf(c), { platform: 'instagram', conversationId: c.conversationId }),
        'relink-required',
        362,
        /link it again/,
      );
      expect(error.hint).toMatch(/Link instagram to this profile again/);
      await expectRefusal(
        client.sendMessage(targetOf(c), { platform: 'instagram', recipientId: c.recipientId, message: 'Hi' }),
        'relink-required',
        362,
        /link it again/,
      );
    } finally {
      await fixture.control('PUT', '/messaging', { profileRefId: c.profileRefId, relinkRequired: [] });
    }
  });

  it("over the plan's active conversations this month (112); a conversation already active is still answered", async () => {
    // Same seed and clock: the same world, with the limit one above what the profile has used.
    const c0 = waiting('twitter');
    const used = fixture.world.conversations.filter((x) => x.profileRefId === c0.profileRefId && x.activeThisMonth).length;
    const limited = await openFixture({ rateLimit: 1_000_000, now: () => new Date(NOW_MS), activeConversationLimit: used + 1 });
    const limitedClient = limited.client();
    try {
      const idle = limited.world.conversations.filter(
        (x) => x.profileRefId === c0.profileRefId && x.platform === 'twitter' && !x.activeThisMonth && x.status === 'active',
      );
      expect(idle.length).toBeGreaterThanOrEqual(2);
      const [first, second] = idle as [Conversation, Conversation];
      const sendIn = (c: Conversation) =>
        limitedClient.sendMessage(limited.target(c.profileRefId), { platform: 'twitter', recipientId: c.recipientId, message: 'Hello!' });
      await sendIn(first);
      const seq = await limited.lastSeq();
      const error = await expectRefusal(sendIn(second), 'conversation-limit', 112, new RegExp(`limit of ${used + 1}`));
      expect(error.status).toBe(403);
      expect(error.message).not.toMatch(/higher plan/);
      expect(await limited.ledger(seq)).toEqual([]);
      expect((await sendIn(first)).messageId).toBeTruthy();
    } finally {
      await limitedClient.close();
      await limited.close();
    }
  });
});

describe('a send whose answer is lost', () => {
  it('applied, then the connection closed (dropAfterCommit): outcome unknown, and the conversation shows it', async () => {
    const c = waiting('instagram');
    const seq = await fixture.lastSeq();
    await fixture.faults({ dropAfterCommitRate: 1 });
    const error = await failureOf(client.sendMessage(targetOf(c), { platform: 'instagram', recipientId: c.recipientId, message: 'Applied, never answered' }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ writeOutcome: 'unknown', retryable: false, operation: 'sendMessage' });
    await fixture.control('DELETE', '/faults');
    const ledger = await fixture.ledger(seq);
    expect(ledger.map((e) => [e.kind, e.text])).toEqual([['message.send', 'Applied, never answered']]);
    const { messages } = await client.getConversation(targetOf(c), { platform: 'instagram', conversationId: c.conversationId });
    expect(messages[0]).toMatchObject({ id: ledger[0]!.ids[0], action: 'sent', message: 'Applied, never answered' });
  });

  it('the service is down: outcome unknown', async () => {
    const c = waiting('facebook');
    await fixture.faults({ down: true });
    const error = await failureOf(client.sendMessage(targetOf(c), { platform: 'facebook', recipientId: c.recipientId, message: 'Anyone there?' }));
    expect(error).toMatchObject({ kind: 'outcome-unknown', writeOutcome: 'unknown' });
  });

  it('a 503 on a send: retryable, but reconcile first (a 5xx may follow an applied write)', async () => {
    const c = waiting('facebook');
    await fixture.faults({ errorRate: 1 });
    const error = await failureOf(client.sendMessage(targetOf(c), { platform: 'facebook', recipientId: c.recipientId, message: 'Busy?' }));
    expect(error).not.toBeInstanceOf(MessageRefusedError);
    expect(error).toMatchObject({ kind: 'http', status: 503, retryable: true, writeOutcome: 'unknown' });
  });
});

describe('the X key pair', () => {
  it('goes on the requests to /messages/twitter and on no other', async () => {
    const before = sent.length;
    for (const platform of MESSAGE_NETWORKS) {
      const c = waiting(platform);
      await client.listConversations(targetOf(c), { platform });
      await client.listMessages(targetOf(c), { platform });
      await client.getConversation(targetOf(c), { platform, conversationId: c.conversationId });
      await client.sendMessage(targetOf(c), { platform, recipientId: c.recipientId, message: 'Hello again' });
    }
    const requests = sent.slice(before);
    expect(requests).toHaveLength(12);
    for (const request of requests) {
      const twitter = request.path.startsWith('/messages/twitter');
      expect(request.headers[X_KEY_HEADER]).toBe(twitter ? fixture.world.xCredentials.key : undefined);
      expect(request.headers[X_SECRET_HEADER]).toBe(twitter ? fixture.world.xCredentials.secret : undefined);
    }
  });

  it('without it, twitter is refused before sending; facebook still works', async () => {
    fixture.xCredentials = undefined;
    const before = sent.length;
    const x = waiting('twitter');
    expect(await failureOf(client.listConversations(targetOf(x), { platform: 'twitter' }))).toBeInstanceOf(MissingCredentialsError);
    expect(sent.length).toBe(before);
    const c = waiting('facebook');
    expect((await client.listConversations(targetOf(c), { platform: 'facebook' })).conversationIds.length).toBeGreaterThan(0);
  });
});
