// The control surface's direct messages: POST /__sandbox/messages (a person writes in a new or an
// existing conversation, reads, reacts) with its `messages` webhook event and sub-actions, PUT
// /__sandbox/messaging, and the --state file keeping conversations (and loading a file from before
// messages). The receiver is HTTPS on 127.0.0.1 with a certificate made by openssl for this run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, openSandbox, type SandboxClient, type World } from './harness.ts';
import { conversationMessages, DAY_MS, pastWindowConversation, sendMessage, waitingConversation } from './messages-support.ts';

const NOW_MS = Date.parse('2026-05-20T12:00:00.000Z');
let client: SandboxClient;
let world: World;
let dir: string;
let server: Server;
let port: number;
const received: Record<string, unknown>[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-messages-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', keyPath, '-out', certPath], {
    stdio: 'ignore',
  });
  server = createServer({ key: readFileSync(keyPath), cert: readFileSync(certPath) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  client = await openSandbox({ rateLimit: 1_000_000, now: () => new Date(NOW_MS), webhookRetryDelaysMs: [50, 100] });
  world = await client.snapshot();
  const hook = await client.api('POST', '/hook/webhook', { body: { action: 'messages', url: `https://127.0.0.1:${port}/messages` } });
  expect(hook.status).toBe(200);
});
afterAll(async () => {
  await client.sandbox.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function nextEvent(seen: number): Promise<Record<string, unknown>> {
  for (let i = 0; i < 500; i++) {
    if (received.length > seen) return received[seen]!;
    await delay(10);
  }
  throw new Error('no webhook delivery');
}

function byId(w: World, id: string): Conversation | undefined {
  return w.conversations.find((c) => c.conversationId === id);
}

describe('POST /__sandbox/messages: a person writes to a profile', () => {
  it('in a new conversation: listed in the world and by conversationsOnly, with who they are; raises messageCreated', async () => {
    const primary = world.profiles.find((p) => p.profileKey === null)!;
    const seen = received.length;
    const reply = await client.control('POST', '/messages', {
      profileRefId: primary.refId,
      platform: 'instagram',
      from: { name: 'Nora Quill', username: 'nora.quill', profileImage: 'https://cdn.example.com/nora.jpg' },
      message: 'Hi! Do you still have the studio free on Friday?',
    });
    expect(reply.status).toBe(200);
    const { conversationId, recipientId, message } = reply.json;
    expect(message).toMatchObject({
      action: 'received',
      senderId: recipientId,
      senderDetails: { name: 'Nora Quill', username: 'nora.quill', profileImage: 'https://cdn.example.com/nora.jpg' },
    });
    const after = await client.snapshot();
    expect(byId(after, conversationId)).toMatchObject({
      profileRefId: primary.refId,
      platform: 'instagram',
      recipientId,
      messageCount: 1,
      awaitingReply: true,
      status: 'active',
    });
    const ids = (await client.api('GET', '/messages/instagram?conversationsOnly=true')).json.conversationIds;
    expect(ids[0]).toBe(conversationId);
    const event = await nextEvent(seen);
    expect(event).toMatchObject({
      action: 'messages',
      subAction: 'messageCreated',
      refId: primary.refId,
      platform: 'instagram',
      conversationId,
      message: { id: message.id, message: message.message },
    });
    // The account may answer at once.
    expect((await sendMessage(client, after, primary.refId, 'instagram', { recipientId, message: 'Yes, from 9!' })).status).toBe(200);
  });

  it('in an existing conversation: one more message; a person writing reopens a closed reply window', async () => {
    const c = pastWindowConversation(world, 'facebook', NOW_MS);
    const refused = await sendMessage(client, world, c.profileRefId, 'facebook', { recipientId: c.recipientId, message: 'Late' });
    expect(refused.json.code).toBe(111);
    const reply = await client.control('POST', '/messages', {
      profileRefId: c.profileRefId,
      platform: 'facebook',
      conversationId: c.conversationId,
      message: 'Hello again!',
    });
    expect(reply.status).toBe(200);
    expect(reply.json.recipientId).toBe(c.recipientId);
    expect(byId(await client.snapshot(), c.conversationId)).toMatchObject({ messageCount: c.messageCount + 1, awaitingReply: true });
    expect((await sendMessage(client, world, c.profileRefId, 'facebook', { recipientId: c.recipientId, message: 'Welcome back' })).status).toBe(200);
  });

  it('by the person of an archived conversation: the conversation is active again', async () => {
    const c = world.conversations.find(
      (x) => x.status === 'archived' && x.platform === 'twitter' && world.profiles.find((p) => p.refId === x.profileRefId)?.messagingEnabled,
    )!;
    const reply = await client.control('POST', '/messages', {
      profileRefId: c.profileRefId,
      platform: 'twitter',
      from: { id: c.recipientId, name: 'ignored' },
      message: 'Me again',
    });
    expect(reply.json.conversationId).toBe(c.conversationId);
    expect(byId(await client.snapshot(), c.conversationId)?.status).toBe('active');
  });

  it('messageRead and reactionCreated raise their events; the reaction shows on the message', async () => {
    const c = waitingConversation(world, 'instagram', NOW_MS);
    const sent = await sendMessage(client, world, c.profileRefId, 'instagram', { recipientId: c.recipientId, message: 'See you at 5' });
    let seen = received.length;
    const read = await client.control('POST', '/messages', {
      profileRefId: c.profileRefId,
      platform: 'instagram',
      subAction: 'messageRead',
      conversationId: c.conversationId,
    });
    expect(read.status).toBe(200);
    expect(await nextEvent(seen)).toMatchObject({ action: 'messages', subAction: 'messageRead', conversationId: c.conversationId, senderId: c.recipientId });
    seen = received.length;
    const reacted = await client.control('POST', '/messages', {
      profileRefId: c.profileRefId,
      platform: 'instagram',
      subAction: 'reactionCreated',
      conversationId: c.conversationId,
      messageId: sent.json.messageId,
      reaction: '👍',
    });
    expect(reacted.status).toBe(200);
    expect(await nextEvent(seen)).toMatchObject({ subAction: 'reactionCreated', messageId: sent.json.messageId, reaction: '👍', senderId: c.recipientId });
    const [newest] = await conversationMessages(client, world, c);
    expect(newest).toMatchObject({ id: sent.json.messageId, reactions: { [c.recipientId]: '👍' } });
  });

  it('refuses what cannot happen, each with its code', async () => {
    const off = world.profiles.find((p) => !p.messagingEnabled)!;
    const offNetwork = ['facebook', 'instagram', 'twitter'].find((n) => off.platforms.includes(n))!;
    const cases: [Record<string, unknown>, number, number][] = [
      [{ profileRefId: off.refId, platform: offNetwork, message: 'Hi' }, 403, 361],
      [{ platform: 'linkedin', message: 'Hi' }, 400, 106],
      [{ platform: 'facebook', message: 'Hi' }, 400, 109],
      [{ platform: 'instagram', message: '  ' }, 400, 108],
      [{ platform: 'instagram', subAction: 'messageRead' }, 400, 104],
      [{ platform: 'instagram', subAction: 'typing', conversationId: 'x' }, 400, 105],
      [{ platform: 'instagram', subAction: 'messageRead', conversationId: 'x' }, 404, 114],
      [{ profileRefId: 'nobody', platform: 'instagram', message: 'Hi' }, 404, 114],
    ];
    for (const [body, status, code] of cases) {
      const reply = await client.control('POST', '/messages', body);
      expect([reply.status, reply.json.code], JSON.stringify(body)).toEqual([status, code]);
    }
  });
});

describe('PUT /__sandbox/messaging', () => {
  it('sets the switches and answers them; refuses a network without messages (106)', async () => {
    const profile = world.profiles.find((p) => p.profileKey !== null && p.messagingEnabled)!;
    const set = await client.control('PUT', '/messaging', { profileRefId: profile.refId, relinkRequired: ['facebook'] });
    expect(set.json).toEqual({ profileRefId: profile.refId, enabled: true, relinkRequired: ['facebook'] });
    const cleared = await client.control('PUT', '/messaging', { profileRefId: profile.refId, relinkRequired: [] });
    expect(cleared.json.relinkRequired).toEqual([]);
    const bad = await client.control('PUT', '/messaging', { profileRefId: profile.refId, relinkRequired: ['tiktok'] });
    expect([bad.status, bad.json.code]).toEqual([400, 106]);
  });
});

describe('the state file keeps conversations', () => {
  it('a sandbox started on the file of a closed one has the same conversations and messages, sends included', async () => {
    const statePath = join(dir, 'messages.json');
    const first = await openSandbox({ statePath, now: () => new Date(NOW_MS) });
    const firstWorld = await first.snapshot();
    const c = waitingConversation(firstWorld, 'twitter', NOW_MS);
    expect((await sendMessage(first, firstWorld, c.profileRefId, 'twitter', { recipientId: c.recipientId, message: 'Kept in the file' })).status).toBe(200);
    const before = await first.snapshot();
    const messages = await conversationMessages(first, firstWorld, c);
    await first.sandbox.close();

    const second = await openSandbox({ statePath, now: () => new Date(NOW_MS + DAY_MS) });
    const after = await second.snapshot();
    // A day later: which conversations count this month may differ, nothing else.
    const kept = (w: World) => w.conversations.map((c) => ({ ...c, activeThisMonth: null }));
    expect(kept(after)).toEqual(kept(before));
    expect(await conversationMessages(second, after, c)).toEqual(messages);
    await second.sandbox.close();
  });

  it('a file saved before messages existed loads with none, and messages work from there', async () => {
    const statePath = join(dir, 'old.json');
    const first = await openSandbox({ statePath });
    await first.sandbox.close();
    const state = JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, unknown>;
    delete state.conversations;
    delete state.messages;
    writeFileSync(statePath, JSON.stringify(state));
    const old = await openSandbox({ statePath });
    try {
      const oldWorld = await old.snapshot();
      expect(oldWorld.conversations).toEqual([]);
      const wrote = await old.control('POST', '/messages', { platform: 'twitter', message: 'First DM after the upgrade' });
      expect(wrote.status).toBe(200);
      expect((await old.api('GET', '/messages/twitter', { x: true })).json.messagesCount).toBe(1);
    } finally {
      await old.sandbox.close();
    }
  });
});
