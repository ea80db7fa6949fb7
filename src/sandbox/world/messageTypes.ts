// Direct messages as plain, saved data: one conversation per person a profile's account talks to
// on a network, and the messages in it. Part of WorldState, so --state keeps them.
import type { MessageNetwork } from '../../shared/networks.ts';

/** The person on the other side of a conversation, as the network describes them. */
export interface PersonState {
  id: string;
  name: string;
  /** instagram and twitter show a handle; facebook does not. */
  username?: string;
  /** Missing when the network gives no picture for the person. */
  profileImage?: string;
}

export type ConversationStatus = 'active' | 'archived';

export interface ConversationState {
  profileRefId: string;
  platform: MessageNetwork;
  conversationId: string;
  person: PersonState;
  status: ConversationStatus;
}

export interface AttachmentState {
  type: 'image' | 'video' | 'audio' | 'file';
  url: string;
}

export interface MessageState {
  /** Order of arrival across the world; the twitter page cursor names it. */
  seq: number;
  id: string;
  platform: MessageNetwork;
  profileRefId: string;
  conversationId: string;
  /** `sent` by the profile's account, `received` from the person. */
  action: 'sent' | 'received';
  text: string;
  /** ISO 8601 with milliseconds, as the service shows message times. */
  created: string;
  attachments?: AttachmentState[];
  /** Reactions on this message by who reacted: the person's id → emoji. */
  reactions?: Record<string, string>;
}

/** Per-profile messaging switches (absent: messaging on, nothing to relink). */
export interface MessagingSettings {
  enabled: boolean;
  /** Networks whose link must be renewed before messages work again (code 362). */
  relinkRequired: MessageNetwork[];
}

export function conversationKey(platform: MessageNetwork, conversationId: string): string {
  return `${platform}:${conversationId}`;
}
