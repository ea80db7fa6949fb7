// When and how a profile's reviews are fetched (issue 31, item 4; not yet wired into the store or
// the sync scheduler). Reviews come slowly (a local business gets a few a week) and the service
// caches them (`nextUpdate`, about 10 minutes ahead), so each linked review network of a profile is
// read at most every 5 minutes and never before `nextUpdate`: one `GET /reviews` per network per
// 10 minutes in practice, 1 of the profile's 300 requests per 5 minutes for Google and Facebook
// together. The service sends no webhook for reviews, so this is the only way they arrive.
//
// A fetch says which reviews it had not seen and which of those need someone at once: a review of
// one or two stars (or a Facebook non-recommendation) nobody answered. The first fetch of a network
// brings the whole backlog: nothing of it is "at once".
import type { ReviewNetwork } from '../../../shared/reviews.ts';
import { type ReviewRecord, reviewStars } from '../../../shared/wire/reviews.ts';
import type { Clock } from '../clock.ts';
import type { CallTarget } from '../service/credentials.ts';
import { ServiceClientError } from '../service/errors.ts';
import { ReviewRefusedError, type ReviewList } from '../service/operations/reviews.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface ReviewPolicy {
  /** Shortest time between two reads of one network's reviews. */
  intervalMs: number;
  /** The profile does not link the network (109): only the person can link it, so ask again after this. */
  notLinkedHoldMs: number;
  /** After a failure worth retrying (the service unreachable, 5xx, 429). */
  retryMs: number;
  /** After a failure that the same request will meet again (a refusal, the plan). */
  refusedHoldMs: number;
}

export const DEFAULT_REVIEW_POLICY: ReviewPolicy = {
  intervalMs: 5 * MINUTE,
  notLinkedHoldMs: 6 * HOUR,
  retryMs: MINUTE,
  refusedHoldMs: 6 * HOUR,
};

export type ReviewFetchOutcome =
  | {
      kind: 'fetched';
      platform: ReviewNetwork;
      /** Every review, newest first. */
      reviews: ReviewRecord[];
      /** Reviews this fetcher had not seen before (all of them on the first fetch). */
      fresh: ReviewRecord[];
      /** Fresh, low and unanswered: to be told at once. Never on the first fetch. */
      urgent: ReviewRecord[];
      first: boolean;
      nextAt: number;
    }
  | { kind: 'not-linked'; platform: ReviewNetwork; nextAt: number }
  | { kind: 'failed'; platform: ReviewNetwork; error: ServiceClientError; nextAt: number };

/** What the fetcher needs of the service client. */
export interface ReviewSource {
  listReviews(target: CallTarget, input: { platform: ReviewNetwork }): Promise<ReviewList>;
}

/** A review that someone should see now: one or two stars, or a Facebook non-recommendation, unanswered. */
export function needsAttentionNow(review: ReviewRecord): boolean {
  if (review.reviewReply !== undefined) return false;
  const stars = reviewStars(review);
  return stars === null ? review.rating === 'negative' : stars <= 2;
}

/**
 * When a network read at `now` may be read again: after the interval, and never before the
 * service's `nextUpdate` (plus a second, so the answer is surely the fresh one).
 */
export function nextReviewReadAt(now: number, nextUpdate: string | undefined, policy: ReviewPolicy = DEFAULT_REVIEW_POLICY): number {
  const serviceSays = nextUpdate === undefined ? Number.NaN : Date.parse(nextUpdate);
  return Math.max(now + policy.intervalMs, Number.isFinite(serviceSays) ? serviceSays + SECOND : 0);
}

interface NetworkState {
  nextAt: number;
  seen: Set<string> | null;
}

/** Reads the reviews of profiles' networks when they are due; keeps, per profile and network, what it saw. */
export class ReviewFetcher {
  private readonly source: ReviewSource;
  private readonly clock: Pick<Clock, 'now'>;
  private readonly policy: ReviewPolicy;
  private readonly states = new Map<string, NetworkState>();

  constructor(source: ReviewSource, clock: Pick<Clock, 'now'>, policy: ReviewPolicy = DEFAULT_REVIEW_POLICY) {
    this.source = source;
    this.clock = clock;
    this.policy = policy;
  }

  /** Whether the network of this profile may be read now (never read: yes). */
  due(target: CallTarget, platform: ReviewNetwork): boolean {
    return (this.states.get(keyOf(target, platform))?.nextAt ?? 0) <= this.clock.now();
  }

  /** Ids already known (from the store) count as seen, so a restart does not bring the backlog again. */
  remember(target: CallTarget, platform: ReviewNetwork, ids: Iterable<string>): void {
    const state = this.stateOf(target, platform);
    state.seen ??= new Set();
    for (const id of ids) state.seen.add(id);
  }

  /** Reads now, whatever is due ("Refresh now" does this); failures are an outcome, never thrown. */
  async fetch(target: CallTarget, platform: ReviewNetwork): Promise<ReviewFetchOutcome> {
    const state = this.stateOf(target, platform);
    let answer: ReviewList;
    try {
      answer = await this.source.listReviews(target, { platform });
    } catch (error) {
      if (!(error instanceof ServiceClientError)) throw error;
      const now = this.clock.now();
      if (error instanceof ReviewRefusedError && error.refusal === 'network-not-linked') {
        state.nextAt = now + this.policy.notLinkedHoldMs;
        return { kind: 'not-linked', platform, nextAt: state.nextAt };
      }
      state.nextAt = now + (error.retryable ? this.policy.retryMs : this.policy.refusedHoldMs);
      return { kind: 'failed', platform, error, nextAt: state.nextAt };
    }
    const first = state.seen === null;
    const seen = state.seen ?? new Set<string>();
    const fresh = answer.reviews.filter((r) => !seen.has(r.id));
    for (const review of fresh) seen.add(review.id);
    state.seen = seen;
    state.nextAt = nextReviewReadAt(this.clock.now(), answer.nextUpdate, this.policy);
    return { kind: 'fetched', platform, reviews: answer.reviews, fresh, urgent: first ? [] : fresh.filter(needsAttentionNow), first, nextAt: state.nextAt };
  }

  private stateOf(target: CallTarget, platform: ReviewNetwork): NetworkState {
    const key = keyOf(target, platform);
    let state = this.states.get(key);
    if (!state) this.states.set(key, (state = { nextAt: 0, seen: null }));
    return state;
  }
}

function keyOf(target: CallTarget, platform: ReviewNetwork): string {
  return `${target.accountId}\u0000${target.profileId ?? ''}\u0000${platform}`;
}
