// Direct messages: GET /messages/:platform (the messages, or with conversationsOnly the conversation
// ids), POST /messages/:platform and its answer (docs/service-messages.md; public facts, "Direct
// messages"). Answers are loose like every other: a field the service adds is kept, not lost.
import { z } from 'zod';
import { MESSAGE_NETWORKS, MESSAGE_TEXT_LIMITS } from '../networks.ts';
import { describeValue, HttpUrlSchema, IdSchema, isBlank, TimestampSchema } from './common.ts';

export const MessageNetworkSchema = z.enum(MESSAGE_NETWORKS, {
  error: (issue) => `${describeValue(issue.input)} has no direct messages through the service; they work on ${MESSAGE_NETWORKS.join(', ')}`,
});

/** Who wrote a message: the account by its display name; the person with a handle and picture where the network gives them. */
export const SenderDetailsSchema = z.looseObject({
  name: z.string().optional(),
  username: z.string().optional(),
  profileImage: z.string().optional(),
});

/** On a message the account sent: the person it went to. */
export const RecipientDetailsSchema = z.looseObject({
  name: z.string().optional(),
  id: z.string().optional(),
  picture: z.string().optional(),
});

export const MessageAttachmentSchema = z.looseObject({
  type: z.string().optional(),
  url: z.string(),
});

/**
 * One direct message. The client relies on its id, who wrote it (`action`, `senderId`,
 * `recipientId`: the person's id is what a reply is addressed to), its conversation and its time.
 * The text may be missing on a message that carries media only.
 */
export const MessageRecordSchema = z.looseObject({
  id: IdSchema,
  action: z.enum(['sent', 'received'], {
    error: (issue) => `${describeValue(issue.input)} is not who wrote a message; the service says "sent" or "received"`,
  }),
  message: z.string().optional(),
  conversationId: IdSchema,
  created: TimestampSchema,
  platform: z.string().optional(),
  senderId: IdSchema,
  recipientId: IdSchema,
  senderDetails: SenderDetailsSchema.optional(),
  recipientDetails: RecipientDetailsSchema.optional(),
  attachments: z.array(MessageAttachmentSchema).optional(),
  mediaUrls: z.array(z.string()).optional(),
  reactions: z.record(z.string(), z.string()).optional(),
});
export type MessageRecord = z.infer<typeof MessageRecordSchema>;

/** twitter pages with `limit`; the cursor of the next page is `meta.pagination.next`. */
const PagingMetaSchema = z.looseObject({
  pagination: z.looseObject({ next: z.string().optional() }).optional(),
});

/** GET /messages/:platform: newest first. `nextUpdate`: the service has nothing fresher before then. */
export const MessagesResponseSchema = z.looseObject({
  status: z.string(),
  messages: z.array(MessageRecordSchema),
  messagesCount: z.number().optional(),
  lastUpdated: TimestampSchema.optional(),
  nextUpdate: TimestampSchema.optional(),
  meta: PagingMetaSchema.optional(),
});
export type MessagesResponse = z.infer<typeof MessagesResponseSchema>;

/** GET /messages/:platform?conversationsOnly=true: the conversation ids, most recent first. */
export const ConversationIdsResponseSchema = z.looseObject({
  status: z.string(),
  conversationIds: z.array(IdSchema),
  lastUpdated: TimestampSchema.optional(),
  nextUpdate: TimestampSchema.optional(),
});
export type ConversationIdsResponse = z.infer<typeof ConversationIdsResponseSchema>;

export const CONVERSATION_STATUSES = ['active', 'archived'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The query of GET /messages/:platform, with the platform it goes to (limit and next are X's alone). */
export const MessagesQuerySchema = z
  .object({
    platform: MessageNetworkSchema,
    status: z.enum(CONVERSATION_STATUSES, { error: (issue) => `Conversations are "active" or "archived"; got ${describeValue(issue.input)}` }).optional(),
    conversationsOnly: z.boolean().optional(),
    conversationId: IdSchema.optional(),
    limit: z.number().int('A page size is a whole number').min(1, 'A page holds 1 to 100 messages').max(100, 'A page holds 1 to 100 messages').optional(),
    next: z.string().min(1, 'A page cursor must not be empty').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.platform !== 'twitter') {
      for (const key of ['limit', 'next'] as const) {
        if (query[key] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: `Only X pages its messages; ${query.platform} answers every message at once` });
        }
      }
    } else if (query.next !== undefined && query.limit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['limit'], message: 'A page cursor goes with the page size it was given for' });
    }
  });

/** Characters as the networks count them: an emoji is one, not two UTF-16 units. */
export function messageLength(text: string): number {
  return Array.from(text).length;
}

/**
 * POST /messages/:platform, with the platform it goes to. facebook and instagram may leave the
 * text out when media goes with it; X needs text and takes at most one media URL.
 */
export const SendMessageRequestSchema = z
  .object({
    platform: MessageNetworkSchema,
    recipientId: z.string().trim().min(1, 'Say whom the message is for: the id of the person (the senderId of their messages)'),
    message: z.string().optional(),
    mediaUrls: z.array(HttpUrlSchema).optional(),
  })
  .superRefine((input, ctx) => {
    const media = input.mediaUrls?.length ?? 0;
    if (isBlank(input.message) && (input.platform === 'twitter' || media === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message:
          input.platform === 'twitter'
            ? 'The message is empty: X needs at least one character, even with media'
            : 'The message is empty; write something first',
      });
    }
    const length = messageLength(input.message ?? '');
    // Looked up defensively: a refinement may see a platform its enum has refused.
    const limit: number | undefined = MESSAGE_TEXT_LIMITS[input.platform];
    if (limit !== undefined && length > limit) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: `The message has ${length} characters; ${input.platform} takes at most ${limit}: shorten it or send it as several messages`,
      });
    }
    if (input.platform === 'twitter' && media > 1) {
      ctx.addIssue({ code: 'custom', path: ['mediaUrls'], message: `X takes one media URL on a message; got ${media}` });
    }
  });

/** POST /messages/:platform answer: the id the message got is what the client relies on. */
export const MessageSentSchema = z.looseObject({
  status: z.string(),
  recipientId: z.string().optional(),
  messageId: IdSchema,
  message: z.string().optional(),
});
export type MessageSent = z.infer<typeof MessageSentSchema>;
