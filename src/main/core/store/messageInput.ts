// A direct message as the store takes it, made from the service's record (GET /messages/:platform),
// and checked one by one before it is stored: a message that cannot be kept faithfully (no id, no
// conversation, a network without messages, a time that is not a time) is refused on its own, with
// the reason, and the rest of its batch is stored.
import { isMessageNetwork, type MessageNetwork } from '../../../shared/networks.ts';
import type { MessageRecord } from '../../../shared/wire/messages.ts';
import { secondOf } from './commentIds.ts';
import { orderableTime, rawJsonOf } from './recordChecks.ts';
import type { MessageInput } from './types.ts';

/** The store's input from the service's record (the wire schema has checked its shape already). */
export function messageInputOf(platform: MessageNetwork, record: MessageRecord): MessageInput {
  const received = record.action === 'received';
  const media = [...(record.mediaUrls ?? []), ...(record.attachments ?? []).map((attachment) => attachment.url)];
  return {
    platform,
    messageId: record.id,
    conversationId: record.conversationId,
    action: record.action,
    text: record.message ?? '',
    created: record.created,
    senderId: record.senderId,
    recipientId: record.recipientId,
    personName: received ? record.senderDetails?.name : record.recipientDetails?.name,
    personUsername: received ? record.senderDetails?.username : undefined,
    personPictureUrl: received ? record.senderDetails?.profileImage : record.recipientDetails?.picture,
    mediaUrls: [...new Set(media)],
    raw: record,
  };
}

export interface CleanMessage {
  platform: MessageNetwork;
  messageId: string;
  conversationId: string;
  action: 'sent' | 'received';
  text: string;
  /** Normalized: UTC ISO 8601 with milliseconds, so text order is time order. */
  created: string;
  second: number;
  senderId: string;
  /** The person: the sender of a received message, the recipient of a sent one. */
  personId: string;
  personName: string | null;
  personUsername: string | null;
  personPictureUrl: string | null;
  /** JSON list of URLs. */
  media: string;
  raw: string;
}

export type CheckedMessage = { ok: true; message: CleanMessage } | { ok: false; key: string; reason: string };

export function checkMessage(input: MessageInput): CheckedMessage {
  const value = (input ?? {}) as Partial<MessageInput>;
  const refuse = (reason: string): CheckedMessage => ({ ok: false, key: `${String(value.platform)}:${String(value.messageId)}`, reason });
  if (!isMessageNetwork(value.platform)) return refuse(`${String(value.platform)} has no direct messages`);
  if (!isId(value.messageId)) return refuse('no message id');
  if (!isId(value.conversationId)) return refuse('no conversation id');
  if (value.action !== 'sent' && value.action !== 'received') return refuse(`not who wrote it: ${String(value.action)}`);
  const personId = value.action === 'received' ? value.senderId : value.recipientId;
  if (!isId(personId)) return refuse(value.action === 'received' ? 'no sender id' : 'no recipient id');
  const time = orderableTime(value.created);
  if (!time.ok) return refuse(time.reason);
  const createdMs = time.ms;
  const rawJson = rawJsonOf(value.raw);
  if (!rawJson.ok) return refuse(rawJson.reason);
  const raw = rawJson.json;
  const media = Array.isArray(value.mediaUrls) ? value.mediaUrls.filter((url): url is string => typeof url === 'string') : [];
  return {
    ok: true,
    message: {
      platform: value.platform,
      messageId: value.messageId,
      conversationId: value.conversationId,
      action: value.action,
      // A message with media only has no text; that is no reason to lose it.
      text: typeof value.text === 'string' ? value.text : '',
      created: new Date(createdMs).toISOString(),
      second: secondOf(createdMs),
      senderId: typeof value.senderId === 'string' ? value.senderId : '',
      personId,
      personName: optionalString(value.personName),
      personUsername: optionalString(value.personUsername),
      personPictureUrl: optionalString(value.personPictureUrl),
      // Most messages carry no media: their list is the same two characters every time.
      media: media.length === 0 ? '[]' : JSON.stringify(media),
      raw,
    },
  };
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}
