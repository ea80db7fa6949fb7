// Posts and histories: POST /post, PUT /post (disableComments on a published post), DELETE /post,
// GET /history (posts made through the service) and GET /history/:platform (the network's own list
// of the linked account's posts). Public facts, "Operations beside those in service-api.md".
import { z } from 'zod';
import { DISABLE_COMMENTS_NETWORKS } from '../networks.ts';
import { HttpUrlSchema, IdSchema, isBlank, NetworkSchema, PlatformErrorSchema, TimestampSchema } from './common.ts';

export const CreatePostBodySchema = z
  .looseObject({
    post: z.string().optional(),
    platforms: z.array(NetworkSchema).min(1, 'Name at least one network to publish on'),
    disableComments: z.boolean().optional(),
    mediaUrls: z.array(HttpUrlSchema).optional(),
    randomPost: z.boolean().optional(),
    randomMediaUrl: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.randomPost !== true && isBlank(body.post)) {
      ctx.addIssue({ code: 'custom', path: ['post'], message: 'The post is empty; write something first' });
    }
    if (body.disableComments === true && !body.platforms.some((p) => DISABLE_COMMENTS_NETWORKS.includes(p))) {
      ctx.addIssue({
        code: 'custom',
        path: ['disableComments'],
        message: `Turning comments off works only on ${DISABLE_COMMENTS_NETWORKS.join(', ')}; this post goes to ${body.platforms.join(', ')}`,
      });
    }
  });
export type CreatePostBody = z.infer<typeof CreatePostBodySchema>;

/** One network's part of a published post: its social post id. */
export const PublishedPostSchema = z.looseObject({
  status: z.string(),
  id: IdSchema,
  postUrl: z.string().optional(),
  platform: NetworkSchema,
  /** instagram: posts used of the daily publishing quota. */
  usedQuota: z.number().optional(),
});
export type PublishedPost = z.infer<typeof PublishedPostSchema>;

export const CreatePostResponseSchema = z.looseObject({
  status: z.string(),
  id: IdSchema,
  refId: z.string().optional(),
  post: z.string().optional(),
  postIds: z.array(PublishedPostSchema),
  errors: z.array(PlatformErrorSchema).optional(),
});
export type CreatePostResponse = z.infer<typeof CreatePostResponseSchema>;

export const UpdatePostBodySchema = z.looseObject({
  id: IdSchema,
  disableComments: z.boolean('Say whether comments are to be off (true) or on (false)'),
});

export const UpdatePostResponseSchema = z.looseObject({
  status: z.string(),
  id: z.string().optional(),
  disableComments: z.boolean().optional(),
});
export type UpdatePostResponse = z.infer<typeof UpdatePostResponseSchema>;

export const DeletePostBodySchema = z.looseObject({ id: IdSchema });

export const DeletePostResponseSchema = z.looseObject({
  status: z.string(),
  id: z.string().optional(),
  code: z.number().optional(),
});
export type DeletePostResponse = z.infer<typeof DeletePostResponseSchema>;

export const HistoryQuerySchema = z.object({
  lastRecords: z.number().int().min(1, 'Ask for at least one record').optional(),
  lastDays: z.number().int().min(0).max(3650, 'At most 3,650 days (ten years) of history').optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

/** One post made through the service, as GET /history lists it. */
export const HistoryEntrySchema = z.looseObject({
  id: IdSchema,
  created: TimestampSchema.optional(),
  post: z.string().optional(),
  platforms: z.array(z.string()).optional(),
  postIds: z.array(z.looseObject({ id: IdSchema, postUrl: z.string().optional(), platform: z.string().optional(), status: z.string().optional() })).optional(),
  status: z.string().optional(),
  type: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryResponseSchema = z.looseObject({
  history: z.array(HistoryEntrySchema),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

export const NetworkHistoryQuerySchema = z.object({
  limit: z.number().int().min(1, 'Ask for at least one post').max(1000, 'At most 1,000 posts per request').optional(),
});

/** One post of the network's own list (social post id), including posts made outside the service. */
export const NetworkPostSchema = z.looseObject({
  id: IdSchema,
  created: TimestampSchema.optional(),
  post: z.string().optional(),
  postUrl: z.string().optional(),
});
export type NetworkPost = z.infer<typeof NetworkPostSchema>;

export const NetworkHistoryResponseSchema = z.looseObject({
  status: z.string().optional(),
  posts: z.array(NetworkPostSchema),
});
export type NetworkHistoryResponse = z.infer<typeof NetworkHistoryResponseSchema>;
