// The world's direct messages with the indexes the Messages API needs: conversations by id and by
// profile and network, each conversation's messages in order. Every change goes through here so
// the indexes never drift from the saved lists.
import type { MessageNetwork } from '../../shared/networks.ts';
import { type ConversationState, conversationKey, type MessageState } from './messageTypes.ts';
import type { WorldState } from './types.ts';

export class MessageBook {
  private readonly state: WorldState;
  private readonly conversationsByKey = new Map<string, ConversationState>();
  private readonly conversationsByOwner = new Map<string, ConversationState[]>();
  private readonly messagesByConversation = new Map<string, MessageState[]>();
  private readonly messagesById = new Map<string, MessageState>();
  private lastSeq = 0;

  constructor(state: WorldState) {
    this.state = state;
    for (const conversation of state.conversations) this.indexConversation(conversation);
    for (const message of state.messages) this.indexMessage(message);
  }

  conversation(platform: MessageNetwork, conversationId: string): ConversationState | undefined {
    return this.conversationsByKey.get(conversationKey(platform, conversationId));
  }

  /** The conversations of one profile on one network, in the order they began. */
  conversationsOf(profileRefId: string, platform: MessageNetwork): readonly ConversationState[] {
    return this.conversationsByOwner.get(`${profileRefId}:${platform}`) ?? [];
  }

  /** The conversation of a profile with a person on a network, if the person ever wrote. */
  conversationWith(profileRefId: string, platform: MessageNetwork, personId: string): ConversationState | undefined {
    return this.conversationsOf(profileRefId, platform).find((c) => c.person.id === personId);
  }

  /** A conversation's messages, oldest first. */
  messagesOf(conversation: ConversationState): readonly MessageState[] {
    return this.messagesByConversation.get(conversationKey(conversation.platform, conversation.conversationId)) ?? [];
  }

  message(platform: MessageNetwork, id: string): MessageState | undefined {
    return this.messagesById.get(conversationKey(platform, id));
  }

  addConversation(conversation: ConversationState): void {
    this.state.conversations.push(conversation);
    this.indexConversation(conversation);
  }

  /** Adds a message with the next `seq`. */
  addMessage(message: Omit<MessageState, 'seq'>): MessageState {
    const full: MessageState = { seq: this.lastSeq + 1, ...message };
    this.state.messages.push(full);
    this.indexMessage(full);
    return full;
  }

  private indexConversation(conversation: ConversationState): void {
    this.conversationsByKey.set(conversationKey(conversation.platform, conversation.conversationId), conversation);
    const owner = `${conversation.profileRefId}:${conversation.platform}`;
    const list = this.conversationsByOwner.get(owner);
    if (list) list.push(conversation);
    else this.conversationsByOwner.set(owner, [conversation]);
  }

  private indexMessage(message: MessageState): void {
    this.lastSeq = Math.max(this.lastSeq, message.seq);
    this.messagesById.set(conversationKey(message.platform, message.id), message);
    const key = conversationKey(message.platform, message.conversationId);
    const list = this.messagesByConversation.get(key);
    if (list) list.push(message);
    else this.messagesByConversation.set(key, [message]);
  }
}
