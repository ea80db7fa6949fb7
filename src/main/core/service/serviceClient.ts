// The service client: one method per operation of the spec. Each call names whom it is for (an
// account and optionally one of its client profiles), is checked against the spec's rules before
// anything is sent, draws from that profile's rate budget, and ends in a typed answer or one of the
// errors of errors.ts. Constructed with its ports, so the host decides where keys come from, what
// time it is, and where events go.
import type {
  CreatePostBody,
  CreatePostResponse,
  DeletePostResponse,
  HistoryQuery,
  HistoryResponse,
  NetworkHistoryResponse,
  UpdatePostResponse,
} from '../../../shared/wire/posts.ts';
import type { AnalyticsByServiceIdResponse } from '../../../shared/wire/analytics.ts';
import type { CommentsResponse, DeleteCommentResponse, PostCommentResponse } from '../../../shared/wire/comments.ts';
import type { ConversationIdsResponse, MessageSent, MessagesResponse } from '../../../shared/wire/messages.ts';
import type { CreateProfileResponse, ProfilesResponse, UserResponse } from '../../../shared/wire/profiles.ts';
import type { RegisterWebhookResponse, UnregisterWebhookResponse, WebhookSecretResponse, WebhooksResponse } from '../../../shared/wire/webhooks.ts';
import type { WebhookAction } from '../../../shared/networks.ts';
import type { ReviewNetwork } from '../../../shared/reviews.ts';
import type { AnalyticsBatchResult } from './analyticsResults.ts';
import { type Clock, systemClock } from '../clock.ts';
import type { CallTarget, CredentialVault } from './credentials.ts';
import type { ServiceEventListener } from './events.ts';
import { createProfile, listProfiles, user } from './operations/account.ts';
import { accountAnalytics, type AccountAnalyticsAnswer, type AccountAnalyticsInput } from './operations/accountAnalytics.ts';
import { analyticsByServiceId, type AnalyticsByServiceIdInput, analyticsBySocialIds, type AnalyticsBySocialIdsInput } from './operations/analytics.ts';
import { type CommentsAddress, deleteComment, type DeleteCommentInput, getComments, postComment, type PostCommentInput } from './operations/comments.ts';
import {
  type ConversationMessages,
  getConversation,
  type GetConversationInput,
  listConversations,
  type ListConversationsInput,
  listMessages,
  type ListMessagesInput,
  sendMessage,
  type SendMessageInput,
} from './operations/messages.ts';
import {
  createPost,
  deletePost,
  type DeletePostInput,
  history,
  networkHistory,
  type NetworkHistoryInput,
  updatePost,
  type UpdatePostInput,
} from './operations/posts.ts';
import { reply, type ReplyInput, type ReplyResult } from './operations/replies.ts';
import * as reviews from './operations/reviews.ts';
import { listWebhooks, registerWebhook, type RegisterWebhookInput, setWebhookSecret, unregisterWebhook } from './operations/webhooks.ts';
import type { BudgetState, RateBudgetOptions } from './rateBudget.ts';
import { RateBudgets } from './rateBudgets.ts';
import { type CallOptions, RequestRunner } from './requestRunner.ts';
import type { HttpTransport } from './transport.ts';
import { UndiciTransport, type UndiciTransportOptions } from './undiciTransport.ts';

export interface ServiceClientPorts {
  vault: CredentialVault;
  /** Default: the system clock. */
  clock?: Clock;
  /** Default: undici, one keep-alive pool per base URL. */
  transport?: HttpTransport;
  /** Options of the default transport (ignored when `transport` is given). */
  transportOptions?: UndiciTransportOptions;
  /** Options of every profile's rate budget (limit until the service says otherwise, margin, backoff). */
  budget?: Omit<RateBudgetOptions, 'clock'>;
  onEvent?: ServiceEventListener;
}

export class ServiceClient {
  private readonly runner: RequestRunner;
  private readonly budgets: RateBudgets;
  private readonly transport: HttpTransport;

  constructor(ports: ServiceClientPorts) {
    const clock = ports.clock ?? systemClock;
    this.transport = ports.transport ?? new UndiciTransport(ports.transportOptions);
    this.budgets = new RateBudgets({ ...ports.budget, clock });
    this.runner = new RequestRunner({
      vault: ports.vault,
      transport: this.transport,
      budgets: this.budgets,
      clock,
      ...(ports.onEvent ? { onEvent: ports.onEvent } : {}),
    });
  }

  // Comments

  /** The comments of a service post, of a social post, or one social comment with its replies. */
  getComments(target: CallTarget, address: CommentsAddress, options?: CallOptions): Promise<CommentsResponse> {
    return getComments(this.runner, target, address, options);
  }

  /** A comment by the account on a post (service post id, or social post id on one network). */
  postComment(target: CallTarget, input: PostCommentInput, options?: CallOptions): Promise<PostCommentResponse> {
    return postComment(this.runner, target, input, options);
  }

  /** A reply to a comment, by service comment id or by social comment id with its network's parameters. */
  reply(target: CallTarget, input: ReplyInput, options?: CallOptions): Promise<ReplyResult> {
    return reply(this.runner, target, input, options);
  }

  deleteComment(target: CallTarget, input: DeleteCommentInput, options?: CallOptions): Promise<DeleteCommentResponse> {
    return deleteComment(this.runner, target, input, options);
  }

  // Direct messages (facebook, instagram, twitter)

  /** The profile's conversation ids on a network, most recent first. */
  listConversations(target: CallTarget, input: ListConversationsInput, options?: CallOptions): Promise<ConversationIdsResponse> {
    return listConversations(this.runner, target, input, options);
  }

  /** One conversation's messages, newest first; on twitter paged through the cursor up to a bound. */
  getConversation(target: CallTarget, input: GetConversationInput, options?: CallOptions): Promise<ConversationMessages> {
    return getConversation(this.runner, target, input, options);
  }

  /** The messages of every active (or archived) conversation on a network; on twitter one page with `limit`. */
  listMessages(target: CallTarget, input: ListMessagesInput, options?: CallOptions): Promise<MessagesResponse> {
    return listMessages(this.runner, target, input, options);
  }

  /** A direct message by the account to a person who wrote first. */
  sendMessage(target: CallTarget, input: SendMessageInput, options?: CallOptions): Promise<MessageSent> {
    return sendMessage(this.runner, target, input, options);
  }

  // Reviews (Google Business Profile and Facebook Page ratings; docs/service-reviews.md)

  listReviews(target: CallTarget, input: { platform: ReviewNetwork }, options?: CallOptions): Promise<reviews.ReviewList> {
    return reviews.listReviews(this.runner, target, input, options);
  }

  getReview(target: CallTarget, input: { id: string }, options?: CallOptions): Promise<reviews.ReviewRecord> {
    return reviews.getReview(this.runner, target, input, options);
  }

  /** Google: settled by reading back and sent again only where it replaces; Facebook: sent once. */
  replyToReview(target: CallTarget, input: reviews.ReplyToReviewInput, options?: CallOptions): Promise<reviews.ReviewWriteResult> {
    return reviews.replyToReview(this.runner, target, input, options);
  }

  deleteReviewReply(target: CallTarget, input: { platform: ReviewNetwork; reviewId: string }, options?: CallOptions): Promise<reviews.ReviewWriteResult> {
    return reviews.deleteReviewReply(this.runner, target, input, options);
  }

  // Analytics

  /** Analytics of any number of social post ids on one network: ≤100 per request, merged per id. */
  analyticsBySocialIds(target: CallTarget, input: AnalyticsBySocialIdsInput, options?: CallOptions): Promise<AnalyticsBatchResult> {
    return analyticsBySocialIds(this.runner, target, input, options);
  }

  /** Analytics of one post made through the service, per network it is on. */
  analyticsByServiceId(target: CallTarget, input: AnalyticsByServiceIdInput, options?: CallOptions): Promise<AnalyticsByServiceIdResponse> {
    return analyticsByServiceId(this.runner, target, input, options);
  }

  /** The account figures (followers, reach, views…) of the profile's networks, one result per network. */
  accountAnalytics(target: CallTarget, input: AccountAnalyticsInput, options?: CallOptions): Promise<AccountAnalyticsAnswer> {
    return accountAnalytics(this.runner, target, input, options);
  }

  // Posts and histories

  createPost(target: CallTarget, input: CreatePostBody, options?: CallOptions): Promise<CreatePostResponse> {
    return createPost(this.runner, target, input, options);
  }

  /** Turns comments off (true) or on (false) on a published post: instagram, linkedin, tiktok. */
  updatePost(target: CallTarget, input: UpdatePostInput, options?: CallOptions): Promise<UpdatePostResponse> {
    return updatePost(this.runner, target, input, options);
  }

  deletePost(target: CallTarget, input: DeletePostInput, options?: CallOptions): Promise<DeletePostResponse> {
    return deletePost(this.runner, target, input, options);
  }

  history(target: CallTarget, query?: HistoryQuery, options?: CallOptions): Promise<HistoryResponse> {
    return history(this.runner, target, query, options);
  }

  networkHistory(target: CallTarget, input: NetworkHistoryInput, options?: CallOptions): Promise<NetworkHistoryResponse> {
    return networkHistory(this.runner, target, input, options);
  }

  // Account and profiles

  user(target: CallTarget, options?: CallOptions): Promise<UserResponse> {
    return user(this.runner, target, options);
  }

  listProfiles(target: CallTarget, options?: CallOptions): Promise<ProfilesResponse> {
    return listProfiles(this.runner, target, options);
  }

  createProfile(target: CallTarget, input: { title: string }, options?: CallOptions): Promise<CreateProfileResponse> {
    return createProfile(this.runner, target, input, options);
  }

  // Webhooks

  registerWebhook(target: CallTarget, input: RegisterWebhookInput, options?: CallOptions): Promise<RegisterWebhookResponse> {
    return registerWebhook(this.runner, target, input, options);
  }

  listWebhooks(target: CallTarget, options?: CallOptions): Promise<WebhooksResponse> {
    return listWebhooks(this.runner, target, options);
  }

  unregisterWebhook(target: CallTarget, input: { action: WebhookAction }, options?: CallOptions): Promise<UnregisterWebhookResponse> {
    return unregisterWebhook(this.runner, target, input, options);
  }

  setWebhookSecret(target: CallTarget, input: { secret: string }, options?: CallOptions): Promise<WebhookSecretResponse> {
    return setWebhookSecret(this.runner, target, input, options);
  }

  // Housekeeping

  /** Where a profile's rate budget stands (for the status line and the sync scheduler). */
  budgetOf(target: CallTarget): BudgetState {
    return this.budgets.for(target).state();
  }

  /** Closes the open connections. */
  close(): Promise<void> {
    return this.transport.close();
  }
}
