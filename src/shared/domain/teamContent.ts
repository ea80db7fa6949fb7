// What the device polling a client profile shares with the rest of its team workspace (issue 22,
// decision 0060): the store writes its sync made from the service's answers, so that the other
// devices replay them through the same ingest instead of asking the service again. Checked here,
// at the edge, wherever they arrive from the team server; the store refuses a bad row on its own.
import { z } from 'zod';
import { MESSAGE_NETWORKS } from '../networks.ts';
import { NetworkSchema } from '../wire/common.ts';
import { ProfileRecordSchema } from './accounts.ts';
import { AnalyticsSnapshotInputSchema, PostRecordSchema } from './posts.ts';

/** Rows in one write: a larger answer is split into several writes (and documents). */
export const MAX_ROWS_PER_WRITE = 500;
/** Writes in one content document. */
export const MAX_WRITES_PER_DOCUMENT = 200;

const text = z.string().max(100_000);
const id = z.string().min(1).max(2000);

/** One comment as the store ingests it (store/types.ts CommentInput). */
export const SharedCommentSchema = z.object({
  platform: NetworkSchema,
  socialCommentId: id,
  socialPostId: id,
  parentSocialCommentId: id.nullable(),
  authorId: z.string().max(2000),
  authorName: z.string().max(2000),
  text,
  created: z.string().max(100),
  likeCount: z.number(),
  hidden: z.boolean(),
  commentUrn: z.string().max(2000).optional(),
  videoId: z.string().max(2000).optional(),
  cid: z.string().max(2000).optional(),
  serviceCommentId: z.string().max(2000).nullable().optional(),
  raw: z.unknown(),
});

/** One direct message as the store ingests it (store/types.ts MessageInput). */
export const SharedMessageSchema = z.object({
  platform: z.enum(MESSAGE_NETWORKS),
  messageId: id,
  conversationId: id,
  action: z.enum(['sent', 'received']),
  text,
  created: z.string().max(100),
  senderId: z.string().max(2000),
  recipientId: z.string().max(2000),
  personName: z.string().max(2000).optional(),
  personUsername: z.string().max(2000).optional(),
  personPictureUrl: z.string().max(4000).optional(),
  mediaUrls: z.array(z.string().max(4000)).max(50).optional(),
  raw: z.unknown(),
});

/** One day's figures of a linked account (store/types.ts AccountSnapshotInput). */
export const SharedAccountSnapshotSchema = z.object({
  profileId: id,
  network: NetworkSchema,
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  figures: z.looseObject({ network: NetworkSchema }),
  entry: z.record(z.string(), z.unknown()),
  fetchedAt: z.number().int().nonnegative(),
});

/**
 * One store write of a profile's sync, as the polling device made it:
 * - `profile-and-posts`: what a discovery learnt (the profile's own identities, its posts);
 * - `comments`: one post's comments from one poll (the new and changed ones), and when it was polled;
 * - `messages`: direct messages of one answer (new and changed ones);
 * - `analytics`: one post's numbers; `account-snapshot`: one day of a linked account.
 */
export const SharedWriteSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('profile-and-posts'),
    profile: ProfileRecordSchema.nullable(),
    posts: z.array(PostRecordSchema).max(MAX_ROWS_PER_WRITE),
  }),
  z.object({
    op: z.literal('comments'),
    postKey: id,
    rows: z.array(SharedCommentSchema).max(MAX_ROWS_PER_WRITE),
    polledAt: z.number().int().nonnegative(),
    firstFetch: z.boolean(),
  }),
  z.object({
    op: z.literal('messages'),
    platform: z.enum(MESSAGE_NETWORKS),
    rows: z.array(SharedMessageSchema).max(MAX_ROWS_PER_WRITE),
    firstFetch: z.boolean(),
  }),
  z.object({ op: z.literal('analytics'), snapshot: AnalyticsSnapshotInputSchema }),
  z.object({ op: z.literal('account-snapshot'), snapshot: SharedAccountSnapshotSchema }),
]);

export type SharedComment = z.infer<typeof SharedCommentSchema>;
export type SharedMessage = z.infer<typeof SharedMessageSchema>;
export type SharedWrite = z.infer<typeof SharedWriteSchema>;
