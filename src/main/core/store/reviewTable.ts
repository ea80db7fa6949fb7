// Reviews in the store (issue 31, decision 0082): the ingest of a network's reviews as the sync
// read them, and the reads of the review kind (its inbox rows by id, one review by key, a profile's
// reviews for the report). Idempotent: a known review is compared with what is stored and written
// only when something differs, so the same answer twice writes nothing. A new review gets its inbox
// row (kind 2) at its created time, unread unless the business answered it already, and its
// search document; a reply that appears or goes flips the row's "replied" (a trigger, migration 14).
import type { ReviewAnswer } from '../../../shared/domain/reviewItem.ts';
import { parseReviewKey, reviewKeyOf } from '../../../shared/domain/reviewItem.ts';
import type { InboxRow } from '../../../shared/domain/inbox.ts';
import type { ReviewNetwork } from '../../../shared/reviews.ts';
import { isReviewNetwork } from '../../../shared/reviews.ts';
import { firstIdOf, secondOf } from './commentIds.ts';
import { StoreInputError } from './errors.ts';
import { REVIEW_KIND } from './itemKinds.ts';
import type { ItemStates } from './itemStates.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import { parseStringList } from './stringList.ts';

/** A review as the sync hands it to the store (sync/reviewRecords.ts makes it from the service's record). */
export interface ReviewInput {
  platform: ReviewNetwork;
  reviewId: string;
  /** ISO 8601. */
  created: string;
  /** The service's rating as it came (ONE…FIVE, positive/negative). */
  rating: string;
  stars: number | null;
  recommends: boolean | null;
  /** '' for a rating without words. */
  text: string;
  reviewerName: string;
  reviewerId: string;
  /** The business's answers, oldest first (Google: one at most). */
  answers: ReviewAnswer[];
  raw: string;
}

export interface ReviewIngestResult {
  /** Keys of reviews the store did not have. */
  added: string[];
  updated: number;
  unchanged: number;
  rejected: { key: string; reason: string }[];
}

/** What the report reads of a profile's reviews in a period. */
export interface ReportReview {
  key: string;
  platform: ReviewNetwork;
  createdMs: number;
  stars: number | null;
  recommends: boolean | null;
  authorName: string;
  text: string;
  /** When the business's (latest) answer was written, epoch ms; null when none or unknown. */
  answeredMs: number | null;
  answered: boolean;
}

interface StoredReview {
  id: number;
  profile_id: string;
  platform: ReviewNetwork;
  review_id: string;
  created: string;
  rating: string;
  stars: number | null;
  recommends: number | null;
  text: string;
  reviewer_name: string;
  reviewer_id: string;
  reply_text: string | null;
  reply_updated: string | null;
  answers: string;
  raw: string;
  unread: number;
  done: number;
  snoozed_until: number | null;
  labels: string;
  assignee: string | null;
}

const ROW_SQL = `
  SELECT r.id, pr.profile_id, r.platform, r.review_id, r.created, r.rating, r.stars, r.recommends, r.text, r.reviewer_name, r.reviewer_id,
    r.reply_text, r.reply_updated, r.answers, r.raw, t.unread, t.done, t.snoozed_until, t.labels, t.assignee
  FROM reviews r
  JOIN item_state t ON t.key = 'review:' || r.platform || ':' || r.review_id
  JOIN profiles pr ON pr.id = r.profile_id`;

export class ReviewTable {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;
  readonly #states: ItemStates;
  readonly #onPartition: (profileRowId: number, platform: string) => void;

  constructor(statements: Statements, profiles: ProfileTable, states: ItemStates, onPartition: (profileRowId: number, platform: string) => void) {
    this.#statements = statements;
    this.#profiles = profiles;
    this.#states = states;
    this.#onPartition = onPartition;
  }

  /** Call inside a transaction. */
  ingest(profileId: string, reviews: readonly ReviewInput[]): ReviewIngestResult {
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) throw new StoreInputError(`Reviews for unknown profile ${profileId}; store the profile first`);
    const result: ReviewIngestResult = { added: [], updated: 0, unchanged: 0, rejected: [] };
    const clean = new Map<string, ReviewInput>();
    for (const review of reviews) {
      const problem = problemOf(review);
      const key = isReviewNetwork(review?.platform) && typeof review.reviewId === 'string' ? reviewKeyOf(review.platform, review.reviewId) : '?';
      if (problem !== null) result.rejected.push({ key, reason: problem });
      else clean.set(key, review);
    }
    if (clean.size === 0) return result;
    const known = new Map(
      (
        this.#statements
          .get(
            `SELECT r.id, r.platform, r.review_id, r.text, r.rating, r.reviewer_name, r.reply_text, r.answers, r.raw
             FROM json_each(?) j CROSS JOIN reviews r ON r.platform = j.value ->> 0 AND r.review_id = j.value ->> 1`,
          )
          .all(JSON.stringify([...clean.values()].map((review) => [review.platform, review.reviewId]))) as unknown as StoredReview[]
      ).map((row) => [reviewKeyOf(row.platform, row.review_id), row]),
    );
    const counted = this.#statements.get(`INSERT OR IGNORE INTO inbox_counts (profile_id, platform, kind) VALUES (?, ?, ${REVIEW_KIND})`);
    for (const platform of new Set([...clean.values()].map((review) => review.platform))) counted.run(profile.rowId, platform);
    const added = new Map<string, { all: number; unread: number; open: number }>();
    // Oldest first, so new inbox ids ascend within the batch.
    const ordered = [...clean].sort(([, a], [, b]) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
    for (const [key, review] of ordered) {
      const reply = review.answers.at(-1) ?? null;
      const answers = JSON.stringify(review.answers);
      // What an update rewrites, in the order both statements list these columns.
      const fields = [
        review.rating,
        review.stars,
        bit(review.recommends),
        review.text,
        review.reviewerName,
        review.reviewerId,
        reply?.text ?? null,
        reply?.updated ?? null,
        answers,
        review.raw,
      ];
      const before = known.get(key);
      if (before !== undefined) {
        if (
          before.text === review.text &&
          before.rating === review.rating &&
          before.reviewer_name === review.reviewerName &&
          before.answers === answers &&
          before.raw === review.raw
        ) {
          result.unchanged += 1;
          continue;
        }
        this.#statements
          .get(
            `UPDATE reviews SET rating = ?, stars = ?, recommends = ?, text = ?, reviewer_name = ?, reviewer_id = ?, reply_text = ?, reply_updated = ?,
               answers = ?, raw = ? WHERE id = ?`,
          )
          .run(...fields, before.id);
        if (before.text !== review.text || before.reviewer_name !== review.reviewerName) this.#reindex(before.id, review);
        result.updated += 1;
        continue;
      }
      const id = this.#nextId(secondOf(Date.parse(review.created)));
      this.#statements
        .get(
          `INSERT INTO reviews (id, profile_id, platform, review_id, created, rating, stars, recommends, text, reviewer_name, reviewer_id,
             reply_text, reply_updated, answers, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, profile.rowId, review.platform, review.reviewId, review.created, ...fields);
      // A review the business answered before the app saw it is read already.
      const unread = reply === null;
      this.#states.start([{ key, unread }]);
      this.#statements
        .get(
          `INSERT INTO inbox (id, profile_id, platform, kind, by_account, hidden, replied, unread, done, snoozed_until) VALUES (?, ?, ?, ${REVIEW_KIND}, 0, 0, ?, ?, 0, NULL)`,
        )
        .run(id, profile.rowId, review.platform, reply === null ? 0 : 1, unread ? 1 : 0);
      this.#statements.get('INSERT INTO reviews_fts (rowid, text, author_name) VALUES (?, ?, ?)').run(id, review.text, review.reviewerName);
      this.#onPartition(profile.rowId, review.platform);
      const rows = added.get(review.platform) ?? { all: 0, unread: 0, open: 0 };
      added.set(review.platform, rows);
      rows.all += 1;
      rows.unread += unread ? 1 : 0;
      rows.open += reply === null ? 1 : 0;
      result.added.push(key);
    }
    const add = this.#statements.get(
      `INSERT INTO inbox_counts (profile_id, platform, kind, all_rows, unread, open, done, hidden) VALUES (?, ?, ${REVIEW_KIND}, ?, ?, ?, 0, 0)
       ON CONFLICT (profile_id, platform, kind) DO UPDATE SET all_rows = all_rows + excluded.all_rows, unread = unread + excluded.unread, open = open + excluded.open`,
    );
    for (const [platform, rows] of added) add.run(profile.rowId, platform, rows.all, rows.unread, rows.open);
    return result;
  }

  /** The inbox rows of these inbox ids that are reviews (the inbox query's read of this kind). */
  rowsByInboxId(ids: readonly number[]): InboxRow[] {
    if (ids.length === 0) return [];
    const records = this.#statements.get(`${ROW_SQL} WHERE r.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as unknown as StoredReview[];
    return records.map(rowOf);
  }

  /** One review with its answers; null when the store does not have it (or it is another profile's). */
  review(key: string, profileId?: string): { row: InboxRow; answers: ReviewAnswer[] } | null {
    const ref = parseReviewKey(key);
    if (ref === null) return null;
    const record = this.#statements.get(`${ROW_SQL} WHERE r.platform = ? AND r.review_id = ?`).get(ref.network, ref.reviewId) as StoredReview | undefined;
    if (record === undefined || (profileId !== undefined && record.profile_id !== profileId)) return null;
    return { row: rowOf(record), answers: parseAnswers(record.answers) };
  }

  /**
   * The business's replies to a review taken down, as the outbox confirmed their removal (the
   * service answered it, or reading the review back showed none): no answer shows any more, and the
   * row's "replied" follows (migration 14's trigger). The next read of the reviews brings the
   * service's own record. False when the store has no such review or it showed no answer.
   */
  repliesRemoved(key: string): boolean {
    const ref = parseReviewKey(key);
    if (ref === null) return false;
    const changed = this.#statements
      .get(
        `UPDATE reviews SET reply_text = NULL, reply_updated = NULL, answers = '[]'
         WHERE platform = ? AND review_id = ? AND (reply_text IS NOT NULL OR answers <> '[]')`,
      )
      .run(ref.network, ref.reviewId);
    return Number(changed.changes) > 0;
  }

  /** The review ids the store has of a profile's network (the fetcher's "seen" after a restart). */
  reviewIds(profileId: string, platform: ReviewNetwork): string[] {
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) return [];
    return (
      this.#statements.get('SELECT review_id FROM reviews WHERE profile_id = ? AND platform = ?').all(profile.rowId, platform) as { review_id: string }[]
    ).map((row) => row.review_id);
  }

  /** A profile's reviews created in [start, end), for the report. */
  reportReviews(profileId: string, start: number, end: number): ReportReview[] {
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) return [];
    const records = this.#statements
      .get(`${ROW_SQL} WHERE r.profile_id = ? AND r.id >= ? AND r.id < ? ORDER BY r.id`)
      .all(profile.rowId, firstIdOf(secondOf(start)), firstIdOf(secondOf(end) + 1)) as unknown as StoredReview[];
    return records
      .filter((record) => {
        const at = Date.parse(record.created);
        return at >= start && at < end;
      })
      .map((record) => {
        const answered = record.reply_text !== null;
        const updated = record.reply_updated === null ? Number.NaN : Date.parse(record.reply_updated);
        return {
          key: reviewKeyOf(record.platform, record.review_id),
          platform: record.platform,
          createdMs: Date.parse(record.created),
          stars: record.stars,
          recommends: record.recommends === null ? null : record.recommends === 1,
          authorName: record.reviewer_name,
          text: record.text,
          answered,
          answeredMs: answered && Number.isFinite(updated) ? updated : null,
        };
      });
  }

  /** Its search document again (contentless with delete support: a delete by rowid, then the new words). */
  #reindex(id: number, review: ReviewInput): void {
    this.#statements.get('DELETE FROM reviews_fts WHERE rowid = ?').run(id);
    this.#statements.get('INSERT INTO reviews_fts (rowid, text, author_name) VALUES (?, ?, ?)').run(id, review.text, review.reviewerName);
  }

  /** The next free inbox id of a second (shared with the other kinds). */
  #nextId(second: number): number {
    const last = this.#statements.get('SELECT max(id) AS last FROM inbox WHERE id >= ? AND id < ?').get(firstIdOf(second), firstIdOf(second + 1)) as
      { last: number | null } | undefined;
    return last?.last == null ? firstIdOf(second) : last.last + 1;
  }
}

function bit(value: boolean | null): number | null {
  return value === null ? null : value ? 1 : 0;
}

function problemOf(review: ReviewInput): string | null {
  if (typeof review !== 'object' || review === null) return 'not a review';
  if (!isReviewNetwork(review.platform)) return 'not a network of reviews';
  if (typeof review.reviewId !== 'string' || review.reviewId === '' || review.reviewId.length > 1024) return 'no usable review id';
  if (typeof review.created !== 'string' || !Number.isFinite(Date.parse(review.created))) return 'its time is not a time';
  if (review.stars !== null && !(Number.isInteger(review.stars) && review.stars >= 1 && review.stars <= 5)) return 'its stars are not 1 to 5';
  if (typeof review.text !== 'string' || typeof review.reviewerName !== 'string' || !Array.isArray(review.answers)) return 'a field is missing';
  return null;
}

function parseAnswers(text: string): ReviewAnswer[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (answer): answer is ReviewAnswer => typeof answer === 'object' && answer !== null && typeof (answer as ReviewAnswer).text === 'string',
    );
  } catch {
    return [];
  }
}

function rowOf(record: StoredReview): InboxRow {
  const reply = record.reply_text === null ? null : { text: record.reply_text, updated: record.reply_updated };
  return {
    key: reviewKeyOf(record.platform, record.review_id),
    kind: 'review',
    profileId: record.profile_id,
    platform: record.platform,
    socialCommentId: record.review_id,
    socialPostId: '',
    parentSocialCommentId: null,
    postExcerpt: '',
    authorId: record.reviewer_id,
    authorName: record.reviewer_name,
    text: record.text,
    created: record.created,
    likeCount: 0,
    hidden: false,
    byAccount: false,
    unread: record.unread === 1,
    done: record.done === 1,
    snoozedUntil: record.snoozed_until,
    replied: reply !== null,
    labels: parseStringList(record.labels),
    commentUrn: null,
    videoId: null,
    review: {
      reviewId: record.review_id,
      network: record.platform,
      stars: record.stars,
      recommends: record.recommends === null ? null : record.recommends === 1,
      reply,
    },
    ...(record.assignee !== null ? { assignee: record.assignee } : {}),
  };
}

/** The store's review reads and writes (SqliteStore implements them over ReviewTable). */
export interface ReviewStore {
  ingestReviews(profileId: string, reviews: readonly ReviewInput[]): ReviewIngestResult;
  review(key: string, profileId?: string): { row: InboxRow; answers: ReviewAnswer[] } | null;
  /** The business's replies taken down once their removal was confirmed (ReviewTable.repliesRemoved). */
  reviewRepliesRemoved(key: string): boolean;
  reviewIds(profileId: string, platform: ReviewNetwork): string[];
  reportReviews(profileId: string, start: number, end: number): ReportReview[];
}
