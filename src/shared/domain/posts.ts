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
  /** The service's record as received, so no field is lost. */
  raw: z.unknown(),
});
export type PostRecord = z.infer<typeof PostRecordSchema>;

/** A post as the renderer gets it: without the service's raw record. */
export const PostViewSchema = PostRecordSchema.omit({ raw: true }).extend({
  key: z.string(),
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
