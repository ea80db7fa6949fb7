// POST /analytics/post in its two forms: by social post ids (searchPlatformId, exactly one network,
// `id` or at most 100 `postIds`; unknown ids are code 186) and by one service post id (per network
// of the post). Spec, "Analytics result" and the analytics endpoint; public facts for the rest.
import { z } from 'zod';
import { ANALYTICS_SOCIAL_ID_NETWORKS, MAX_ANALYTICS_IDS } from '../networks.ts';
import { IdSchema, NetworkSchema, PlatformErrorSchema, TimestampSchema } from './common.ts';
import { perNetwork } from './perNetwork.ts';

const counts = z.record(z.string(), z.number());

/**
 * The `analytics` object. Its fields differ per network and only twitter's are in the spec, so it
 * is kept whole; the twitter fields the app shows are typed when present.
 */
export const PostAnalyticsSchema = z.looseObject({
  created: z.string().optional(),
  publicMetrics: counts.optional(),
  nonPublicMetrics: counts.optional(),
  organicMetrics: counts.optional(),
  /** Some cumulative metrics came from stored data; the value is when it was stored. */
  backfilledFrom: z.string().optional(),
  /** The whole answer came from stored data after a failure to fetch. */
  recoveredFrom: z.string().optional(),
});
export type PostAnalytics = z.infer<typeof PostAnalyticsSchema>;

/** One post's analytics. `nextUpdate` tells when asking again can give new numbers. */
export const AnalyticsEntrySchema = z.looseObject({
  id: IdSchema,
  postUrl: z.string().optional(),
  analytics: PostAnalyticsSchema,
  lastUpdated: TimestampSchema,
  nextUpdate: TimestampSchema,
});
export type AnalyticsEntry = z.infer<typeof AnalyticsEntrySchema>;

/** An id the service did not find for the account and network (code 186), or another per-id failure. */
export const AnalyticsIdErrorSchema = PlatformErrorSchema.extend({ id: z.string().optional() });
export type AnalyticsIdError = z.infer<typeof AnalyticsIdErrorSchema>;

export const ANALYTICS_ID_NOT_FOUND = 186;

export const AnalyticsBySocialIdsBodySchema = z
  .looseObject({
    id: IdSchema.optional(),
    postIds: z
      .array(IdSchema)
      .min(1, 'Name at least one post id')
      .max(MAX_ANALYTICS_IDS, `At most ${MAX_ANALYTICS_IDS} post ids go in one analytics request`)
      .optional(),
    platforms: z.array(NetworkSchema),
    searchPlatformId: z.literal(true, 'Analytics by social post id must send searchPlatformId: true'),
  })
  .superRefine((body, ctx) => {
    if ((body.id === undefined) === (body.postIds === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['postIds'], message: 'Send either one "id" or a list of "postIds", not both and not neither' });
    }
    const platforms = [...new Set(body.platforms)];
    if (platforms.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['platforms'],
        message: `Analytics by social post id are for exactly one network at a time; got ${platforms.length}`,
      });
    }
    for (const platform of platforms) {
      if (platform === 'bluesky') {
        ctx.addIssue({
          code: 'custom',
          path: ['platforms'],
          message: 'Bluesky analytics are available only for posts made through the service (by service post id)',
        });
      } else if (!ANALYTICS_SOCIAL_ID_NETWORKS.includes(platform)) {
        ctx.addIssue({
          code: 'custom',
          path: ['platforms'],
          message: `Analytics by social post id are available on ${ANALYTICS_SOCIAL_ID_NETWORKS.join(', ')}; not on ${platform}`,
        });
      }
    }
  });

const entryOrError = z.union([AnalyticsEntrySchema, AnalyticsIdErrorSchema]);

/**
 * Answer to analytics by social ids: `{status, code, <platform>: [entries]}`, `status: "partial"`
 * with the unknown ids in `errors`; when every id is unknown, HTTP 400 with code 186 and the
 * not-found entry (or entries) under the platform key.
 */
export const AnalyticsBySocialIdsResponseSchema = z.looseObject({
  status: z.string(),
  code: z.number().optional(),
  message: z.string().optional(),
  errors: z.array(AnalyticsIdErrorSchema).optional(),
  lastUpdated: z.string().optional(),
  nextUpdate: z.string().optional(),
  ...perNetwork(z.union([z.array(entryOrError), AnalyticsIdErrorSchema])),
});
export type AnalyticsBySocialIdsResponse = z.infer<typeof AnalyticsBySocialIdsResponseSchema>;

export const AnalyticsByServiceIdBodySchema = z.looseObject({
  id: IdSchema,
  platforms: z.array(NetworkSchema).min(1, "Name at least one network, or leave the list out for all of the post's").optional(),
});

/** Answer by service post id: one entry object (not a list) per network of the post. */
export const AnalyticsByServiceIdResponseSchema = z.looseObject({
  status: z.string(),
  id: z.string().optional(),
  ...perNetwork(AnalyticsEntrySchema),
});
export type AnalyticsByServiceIdResponse = z.infer<typeof AnalyticsByServiceIdResponseSchema>;
