// Posts and their analytics snapshots, as the store keeps them (offline, with history) and the
// metric panels show them.
import { z } from 'zod';
import { NetworkSchema } from '../wire/common.ts';

export const PostRecordSchema = z.object({
  profileId: z.string(),
  platform: NetworkSchema,
  socialPostId: z.string(),
  /** null for a post made outside the service. */
  servicePostId: z.string().nullable(),
  text: z.string(),
  url: z.string().nullable(),
  /** UTC ISO 8601. */
  created: z.string(),
  disableComments: z.boolean(),
  /**
   * When the user added the post by hand (its link or id: a video of another channel, a post no list
   * of the service has); null or absent for a post the sync discovered.
   */
  trackedAt: z.string().nullable().optional(),
  /**
   * Which publication the post belongs to (decision 0051): its service post id, shared by every
   * network one post was sent to; a post made outside the service is its own (its post key). Set by
   * the store when read; a writer leaves it out (the store derives it).
   */
  publicationKey: z.string().optional(),
  /** The service's record as received, so no field is lost. */
  raw: z.unknown(),
});
export type PostRecord = z.infer<typeof PostRecordSchema>;

/**
 * The person's wish for a post's comments that the service has not confirmed yet (queued while
 * offline, being sent, or refused). `disableComments` stays the service's last known state until
 * the change is sent.
 */
export const CommentsChangeSchema = z.object({
  /** The wish: comments on (true) or off (false). */
  enabled: z.boolean(),
  /** queued: waits for the service (offline, or a try that can pass failed); failed: the service refused it. */
  state: z.enum(['queued', 'sending', 'failed']),
  /** Why it waits or failed, in the service's words; null when it has not been tried yet. */
  message: z.string().nullable(),
  /** Epoch ms of the next try of a change that waits; null otherwise. */
  nextAttemptAt: z.number().nullable(),
});
export type CommentsChange = z.infer<typeof CommentsChangeSchema>;

/** A post as the renderer gets it: without the service's raw record. */
export const PostViewSchema = PostRecordSchema.omit({ raw: true }).extend({
  key: z.string(),
  /** A comments on/off change not yet confirmed by the service; absent or null when there is none. */
  commentsChange: CommentsChangeSchema.nullable().optional(),
});
export type PostView = z.infer<typeof PostViewSchema>;

export const AnalyticsSnapshotInputSchema = z.object({
  profileId: z.string(),
  platform: NetworkSchema,
  socialPostId: z.string(),
  /** Epoch ms when we fetched it. */
  fetchedAt: z.number(),
  lastUpdated: z.string(),
  nextUpdate: z.string(),
  metrics: z.record(z.string(), z.unknown()),
  backfilledFrom: z.string().optional(),
  recoveredFrom: z.string().optional(),
});
export type AnalyticsSnapshotInput = z.infer<typeof AnalyticsSnapshotInputSchema>;

export const AnalyticsSnapshotSchema = AnalyticsSnapshotInputSchema.extend({
  id: z.number(),
});
export type AnalyticsSnapshot = z.infer<typeof AnalyticsSnapshotSchema>;

/**
 * What the user saw the last time they looked at a post's panel, kept by the core so "since you
 * last looked" outlives a restart. The snapshot is a copy: thinning may delete the stored one.
 */
export const PostSeenSchema = z.object({
  /** Epoch ms of the look (the core's clock). */
  at: z.number(),
  snapshot: AnalyticsSnapshotSchema,
});
export type PostSeen = z.infer<typeof PostSeenSchema>;

/** What the metric panel must say honestly about a post's numbers, beyond the snapshot's own fields. */
export const PostDataFlagsSchema = z.object({
  /** A youtube video of another channel: the service names its channel but gives none of its numbers. */
  notOwned: z.boolean(),
  /** An instagram post from before the account became a business account: public counts only, no insights. */
  preBusiness: z.boolean(),
  /** When the service last answered "not found for this account" (186) for the post; null otherwise. */
  notFoundAt: z.string().nullable(),
});
export type PostDataFlags = z.infer<typeof PostDataFlagsSchema>;

/** A row of a client's post list. */
export const PostSummarySchema = z.object({
  post: PostViewSchema,
  commentCount: z.number().int(),
  lastCommentAt: z.string().nullable(),
  latest: AnalyticsSnapshotSchema.nullable(),
  flags: PostDataFlagsSchema,
});
export type PostSummary = z.infer<typeof PostSummarySchema>;
