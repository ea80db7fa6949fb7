// A stand-in for the service client, for the scheduler's unit tests: a tiny world of posts and
// comments answered in memory, on the test's clock, with the client's real RateBudget deciding
// permits (as the real client does with whenBudgetSpent: 'fail') and the service's fixed-window
// count kept on the side, so a test can tell how much of each window was used. `failure` injects
// faults (no answer, an error status) per request.
import type { AnalyticsBatchResult } from '../../../src/main/core/service/analyticsResults.ts';
import type { Clock } from '../../../src/main/core/clock.ts';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import { HttpError, RateBudgetSpentError } from '../../../src/main/core/service/errors.ts';
import {
  type AccountAnalyticsAnswer,
  type AccountAnalyticsFailure,
  type AccountAnalyticsInput,
  AccountAnalyticsRefusedError,
  type AccountAnalyticsResult,
  accountResultOf,
} from '../../../src/main/core/service/operations/accountAnalytics.ts';
import type { AnalyticsByServiceIdInput, AnalyticsBySocialIdsInput } from '../../../src/main/core/service/operations/analytics.ts';
import type { CommentsAddress } from '../../../src/main/core/service/operations/comments.ts';
import type { ConversationMessages, GetConversationInput, ListConversationsInput } from '../../../src/main/core/service/operations/messages.ts';
import { MessageRefusedError } from '../../../src/main/core/service/operations/messages.ts';
import type { NetworkHistoryInput } from '../../../src/main/core/service/operations/posts.ts';
import { type BudgetState, RateBudget } from '../../../src/main/core/service/rateBudget.ts';
import type { CallOptions } from '../../../src/main/core/service/requestRunner.ts';
import type { SyncClient } from '../../../src/main/core/sync/syncClient.ts';
import type { MessageNetwork, Network } from '../../../src/shared/networks.ts';
import type { AnalyticsByServiceIdResponse, AnalyticsEntry } from '../../../src/shared/wire/analytics.ts';
import type { CommentRecord, CommentsResponse } from '../../../src/shared/wire/comments.ts';
import type { ConversationIdsResponse, MessageRecord } from '../../../src/shared/wire/messages.ts';
import type { HistoryQuery, HistoryResponse, NetworkHistoryResponse } from '../../../src/shared/wire/posts.ts';
import type { UserResponse } from '../../../src/shared/wire/profiles.ts';

export interface FakePost {
  servicePostId: string | null;
  platform: Network;
  socialPostId: string;
  created: string;
  comments: CommentRecord[];
}

export interface FakeConversation {
  platform: MessageNetwork;
  conversationId: string;
  /** Oldest first. */
  messages: MessageRecord[];
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
  /** Social post ids the service no longer finds: analytics by social id answers 186 for them. */
  readonly missing = new Set<string>();
  /** Analytics ids asked for before the nextUpdate the service gave them. */
  earlyAnalytics = 0;
  conversations: FakeConversation[] = [];
  /** Messaging off for the profile (361), or networks whose link must be renewed (362). */
  messaging: { enabled: boolean; relinkRequired: MessageNetwork[] } = { enabled: true, relinkRequired: [] };
  /** Message reads (lists and conversations) asked before the nextUpdate the service gave that read. */
  earlyMessages = 0;
  /** Networks whose account figures the service refuses (another code than 109, "not linked"). */
  accountRefused: Network[] = [];
  /** Networks GET /user lists but whose account figures the service answers with 109 (unlinked since). */
  accountUnlinked: Network[] = [];
  /** twitter's page size (the client's default is 100). */
  twitterPageSize = 100;
  private readonly messageNextUpdates = new Map<string, number>();
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
        postIds: posts.map((p) => ({
          status: 'success',
          id: p.socialPostId,
          platform: p.platform,
          postUrl: `https://${p.platform}.example/${p.socialPostId}`,
        })),
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
      results: input.ids.map((id) =>
        this.missing.has(id)
          ? { id, status: 'not-found', message: `Post id ${id} not found for this account` }
          : { id, status: 'found', entry: this.entry(`${input.platform}:${id}`, id) },
      ),
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

  /** Account figures as the service answers them (read by the client's own code): followers grow a hundred a day. */
  async accountAnalytics(_target: CallTarget, input: AccountAnalyticsInput, options?: CallOptions): Promise<AccountAnalyticsAnswer> {
    await this.begin('accountAnalytics', [...input.platforms].sort().join(','), options);
    const now = this.clock.now();
    const body: Record<string, unknown> = { status: 'success' };
    for (const network of input.platforms) {
      if (!this.linked.includes(network) || this.accountUnlinked.includes(network))
        body[network] = { status: 'error', code: 109, message: `${network} is not linked`, platform: network };
      else if (this.accountRefused.includes(network)) body[network] = { status: 'error', code: 300, message: `${network} refused`, platform: network };
      else {
        body[network] = {
          analytics: { followersCount: 1000 + Math.floor(now / (24 * 60 * 60_000)) * 100, followsCount: 10 },
          lastUpdated: new Date(now).toISOString(),
          nextUpdate: new Date(now + 60 * 60_000).toISOString(),
        };
      }
    }
    const networks: Partial<Record<Network, AccountAnalyticsResult>> = {};
    for (const network of input.platforms) networks[network] = accountResultOf(network, body);
    const failures = Object.values(networks).filter((r): r is AccountAnalyticsFailure => r.status !== 'found');
    // As the client reads the service's HTTP 400 when no network answered.
    if (failures.length === input.platforms.length)
      throw new AccountAnalyticsRefusedError(this.httpError('accountAnalytics', 400, 109, 'Not linked'), failures);
    return { status: failures.length > 0 ? 'error' : 'success', networks, answer: { status: 'success', ...body } };
  }

  async listConversations(_target: CallTarget, input: ListConversationsInput, options?: CallOptions): Promise<ConversationIdsResponse> {
    await this.begin('listConversations', input.platform, options);
    this.messagingGuard('listConversations', input.platform);
    const latest = (c: FakeConversation) => c.messages.at(-1)?.created ?? '';
    const ids = this.conversations
      .filter((c) => c.platform === input.platform)
      .sort((a, b) => latest(b).localeCompare(latest(a)))
      .map((c) => c.conversationId);
    return { status: 'success', conversationIds: ids, ...this.messageStamps(`list:${input.platform}`, input.platform) };
  }

  /** One page (the sync asks page by page); twitter pages by `twitterPageSize`, the cursor an index. */
  async getConversation(_target: CallTarget, input: GetConversationInput, options?: CallOptions): Promise<ConversationMessages> {
    await this.begin('getConversation', `${input.platform}:${input.conversationId}`, options);
    this.messagingGuard('getConversation', input.platform);
    const conversation = this.conversations.find((c) => c.platform === input.platform && c.conversationId === input.conversationId);
    if (!conversation) throw this.httpError('getConversation', 404, 114, 'No such conversation');
    const newestFirst = [...conversation.messages].reverse();
    const from = Number(input.next ?? 0);
    const size = input.platform === 'twitter' ? this.twitterPageSize : newestFirst.length;
    const page = newestFirst.slice(from, from + size);
    const next = input.platform === 'twitter' && from + size < newestFirst.length ? String(from + size) : undefined;
    const stamps = this.messageStamps(`read:${input.platform}:${input.conversationId}:${from}`, input.platform);
    return { messages: structuredClone(page), next, ...stamps, pages: 1 };
  }

  private messagingGuard(operation: string, platform: MessageNetwork): void {
    if (!this.messaging.enabled) {
      throw new MessageRefusedError('messaging-off', platform, this.httpError(operation, 403, 361, 'Messaging is not enabled for this profile'));
    }
    if (!this.linked.includes(platform)) {
      throw new MessageRefusedError('network-not-linked', platform, this.httpError(operation, 400, 109, `${platform} is not linked`));
    }
    if (this.messaging.relinkRequired.includes(platform)) {
      throw new MessageRefusedError('relink-required', platform, this.httpError(operation, 400, 362, `The ${platform} link must be renewed`));
    }
  }

  private httpError(operation: string, status: number, code: number, message: string): HttpError {
    return new HttpError({
      operation,
      status,
      code,
      serviceMessage: message,
      errors: [],
      hint: undefined,
      body: {},
      retryable: false,
      writeOutcome: 'not-applied',
    });
  }

  /** The service caches message answers 60 s (15 s on X); a read of the same thing before then is counted early. */
  private messageStamps(key: string, platform: MessageNetwork): { lastUpdated: string; nextUpdate: string } {
    const now = this.clock.now();
    if (now < (this.messageNextUpdates.get(key) ?? 0)) this.earlyMessages++;
    const nextUpdate = now + (platform === 'twitter' ? 15_000 : 60_000);
    this.messageNextUpdates.set(key, nextUpdate);
    return { lastUpdated: new Date(now).toISOString(), nextUpdate: new Date(nextUpdate).toISOString() };
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

let messageSeq = 0;

/** A direct message as GET /messages lists it: `received` from the person, or `sent` by the account. */
export function messageRecord(platform: MessageNetwork, conversationId: string, created: number, action: 'sent' | 'received' = 'received'): MessageRecord {
  messageSeq++;
  const person = `person-${conversationId}`;
  return {
    id: `m${messageSeq}`,
    action,
    message: `message ${messageSeq}`,
    conversationId,
    created: new Date(created).toISOString(),
    platform,
    senderId: action === 'received' ? person : `me-${platform}`,
    recipientId: action === 'received' ? `me-${platform}` : person,
    senderDetails: { name: action === 'received' ? `Person ${conversationId}` : 'Me' },
  };
}
