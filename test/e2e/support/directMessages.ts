// Direct messages for the journeys: the seeded conversations as the sandbox lists them (GET
// /__sandbox/world), a person writing (POST /__sandbox/messages), the messages the service applied
// (the ledger's message.send), and waiting until the app's store has a conversation.
import type { ConversationThread, InboxRow } from '../../../src/shared/domain/inbox.ts';
import { MESSAGE_REPLY_WINDOW_MS, type MessageNetwork } from '../../../src/shared/networks.ts';
import type { AppHost } from './appHost.ts';
import type { LedgerEntry, TestSandbox, World } from './sandboxControl.ts';
import { asConversation } from '../../support/itemReads.ts';

export type WorldConversation = World['conversations'][number];

/** The inbox key of a conversation: `dm:<network>:<conversation id>`. */
export function conversationKey(conversation: Pick<WorldConversation, 'platform' | 'conversationId'>): string {
  return `dm:${conversation.platform}:${conversation.conversationId}`;
}

/** Messages the service applied (kind message.send) whose text is exactly `text`. */
export async function messagesWithText(sandbox: TestSandbox, text: string): Promise<LedgerEntry[]> {
  return (await sandbox.ledger()).filter((entry) => entry.kind === 'message.send' && entry.text === text);
}

/** Every message the service applied (kind message.send). */
export async function messagesSent(sandbox: TestSandbox): Promise<LedgerEntry[]> {
  return (await sandbox.ledger()).filter((entry) => entry.kind === 'message.send');
}

export interface PersonMessage {
  platform: MessageNetwork;
  profileRefId: string;
  message: string;
  /** A new person (a new conversation); left out: `conversationId` or a person the sandbox makes up. */
  from?: { id?: string; name: string; username?: string; profileImage?: string };
  conversationId?: string;
}

/** A person writes to a client profile (POST /__sandbox/messages), as the network would get it. */
export async function personWrites(sandbox: TestSandbox, input: PersonMessage): Promise<{ conversationId: string; recipientId: string }> {
  const { running } = sandbox;
  const response = await fetch(`${running.controlUrl}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${running.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /__sandbox/messages answered ${response.status}: ${text}`);
  return JSON.parse(text) as { conversationId: string; recipientId: string };
}

/** The client profiles whose messaging is on, with the conversations the seeded world gave them. */
export function messagingClients(world: World): { profile: World['profiles'][number]; conversations: WorldConversation[] }[] {
  return world.profiles
    .filter((profile) => profile.profileKey !== null && profile.messagingEnabled)
    .map((profile) => ({ profile, conversations: world.conversations.filter((c) => c.profileRefId === profile.refId) }))
    .filter((entry) => entry.conversations.length > 0);
}

/** A conversation waiting for an answer whose facebook / instagram reply window is still open for at least a day. */
export function openWaitingConversation(world: World, platform: 'facebook' | 'instagram', nowMs = Date.now()): WorldConversation {
  const found = messagingClients(world)
    .flatMap((entry) => entry.conversations)
    .find(
      (c) =>
        c.platform === platform && c.status === 'active' && c.awaitingReply && Date.parse(c.lastReceivedAt) + MESSAGE_REPLY_WINDOW_MS - nowMs > 24 * 3_600_000,
    );
  if (!found) throw new Error(`the sandbox world has no ${platform} conversation waiting with its window open`);
  return found;
}

/** A conversation waiting for an answer whose facebook / instagram reply window has closed. */
export function pastWindowConversation(world: World, nowMs = Date.now()): WorldConversation {
  const found = messagingClients(world)
    .flatMap((entry) => entry.conversations)
    .find(
      (c) =>
        (c.platform === 'facebook' || c.platform === 'instagram') &&
        c.status === 'active' &&
        c.awaitingReply &&
        Date.parse(c.lastReceivedAt) + MESSAGE_REPLY_WINDOW_MS < nowMs,
    );
  if (!found) throw new Error('the sandbox world has no conversation past its reply window');
  return found;
}

/** Waits until the app's store has the conversation (and, when given, a message with this text). */
export async function storedConversation(app: AppHost, key: string, withText?: string, timeoutMs = 30_000): Promise<ConversationThread> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await app
      .call('inbox.item', { key })
      .then(asConversation)
      .then(
        (answer) => answer.conversation,
        () => null,
      );
    if (found && (withText === undefined || found.messages.some((m) => m.text === withText))) return found;
    if (Date.now() > until) throw new Error(`${key}${withText ? ` with “${withText}”` : ''} did not reach the store within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The conversations of a client that wait for an answer (the view "Needs reply" with Messages). */
export async function waitingConversationRows(app: AppHost, profileId: string): Promise<InboxRow[]> {
  const page = await app.call('inbox.page', { filter: { profileIds: [profileId], kind: 'conversation', view: 'needsReply' }, limit: 500 });
  return page.rows;
}
