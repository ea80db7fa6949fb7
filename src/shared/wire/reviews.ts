// Reviews: GET /reviews?platform=gmb|facebook, GET /reviews/:id?platform=gmb, POST /reviews and
// DELETE /reviews, and their answers (docs/service-reviews.md). Answers are loose like every other:
// a field the service adds is kept, not lost; only what the client relies on is checked.
import { z } from 'zod';
import { GMB_STAR_RATINGS, REVIEW_NETWORKS, REVIEW_NETWORK_NAMES, type ReviewNetwork, replyLength } from '../reviews.ts';
import { describeValue, IdSchema, isBlank, TimestampSchema } from './common.ts';

export const ReviewNetworkSchema = z.enum(REVIEW_NETWORKS, {
  error: (issue) => `${describeValue(issue.input)} has no reviews through the service; they are on ${REVIEW_NETWORKS.join(' and ')}`,
});

/** Google gives a name (or "A Google user"); Facebook the person's id and picture too. */
export const ReviewerSchema = z.looseObject({
  name: z.string().optional(),
  id: z.string().optional(),
  isAnonymous: z.boolean().optional(),
  profile: z.looseObject({ url: z.string().optional() }).optional(),
});

/** The business's answer: Google's one reply; on Facebook the latest of its answers. */
export const ReviewReplySchema = z.looseObject({
  reply: z.string(),
  updated: TimestampSchema.optional(),
});
export type ReviewReply = z.infer<typeof ReviewReplySchema>;

/**
 * One review. The client relies on its id, time and rating; the rating is kept as text (Google's
 * ONE…FIVE, Facebook's positive or negative) so a value the service adds later is shown as "no
 * stars", not a failed sync. `review` is absent for a rating without words.
 */
export const ReviewRecordSchema = z.looseObject({
  id: IdSchema,
  created: TimestampSchema,
  rating: z.string(),
  review: z.string().optional(),
  reviewer: ReviewerSchema.optional(),
  reviewReply: ReviewReplySchema.optional(),
  /** Facebook: each answer of the business (the sandbox's; docs/service-reviews.md). */
  reviewReplies: z.array(ReviewReplySchema.extend({ id: z.string().optional() })).optional(),
});
export type ReviewRecord = z.infer<typeof ReviewRecordSchema>;

/** Stars of a Google review (1 to 5); null for a Facebook rating or a rating the client does not know. */
export function reviewStars(record: Pick<ReviewRecord, 'rating'>): number | null {
  const index = (GMB_STAR_RATINGS as readonly string[]).indexOf(record.rating);
  return index === -1 ? null : index + 1;
}

const cacheStamps = { lastUpdated: TimestampSchema.optional(), nextUpdate: TimestampSchema.optional() };

/** GET /reviews?platform=P: the list under the network's name, newest first. */
export const GmbReviewsResponseSchema = z.looseObject({ status: z.string().optional(), gmb: z.array(ReviewRecordSchema), ...cacheStamps });
export const FacebookReviewsResponseSchema = z.looseObject({ status: z.string().optional(), facebook: z.array(ReviewRecordSchema), ...cacheStamps });

/** GET /reviews/:id?platform=gmb: the review's fields at the top level. */
export const OneReviewResponseSchema = ReviewRecordSchema.extend({ status: z.string().optional(), ...cacheStamps });

export const ReviewsQuerySchema = z.object({ platform: ReviewNetworkSchema });

export const OneReviewQuerySchema = z.object({
  platform: z.literal('gmb', { error: () => 'One review by id can be read on gmb (Google) only; list Facebook ratings instead' }),
  id: IdSchema,
});

const reviewIdField = z.string().trim().min(1, 'Say which review: its id, as the list of reviews gives it');

/** POST /reviews: the reply holds words, within its network's limit (Google counts bytes, Facebook characters). */
export const ReplyReviewRequestSchema = z.object({ platform: ReviewNetworkSchema, reviewId: reviewIdField, reply: z.string() }).superRefine((input, ctx) => {
  if (isBlank(input.reply)) {
    ctx.addIssue({ code: 'custom', path: ['reply'], message: 'The reply is empty; write something first' });
    return;
  }
  // A refinement may see a platform its enum refused: only a known network has a limit.
  if (!(REVIEW_NETWORKS as readonly string[]).includes(input.platform)) return;
  const platform: ReviewNetwork = input.platform;
  const { length, limit, unit } = replyLength(platform, input.reply);
  if (length > limit) {
    ctx.addIssue({
      code: 'custom',
      path: ['reply'],
      message: `The reply has ${length} ${unit}; ${REVIEW_NETWORK_NAMES[platform]} takes at most ${limit}: shorten it`,
    });
  }
});

export const DeleteReviewReplyRequestSchema = z.object({ platform: ReviewNetworkSchema, reviewId: reviewIdField });

/** POST /reviews answer (its shape is the sandbox's; the client relies on nothing but success). */
export const ReviewRepliedSchema = z.looseObject({
  status: z.string(),
  reviewId: z.string().optional(),
  platform: z.string().optional(),
  reply: z.string().optional(),
});

/** DELETE /reviews answer. */
export const ReviewReplyDeletedSchema = z.looseObject({
  status: z.string(),
  reviewId: z.string().optional(),
  platform: z.string().optional(),
});
