// A review as the bridge's item read gives it (`inbox.item` of a `review:` key): its inbox row,
// which carries the review's stars, words, reviewer and the business's reply (ReviewInfoSchema), and
// every answer of the business the service showed (Facebook keeps each; Google has one at most).
import { z } from 'zod';
import { REVIEW_NETWORK_NAMES, replyLength, type ReviewNetwork } from '../reviews.ts';
import { InboxRowSchema } from './inbox.ts';
import { ReviewKeySchema } from './keys.ts';
import { writtenTextProblem } from './writtenText.ts';

export const ReviewAnswerSchema = z.object({ text: z.string(), updated: z.string().nullable() });
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;

export const ReviewViewSchema = z.object({
  row: InboxRowSchema,
  /** The business's answers, oldest first. */
  answers: z.array(ReviewAnswerSchema),
});
export type ReviewView = z.infer<typeof ReviewViewSchema>;

/**
 * A review's answer as `answer.send` takes it: words, within what its network takes (Google counts
 * bytes of UTF-8, Facebook characters; the key names the network), and no image.
 */
export const ReviewAnswerInputSchema = z.strictObject({ key: ReviewKeySchema, text: z.string() }).superRefine((input, context) => {
  const problem = writtenTextProblem(input.text, 'reply');
  if (input.text.trim() === '') {
    context.addIssue({ code: 'custom', path: ['text'], message: 'A reply must not be empty' });
    return;
  }
  if (problem !== null) {
    context.addIssue({ code: 'custom', path: ['text'], message: problem });
    return;
  }
  const network = reviewKeyNetwork(input.key);
  if (network === null) return;
  const { length, limit, unit } = replyLength(network, input.text);
  if (length > limit) {
    context.addIssue({
      code: 'custom',
      path: ['text'],
      message: `A reply on ${REVIEW_NETWORK_NAMES[network]} is at most ${limit.toLocaleString('en')} ${unit}; this one is ${length.toLocaleString('en')}`,
    });
  }
});

/** The network a review key names; null when it is not a review key. */
export function reviewKeyNetwork(key: string): ReviewNetwork | null {
  const match = /^review:(gmb|facebook):./s.exec(key);
  return match === null ? null : (match[1] as ReviewNetwork);
}

/** A review's key: `review:${network}:${reviewId}`. */
export function reviewKeyOf(network: ReviewNetwork, reviewId: string): string {
  return `review:${network}:${reviewId}`;
}

/** A review key's parts; null when it is not one. */
export function parseReviewKey(key: string): { network: ReviewNetwork; reviewId: string } | null {
  const network = typeof key === 'string' ? reviewKeyNetwork(key) : null;
  return network === null ? null : { network, reviewId: key.slice(`review:${network}:`.length) };
}
