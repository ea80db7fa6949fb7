// The client report's review lines (issue 31, item 7): "Reviews: 12 new, average 4.6 ★ (4.4 the
// period before), 11 of 12 answered within 1 business day", and the reviews still waiting for the
// business's reply, quoted. Computed in main (core/report/reviewLines.ts) from the store.
import { z } from 'zod';
import { ReviewNetworkSchema } from './../wire/reviews.ts';

export const WaitingReviewSchema = z.object({
  key: z.string(),
  network: ReviewNetworkSchema,
  author: z.string(),
  stars: z.number().int().min(1).max(5).nullable(),
  recommends: z.boolean().nullable(),
  /** Its first words ('' for a rating without words). */
  text: z.string(),
  createdAt: z.number(),
});
export type WaitingReview = z.infer<typeof WaitingReviewSchema>;

export const ReviewLinesSchema = z.object({
  /** Reviews written in the period (both networks). */
  received: z.number().int().nonnegative(),
  /** The average of the period's Google stars (Facebook has none); null when none has stars. */
  averageStars: z.number().nullable(),
  averageStarsBefore: z.number().nullable(),
  /** Of the period's reviews, answered by the business within one business day of the client's clock. */
  answeredWithinDay: z.number().int().nonnegative(),
  /** The period's reviews no reply answers yet, oldest first (at most a page's worth). */
  waiting: z.array(WaitingReviewSchema),
  /** How many are waiting in all (the list may be cut). */
  waitingCount: z.number().int().nonnegative(),
});
export type ReviewLines = z.infer<typeof ReviewLinesSchema>;
