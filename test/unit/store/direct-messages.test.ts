// Direct messages in the store: ingest (idempotent, edits, the person), "needs reply" (the person
// spoke last), a conversation's triage, and the reply window. Real SQLite files throughout.
import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import { messageInputOf } from '../../../src/main/core/store/messageInput.ts';
import { replyWindowOf } from '../../../src/main/core/store/replyWindow.ts';
import { MESSAGE_REPLY_WINDOW_MS } from '../../../src/shared/networks.ts';
import { dm } from './messageFixtures.ts';
import { profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const KEY = conversationKeyOf('instagram', 'conv-1');

function store(): TempStore {
  temp = seeded([profile('p-1', ['instagram', 'facebook', 'twitter'])]);
  return temp;
}

describe('ingest of direct messages', () => {
  it('stores a batch once: the same answer again changes nothing, and the inbox has one item per conversation', () => {
    const { store: s } = store();
    const batch = [dm({ at: 1 }), dm({ at: 2, action: 'sent', text: 'Thanks, sending it today' }), dm({ at: 3, text: 'Great, the blue one please' })];
    const first = s.ingestMessages('p-1', batch);
    expect(first).toMatchObject({ newConversations: [KEY], newlyReceived: [KEY], inserted: 3, updated: 0, unchanged: 0, rejected: [] });
    const again = s.ingestMessages('p-1', batch);
    expect(again).toEqual({ newConversations: [], newlyReceived: [], inserted: 0, updated: 0, unchanged: 3, rejected: [] });
    const rows = s.inboxPage({}).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      key: KEY,
      kind: 'conversation',
      authorId: 'person-1',
      authorName: 'Ada Lovelace',
      text: 'Great, the blue one please',
      created: batch[2]!.created,
      replied: false,
      unread: true,
      conversation: { username: 'ada.l', pictureUrl: 'https://cdn.example/ada.jpg', messageCount: 3, status: 'active', lastSentAt: batch[1]!.created },
    });
    expect(s.conversation(KEY)?.messages.map((m) => m.text)).toEqual(batch.map((m) => m.text));
  });

  it('updates a message seen again with edits, and the conversation follows its last message', () => {
    const { store: s } = store();
    const last = dm({ at: 5, text: 'Is it in stock?' });
    s.ingestMessages('p-1', [dm({ at: 1 }), last]);
    const edited = s.ingestMessages('p-1', [{ ...last, text: 'Is it in stock in blue?', raw: { id: last.messageId, edited: true } }]);
    expect(edited).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, newlyReceived: [] });
    expect(s.inboxPage({}).rows[0]?.text).toBe('Is it in stock in blue?');
    expect(s.inboxPage({ text: 'blue' }).rows.map((r) => r.key)).toEqual([KEY]);
    expect(s.inboxPage({ text: 'stock' }).rows.map((r) => r.key)).toEqual([KEY]);
  });

  it('refuses bad messages one by one and keeps the rest; an unknown profile is an input error', () => {
    const { store: s } = store();
    const result = s.ingestMessages('p-1', [
      dm({ at: 1 }),
      dm({ messageId: '' }),
      dm({ platform: 'linkedin' as never }),
      dm({ created: 'yesterday' }),
      dm({ conversationId: '' }),
    ]);
    expect(result.inserted).toBe(1);
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'no message id',
      'linkedin has no direct messages',
      'created is not a time the store can order: yesterday',
      'no conversation id',
    ]);
    expect(() => s.ingestMessages('nobody', [dm()])).toThrow(StoreInputError);
  });

  it('takes the service record as the wire schema gives it: the person from the received side', () => {
    const { store: s } = store();
    const input = messageInputOf('facebook', {
      id: 'fb-m1',
      action: 'received',
      message: 'Hello there',
      conversationId: 'fb-c1',
      created: new Date(T0 - 3_600_000).toISOString(),
      senderId: 'fan-9',
      recipientId: 'page-1',
      senderDetails: { name: 'Grace Hopper', username: 'grace', profileImage: 'https://cdn.example/g.png' },
      attachments: [{ type: 'image', url: 'https://cdn.example/photo.jpg' }],
    });
    s.ingestMessages('p-1', [input]);
    const thread = s.conversation(conversationKeyOf('facebook', 'fb-c1'));
    expect(thread?.row).toMatchObject({ authorId: 'fan-9', authorName: 'Grace Hopper', conversation: { username: 'grace', recipientId: 'fan-9' } });
    expect(thread?.messages).toEqual([
      { messageId: 'fb-m1', action: 'received', text: 'Hello there', created: input.created, senderId: 'fan-9', mediaUrls: ['https://cdn.example/photo.jpg'] },
    ]);
  });
});

describe('needs reply: the person spoke last', () => {
  it('follows who wrote last, as new messages come', () => {
    const { store: s } = store();
    s.ingestMessages('p-1', [dm({ at: 1 })]);
    expect(s.inboxPage({ view: 'needsReply' }).rows.map((r) => r.key)).toEqual([KEY]);
    s.ingestMessages('p-1', [dm({ at: 2, action: 'sent' })]);
    expect(s.inboxPage({ view: 'needsReply' }).rows).toEqual([]);
    expect(s.counts()['p-1']).toMatchObject({ needsReply: 0, all: 1 });
    s.ingestMessages('p-1', [dm({ at: 3 })]);
    expect(s.inboxPage({ view: 'needsReply' }).rows.map((r) => r.key)).toEqual([KEY]);
    expect(s.counts()['p-1']).toMatchObject({ needsReply: 1, all: 1 });
  });

  it('a conversation only the account wrote in is read and needs no reply', () => {
    const { store: s } = store();
    const result = s.ingestMessages('p-1', [dm({ at: 1, action: 'sent', recipientId: 'person-2', conversationId: 'conv-2' })]);
    expect(result.newlyReceived).toEqual([]);
    expect(s.inboxPage({}).rows[0]).toMatchObject({ unread: false, replied: true, authorId: 'person-2' });
    expect(s.counts()['p-1']).toMatchObject({ unread: 0, needsReply: 0, all: 1 });
  });
});

describe('triage of a conversation', () => {
  it('reads, finishes, snoozes and labels a conversation by its key; a new message by the person opens it again', () => {
    const { store: s, clock } = store();
    s.ingestMessages('p-1', [dm({ at: 1 })]);
    s.setTriage([KEY], { unread: false, done: true, labels: ['vip'] });
    expect(s.inboxPage({ view: 'done' }).rows.map((r) => [r.key, r.unread, r.labels])).toEqual([[KEY, false, ['vip']]]);
    expect(s.counts()['p-1']).toMatchObject({ unread: 0, needsReply: 0, done: 1, all: 1 });
    // Re-reading the same messages leaves the triage alone.
    s.ingestMessages('p-1', [dm({ at: 1, messageId: s.conversation(KEY)!.messages[0]!.messageId })]);
    expect(s.counts()['p-1']).toMatchObject({ unread: 0, done: 1 });

    s.setTriage([KEY], { done: false, snoozedUntil: clock.time + 3_600_000 });
    expect(s.inboxPage({ view: 'snoozed' }).rows.map((r) => r.key)).toEqual([KEY]);
    expect(s.inboxPage({ view: 'needsReply' }).rows).toEqual([]);
    expect(s.counts()['p-1']).toMatchObject({ snoozed: 1, needsReply: 0 });

    const result = s.ingestMessages('p-1', [dm({ at: 10, text: 'Hello? Still there?' })]);
    expect(result.newlyReceived).toEqual([KEY]);
    expect(s.inboxPage({ view: 'needsReply' }).rows.map((r) => [r.key, r.unread, r.snoozedUntil, r.labels])).toEqual([[KEY, true, null, ['vip']]]);
    expect(s.counts()['p-1']).toMatchObject({ unread: 1, needsReply: 1, snoozed: 0, done: 0, all: 1 });
  });

  it('refuses a malformed conversation key and skips an unknown one', () => {
    const { store: s } = store();
    expect(() => s.setTriage(['dm:linkedin:x'], { done: true })).toThrow(StoreInputError);
    expect(() => s.setTriage([conversationKeyOf('twitter', 'nope')], { done: true })).not.toThrow();
  });
});

describe('the reply window', () => {
  it('closes 7 days after the person last wrote on facebook and instagram; X has none', () => {
    const received = new Date(T0).toISOString();
    expect(replyWindowOf('instagram', received, T0 + MESSAGE_REPLY_WINDOW_MS - 1)).toEqual({
      applies: true,
      open: true,
      closesAt: T0 + MESSAGE_REPLY_WINDOW_MS,
    });
    expect(replyWindowOf('facebook', received, T0 + MESSAGE_REPLY_WINDOW_MS)).toMatchObject({ open: false });
    expect(replyWindowOf('facebook', null, T0)).toEqual({ applies: true, open: false, closesAt: null });
    expect(replyWindowOf('twitter', received, T0 + 10 * MESSAGE_REPLY_WINDOW_MS)).toEqual({ applies: false });
  });

  it('lists waiting conversations with an open window, the one closing first first', () => {
    const { store: s } = store();
    // at: minutes after T0 - 1 day.
    s.ingestMessages('p-1', [dm({ at: 30, conversationId: 'late' }), dm({ at: 10, conversationId: 'early', senderId: 'p2' })]);
    s.ingestMessages('p-1', [dm({ at: 5, platform: 'twitter', conversationId: 'x' })]);
    s.ingestMessages('p-1', [
      dm({ at: 1, platform: 'facebook', conversationId: 'answered' }),
      dm({ at: 2, platform: 'facebook', conversationId: 'answered', action: 'sent' }),
    ]);
    const now = T0;
    const soon = s.conversationsClosingSoon({ now });
    expect(soon.map((r) => r.key)).toEqual([conversationKeyOf('instagram', 'early'), conversationKeyOf('instagram', 'late')]);
    expect(soon[0]?.conversation?.replyWindowClosesAt).toBe(T0 - 86_400_000 + 10 * 60_000 + MESSAGE_REPLY_WINDOW_MS);
    // "early" closes 6 days and 10 minutes after now, "late" 20 minutes after that.
    expect(s.conversationsClosingSoon({ now, within: MESSAGE_REPLY_WINDOW_MS - 86_400_000 + 20 * 60_000 }).map((r) => r.key)).toEqual([
      conversationKeyOf('instagram', 'early'),
    ]);
    // A week later every window has closed.
    expect(s.conversationsClosingSoon({ now: now + MESSAGE_REPLY_WINDOW_MS })).toEqual([]);
    s.setTriage([conversationKeyOf('instagram', 'early')], { done: true });
    expect(s.conversationsClosingSoon({ now }).map((r) => r.key)).toEqual([conversationKeyOf('instagram', 'late')]);
  });

  it('counts Closing soon per profile as its list has it (issue 27: the sidebar had no number for it)', () => {
    const { store: s } = store();
    s.ingestMessages('p-1', [dm({ at: 30, conversationId: 'late' }), dm({ at: 10, conversationId: 'early', senderId: 'p2' })]);
    s.ingestMessages('p-1', [dm({ at: 5, platform: 'twitter', conversationId: 'x' })]);
    s.ingestMessages('p-1', [
      dm({ at: 1, platform: 'facebook', conversationId: 'answered' }),
      dm({ at: 2, platform: 'facebook', conversationId: 'answered', action: 'sent' }),
    ]);
    const now = T0;
    const listed = s.conversationsClosingSoon({ now }).length;
    expect(listed).toBe(2);
    expect(s.conversationsClosingSoonCounts({ now })).toEqual({ 'p-1': listed });
    expect(s.conversationsClosingSoonCounts({ now, platforms: ['facebook'] })).toEqual({});
    expect(s.conversationsClosingSoonCounts({ now, platforms: ['instagram'] })).toEqual({ 'p-1': 2 });
    s.setTriage([conversationKeyOf('instagram', 'early')], { done: true });
    expect(s.conversationsClosingSoonCounts({ now })).toEqual({ 'p-1': 1 });
    // A week later every window has closed.
    expect(s.conversationsClosingSoonCounts({ now: now + MESSAGE_REPLY_WINDOW_MS })).toEqual({});
  });
});
