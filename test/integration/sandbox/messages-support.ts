// What the Messages API conformance tests share: the seeded conversations picked by case, and the
// calls as the service's docs write them (GET and POST /messages/:platform, for the profile).
import { type CallOptions, type Conversation, profileOf, type Reply, type SandboxClient, type World } from './harness.ts';

export const MESSAGE_NETWORKS = ['facebook', 'instagram', 'twitter'] as const;
export type MessageNetwork = (typeof MESSAGE_NETWORKS)[number];
export const DAY_MS = 86_400_000;

export interface MessageRecord {
  id: string;
  action: 'sent' | 'received';
  message: string;
  conversationId: string;
  created: string;
  platform: string;
  senderId: string;
  recipientId: string;
  senderDetails: { name: string; username?: string; profileImage?: string };
  recipientDetails?: { name: string; id: string; picture?: string };
  attachments?: { type: string; url: string }[];
  reactions?: Record<string, string>;
}

/** Profiles with messaging on that link `platform`. */
export function messagingProfiles(world: World, platform: string) {
  return world.profiles.filter((p) => p.messagingEnabled && p.platforms.includes(platform));
}

/** A seeded conversation of a profile with messaging on, matching `test`. */
export function conversationWhere(world: World, platform: string, test: (c: Conversation) => boolean): Conversation {
  const enabled = new Set(messagingProfiles(world, platform).map((p) => p.refId));
  const found = world.conversations.find((c) => c.platform === platform && enabled.has(c.profileRefId) && test(c));
  if (!found) throw new Error(`no such ${platform} conversation in the seeded world`);
  return found;
}

/** The person wrote last, within the reply window, in an active conversation. */
export function waitingConversation(world: World, platform: string, nowMs: number, windowMs = 7 * DAY_MS): Conversation {
  return conversationWhere(world, platform, (c) => c.status === 'active' && c.awaitingReply && nowMs - Date.parse(c.lastReceivedAt) < windowMs - 60_000);
}

export function pastWindowConversation(world: World, platform: string, nowMs: number): Conversation {
  return conversationWhere(world, platform, (c) => c.status === 'active' && nowMs - Date.parse(c.lastReceivedAt) > 7 * DAY_MS + 60_000);
}

/** GET /messages/:platform as the conversation's profile (with the X pair on twitter). */
export function getMessages(client: SandboxClient, world: World, refId: string, platform: string, query = '', options: CallOptions = {}): Promise<Reply> {
  return client.api('GET', `/messages/${platform}${query ? `?${query}` : ''}`, {
    profileKey: profileOf(world, refId).profileKey,
    x: platform === 'twitter',
    ...options,
  });
}

export function sendMessage(client: SandboxClient, world: World, refId: string, platform: string, body: unknown, options: CallOptions = {}): Promise<Reply> {
  return client.api('POST', `/messages/${platform}`, {
    profileKey: profileOf(world, refId).profileKey,
    x: platform === 'twitter',
    body,
    ...options,
  });
}

/** Every message of one conversation, newest first. */
export async function conversationMessages(client: SandboxClient, world: World, c: Conversation): Promise<MessageRecord[]> {
  const reply = await getMessages(client, world, c.profileRefId, c.platform, `conversationId=${encodeURIComponent(c.conversationId)}`);
  if (reply.status !== 200) throw new Error(`GET conversation: HTTP ${reply.status} ${JSON.stringify(reply.json)}`);
  return reply.json.messages as MessageRecord[];
}
