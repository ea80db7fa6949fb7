// The control surface's direct messages: the conversations as GET /__sandbox/world lists them,
// POST /__sandbox/messages (a person writes, reads or reacts; raises the `messages` webhook event)
// and PUT /__sandbox/messaging (switch a profile's messaging off or make a network need relinking).
import { isMessageNetwork, MESSAGE_NETWORKS, type MessageNetwork } from '../../shared/networks.ts';
import { badRequest, ErrorCode, notFound, ServiceError } from '../http/errors.ts';
import type { ControlRoute } from '../http/server.ts';
import { optionalBoolean, optionalString, optionalStringArray, requireString } from '../http/validate.ts';
import { isXUserId, messagePersonId } from '../ids.ts';
import type { SandboxRuntime } from '../runtime.ts';
import type { ConversationState, PersonState } from '../world/messageTypes.ts';
import { billingMonth, lastReceived, messageRecord } from '../world/messageViews.ts';
import { newPerson } from '../world/messageVocabulary.ts';
import { clashingXConversation, reactByPerson, readByPerson, receiveMessage } from '../world/personMessages.ts';
import type { ProfileState } from '../world/types.ts';

/** A conversation of the world as `GET /__sandbox/world` shows it. */
export interface WorldViewConversation {
  profileRefId: string;
  platform: MessageNetwork;
  conversationId: string;
  /** The person the account writes to (the `recipientId` of a send). */
  recipientId: string;
  messageCount: number;
  lastMessageAt: string;
  status: 'active' | 'archived';
  /** When the person last wrote: facebook and instagram take replies for 7 days after it. */
  lastReceivedAt: string;
  /** The person spoke last. */
  awaitingReply: boolean;
  /** The account sent in it this calendar month (it counts towards the monthly limit). */
  activeThisMonth: boolean;
}

export function conversationsView(runtime: SandboxRuntime): WorldViewConversation[] {
  const book = runtime.world.messages;
  const month = billingMonth(runtime.now());
  return runtime.world.state.conversations.map((c) => {
    const messages = book.messagesOf(c);
    const last = messages.at(-1);
    return {
      profileRefId: c.profileRefId,
      platform: c.platform,
      conversationId: c.conversationId,
      recipientId: c.person.id,
      messageCount: messages.length,
      lastMessageAt: last?.created ?? '',
      status: c.status,
      lastReceivedAt: lastReceived(messages)?.created ?? '',
      awaitingReply: last?.action === 'received',
      activeThisMonth: messages.some((m) => m.action === 'sent' && m.created.startsWith(month)),
    };
  });
}

function profileOf(runtime: SandboxRuntime, body: Record<string, unknown>): ProfileState {
  const refId = optionalString(body, 'profileRefId');
  if (refId === undefined) return runtime.world.primary;
  const profile = runtime.world.profileByRefId(refId);
  if (!profile) throw notFound(`No profile with refId ${refId}`);
  return profile;
}

function platformOf(body: Record<string, unknown>): MessageNetwork {
  const platform = requireString(body, 'platform');
  if (!isMessageNetwork(platform)) {
    throw badRequest(ErrorCode.unsupportedNetwork, `Direct messages work on ${MESSAGE_NETWORKS.join(', ')}; not on "${platform}"`);
  }
  return platform;
}

function conversationOf(runtime: SandboxRuntime, profile: ProfileState, platform: MessageNetwork, id: string): ConversationState {
  const conversation = runtime.world.messages.conversation(platform, id);
  if (conversation?.profileRefId !== profile.refId) throw notFound(`No ${platform} conversation ${id} for that profile`);
  return conversation;
}

/** POST /__sandbox/messages: `subAction` messageCreated (default), messageRead or reactionCreated. */
function personActs(runtime: SandboxRuntime, body: Record<string, unknown>): unknown {
  const profile = profileOf(runtime, body);
  const platform = platformOf(body);
  if (!profile.accounts[platform]) throw badRequest(ErrorCode.networkNotLinked, `${platform} is not linked to that profile`);
  // The service sees nothing for a profile without messaging, so nothing can arrive there.
  if (profile.messaging && !profile.messaging.enabled) {
    throw new ServiceError(403, { code: ErrorCode.messagingNotEnabled, message: 'Messaging is not enabled for that profile: PUT /__sandbox/messaging first' });
  }
  const subAction = optionalString(body, 'subAction') ?? 'messageCreated';
  if (!['messageCreated', 'messageRead', 'reactionCreated'].includes(subAction)) {
    throw badRequest(ErrorCode.invalidField, `"subAction" must be messageCreated, messageRead or reactionCreated; got "${subAction}"`);
  }
  const conversationId = optionalString(body, 'conversationId');
  if (subAction === 'messageCreated') {
    const from = parsePerson(runtime, body.from, platform);
    let conversation = conversationId ? conversationOf(runtime, profile, platform, conversationId) : undefined;
    conversation ??= from ? runtime.world.messages.conversationWith(profile.refId, platform, from.id) : undefined;
    const person = conversation?.person ?? from ?? newPerson(runtime.world.draw(), platform);
    const clash = conversation ? undefined : clashingXConversation(runtime.world, profile, platform, person.id);
    if (clash) {
      throw new ServiceError(409, {
        code: ErrorCode.conversationTaken,
        message: `X conversation ${clash.conversationId} is another profile's: "from.id" ${person.id} is that profile's own X account, and on X a conversation between two accounts is one conversation`,
      });
    }
    const attachments = (optionalStringArray(body, 'mediaUrls') ?? []).map((url) => ({ type: 'image' as const, url }));
    const text = optionalString(body, 'message') ?? '';
    if (text.trim() === '' && attachments.length === 0) throw badRequest(ErrorCode.emptyText, 'Field "message" must not be empty (or send "mediaUrls")');
    const written = receiveMessage(runtime, { profile, platform, person, text, attachments, ...(conversation ? { conversation } : {}) });
    return {
      conversationId: written.conversation.conversationId,
      recipientId: person.id,
      message: messageRecord(profile, written.conversation, written.message),
    };
  }
  if (!conversationId) throw badRequest(ErrorCode.missingField, `Missing required field "conversationId" (${subAction} happens in a conversation)`);
  const conversation = conversationOf(runtime, profile, platform, conversationId);
  if (subAction === 'reactionCreated') {
    const messageId = requireString(body, 'messageId');
    const message = runtime.world.messages.message(platform, messageId);
    if (message?.conversationId !== conversationId) throw notFound(`No message ${messageId} in that conversation`);
    const reaction = optionalString(body, 'reaction') ?? '❤️';
    reactByPerson(runtime, profile, conversation, message, reaction);
    return { conversationId, message: messageRecord(profile, conversation, message) };
  }
  return { conversationId, readAt: readByPerson(runtime, profile, conversation) };
}

function parsePerson(runtime: SandboxRuntime, value: unknown, platform: MessageNetwork): PersonState | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(ErrorCode.invalidField, '"from" must be {id?, name, username?, profileImage?}');
  }
  const record = value as Record<string, unknown>;
  const id = optionalString(record, 'id');
  // X joins the two user ids into the conversation's id: they are numbers there.
  if (id !== undefined && platform === 'twitter' && !isXUserId(id)) {
    throw badRequest(ErrorCode.invalidField, `"from.id" must be an X user id (a number of 1 to 19 digits) on twitter; got "${id.slice(0, 60)}"`);
  }
  const person: PersonState = {
    id: id ?? messagePersonId(runtime.world.draw(), platform),
    name: requireString(record, 'name'),
  };
  const username = optionalString(record, 'username');
  const picture = optionalString(record, 'profileImage');
  if (username) person.username = username;
  if (picture) person.profileImage = picture;
  return person;
}

/** PUT /__sandbox/messaging {profileRefId?, enabled?, relinkRequired?}: the profile's switches. */
function setMessaging(runtime: SandboxRuntime, body: Record<string, unknown>): unknown {
  const profile = profileOf(runtime, body);
  const current = profile.messaging ?? { enabled: true, relinkRequired: [] };
  const relink = optionalStringArray(body, 'relinkRequired');
  for (const name of relink ?? []) {
    if (!isMessageNetwork(name)) throw badRequest(ErrorCode.unsupportedNetwork, `"relinkRequired" takes ${MESSAGE_NETWORKS.join(', ')}; not "${name}"`);
  }
  profile.messaging = {
    enabled: optionalBoolean(body, 'enabled') ?? current.enabled,
    relinkRequired: relink ? [...new Set(relink as MessageNetwork[])] : current.relinkRequired,
  };
  return { profileRefId: profile.refId, ...profile.messaging };
}

export const messageControlRoutes: ControlRoute[] = [
  { method: 'POST', pattern: '/messages', handle: ({ runtime, body }) => ({ body: personActs(runtime, body) }) },
  { method: 'PUT', pattern: '/messaging', handle: ({ runtime, body }) => ({ body: setMessaging(runtime, body) }) },
];
