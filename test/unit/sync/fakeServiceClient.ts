// A stand-in for the service client, for the scheduler's unit tests: a tiny world of posts and
// comments answered in memory, on the test's clock, with the client's real RateBudget deciding
// permits (as the real client does with whenBudgetSpent: 'fail') and the service's fixed-window
// count kept on the side, so a test can tell how much of each window was used. `failure` injects
// faults (no answer, an error status) per request.
import type { AnalyticsBatchResult } from '../../../src/main/core/service/analyticsResults.ts';
import type { Clock } from '../../../src/main/core/clock.ts';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import { RateBudgetSpentError } from '../../../src/main/core/service/errors.ts';
import type { AnalyticsByServiceIdInput, AnalyticsBySocialIdsInput } from '../../../src/main/core/service/operations/analytics.ts';
import type { CommentsAddress } from '../../../src/main/core/service/operations/comments.ts';
import type { NetworkHistoryInput } from '../../../src/main/core/service/operations/posts.ts';
import { type BudgetState, RateBudget } from '../../../src/main/core/service/rateBudget.ts';
import type { CallOptions } from '../../../src/main/core/service/requestRunner.ts';
import type { SyncClient } from '../../../src/main/core/sync/syncClient.ts';
import type { Network } from '../../../src/shared/networks.ts';
import type { AnalyticsByServiceIdResponse, AnalyticsEntry } from '../../../src/shared/wire/analytics.ts';
import type { CommentRecord, CommentsResponse } from '../../../src/shared/wire/comments.ts';
import type { HistoryQuery, HistoryResponse, NetworkHistoryResponse } from '../../../src/shared/wire/posts.ts';
import type { UserResponse } from '../../../src/shared/wire/profiles.ts';

export interface FakePost {
  servicePostId: string | null;
  platform: Network;
  socialPostId: string;
  created: string;
  comments: CommentRecord[];
}

export interface FakeCall {
  operation: string;
  at: number;
  /** The post, network or ids the request was about. */
  detail: string;
}

const WINDOW_MS = 5 * 60_000;

export class FakeServiceClient implements SyncClient {
  readonly calls: FakeCall[] = [];
  readonly budget: RateBudget;
  linked: Network[];
  posts: FakePost[] = [];
  failure: ((call: FakeCall) => Error | undefined) | undefined;
  /** The most requests any fixed service window saw. */
  maxWindowCount = 0;
  /** Requests the budget refused (the scheduler asked for more than the budget allowed). */
  refusedByBudget = 0;
  /** Analytics ids asked for before the nextUpdate the service gave them. */
  earlyAnalytics = 0;
  private readonly clock: Clock;
  private readonly limit: number;
  private windowStart: number | undefined;
  private windowCount = 0;
  private readonly nextUpdates = new Map<string, number>();
  private readonly analyticsRefreshMs = 10 * 60_000;

  constructor(clock: Clock, options: { limit?: number; linked?: Network[] } = {}) {
    this.clock = clock;
    this.limit = options.limit ?? 300;
    this.linked = options.linked ?? ['facebook', 'instagram'];
    this.budget = new RateBudget({ clock, limit: this.limit, random: () => 0.5 });
  }

  callsOf(operation: string): FakeCall[] {
    return this.calls.filter((c) => c.operation === operation);
  }

  budgetOf(): BudgetState {
    return this.budget.state();
  }

  async user(_target: CallTarget, options?: CallOptions): Promise<UserResponse> {
    await this.begin('user', '', options);
    return {
      activeSocialAccounts: this.linked,
      displayNames: this.linked.map((platform) => ({ platform, id: `me-${platform}`, username: `me_${platform}` })),
      refId: 'profile-1',
      title: 'Bloom Bakery',
    };
  }

  async history(_target: CallTarget, _query?: HistoryQuery, options?: CallOptions): Promise<HistoryResponse> {
    await this.begin('history', '', options);
    const byService = new Map<string, FakePost[]>();
    for (const post of this.posts) {
      if (post.servicePostId === null) continue;
      byService.set(post.servicePostId, [...(byService.get(post.servicePostId) ?? []), post]);
    }
    return {
      history: [...byService].map(([id, posts]) => ({
        id,
        created: posts[0]!.created,
        post: `post ${id}`,
        platforms: posts.map((p) => p.platform),
        postIds: posts.map((p) => ({ status: 'success', id: p.socialPostId, platform: p.platform, postUrl: `https://${p.platform}.example/${p.socialPostId}` })),
        status: 'success',
        type: 'now',
      })),
    };
  }

  async networkHistory(_target: CallTarget, input: NetworkHistoryInput, options?: CallOptions): Promise<NetworkHistoryResponse> {
    await this.begin('networkHistory', input.platform, options);
    return {
      status: 'success',
      posts: this.posts.filter((p) => p.platform === input.platform).map((p) => ({ id: p.socialPostId, created: p.created, post: `post ${p.socialPostId}` })),
    };
  }

  async getComments(_target: CallTarget, address: CommentsAddress, options?: CallOptions): Promise<CommentsResponse> {
    await this.begin('getComments', address.id, options);
    const posts =
      address.by === 'servicePost'
        ? this.posts.filter((p) => p.servicePostId === address.id)
        : this.posts.filter((p) => p.socialPostId === address.id && p.platform === address.platform);
    const response: CommentsResponse = { status: 'success', id: address.id };
    for (const post of posts) response[post.platform] = structuredClone(post.comments);
    return response;
  }

  async analyticsBySocialIds(_target: CallTarget, input: AnalyticsBySocialIdsInput, options?: CallOptions): Promise<AnalyticsBatchResult> {
    await this.begin('analyticsBySocialIds', `${input.platform}:${input.ids.length}`, options);
    return {
      platform: input.platform,
      requests: 1,
      results: input.ids.map((id) => ({ id, status: 'found', entry: this.entry(`${input.platform}:${id}`, id) })),
    };
  }

  async analyticsByServiceId(_target: CallTarget, input: AnalyticsByServiceIdInput, options?: CallOptions): Promise<AnalyticsByServiceIdResponse> {
    await this.begin('analyticsByServiceId', input.id, options);
    const response: AnalyticsByServiceIdResponse = { status: 'success', id: input.id };
    for (const post of this.posts.filter((p) => p.servicePostId === input.id && (input.platforms ?? [p.platform]).includes(p.platform))) {
      response[post.platform] = this.entry(`${post.platform}:${post.socialPostId}`, post.socialPostId);
    }
    return response;
  }

  /** The service refreshes analytics every 10 minutes; the numbers grow with time. */
  private entry(key: string, id: string): AnalyticsEntry {
    const now = this.clock.now();
    if (now < (this.nextUpdates.get(key) ?? 0)) this.earlyAnalytics++;
    const lastUpdated = Math.floor(now / this.analyticsRefreshMs) * this.analyticsRefreshMs;
    const nextUpdate = lastUpdated + this.analyticsRefreshMs;
    this.nextUpdates.set(key, nextUpdate);
    return {
      id,
      analytics: { likeCount: Math.floor(lastUpdated / 60_000) % 1000 },
      lastUpdated: new Date(lastUpdated).toISOString(),
      nextUpdate: new Date(nextUpdate).toISOString(),
    };
  }

  /** Takes a permit as the real client does, counts the request in the service's window, applies faults. */
  private async begin(operation: string, detail: string, options: CallOptions | undefined): Promise<void> {
    const now = this.clock.now();
    const permit = this.budget.tryAcquire();
    if (!permit.granted) {
      this.refusedByBudget++;
      throw new RateBudgetSpentError(operation, 'retryAt' in permit ? permit.retryAt : now, now);
    }
    if (this.windowStart === undefined || now - this.windowStart >= WINDOW_MS) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount++;
    this.maxWindowCount = Math.max(this.maxWindowCount, this.windowCount);
    const call: FakeCall = { operation, at: now, detail };
    this.calls.push(call);
    const failure = this.failure?.(call);
    if (failure) {
      this.budget.noAnswer();
      throw failure;
    }
    this.budget.answered(this.limit, this.windowCount);
    options?.signal?.throwIfAborted();
    await Promise.resolve();
  }
}

let commentSeq = 0;

/** A comment record as GET /comments lists it. */
export function commentRecord(platform: Network, created: number, extra: Partial<CommentRecord> = {}): CommentRecord {
  commentSeq++;
  return {
    comment: `comment ${commentSeq}`,
    commentId: `c${commentSeq}`,
    created: new Date(created).toISOString(),
    platform,
    from: { id: `fan-${commentSeq}`, username: `fan_${commentSeq}` },
    username: `fan_${commentSeq}`,
    likeCount: 0,
    hidden: false,
    ...extra,
  };
}
