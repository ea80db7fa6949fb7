// GET /messages/:platform (docs/service-messages.md): the seeded conversations, the message records
// and their content type, conversationsOnly, one conversation, status, X's limit and next cursor,
// and every refusal of the Messages operations with its own code, each beside its accepted side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, profileOf, type SandboxClient, type World } from './harness.ts';
import { conversationWhere, getMessages, MESSAGE_NETWORKS, type MessageRecord, messagingProfiles, waitingConversation } from './messages-support.ts';

const NOW_MS = Date.parse('2026-05-20T12:00:00.000Z');
let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000, now: () => new Date(NOW_MS) });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

describe('the seeded world has conversations on every messaging network a profile links', () => {
  it('lists them with the fields of the issue, and covers waiting, answered, past-window and archived ones', () => {
    for (const platform of MESSAGE_NETWORKS) {
      const ofNetwork = world.conversations.filter((c) => c.platform === platform);
      const linking = world.profiles.filter((p) => p.platforms.includes(platform));
      expect(new Set(ofNetwork.map((c) => c.profileRefId))).toEqual(new Set(linking.map((p) => p.refId)));
      for (const c of ofNetwork) {
        expect(c).toMatchObject({ conversationId: expect.any(String), recipientId: expect.any(String), messageCount: expect.any(Number) });
        expect(c.messageCount).toBeGreaterThan(0);
        expect(Date.parse(c.lastMessageAt)).toBeLessThanOrEqual(NOW_MS);
      }
      expect(waitingConversation(world, platform, NOW_MS)).toBeDefined();
      expect(conversationWhere(world, platform, (c) => c.status === 'active' && !c.awaitingReply)).toBeDefined();
      expect(conversationWhere(world, platform, (c) => NOW_MS - Date.parse(c.lastReceivedAt) > 7 * 86_400_000)).toBeDefined();
      expect(conversationWhere(world, platform, (c) => c.status === 'archived')).toBeDefined();
    }
    expect(world.profiles.filter((p) => !p.messagingEnabled)).toHaveLength(1);
    expect(world.profiles.find((p) => p.profileKey === null)?.messagingEnabled).toBe(true);
  });

  it('no other network has conversations', () => {
    expect(new Set(world.conversations.map((c) => c.platform))).toEqual(new Set(MESSAGE_NETWORKS));
  });
});

describe('GET /messages/:platform', () => {
  it.each(MESSAGE_NETWORKS)('%s: every message of the active conversations, newest first, in the public shape', async (platform) => {
    const [profile] = messagingProfiles(world, platform);
    const reply = await getMessages(client, world, profile!.refId, platform);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    const { messages, messagesCount, lastUpdated, nextUpdate, status } = reply.json;
    expect(status).toBe('success');
    const active = world.conversations.filter((c) => c.profileRefId === profile!.refId && c.platform === platform && c.status === 'active');
    expect(messagesCount).toBe(active.reduce((sum, c) => sum + c.messageCount, 0));
    expect(messages).toHaveLength(messagesCount);
    expect(new Set((messages as MessageRecord[]).map((m) => m.conversationId))).toEqual(new Set(active.map((c) => c.conversationId)));
    const times = (messages as MessageRecord[]).map((m) => m.created);
    expect(times).toEqual([...times].sort().reverse());
    // Public: cached 60 s on facebook and instagram, 15 s on X.
    expect(Date.parse(nextUpdate) - Date.parse(lastUpdated)).toBe(platform === 'twitter' ? 15_000 : 60_000);
    for (const m of messages as MessageRecord[]) {
      expect(m).toMatchObject({ id: expect.any(String), message: expect.any(String), platform, senderId: expect.any(String), recipientId: expect.any(String) });
      expect(['sent', 'received']).toContain(m.action);
      expect(m.senderDetails.name).toEqual(expect.any(String));
      if (m.action === 'sent') expect(m.recipientDetails?.id).toBe(m.recipientId);
    }
  });

  it('a received message names the person as sender with what the network gives; a sent one names the person as recipient', async () => {
    const c = conversationWhere(world, 'instagram', (x) => x.status === 'active' && x.messageCount >= 2 && !x.awaitingReply);
    const messages = (await getMessages(client, world, c.profileRefId, 'instagram', `conversationId=${c.conversationId}`)).json.messages as MessageRecord[];
    const received = messages.filter((m) => m.action === 'received');
    const sent = messages.filter((m) => m.action === 'sent');
    expect(received.length).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThan(0);
    for (const m of received) {
      expect(m.senderId).toBe(c.recipientId);
      expect(m.senderDetails.username).toEqual(expect.any(String));
    }
    for (const m of sent) expect(m.recipientId).toBe(c.recipientId);
    // The oldest message is the person's: people write first.
    expect(messages.at(-1)?.action).toBe('received');
  });

  it('conversationsOnly=true answers the conversation ids, most recent first; status=archived the archived ones', async () => {
    const [profile] = messagingProfiles(world, 'facebook');
    const mine = world.conversations.filter((c) => c.profileRefId === profile!.refId && c.platform === 'facebook');
    const active = await getMessages(client, world, profile!.refId, 'facebook', 'conversationsOnly=true');
    expect(active.status).toBe(200);
    expect(Object.keys(active.json).sort()).toEqual(['conversationIds', 'lastUpdated', 'nextUpdate', 'status']);
    const byRecent = mine.filter((c) => c.status === 'active').sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
    expect(active.json.conversationIds).toEqual(byRecent.map((c) => c.conversationId));
    const archived = await getMessages(client, world, profile!.refId, 'facebook', 'conversationsOnly=true&status=archived');
    expect(new Set(archived.json.conversationIds)).toEqual(new Set(mine.filter((c) => c.status === 'archived').map((c) => c.conversationId)));
    // Public: with conversationsOnly the conversationId is ignored.
    const ignoring = await getMessages(client, world, profile!.refId, 'facebook', `conversationsOnly=true&conversationId=${mine[0]!.conversationId}`);
    expect(ignoring.json.conversationIds).toEqual(active.json.conversationIds);
  });

  it('status=archived lists the messages of archived conversations only', async () => {
    const c = conversationWhere(world, 'twitter', (x) => x.status === 'archived');
    const reply = await getMessages(client, world, c.profileRefId, 'twitter', 'status=archived');
    expect(reply.status).toBe(200);
    const archivedIds = world.conversations.filter((x) => x.profileRefId === c.profileRefId && x.platform === 'twitter' && x.status === 'archived');
    expect(new Set((reply.json.messages as MessageRecord[]).map((m) => m.conversationId))).toEqual(new Set(archivedIds.map((x) => x.conversationId)));
  });

  it("conversationId=ID answers that conversation only; an unknown one or another profile's is 404 (114)", async () => {
    const c = conversationWhere(world, 'facebook', (x) => x.messageCount >= 3);
    const reply = await getMessages(client, world, c.profileRefId, 'facebook', `conversationId=${c.conversationId}`);
    expect(reply.status).toBe(200);
    expect(reply.json.messagesCount).toBe(c.messageCount);
    expect(new Set((reply.json.messages as MessageRecord[]).map((m) => m.conversationId))).toEqual(new Set([c.conversationId]));

    const unknown = await getMessages(client, world, c.profileRefId, 'facebook', 'conversationId=t_000');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ status: 'error', code: 114 });
    const other = world.profiles.find((p) => p.refId !== c.profileRefId && p.platforms.includes('facebook') && p.messagingEnabled)!;
    const foreign = await getMessages(client, world, other.refId, 'facebook', `conversationId=${c.conversationId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe(114);
  });

  it('status must be active or archived (105)', async () => {
    const [profile] = messagingProfiles(world, 'instagram');
    const reply = await getMessages(client, world, profile!.refId, 'instagram', 'status=deleted');
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(105);
    expect(reply.json.message).toContain('active or archived');
  });
});

describe('X pages with limit (1 to 100) and the next cursor of meta.pagination', () => {
  const twitterProfile = () => messagingProfiles(world, 'twitter').sort((a, b) => count(b.refId) - count(a.refId))[0]!;
  const count = (refId: string) =>
    world.conversations.filter((c) => c.profileRefId === refId && c.platform === 'twitter' && c.status === 'active').reduce((s, c) => s + c.messageCount, 0);

  it('pages cover every message once, newest first, and the last page has no cursor', async () => {
    const profile = twitterProfile();
    const all = (await getMessages(client, world, profile.refId, 'twitter')).json.messages as MessageRecord[];
    expect(all.length).toBeGreaterThan(3);
    const limit = Math.max(1, Math.floor(all.length / 3));
    const seen: MessageRecord[] = [];
    let query = `limit=${limit}`;
    for (let page = 0; page < 200; page++) {
      const reply = await getMessages(client, world, profile.refId, 'twitter', query);
      expect(reply.status).toBe(200);
      expect(reply.json.messages.length).toBeLessThanOrEqual(limit);
      seen.push(...reply.json.messages);
      const next = reply.json.meta?.pagination?.next as string | undefined;
      if (!next) break;
      query = `limit=${limit}&next=${encodeURIComponent(next)}`;
    }
    expect(seen.map((m) => m.id)).toEqual(all.map((m) => m.id));
  });

  it('limit outside 1..100 is refused (105); 1 and 100 are taken', async () => {
    const profile = twitterProfile();
    for (const bad of ['0', '101', 'ten']) {
      const reply = await getMessages(client, world, profile.refId, 'twitter', `limit=${bad}`);
      expect(reply.status).toBe(400);
      expect(reply.json.code).toBe(105);
    }
    for (const good of [1, 100]) {
      const reply = await getMessages(client, world, profile.refId, 'twitter', `limit=${good}`);
      expect(reply.status).toBe(200);
      expect(reply.json.messages.length).toBe(Math.min(good, count(profile.refId)));
    }
  });

  it('a cursor the service did not give is refused (105); next without limit (104); limit on facebook (105)', async () => {
    const profile = twitterProfile();
    const forged = await getMessages(client, world, profile.refId, 'twitter', 'limit=5&next=not-a-cursor');
    expect(forged.status).toBe(400);
    expect(forged.json.code).toBe(105);
    const first = await getMessages(client, world, profile.refId, 'twitter', 'limit=1');
    const withoutLimit = await getMessages(client, world, profile.refId, 'twitter', `next=${first.json.meta.pagination.next}`);
    expect(withoutLimit.status).toBe(400);
    expect(withoutLimit.json.code).toBe(104);
    const [fb] = messagingProfiles(world, 'facebook');
    const onFacebook = await getMessages(client, world, fb!.refId, 'facebook', 'limit=5');
    expect(onFacebook.status).toBe(400);
    expect(onFacebook.json.code).toBe(105);
  });
});

describe('refusals of the Messages operations, each with its own code', () => {
  it('a network without messages is refused (106); the three messaging networks are taken', async () => {
    const profile = world.profiles.find((p) => p.platforms.includes('linkedin') && p.messagingEnabled)!;
    for (const platform of ['linkedin', 'tiktok', 'x']) {
      const reply = await getMessages(client, world, profile.refId, platform);
      expect(reply.status).toBe(400);
      expect(reply.json.code).toBe(106);
      expect(reply.json.message).toContain('facebook, instagram, twitter');
    }
  });

  it('a messaging network the profile does not link is refused (109)', async () => {
    const primary = world.profiles.find((p) => p.profileKey === null)!;
    expect(primary.platforms).not.toContain('facebook');
    const reply = await getMessages(client, world, primary.refId, 'facebook');
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(109);
  });

  it('twitter needs the X key pair (419), like every request that targets twitter', async () => {
    const [profile] = messagingProfiles(world, 'twitter');
    const reply = await client.api('GET', '/messages/twitter', { profileKey: profileOf(world, profile!.refId).profileKey });
    expect(reply.status).toBe(419);
    expect(reply.json.code).toBe(419);
  });

  it('a profile without messaging is refused (403, 361) until messaging is switched on', async () => {
    const off = world.profiles.find((p) => !p.messagingEnabled)!;
    const platform = MESSAGE_NETWORKS.find((n) => off.platforms.includes(n))!;
    const refused = await getMessages(client, world, off.refId, platform);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe(361);
    expect(refused.json.message).toContain('Messaging Active');
    expect((await client.control('PUT', '/messaging', { profileRefId: off.refId, enabled: true })).status).toBe(200);
    const taken = await getMessages(client, world, off.refId, platform);
    expect(taken.status).toBe(200);
    expect(taken.json.messagesCount).toBeGreaterThan(0);
    await client.control('PUT', '/messaging', { profileRefId: off.refId, enabled: false });
  });

  it('a network whose link must be renewed is refused (362) and taken again once relinked', async () => {
    const [profile] = messagingProfiles(world, 'instagram');
    await client.control('PUT', '/messaging', { profileRefId: profile!.refId, relinkRequired: ['instagram'] });
    const refused = await getMessages(client, world, profile!.refId, 'instagram');
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe(362);
    expect(refused.json.message).toMatch(/link it again/);
    const send = await client.api('POST', '/messages/instagram', {
      profileKey: profileOf(world, profile!.refId).profileKey,
      body: { recipientId: '1', message: 'hi' },
    });
    expect(send.json.code).toBe(362);
    await client.control('PUT', '/messaging', { profileRefId: profile!.refId, relinkRequired: [] });
    expect((await getMessages(client, world, profile!.refId, 'instagram')).status).toBe(200);
  });

  it('plans below Business are refused (403, 120); Business is taken', async () => {
    const premium = await openSandbox({ plan: 'premium' });
    try {
      const reply = await premium.api('GET', '/messages/instagram');
      expect(reply.status).toBe(403);
      expect(reply.json.code).toBe(120);
      expect(reply.json.message).toContain('Business');
    } finally {
      await premium.sandbox.close();
    }
    expect((await getMessages(client, world, world.profiles[0]!.refId, 'instagram')).status).toBe(200);
  });
});
