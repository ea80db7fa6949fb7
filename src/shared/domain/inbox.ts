// The inbox as the store answers it and the renderer shows it: rows, pages, counts, threads and
// the local triage state. One declaration each: the store's types are inferred from these.
import { z } from 'zod';
import { NetworkSchema } from '../wire/common.ts';
import { PostRecordSchema, PostViewSchema } from './posts.ts';

export const INBOX_VIEWS = ['needsReply', 'all', 'done', 'snoozed', 'hidden'] as const;
export const InboxViewSchema = z.enum(INBOX_VIEWS);
export type InboxView = z.infer<typeof InboxViewSchema>;

/**
 * The most comments one "select all in this view" may change. A sweep is one write in the main
 * process; at this size it takes a few seconds on a slow machine. Larger views are narrowed first
 * (a client, a network).
 */
export const VIEW_SWEEP_MAX = 50_000;

export const InboxFilterSchema = z.object({
  profileIds: z.array(z.string()).optional(),
  platforms: z.array(NetworkSchema).optional(),
  /** Default 'all'. needsReply: not by the account, not done, not hidden, not snoozed, no reply by the account yet. */
  view: InboxViewSchema.optional(),
  unreadOnly: z.boolean().optional(),
  /** Full-text search over comment text and author names (FTS5). */
  text: z.string().optional(),
  /** Epoch ms; decides which snoozes have run out. Default: the store's clock. */
  now: z.number().optional(),
});
export type InboxFilter = z.infer<typeof InboxFilterSchema>;

/** Keyset position: the last row of the previous page. Newest first, ties broken by key. */
export const InboxCursorSchema = z.object({
  created: z.string(),
  key: z.string(),
});
export type InboxCursor = z.infer<typeof InboxCursorSchema>;

export const InboxRowSchema = z.object({
  key: z.string(),
  profileId: z.string(),
  platform: NetworkSchema,
  socialCommentId: z.string(),
  socialPostId: z.string(),
  parentSocialCommentId: z.string().nullable(),
  postExcerpt: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  text: z.string(),
  created: z.string(),
  likeCount: z.number(),
  hidden: z.boolean(),
  byAccount: z.boolean(),
  unread: z.boolean(),
  done: z.boolean(),
  snoozedUntil: z.number().nullable(),
  /** The account has replied to it (a reply by the account is among its replies). */
  replied: z.boolean(),
  labels: z.array(z.string()),
  commentUrn: z.string().nullable(),
  videoId: z.string().nullable(),
});
export type InboxRow = z.infer<typeof InboxRowSchema>;

export const InboxPageSchema = z.object({
  rows: z.array(InboxRowSchema),
  /** Pass back to get the next page; null when there is none. */
  next: InboxCursorSchema.nullable(),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const ViewCountsSchema = z.object({
  unread: z.number().int(),
  needsReply: z.number().int(),
  all: z.number().int(),
  done: z.number().int(),
  snoozed: z.number().int(),
  hidden: z.number().int(),
});
export type ViewCounts = z.infer<typeof ViewCountsSchema>;

/** Counts per profile and over every profile, for the sidebar and the tray. */
export const InboxCountsSchema = z.object({
  byProfile: z.record(z.string(), ViewCountsSchema),
  total: ViewCountsSchema,
});
export type InboxCounts = z.infer<typeof InboxCountsSchema>;

export const ThreadSchema = z.object({
  post: PostRecordSchema.nullable(),
  /** From the top-level comment down to the parent. */
  ancestors: z.array(InboxRowSchema),
  comment: InboxRowSchema,
  /** Oldest first, every depth. */
  replies: z.array(InboxRowSchema),
});
export type Thread = z.infer<typeof ThreadSchema>;

/** A thread as the renderer gets it: the post without the service's raw record. */
export const ThreadViewSchema = ThreadSchema.extend({ post: PostViewSchema.nullable() });
export type ThreadView = z.infer<typeof ThreadViewSchema>;

export const TriagePatchSchema = z.object({
  unread: z.boolean().optional(),
  done: z.boolean().optional(),
  /** Epoch ms, or null to wake it. */
  snoozedUntil: z.number().nullable().optional(),
  labels: z.array(z.string()).optional(),
});
export type TriagePatch = z.infer<typeof TriagePatchSchema>;
