// POST /messages/:platform (docs/service-messages.md): a DM by the account to a person who wrote
// first, its answer and ledger entry, and every refusal beside its accepted side: no conversation,
// the facebook/instagram reply window, empty and over-long text per network, media rules, the
// monthly active-conversation limit; and faults, the rate limit and dropAfterCommit as for every write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, openSandbox, type SandboxClient, type World } from './harness.ts';
import {
  conversationMessages,
  conversationWhere,
  DAY_MS,
  MESSAGE_NETWORKS,
  pastWindowConversation,
  sendMessage,
  waitingConversation,
} from './messages-support.ts';

const NOW_MS = Date.parse('2026-05-20T12:00:00.000Z');
let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000, now: () => new Date(NOW_MS) });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

function send(c: Conversation, body: Record<string, unknown>) {
  return sendMessage(client, world, c.profileRefId, c.platform, { recipientId: c.recipientId, ...body });
}

describe('sending a DM', () => {
  it.each(MESSAGE_NETWORKS)('%s: answers {status, recipientId, messageId, message}, is in the ledger once and in the conversation', async (platform) => {
    const c = waitingConversation(world, platform, NOW_MS);
    const seq = await client.ledgerSeq();
    const text = `Thanks for writing on ${platform}! 🙂`;
    const reply = await send(c, { message: text });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.json).toEqual({ status: 'success', recipientId: c.recipientId, messageId: expect.any(String), message: text });
    const ledger = await client.ledgerSince(seq);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'message.send', method: 'POST', path: `/messages/${platform}`, profileRefId: c.profileRefId, text });
    expect(ledger[0]!.ids).toEqual([reply.json.messageId, c.conversationId, c.recipientId]);
    const [newest] = await conversationMessages(client, world, c);
    expect(newest).toMatchObject({ id: reply.json.messageId, action: 'sent', message: text, recipientId: c.recipientId, conversationId: c.conversationId });
    expect(newest!.created).toBe(new Date(NOW_MS).toISOString());
  });

  it('a person who never wrote cannot be written to (116); recipientId is required (104)', async () => {
    const c = waitingConversation(world, 'facebook', NOW_MS);
    const stranger = await send(c, { recipientId: '999999', message: 'Hello?' });
    expect(stranger.status).toBe(400);
    expect(stranger.json.code).toBe(116);
    expect(stranger.json.message).toContain('must write to the account first');
    const missing = await sendMessage(client, world, c.profileRefId, 'facebook', { message: 'Hello?' });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe(104);
  });
});

describe("the reply window: facebook and instagram, 7 days after the person's last message", () => {
  it.each(['facebook', 'instagram'])('%s: refused past the window (111), with when it closed', async (platform) => {
    const c = pastWindowConversation(world, platform, NOW_MS);
    const seq = await client.ledgerSeq();
    const reply = await send(c, { message: 'Sorry for the late answer' });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(111);
    expect(reply.json.message).toContain(new Date(Date.parse(c.lastReceivedAt) + 7 * DAY_MS).toISOString());
    expect(await client.ledgerSince(seq)).toEqual([]);
  });

  it('twitter has no window: an old conversation is answered', async () => {
    const c = pastWindowConversation(world, 'twitter', NOW_MS);
    expect((await send(c, { message: 'Still here!' })).status).toBe(200);
  });

  it('the window is configurable: a one-hour window refuses what seven days take', async () => {
    const short = await openSandbox({ rateLimit: 1_000_000, now: () => new Date(NOW_MS), messageReplyWindowMs: 3_600_000 });
    try {
      const shortWorld = await short.snapshot();
      const c = conversationWhere(
        shortWorld,
        'instagram',
        (x) =>
          x.status === 'active' &&
          x.awaitingReply &&
          NOW_MS - Date.parse(x.lastReceivedAt) > 2 * 3_600_000 &&
          NOW_MS - Date.parse(x.lastReceivedAt) < 6 * DAY_MS,
      );
      const refused = await sendMessage(short, shortWorld, c.profileRefId, 'instagram', { recipientId: c.recipientId, message: 'Hi' });
      expect(refused.json.code).toBe(111);
      expect((await send(c, { message: 'Hi' })).status).toBe(200);
    } finally {
      await short.sandbox.close();
    }
  });
});

describe('text: not empty, not longer than the network takes', () => {
  const LIMITS = { facebook: 2000, instagram: 999, twitter: 10_000 } as const;

  it.each(MESSAGE_NETWORKS)('%s: the longest text is taken, one more character is refused (113)', async (platform) => {
    const c = waitingConversation(world, platform, NOW_MS);
    const limit = LIMITS[platform];
    const tooLong = await send(c, { message: 'é'.repeat(limit) + '🙂' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.code).toBe(113);
    expect(tooLong.json.message).toContain(`at most ${limit}`);
    // Characters, not bytes or UTF-16 units: an emoji is one.
    const longest = await send(c, { message: 'é'.repeat(limit - 1) + '🙂' });
    expect(longest.status).toBe(200);
  });

  it.each(MESSAGE_NETWORKS)('%s: empty or blank text without media is refused (108)', async (platform) => {
    const c = waitingConversation(world, platform, NOW_MS);
    for (const body of [{ message: '' }, { message: '   ' }, {}]) {
      const reply = await send(c, body);
      expect(reply.status).toBe(400);
      expect(reply.json.code).toBe(108);
    }
  });

  it('facebook and instagram take media without text; X needs text even with media (108)', async () => {
    for (const platform of ['facebook', 'instagram'] as const) {
      const c = waitingConversation(world, platform, NOW_MS);
      const reply = await send(c, { mediaUrls: ['https://cdn.example.com/menu.png'] });
      expect(reply.status).toBe(200);
      const [newest] = await conversationMessages(client, world, c);
      expect(newest).toMatchObject({ id: reply.json.messageId, attachments: [{ type: 'image', url: 'https://cdn.example.com/menu.png' }] });
    }
    const x = waitingConversation(world, 'twitter', NOW_MS);
    const refused = await send(x, { mediaUrls: ['https://cdn.example.com/menu.png'] });
    expect(refused.json.code).toBe(108);
  });
});

describe('media URLs', () => {
  it('X takes one media URL, not two (105)', async () => {
    const c = waitingConversation(world, 'twitter', NOW_MS);
    expect((await send(c, { message: 'One', mediaUrls: ['https://cdn.example.com/a.png'] })).status).toBe(200);
    const two = await send(c, { message: 'Two', mediaUrls: ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'] });
    expect(two.status).toBe(400);
    expect(two.json.code).toBe(105);
  });

  it('facebook takes several; a URL with a query or without a file extension is refused (105)', async () => {
    const c = waitingConversation(world, 'facebook', NOW_MS);
    const several = await send(c, { message: 'Photos', mediaUrls: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.mp4'] });
    expect(several.status).toBe(200);
    for (const url of ['https://cdn.example.com/a.jpg?size=2', 'https://cdn.example.com/photo', 'ftp://cdn.example.com/a.jpg']) {
      const reply = await send(c, { message: 'Photo', mediaUrls: [url] });
      expect(reply.status).toBe(400);
      expect(reply.json.code).toBe(105);
    }
  });
});

describe('active conversations a month: a conversation counts once the account sends in it', () => {
  it('over the limit a new conversation is refused (403, 112); one already active this month is still answered', async () => {
    // Same seed and clock: the same world, here with the limit one above what the profile has used.
    const c0 = waitingConversation(world, 'facebook', NOW_MS);
    const probe = await openSandbox({ now: () => new Date(NOW_MS) });
    const used = (await probe.snapshot()).conversations.filter((c) => c.profileRefId === c0.profileRefId && c.activeThisMonth).length;
    await probe.sandbox.close();
    const limited = await openSandbox({ rateLimit: 1_000_000, now: () => new Date(NOW_MS), activeConversationLimit: used + 1 });
    try {
      const limitedWorld = await limited.snapshot();
      const idle = limitedWorld.conversations.filter(
        (c) =>
          c.profileRefId === c0.profileRefId &&
          !c.activeThisMonth &&
          c.status === 'active' &&
          (c.platform === 'twitter' || NOW_MS - Date.parse(c.lastReceivedAt) < 6 * DAY_MS),
      );
      expect(idle.length).toBeGreaterThanOrEqual(2);
      const [first, second] = idle as [Conversation, Conversation];
      const sendIn = (c: Conversation) => sendMessage(limited, limitedWorld, c.profileRefId, c.platform, { recipientId: c.recipientId, message: 'Hello!' });
      expect((await sendIn(first)).status).toBe(200);
      const refused = await sendIn(second);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe(112);
      expect(refused.json.message).toContain(`limit of ${used + 1}`);
      // The first is active now: answering in it again is taken.
      expect((await sendIn(first)).status).toBe(200);
    } finally {
      await limited.sandbox.close();
    }
  });
});

describe('faults, the rate limit and dropAfterCommit apply to sends as to every write', () => {
  it('an injected failure applies nothing; a dropped answer applied the message once', async () => {
    const c = waitingConversation(world, 'instagram', NOW_MS);
    let seq = await client.ledgerSeq();
    await client.control('PUT', '/faults', { errorRate: 1 });
    const failed = await send(c, { message: 'Lost in the fault' });
    await client.control('DELETE', '/faults');
    expect(failed.status).toBe(503);
    expect(failed.json.code).toBe(150);
    expect(await client.ledgerSince(seq)).toEqual([]);

    seq = await client.ledgerSeq();
    await client.control('PUT', '/faults', { dropAfterCommitRate: 1 });
    await expect(send(c, { message: 'Applied, never answered' })).rejects.toThrow();
    await client.control('DELETE', '/faults');
    const ledger = await client.ledgerSince(seq);
    expect(ledger.map((e) => [e.kind, e.text])).toEqual([['message.send', 'Applied, never answered']]);
    // The client's way to learn the outcome: read the conversation back.
    const [newest] = await conversationMessages(client, world, c);
    expect(newest).toMatchObject({ action: 'sent', message: 'Applied, never answered', id: ledger[0]!.ids[0] });
  });

  it('over the rate limit a send is answered 429 and not applied', async () => {
    const tight = await openSandbox({ rateLimit: 2, now: () => new Date(NOW_MS) });
    try {
      const tightWorld = await tight.snapshot();
      const c = waitingConversation(tightWorld, 'facebook', NOW_MS);
      const go = () => sendMessage(tight, tightWorld, c.profileRefId, 'facebook', { recipientId: c.recipientId, message: 'Quick one' });
      expect((await go()).status).toBe(200);
      expect((await go()).status).toBe(200);
      const third = await go();
      expect(third.status).toBe(429);
      expect(third.json.code).toBe(140);
      expect((await tight.ledgerSince(0)).filter((e) => e.kind === 'message.send')).toHaveLength(2);
    } finally {
      await tight.sandbox.close();
    }
  });
});
