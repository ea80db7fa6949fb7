// How a direct message looks in the service's answers (GET /messages, the control surface, the
// `messages` webhook): the fields of the public example, from the account's side or the person's.
import type { ConversationState, MessageState } from './messageTypes.ts';
import type { ProfileState } from './types.ts';

export function messageRecord(profile: ProfileState, conversation: ConversationState, message: MessageState): Record<string, unknown> {
  const account = profile.accounts[conversation.platform];
  const accountId = account?.id ?? profile.refId;
  const { person } = conversation;
  const sent = message.action === 'sent';
  const record: Record<string, unknown> = {
    id: message.id,
    action: message.action,
    message: message.text,
    conversationId: message.conversationId,
    created: message.created,
    platform: message.platform,
    senderId: sent ? accountId : person.id,
    recipientId: sent ? person.id : accountId,
    // The public example names the account by its display name only; the person with what the network gives.
    senderDetails: sent ? { name: account?.displayName ?? profile.title } : personDetails(conversation),
  };
  if (sent) {
    record.recipientDetails = {
      name: person.name,
      id: person.id,
      ...(person.profileImage ? { picture: person.profileImage } : {}),
    };
  }
  if (message.attachments && message.attachments.length > 0) record.attachments = message.attachments.map((a) => ({ ...a }));
  if (message.reactions && Object.keys(message.reactions).length > 0) record.reactions = { ...message.reactions };
  return record;
}

export function personDetails(conversation: ConversationState): Record<string, string> {
  const { person } = conversation;
  return {
    name: person.name,
    ...(person.username ? { username: person.username } : {}),
    ...(person.profileImage ? { profileImage: person.profileImage } : {}),
  };
}

/** The person's newest message in the conversation (undefined if they never wrote, which cannot be). */
export function lastReceived(messages: readonly MessageState[]): MessageState | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.action === 'received') return messages[i];
  return undefined;
}

/** The calendar month (UTC) of a time: the billing cycle the active-conversation limit counts in. */
export function billingMonth(date: Date): string {
  return date.toISOString().slice(0, 7);
}
