// The wire schemas of the Messages API: answers strict where the client relies on a field and loose
// everywhere else; any value at all is read without throwing (a mismatch names its path); the send
// request is accepted exactly when the service would take its text (characters, not UTF-16 units).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SchemaMismatchError } from '../../../src/main/core/service/errors.ts';
import { parseAnswer } from '../../../src/main/core/service/schemaMismatch.ts';
import { MESSAGE_NETWORKS, MESSAGE_TEXT_LIMITS } from '../../../src/shared/networks.ts';
import { checkShape, type WireSchema } from '../../../src/shared/wire/check.ts';
import {
  ConversationIdsResponseSchema,
  MessageSentSchema,
  MessagesQuerySchema,
  MessagesResponseSchema,
  SendMessageRequestSchema,
} from '../../../src/shared/wire/messages.ts';

const context = { operation: 'listMessages', status: 200, writeOutcome: 'not-applied' as const };

const received = {
  id: 'm1',
  action: 'received',
  message: 'Do you have this in blue?',
  conversationId: 'conv-1',
  created: '2026-05-18T09:30:00.000Z',
  platform: 'instagram',
  senderId: 'person-7',
  recipientId: 'account-1',
  senderDetails: { name: 'Ada Byron', username: 'ada', profileImage: 'https://cdn.example.com/ada.jpg' },
  attachments: [{ type: 'image', url: 'https://cdn.example.com/blue.jpg' }],
};
const sent = {
  id: 'm2',
  action: 'sent',
  message: 'Yes, size M and L',
  conversationId: 'conv-1',
  created: '2026-05-18T10:00:00.000Z',
  senderId: 'account-1',
  recipientId: 'person-7',
  senderDetails: { name: 'Studio North' },
  recipientDetails: { name: 'Ada Byron', id: 'person-7' },
  reactions: { 'person-7': '❤️' },
};
const list = (messages: unknown[]) => ({ status: 'success', messages, messagesCount: messages.length, lastUpdated: 'a', nextUpdate: 'b' });

function mismatch(fn: () => unknown): SchemaMismatchError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SchemaMismatchError) return error;
    throw error;
  }
  throw new Error('expected a SchemaMismatchError');
}

describe('messages answer', () => {
  it('is read with every field, unknown ones kept at every level', () => {
    const body = {
      ...list([
        { ...received, seenAt: 'x', senderDetails: { ...received.senderDetails, verified: true } },
        { ...sent, mediaUrls: ['https://c/x.png'] },
      ]),
      meta: { pagination: { next: 'abc', total: 9 } },
      brandNew: [1],
    };
    const value = parseAnswer(MessagesResponseSchema, body, context);
    expect(value).toEqual(body);
    expect(value.meta?.pagination?.next).toBe('abc');
    expect(value.messages[1]?.recipientDetails?.id).toBe('person-7');
  });

  it('a message with media only may come without text', () => {
    const mediaOnly: Record<string, unknown> = { ...received };
    delete mediaOnly.message;
    expect(parseAnswer(MessagesResponseSchema, list([mediaOnly]), context).messages[0]?.message).toBeUndefined();
  });

  it.each([
    ['id', { ...received, id: undefined }, 'messages[1].id'],
    ['conversationId', { ...received, conversationId: '' }, 'messages[1].conversationId'],
    ['senderId', { ...received, senderId: 7 }, 'messages[1].senderId'],
    ['created', { ...received, created: null }, 'messages[1].created'],
    ['senderDetails', { ...received, senderDetails: 'Ada' }, 'messages[1].senderDetails'],
  ])('a message without a usable %s is a mismatch at its path', (_field, bad, path) => {
    expect(mismatch(() => parseAnswer(MessagesResponseSchema, list([sent, bad]), context)).path).toBe(path);
  });

  it('an action other than sent or received is named, in words', () => {
    const error = mismatch(() => parseAnswer(MessagesResponseSchema, list([{ ...received, action: 'deleted' }]), context));
    expect(error.path).toBe('messages[0].action');
    expect(error.message).toMatch(/"deleted" is not who wrote a message/);
  });

  it('the conversation ids answer, and a send answer without its message id (on a write: outcome unknown)', () => {
    expect(
      parseAnswer(ConversationIdsResponseSchema, { status: 'success', conversationIds: ['a', 'b'], lastUpdated: 'x', nextUpdate: 'y' }, context)
        .conversationIds,
    ).toEqual(['a', 'b']);
    expect(mismatch(() => parseAnswer(ConversationIdsResponseSchema, { status: 'success', messages: [] }, context)).path).toBe('conversationIds');
    const error = mismatch(() =>
      parseAnswer(MessageSentSchema, { status: 'success', recipientId: 'p' }, { operation: 'sendMessage', status: 200, writeOutcome: 'unknown' }),
    );
    expect(error).toMatchObject({ path: 'messageId', writeOutcome: 'unknown' });
  });
});

describe('any value at all', () => {
  const hostile = fc.oneof(
    fc.anything(),
    fc.constant(Object.create(null)),
    fc.constant({
      toString: () => {
        throw new Error('no');
      },
    }),
    fc.record({ status: fc.anything(), messages: fc.array(fc.anything(), { maxLength: 4 }) }),
    fc.record({
      status: fc.string(),
      messages: fc.array(fc.record({ id: fc.anything(), action: fc.anything(), senderDetails: fc.anything() }), { maxLength: 3 }),
    }),
    fc.record({ status: fc.string(), conversationIds: fc.anything() }),
  );

  const schemas: [string, WireSchema<unknown>][] = [
    ['messages', MessagesResponseSchema],
    ['conversation ids', ConversationIdsResponseSchema],
    ['send answer', MessageSentSchema],
    ['send request', SendMessageRequestSchema],
    ['query', MessagesQuerySchema],
  ];
  it.each(schemas)('%s: checked without throwing; a refusal names a path and says why', (_name, schema) => {
    fc.assert(
      fc.property(hostile, (value) => {
        const checked = checkShape(schema, value);
        if (!checked.ok) {
          expect(checked.issues.length).toBeGreaterThan(0);
          for (const issue of checked.issues) {
            expect(typeof issue.path).toBe('string');
            expect(issue.message.length).toBeGreaterThan(0);
          }
        }
      }),
    );
  });

  it('a valid message with any extra fields is read, extra fields kept', () => {
    const extra = fc.dictionary(
      fc.string().filter((k) => !(k in received) && k !== '__proto__'),
      fc.jsonValue(),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(extra, (fields) => {
        const record = { ...received, ...fields };
        const checked = checkShape(MessagesResponseSchema, list([record]));
        expect(checked.ok).toBe(true);
        if (checked.ok) expect(checked.value.messages[0]).toEqual(record);
      }),
    );
  });
});

describe('send request', () => {
  const network = fc.constantFrom(...MESSAGE_NETWORKS);
  const char = fc.constantFrom('a', 'é', ' ', '🙂', '漢', '\n');

  it("is accepted exactly when the text is not blank and at most the network's limit in characters", () => {
    fc.assert(
      fc.property(network, fc.array(char, { maxLength: 40 }), fc.integer({ min: -3, max: 3 }), (platform, tail, delta) => {
        const limit = MESSAGE_TEXT_LIMITS[platform];
        // Around the limit: a long run of one character, then a random tail.
        const head = Math.max(0, limit + delta - tail.length);
        const text = 'x'.repeat(head) + tail.join('');
        const characters = Array.from(text).length;
        const expected = text.trim() !== '' && characters <= limit;
        expect(checkShape(SendMessageRequestSchema, { platform, recipientId: 'p', message: text }).ok).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('an emoji counts as one character (the service counts code points)', () => {
    const limit = MESSAGE_TEXT_LIMITS.instagram;
    expect(checkShape(SendMessageRequestSchema, { platform: 'instagram', recipientId: 'p', message: `${'é'.repeat(limit - 1)}🙂` }).ok).toBe(true);
    const over = checkShape(SendMessageRequestSchema, { platform: 'instagram', recipientId: 'p', message: `${'é'.repeat(limit)}🙂` });
    expect(over).toMatchObject({
      ok: false,
      issues: [{ path: 'message', message: expect.stringMatching(`has ${limit + 1} characters; instagram takes at most ${limit}`) }],
    });
  });

  it('media without text: facebook and instagram yes, X no; X takes one media URL', () => {
    const media = ['https://cdn.example.com/a.png'];
    expect(checkShape(SendMessageRequestSchema, { platform: 'facebook', recipientId: 'p', mediaUrls: media }).ok).toBe(true);
    expect(checkShape(SendMessageRequestSchema, { platform: 'instagram', recipientId: 'p', message: ' ', mediaUrls: media }).ok).toBe(true);
    expect(checkShape(SendMessageRequestSchema, { platform: 'twitter', recipientId: 'p', mediaUrls: media })).toMatchObject({
      ok: false,
      issues: [{ path: 'message' }],
    });
    const two = checkShape(SendMessageRequestSchema, { platform: 'twitter', recipientId: 'p', message: 'hi', mediaUrls: [...media, ...media] });
    expect(two).toMatchObject({ ok: false, issues: [{ path: 'mediaUrls', message: 'X takes one media URL on a message; got 2' }] });
  });

  it('needs a recipient and a network with messages', () => {
    expect(checkShape(SendMessageRequestSchema, { platform: 'facebook', recipientId: '  ', message: 'hi' })).toMatchObject({
      ok: false,
      issues: [{ path: 'recipientId' }],
    });
    const linkedin = checkShape(SendMessageRequestSchema, { platform: 'linkedin', recipientId: 'p', message: 'hi' });
    expect(linkedin).toMatchObject({ ok: false, issues: [{ path: 'platform', message: expect.stringMatching(/"linkedin" has no direct messages/) }] });
  });
});

describe('query', () => {
  it('limit and next page X alone; next goes with limit; a page holds 1 to 100', () => {
    const ok = (query: object) => checkShape(MessagesQuerySchema, query).ok;
    expect(ok({ platform: 'twitter', limit: 100, next: 'c' })).toBe(true);
    expect(ok({ platform: 'facebook', status: 'archived' })).toBe(true);
    expect(ok({ platform: 'facebook', limit: 10 })).toBe(false);
    expect(ok({ platform: 'instagram', next: 'c' })).toBe(false);
    expect(ok({ platform: 'twitter', next: 'c' })).toBe(false);
    for (const limit of [0, 101, 1.5]) expect(ok({ platform: 'twitter', limit })).toBe(false);
    expect(ok({ platform: 'twitter', status: 'deleted' })).toBe(false);
  });
});
