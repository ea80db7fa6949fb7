// Builders for direct messages as the store takes them (MessageInput), with sensible defaults: a
// message by the person unless `action: 'sent'`, in conversation `conv-1` on instagram.
import type { MessageInput } from '../../../src/main/core/store/types.ts';
import { T0 } from './storeFixtures.ts';

let serial = 0;

export interface DmOptions extends Partial<MessageInput> {
  /** Minutes after T0 - 1 day (default: one more than the previous message). */
  at?: number;
}

export function dm(options: DmOptions = {}): MessageInput {
  serial += 1;
  const { at, ...overrides } = options;
  const action = overrides.action ?? 'received';
  const person = overrides.action === 'sent' ? (overrides.recipientId ?? 'person-1') : (overrides.senderId ?? 'person-1');
  const created = new Date(T0 - 86_400_000 + (at ?? serial) * 60_000).toISOString();
  const messageId = overrides.messageId ?? `m${serial}`;
  return {
    platform: 'instagram',
    messageId,
    conversationId: 'conv-1',
    action,
    text: `Message number ${serial}`,
    created,
    senderId: action === 'received' ? person : 'page-1',
    recipientId: action === 'received' ? 'page-1' : person,
    personName: 'Ada Lovelace',
    personUsername: action === 'received' ? 'ada.l' : undefined,
    personPictureUrl: action === 'received' ? 'https://cdn.example/ada.jpg' : undefined,
    raw: { id: messageId },
    ...overrides,
  };
}
