// A review as the service shows it (GET /reviews): the fields of the public examples, per network.
// Google: rating ONE…FIVE, `reviewReply {reply, updated}` once answered. Facebook: rating positive
// or negative, the reviewer's id; its answers are ours to show (`reviewReply` the latest, and
// `reviewReplies` every one, since Facebook keeps each; docs/service-reviews.md).
import type { ReviewState } from './reviewTypes.ts';

export function reviewRecord(review: ReviewState): Record<string, unknown> {
  const record: Record<string, unknown> = { id: review.id, created: review.created, rating: review.rating };
  if (review.text !== null) record.review = review.text;
  const reviewer: Record<string, unknown> = { name: review.reviewer.name };
  if (review.platform === 'facebook' && review.reviewer.id) reviewer.id = review.reviewer.id;
  if (review.reviewer.anonymous) reviewer.isAnonymous = true;
  record.reviewer = reviewer;
  const latest = review.replies.at(-1);
  if (latest) record.reviewReply = { reply: latest.text, updated: latest.updated };
  if (review.platform === 'facebook' && review.replies.length > 0) {
    record.reviewReplies = review.replies.map((r) => ({ id: r.id, reply: r.text, updated: r.updated }));
  }
  return record;
}

/** Google's timestamps carry microseconds (the public example), Facebook's milliseconds. */
export function reviewTime(platform: ReviewState['platform'], ms: number): string {
  const iso = new Date(ms).toISOString();
  return platform === 'gmb' ? iso.replace(/Z$/, `${String(((((ms % 1000) * 7 + 3) % 1000) + 1000) % 1000).padStart(3, '0')}Z`) : iso;
}
