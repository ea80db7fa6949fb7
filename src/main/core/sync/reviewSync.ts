// The review job of one account (issue 31, item 4; decision 0082): every client profile's Google
// and Facebook reviews, read when due (reviewFetch.ts: at most every 5 minutes a network and never
// before the service's nextUpdate, so one request per network per 10 minutes against the sandbox),
// stored as inbox items of kind 'review' and told as the generic `new-items` sync event.
//
// It runs beside the profiles' comment schedulers rather than inside them: reviews cost about one
// request in 250 of a profile's budget, so they need no ranking against comments; the service
// client draws each read from the profile's rate budget like every other request. The loop wakes
// every `tickMs` (or when nudged) and reads what is due; a failed read waits as the fetcher says.
// The profiles' primary one (the freelancer's own) has no business listing: it is not read.
import type { ReviewAnswer } from '../../../shared/domain/reviewItem.ts';
import { REVIEW_NETWORKS, type ReviewNetwork } from '../../../shared/reviews.ts';
import { type ReviewRecord, reviewStars } from '../../../shared/wire/reviews.ts';
import type { Clock } from '../clock.ts';
import type { CallTarget } from '../service/credentials.ts';
import type { ReviewInput, ReviewStore } from '../store/reviewTable.ts';
import type { SyncListener } from './events.ts';
import { DEFAULT_REVIEW_POLICY, ReviewFetcher, type ReviewPolicy, type ReviewSource } from './reviewFetch.ts';

const SECOND = 1000;

/** What the review job needs of the store. */
export type ReviewSyncStore = Pick<ReviewStore, 'ingestReviews' | 'reviewIds'>;

export interface ReviewSyncDeps {
  accountId: string;
  client: ReviewSource;
  store: ReviewSyncStore;
  clock: Clock;
  listener: SyncListener;
  /** True while the person paused the sync. */
  paused: () => boolean;
  warn?: (message: string, fields: Record<string, unknown>) => void;
  policy?: Partial<ReviewPolicy>;
  /** How often the loop looks for due reads; default 15 s. */
  tickMs?: number;
}

export class ReviewSync {
  readonly #deps: ReviewSyncDeps;
  readonly #fetcher: ReviewFetcher;
  readonly #profiles = new Map<string, { profileId: string; isPrimary: boolean }>();
  #abort: AbortController | null = null;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;

  constructor(deps: ReviewSyncDeps) {
    this.#deps = deps;
    this.#fetcher = new ReviewFetcher(deps.client, deps.clock, { ...DEFAULT_REVIEW_POLICY, ...deps.policy });
  }

  addProfile(profile: { profileId: string; isPrimary: boolean }): void {
    if (profile.isPrimary) return;
    this.#profiles.set(profile.profileId, profile);
    this.nudge();
  }

  start(): void {
    if (this.#loop !== null) return;
    const abort = new AbortController();
    this.#abort = abort;
    this.#loop = this.#run(abort.signal);
  }

  /** Reads what is due now rather than at the next tick (a profile added, back online). */
  nudge(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#abort?.abort();
    this.#wake?.();
    await this.#loop;
    this.#loop = null;
  }

  /**
   * "Refresh now" of a client: its networks are read at once, due or not (the service may answer
   * from its cache). Settles when read; a failure is the fetcher's outcome, never thrown.
   */
  async readNow(profileId: string): Promise<void> {
    const profile = this.#profiles.get(profileId);
    if (profile === undefined || this.#deps.paused()) return;
    const target: CallTarget = { accountId: this.#deps.accountId, profileId };
    try {
      for (const platform of REVIEW_NETWORKS) await this.#read(target, profileId, platform);
    } catch (error) {
      this.#deps.warn?.('Reviews could not be stored', { error: error instanceof Error ? error.name : 'error' });
    }
  }

  /** One pass over every profile's networks: reads the due ones. Public for tests. */
  async readDue(signal?: AbortSignal): Promise<void> {
    for (const profile of [...this.#profiles.values()]) {
      for (const platform of REVIEW_NETWORKS) {
        if (signal?.aborted === true || this.#deps.paused()) return;
        const target: CallTarget = { accountId: this.#deps.accountId, profileId: profile.profileId };
        if (!this.#fetcher.due(target, platform)) continue;
        await this.#read(target, profile.profileId, platform);
      }
    }
  }

  async #run(signal: AbortSignal): Promise<void> {
    const tickMs = this.#deps.tickMs ?? 15 * SECOND;
    while (!signal.aborted) {
      try {
        await this.readDue(signal);
      } catch (error) {
        // A store that could not take the reviews: they come again at the next read.
        this.#deps.warn?.('Reviews could not be stored', { error: error instanceof Error ? error.name : 'error' });
      }
      if (signal.aborted) return;
      const woken = new AbortController();
      this.#wake = () => woken.abort();
      const stop = () => woken.abort();
      signal.addEventListener('abort', stop, { once: true });
      await this.#deps.clock.sleep(tickMs, woken.signal).catch(() => undefined);
      signal.removeEventListener('abort', stop);
      this.#wake = null;
    }
  }

  async #read(target: CallTarget, profileId: string, platform: ReviewNetwork): Promise<void> {
    const known = this.#deps.store.reviewIds(profileId, platform);
    // The store's reviews count as seen: after a restart only new ones are news.
    if (known.length > 0) this.#fetcher.remember(target, platform, known);
    const outcome = await this.#fetcher.fetch(target, platform);
    if (outcome.kind !== 'fetched') return;
    const result = this.#deps.store.ingestReviews(
      profileId,
      outcome.reviews.map((record) => reviewInputOf(platform, record)),
    );
    if (result.rejected.length > 0) this.#deps.warn?.('Some reviews were not stored', { count: result.rejected.length, reason: result.rejected[0]?.reason });
    if (result.added.length === 0) return;
    const firstFetch = outcome.first && known.length === 0;
    this.#deps.listener({ type: 'new-items', kind: 'review', accountId: target.accountId, profileId, platform, keys: result.added, firstFetch });
  }
}

/** The store's form of a review as the service showed it. */
export function reviewInputOf(platform: ReviewNetwork, record: ReviewRecord): ReviewInput {
  const answers: ReviewAnswer[] =
    record.reviewReplies !== undefined && record.reviewReplies.length > 0
      ? record.reviewReplies.map((answer) => ({ text: answer.reply, updated: answer.updated ?? null }))
      : record.reviewReply !== undefined
        ? [{ text: record.reviewReply.reply, updated: record.reviewReply.updated ?? null }]
        : [];
  const stars = platform === 'gmb' ? reviewStars(record) : null;
  return {
    platform,
    reviewId: record.id,
    created: record.created,
    rating: record.rating,
    stars,
    recommends: platform === 'facebook' ? (record.rating === 'positive' ? true : record.rating === 'negative' ? false : null) : null,
    text: record.review ?? '',
    reviewerName: record.reviewer?.name ?? (platform === 'gmb' ? 'A Google user' : 'Someone on Facebook'),
    reviewerId: record.reviewer?.id ?? '',
    answers,
    raw: JSON.stringify(record),
  };
}
