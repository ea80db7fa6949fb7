// What the person on the other side of a conversation does (through the control surface): writes
// (in a new or an existing conversation), reads the account's messages, reacts to one. Each is
// announced by the `messages` webhook event with its sub-action, as the service does.
import type { MessageNetwork } from '../../shared/networks.ts';
import { conversationIdFor, messageIdFor } from '../ids.ts';
import type { SandboxRuntime } from '../runtime.ts';
import type { AttachmentState, ConversationState, MessageState, PersonState } from './messageTypes.ts';
import { messageRecord, personDetails } from './messageViews.ts';
import type { ProfileState } from './types.ts';
import type { World } from './world.ts';

export interface PersonWrites {
  profile: ProfileState;
  platform: MessageNetwork;
  /** The conversation written in; a new one (with `person`) when absent. */
  conversation?: ConversationState;
  person: PersonState;
  text: string;
  attachments: AttachmentState[];
}

/**
 * The conversation of another profile that already has the id a new X conversation of this profile
 * with this person would get. An X conversation's id is the two user ids joined, so the two are
 * the same when the person is that other profile's own X account and this profile's account wrote
 * to it there: on X that is one conversation, which the sandbox does not share between profiles.
 */
export function clashingXConversation(world: World, profile: ProfileState, platform: MessageNetwork, personId: string): ConversationState | undefined {
  const accountId = profile.accounts[platform]?.id;
  if (platform !== 'twitter' || accountId === undefined) return undefined;
  const taken = world.messages.conversation(platform, conversationIdFor(world.rng, platform, accountId, personId));
  return taken?.profileRefId === profile.refId && taken.person.id === personId ? undefined : taken;
}

export function receiveMessage(runtime: SandboxRuntime, input: PersonWrites): { conversation: ConversationState; message: MessageState } {
  const { world } = runtime;
  const book = world.messages;
  const account = input.profile.accounts[input.platform];
  let conversation = input.conversation;
  if (!conversation) {
    const accountId = account?.id ?? input.profile.refId;
    conversation = {
      profileRefId: input.profile.refId,
      platform: input.platform,
      conversationId: world.unique(
        () => conversationIdFor(world.draw(), input.platform, accountId, input.person.id),
        (id) => book.conversation(input.platform, id) !== undefined,
      ),
      person: input.person,
      status: 'active',
    };
    book.addConversation(conversation);
  }
  // A person writing again brings an archived conversation back to the active ones (ours).
  conversation.status = 'active';
  const previous = book.messagesOf(conversation).at(-1)?.created;
  const now = runtime.now();
  const message = book.addMessage({
    id: world.unique(
      () => messageIdFor(world.draw(), input.platform),
      (id) => book.message(input.platform, id) !== undefined,
    ),
    platform: input.platform,
    profileRefId: input.profile.refId,
    conversationId: conversation.conversationId,
    action: 'received',
    text: input.text,
    created: previous && Date.parse(previous) > now.getTime() ? previous : now.toISOString(),
    ...(input.attachments.length > 0 ? { attachments: input.attachments } : {}),
  });
  announce(runtime, input.profile, conversation, 'messageCreated', { message: messageRecord(input.profile, conversation, message) });
  return { conversation, message };
}

/** The person has read the conversation up to now. */
export function readByPerson(runtime: SandboxRuntime, profile: ProfileState, conversation: ConversationState): string {
  const readAt = runtime.now().toISOString();
  announce(runtime, profile, conversation, 'messageRead', { readAt, senderId: conversation.person.id });
  return readAt;
}

export function reactByPerson(runtime: SandboxRuntime, profile: ProfileState, conversation: ConversationState, message: MessageState, reaction: string): void {
  message.reactions = { ...message.reactions, [conversation.person.id]: reaction };
  announce(runtime, profile, conversation, 'reactionCreated', {
    messageId: message.id,
    reaction,
    senderId: conversation.person.id,
  });
}

function announce(
  runtime: SandboxRuntime,
  profile: ProfileState,
  conversation: ConversationState,
  subAction: 'messageCreated' | 'messageRead' | 'reactionCreated',
  details: Record<string, unknown>,
): void {
  runtime.webhooks.dispatch(profile, 'messages', {
    action: 'messages',
    subAction,
    created: runtime.now().toISOString(),
    refId: profile.refId,
    platform: conversation.platform,
    conversationId: conversation.conversationId,
    senderDetails: personDetails(conversation),
    ...details,
  });
}
