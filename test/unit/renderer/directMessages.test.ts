import { describe, expect, it } from 'vitest';
import type { DirectMessage } from '../../../src/shared/domain/inbox.ts';
import type { OutboxItemView } from '../../../src/shared/domain/outbox.ts';
import { chatItems, isConversationKey, personInitials } from '../../../src/renderer/logic/directMessages.ts';
import { itemsNoun, KIND_CHOICES, nextKind } from '../../../src/renderer/logic/itemKinds.ts';

const at = (minute: number) => Date.parse('2026-03-10T12:00:00Z') + minute * 60_000;

function message(id: string, action: 'sent' | 'received', text: string, minute: number): DirectMessage {
  return { messageId: id, action, text, created: new Date(at(minute)).toISOString(), senderId: action === 'sent' ? 'account' : 'person', mediaUrls: [] };
}

function item(id: string, text: string, minute: number, state: OutboxItemView['state'], sentAs: string | null = null): OutboxItemView {
  return {
    id,
    kind: 'message',
    accountId: 'a1',
    profileId: 'p1',
    answers: 'dm:facebook:c1',
    platforms: ['facebook'],
    text,
    created: at(minute),
    sendAfter: at(minute) + 5000,
    state,
    results: state === 'sent' ? { facebook: { state: 'sent', socialCommentId: sentAs, postUrl: null, adopted: false, at: at(minute) } } : {},
    attempts: state === 'queued' ? 0 : 1,
    lastError: null,
    nextAttemptAt: null,
    updated: at(minute),
  };
}

const order = (items: ReturnType<typeof chatItems>) => items.map((entry) => (entry.kind === 'message' ? entry.message.messageId : `outbox:${entry.item.id}`));

describe('direct messages on the screen', () => {
  it('tells a conversation key from a comment key', () => {
    expect(isConversationKey('dm:instagram:c-1')).toBe(true);
    expect(isConversationKey('instagram:1789')).toBe(false);
  });

  it('makes initials from a name or a handle', () => {
    expect(personInitials('Ana López')).toBe('AL');
    expect(personInitials('Jean Paul Sartre')).toBe('JP');
    expect(personInitials('@sam_k')).toBe('SK');
    expect(personInitials('élodie')).toBe('É');
    expect(personInitials('   ')).toBe('?');
  });

  it('shows the chat oldest first, with messages still in the outbox where they were written', () => {
    const messages = [message('m3', 'received', 'And the price?', 30), message('m1', 'received', 'Hi!', 0), message('m2', 'sent', 'Hello', 10)];
    const items = chatItems(
      [...messages].sort((a, b) => a.created.localeCompare(b.created)),
      [item('q1', 'It is 20 €', 20, 'waiting'), item('q2', 'Shipping is free', 40, 'queued')],
    );
    expect(order(items)).toEqual(['m1', 'm2', 'outbox:q1', 'm3', 'outbox:q2']);
  });

  it('shows a sent message once: the conversation’s copy replaces its outbox card when it arrives', () => {
    const sentItem = item('q1', 'See you Friday', 20, 'sent', 'm9');
    // Not in the conversation yet: the card (with its Sent state) stands for it.
    expect(order(chatItems([message('m1', 'received', 'Hi', 0)], [sentItem]))).toEqual(['m1', 'outbox:q1']);
    // Found by the id the service gave it.
    expect(order(chatItems([message('m1', 'received', 'Hi', 0), message('m9', 'sent', 'See you Friday', 21)], [sentItem]))).toEqual(['m1', 'm9']);
    // No id (an outcome adopted from the conversation): by its text, written after the item.
    const noId = item('q2', 'Thanks!', 20, 'sent');
    expect(order(chatItems([message('m5', 'sent', 'Thanks!', 22)], [noId]))).toEqual(['m5']);
  });

  it('does not take an older message with the same text for a new one, nor one message for two items', () => {
    const again = item('q3', 'Thanks!', 600, 'sent');
    expect(order(chatItems([message('old', 'sent', 'Thanks!', 0)], [again]))).toEqual(['old', 'outbox:q3']);
    const twice = [item('a', 'Ok', 10, 'sent'), item('b', 'Ok', 11, 'sent')];
    expect(order(chatItems([message('m1', 'sent', 'Ok', 12)], twice))).toEqual(['outbox:b', 'm1']);
    // A pending item is always shown, even when its text is already in the conversation.
    expect(order(chatItems([message('m1', 'sent', 'Ok', 12)], [item('c', 'Ok', 13, 'waiting')]))).toEqual(['m1', 'outbox:c']);
  });

  it('leaves cancelled items out', () => {
    expect(order(chatItems([], [item('x', 'Never mind', 5, 'cancelled')]))).toEqual([]);
  });

  it('goes round Everything, Comments, Messages, Reviews with m', () => {
    expect(KIND_CHOICES.map((choice) => choice.label)).toEqual(['All', 'Comments', 'Messages', 'Reviews']);
    expect(nextKind(null)).toBe('comment');
    expect(nextKind('comment')).toBe('conversation');
    expect(nextKind('conversation')).toBe('review');
    expect(nextKind('review')).toBeNull();
    expect(itemsNoun('conversation')).toBe('messages');
  });
});
