// The inbox as the store answers it and the renderer shows it: rows, pages, counts, threads and
// the local triage state. One declaration each: the store's types are inferred from these.
import { z } from 'zod';
import { NetworkSchema } from '../wire/common.ts';
import { ReviewNetworkSchema } from '../wire/reviews.ts';
import { NETWORKS } from '../networks.ts';
import { CONVERSATION_STATUSES } from '../wire/messages.ts';
import { PostRecordSchema, PostViewSchema } from './posts.ts';
import { registeredKindNamed } from './registeredKinds.ts';

export const INBOX_VIEWS = ['needsReply', 'all', 'done', 'snoozed', 'hidden', 'assignedToMe'] as const;
export const InboxViewSchema = z.enum(INBOX_VIEWS);
export type InboxView = z.infer<typeof InboxViewSchema>;

/**
 * The most comments one "select all in this view" may change. A sweep is one write in the main
 * process; at this size it takes a few seconds on a slow machine. Larger views are narrowed first
 * (a client, a network).
 */
export const VIEW_SWEEP_MAX = 50_000;

/**
 * What an inbox item is: a comment, or a direct-message conversation (one item per conversation,
 * placed at its last message). A filter without a kind shows both ("Everything").
 */
export const INBOX_ITEM_KINDS = ['comment', 'conversation', 'review'] as const;
export type InboxItemKind = (typeof INBOX_ITEM_KINDS)[number];
/** The kinds of this build, or one registered at run time (registeredKinds.ts): typed as a kind, as the core's registry types it. */
export const InboxItemKindSchema = z.enum(INBOX_ITEM_KINDS).or(z.custom<InboxItemKind>((name) => registeredKindNamed(name) !== undefined));

export const InboxFilterSchema = z.object({
  profileIds: z.array(z.string()).optional(),
  platforms: z.array(NetworkSchema).optional(),
  /** Default 'all'. needsReply: not by the account, not done, not hidden, not snoozed, no reply by the account yet. */
  view: InboxViewSchema.optional(),
  unreadOnly: z.boolean().optional(),
  /** Full-text search over comment text and author names, and over direct messages and their participants (FTS5). */
  text: z.string().optional(),
  /** Only comments, or only conversations; absent: both. */
  kind: InboxItemKindSchema.optional(),
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

/**
 * A conversation's own fields on its inbox row. The row's comment fields say the rest: authorId and
 * authorName are the person, text and created are the last message, replied is "the account spoke
 * last" (so needsReply is "the person spoke last"), socialCommentId is the conversation id.
 */
export const ConversationInfoSchema = z.object({
  conversationId: z.string(),
  /** The person the account writes to (the recipientId a reply is addressed to). */
  recipientId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  lastMessageAt: z.string(),
  /** The person's last message (opens the reply window on facebook and instagram); null when they never wrote. */
  lastReceivedAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  /** facebook and instagram: epoch ms when replying stops being possible (null: never opened); null elsewhere. */
  replyWindowClosesAt: z.number().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  messageCount: z.number().int(),
});
export type ConversationInfo = z.infer<typeof ConversationInfoSchema>;

/** [start, end) of a text, in UTF-16 units: a word a search matched. */
export const TextRangeSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
export type TextRange = z.infer<typeof TextRangeSchema>;

/**
 * Why a row is among search results: the words the search matched, as ranges the screen marks (it
 * builds its own nodes; no markup comes from here). A comment: its text and author. A conversation:
 * the message that matched (not always its last one) and the person's name.
 */
export const SearchMatchSchema = z.object({
  text: z.string(),
  ranges: z.array(TextRangeSchema),
  authorRanges: z.array(TextRangeSchema),
  /** A conversation's message that matched: whose it is and when it was written; null for a comment. */
  message: z.object({ fromAccount: z.boolean(), created: z.string() }).nullable(),
});
export type SearchMatch = z.infer<typeof SearchMatchSchema>;

/**
 * The network an inbox item is on: a posting network, or a network of reviews only (`gmb`,
 * Google; decision 0082). Only a review's row is ever on `gmb`.
 */
export const ITEM_NETWORKS = [...NETWORKS, 'gmb'] as const;
export const ItemNetworkSchema = z.enum(ITEM_NETWORKS);
export type ItemNetwork = z.infer<typeof ItemNetworkSchema>;

/** A review's own fields on its inbox row (the row's text is its words, authorName its reviewer). */
export const ReviewInfoSchema = z.object({
  reviewId: z.string(),
  network: ReviewNetworkSchema,
  /** Google: 1 to 5; null on Facebook (a recommendation, no stars) or a rating this build does not know. */
  stars: z.number().int().min(1).max(5).nullable(),
  /** Facebook: recommends (true) or not; null on Google. */
  recommends: z.boolean().nullable(),
  /** The business's answer as the service last showed it (Facebook: the latest); null when none. */
  reply: z.object({ text: z.string(), updated: z.string().nullable() }).nullable(),
});
export type ReviewInfo = z.infer<typeof ReviewInfoSchema>;

export const InboxRowSchema = z.object({
  /** Comments: `${platform}:${socialCommentId}`. Conversations: `dm:${platform}:${conversationId}`. */
  key: z.string(),
  /** Absent on rows of stores before direct messages: a comment. */
  kind: InboxItemKindSchema.optional(),
  profileId: z.string(),
  /** A comment's or conversation's network; a review's may be gmb (ItemNetwork). */
  platform: ItemNetworkSchema,
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
  /** A comment's publication (its post and the same post on other networks, decision 0051); absent on conversations. */
  publicationKey: z.string().optional(),
  /** Set on conversation rows only. */
  conversation: ConversationInfoSchema.optional(),
  /** Set on review rows only. */
  review: ReviewInfoSchema.optional(),
  /** Set on search results only: what matched. */
  match: SearchMatchSchema.optional(),
  /** In a team: the member the item is assigned to; absent when nobody. */
  assignee: z.string().optional(),
});
export type InboxRow = z.infer<typeof InboxRowSchema>;

/** A row on a posting network: a comment's or a conversation's (never a review's, which may be on gmb). */
export const NetworkRowSchema = InboxRowSchema.extend({ platform: NetworkSchema });
export type NetworkRow = z.infer<typeof NetworkRowSchema>;

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
  /** Direct messages waiting for a reply whose window is still open (the Closing soon list), whatever the kind counted. */
  closingSoon: z.number().int().optional(),
  /** In a team only: this member's assigned items that are not done and not snoozed. */
  assignedToMe: z.number().int().optional(),
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
  ancestors: z.array(NetworkRowSchema),
  comment: NetworkRowSchema,
  /** Oldest first, every depth. */
  replies: z.array(NetworkRowSchema),
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
  /** In a team: the member it is assigned to, or null for nobody. */
  assignee: z.string().nullable().optional(),
  /** The item's shared note, or null for none. */
  note: z.string().nullable().optional(),
});
export type TriagePatch = z.infer<typeof TriagePatchSchema>;

/** One direct message as the thread pane shows it. */
export const DirectMessageSchema = z.object({
  messageId: z.string(),
  /** sent: by the account; received: by the person. */
  action: z.enum(['sent', 'received']),
  text: z.string(),
  created: z.string(),
  senderId: z.string(),
  mediaUrls: z.array(z.string()),
});
export type DirectMessage = z.infer<typeof DirectMessageSchema>;

/** A conversation with its messages, oldest first. */
export const ConversationThreadSchema = z.object({
  row: NetworkRowSchema,
  messages: z.array(DirectMessageSchema),
});
export type ConversationThread = z.infer<typeof ConversationThreadSchema>;
