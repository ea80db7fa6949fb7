// The service's published test flow for messages, run against the sandbox unchanged: for facebook,
// instagram and twitter, list the conversations (conversationsOnly), read one conversation, answer
// its person, and find the answer in the list. The official SDK (social-media-api 1.3.0) has no
// messaging methods, so this calls the endpoints as the service's docs do: fetch with the bearer
// key, the Profile-Key and, for X, the OAuth 1.0a key pair (docs/service-messages.md, "Sources").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type SandboxClient, type World } from './harness.ts';

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

function headers(platform: string, profileKey: string | null): Record<string, string> {
  const h: Record<string, string> = { Authorization: `Bearer ${world.apiKey}`, 'Content-Type': 'application/json' };
  if (profileKey) h['Profile-Key'] = profileKey;
  if (platform === 'twitter') {
    h['X-Twitter-OAuth1-Api-Key'] = world.xCredentials.key;
    h['X-Twitter-OAuth1-Api-Secret'] = world.xCredentials.secret;
  }
  return h;
}

describe.each(['facebook', 'instagram', 'twitter'])('the messages flow on %s', (platform) => {
  it('conversationsOnly, one conversation, send, list', async () => {
    const profile = world.profiles.find((p) => p.messagingEnabled && p.platforms.includes(platform))!;
    const h = headers(platform, profile.profileKey);
    const base = `${client.sandbox.url}/messages/${platform}`;

    const conversations = await fetch(`${base}?conversationsOnly=true`, { headers: h });
    expect(conversations.status).toBe(200);
    const { status, conversationIds } = (await conversations.json()) as { status: string; conversationIds: string[] };
    expect(status).toBe('success');
    expect(conversationIds.length).toBeGreaterThan(0);

    // The most recent conversation whose person wrote within the week (any will do on X).
    let target: { conversationId: string; senderId: string } | undefined;
    for (const conversationId of conversationIds) {
      const one = await fetch(`${base}?conversationId=${encodeURIComponent(conversationId)}`, { headers: h });
      expect(one.status).toBe(200);
      const body = (await one.json()) as { messages: { action: string; senderId: string; created: string; conversationId: string }[] };
      expect(body.messages.every((m) => m.conversationId === conversationId)).toBe(true);
      const last = body.messages.find((m) => m.action === 'received')!;
      if (platform === 'twitter' || Date.now() - Date.parse(last.created) < 6 * 86_400_000) {
        target = { conversationId, senderId: last.senderId };
        break;
      }
    }
    expect(target).toBeDefined();

    const text = `Thanks for your message! (${platform} flow)`;
    const sent = await fetch(base, { method: 'POST', headers: h, body: JSON.stringify({ recipientId: target!.senderId, message: text, source: 'npm' }) });
    expect(sent.status).toBe(200);
    const result = (await sent.json()) as { status: string; recipientId: string; messageId: string; message: string };
    expect(result).toEqual({ status: 'success', recipientId: target!.senderId, messageId: expect.any(String), message: text });

    const list = await fetch(base, { headers: h });
    const { messages, messagesCount } = (await list.json()) as { messages: { id: string; action: string; message: string }[]; messagesCount: number };
    expect(messagesCount).toBe(messages.length);
    expect(messages.find((m) => m.id === result.messageId)).toMatchObject({ action: 'sent', message: text });
  });
});
