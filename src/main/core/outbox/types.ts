// What the reply outbox holds and promises: an item per reply the person wrote, its state and its
// result on each network, and the ports the outbox is built with. The UI shows items exactly as
// they are here (optimistic: an item exists the moment `enqueue` returns).
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import type { MessageNetwork, Network } from '../../../shared/networks.ts';
import type { Clock } from '../clock.ts';
import type { CallTarget } from '../service/credentials.ts';
import type { CommentsAddress } from '../service/operations/comments.ts';
import type { ConversationMessages, GetConversationInput, SendMessageInput } from '../service/operations/messages.ts';
import type { MessageSent } from '../../../shared/wire/messages.ts';
import type { ReplyInput, ReplyResult } from '../service/operations/replies.ts';
import type { CallOptions } from '../service/requestRunner.ts';
import type { CommentsResponse } from '../../../shared/wire/comments.ts';
import type { ReviewNetwork } from '../../../shared/reviews.ts';
import type { ReplyToReviewInput, ReviewList, ReviewRecord, ReviewWriteResult } from '../service/operations/reviews.ts';

/**
 * queued  → written, not yet tried (or tried again on demand); goes out after the undo window.
 * sending → in flight: being sent, or the thread is being read to learn what an earlier attempt did.
 * waiting → a try failed in a way that can pass (offline, 5xx, 429, outcome unknown); retries at `nextAttemptAt`.
 * sent    → on every network it was meant for (posted by us, or adopted after an unknown outcome).
 * failed  → the service refused it (4xx); `lastError` says why. Edit and retry, or cancel.
 * cancelled → the person took it back (undo, or cancel before it went out).
 */
export const OUTBOX_STATES = ['queued', 'sending', 'waiting', 'sent', 'failed', 'cancelled'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** The result on one network of a (possibly multi-network) reply. */
export type NetworkResult =
  | {
      state: 'sent';
      /** The social comment id of the reply on that network; null when the service applied it but its answer was unreadable. */
      socialCommentId: string | null;
      /** The service comment id of the reply (reply to or delete it by this id); null when adopted or unknown. */
      serviceCommentId: string | null;
      postUrl: string | null;
      /** True when found in the thread after an attempt whose outcome was unknown, rather than confirmed by the answer. */
      adopted: boolean;
      /** Epoch ms when the outbox learned it. */
      at: number;
    }
  | { state: 'failed'; code: string; message: string; at: number };

export interface OutboxErrorInfo {
  /** The service's code ("215"), "http-503", or what broke ("network", "timeout", "outcome-unknown", "interrupted", …). */
  code: string;
  /** For a person; never a key. */
  message: string;
  /** Held in a team (`team-answered`): who took the claim first, on which device, when (epoch ms), from the claim document. */
  answeredBy?: AnsweredBy;
}

export interface AnsweredBy {
  who: string;
  device: string;
  at: number;
  /** The claim could not be read (app/teamClaims.ts): `who` is '' when not even that was, and `device`, `at` are not known. */
  unreadable?: true;
}

/**
 * Where the parent of a reply by service comment id lives, so that an attempt whose outcome is
 * unknown can be checked: the comments of the service post, and the parent's social id on each
 * network. A reply by social comment id needs none of this (the parent is read directly).
 */
export interface ServiceThread {
  servicePostId: string;
  /** Every network the post is on (decides the X headers of the read). */
  postNetworks: Network[];
  /** The parent comment's social comment id on each network the reply goes to. */
  parents: Partial<Record<Network, string>>;
}

/** A direct message as the outbox sends it (POST /messages/:platform). `message` is always the item's `text`. */
export interface DirectMessageRequest {
  platform: MessageNetwork;
  conversationId: string;
  /** The person written to: the `senderId` of their messages. */
  recipientId: string;
  message: string;
  /**
   * Not sent: facebook and instagram's reply window, epoch ms when it closes (null: X, or it never
   * opened). A message written after it is refused before anything is queued; one still queued when
   * it closes fails with the reason instead of being sent.
   */
  replyWindowClosesAt: number | null;
}

interface OutboxItemBase {
  /** Local id (uuid); never sent to the service. */
  id: string;
  /** Queue position: smaller goes first within a profile. */
  seq: number;
  target: CallTarget;
  /** The local key it answers: a comment's `${platform}:${socialCommentId}`, a conversation's `dm:${platform}:${conversationId}`. */
  answers: string;
  text: string;
  /** Epoch ms when the person wrote it. */
  created: number;
  /** Epoch ms before which it is not sent: the end of the undo window. */
  sendAfter: number;
  state: OutboxState;
  /** One entry per network that has an outcome; networks still to go have none. */
  /** Keyed by the network written to (a review's may be gmb). */
  results: Partial<Record<ItemNetwork, NetworkResult>>;
  /** Requests that wrote (or may have written) this reply. */
  attempts: number;
  /** Epoch ms of the first such request; replies found in the thread must be no older. */
  firstAttemptAt: number | null;
  /** Epoch ms of the latest such request. */
  lastAttemptAt: number | null;
  lastError: OutboxErrorInfo | null;
  /** Epoch ms of the next try, while `waiting`. */
  nextAttemptAt: number | null;
  /** An earlier attempt may have been posted: the thread is read before anything is sent again. */
  outcomeUnknown: boolean;
  /**
   * The person asked to cancel while an earlier attempt may have been posted: the check decides.
   * Found → sent ("it was posted"); not found → cancelled, nothing sent again. Absent means false.
   */
  cancelRequested?: boolean;
  /**
   * It went out without the team server's check (solo multi-device mode, the server away): its card
   * says so. Set by the attempt the team let go unchecked, cleared by a later checked one; absent means false.
   */
  sentUnchecked?: true;
  /** Consecutive failures that could pass; drives the backoff. */
  failures: number;
  /** Epoch ms of the last change. */
  updated: number;
}

export interface ReplyItem extends OutboxItemBase {
  kind: 'reply';
  /** The reply as the service client takes it; `request.comment` is always `text`. */
  request: ReplyInput;
  /** Set for replies by service comment id. */
  thread: ServiceThread | null;
}

/** A direct message: its result is on its one network, with the message id as `socialCommentId`. */
export interface MessageItem extends OutboxItemBase {
  kind: 'message';
  request: DirectMessageRequest;
  thread: null;
}

/** A public reply to a client's review (POST /reviews), or the removal of the business's reply (DELETE /reviews): reviewTask.ts. */
export interface ReviewReplyRequest {
  platform: ReviewNetwork;
  reviewId: string;
  /** The reply's words (always the item's `text`); '' for a removal. */
  reply: string;
}

export interface ReviewReplyItem extends OutboxItemBase {
  kind: 'review-reply';
  request: ReviewReplyRequest;
  thread: null;
}

export interface ReviewReplyDeleteItem extends OutboxItemBase {
  kind: 'review-reply-delete';
  request: ReviewReplyRequest;
  thread: null;
}

export type OutboxItem = ReplyItem | MessageItem | ReviewReplyItem | ReviewReplyDeleteItem;

/** A direct message the person wrote, and the conversation it goes to. */
export interface NewMessage {
  target: CallTarget;
  request: DirectMessageRequest;
  /** The conversation's inbox key: `dm:${platform}:${conversationId}`. */
  answers: string;
}

/** What the person wrote and where it goes. */
export interface NewReply {
  target: CallTarget;
  request: ReplyInput;
  /** The local comment key it answers: `${platform}:${socialCommentId}`. */
  answers: string;
  /** Required for a reply by service comment id. */
  thread?: ServiceThread;
}

/** A row that could not be read as an item: moved aside with the reason, never sent, never lost. */
export interface QuarantinedRow {
  quarantineId: number;
  /** The item id, when the row had a readable one. */
  itemId: string | null;
  reason: string;
  /** Epoch ms. */
  at: number;
  /** The row's columns as JSON text. */
  row: string;
}

/** A queue file found damaged at open: moved aside, replaced by a fresh one, its readable rows put back. */
export interface DamagedFileReport {
  /** damaged: SQLite found it broken; empty: cut to nothing; not-a-file: something else in its place. */
  kind: 'damaged' | 'empty' | 'not-a-file';
  /** What was wrong, in words (SQLite's own included: for the log). */
  problem: string;
  /** The name the damaged file was moved to, next to the fresh one. */
  movedTo: string;
  /** Why nothing could be read back from it, or null. */
  unreadable: string | null;
  /** Rows put back into the fresh file, and of those the ones still to be sent. */
  restored: number;
  pending: number;
  /** Rows read back that could not be used: set aside, listed with the others. */
  setAside: number;
  /** Epoch ms. */
  at: number;
}

export type OutboxEvent =
  { type: 'added'; item: OutboxItem } | { type: 'changed'; item: OutboxItem } | { type: 'removed'; id: string } | { type: 'quarantined'; row: QuarantinedRow };

export type OutboxListener = (event: OutboxEvent) => void;

/** The part of the service client the outbox uses (the ServiceClient itself in the app). */
export interface OutboxServiceClient {
  reply(target: CallTarget, input: ReplyInput, options?: CallOptions): Promise<ReplyResult>;
  getComments(target: CallTarget, address: CommentsAddress, options?: CallOptions): Promise<CommentsResponse>;
  sendMessage(target: CallTarget, input: SendMessageInput, options?: CallOptions): Promise<MessageSent>;
  getConversation(target: CallTarget, input: GetConversationInput, options?: CallOptions): Promise<ConversationMessages>;
  /** Reviews (reviewTask.ts); optional so an outbox of replies and messages alone needs none. */
  replyToReview?(target: CallTarget, input: ReplyToReviewInput, options?: CallOptions): Promise<ReviewWriteResult>;
  deleteReviewReply?(target: CallTarget, input: { platform: ReviewNetwork; reviewId: string }, options?: CallOptions): Promise<ReviewWriteResult>;
  getReview?(target: CallTarget, input: { id: string }, options?: CallOptions): Promise<ReviewRecord>;
  listReviews?(target: CallTarget, input: { platform: ReviewNetwork }, options?: CallOptions): Promise<ReviewList>;
}

/**
 * The profile's own account on a network: its replies carry this author id. The host fills it from
 * GET /user (see userIdentities.ts); null when the profile has no account there.
 */
export type AccountIdentityPort = (target: CallTarget, platform: Network) => Promise<{ id: string } | null>;

export interface BackoffSettings {
  /** The first wait. Default 2 s. */
  baseMs: number;
  /** No wait is longer. Default 5 minutes. */
  maxMs: number;
}

export interface ReplyOutboxOptions {
  /** The outbox's own SQLite file (not the store's: it must survive a store that is rebuilt). */
  path: string;
  client: OutboxServiceClient;
  accountIdentity: AccountIdentityPort;
  clock?: Clock;
  /**
   * In a team (app/teamConnection.ts): asked right before a write goes out; null lets it go, a hold
   * keeps it back (waiting until `retryAt`, or failed when null) with the reason for the person.
   */
  teamHold?: (item: OutboxItem) => Promise<TeamAnswer>;
  /** [0, 1); default Math.random. Tests pass a fixed one to check the backoff schedule. */
  random?: () => number;
  onEvent?: OutboxListener;
  /** The undo window: a new reply is not sent before `created + undoMs`. Default 5 s. */
  undoMs?: number;
  backoff?: Partial<BackoffSettings>;
  /**
   * After an attempt whose outcome is unknown, how long the service may take to show a reply in
   * its comment lists. A check that finds nothing sooner than this after the attempt waits and
   * checks again instead of sending. Default 11 minutes (the service caches comments for about 10);
   * the sandbox answers live, so the host passes 0 for sandbox accounts.
   */
  reconcileSettleMs?: number | ((target: CallTarget) => number);
  /**
   * How much older than our first attempt (by our clock) a reply's `created` (by the service's
   * clock, whole seconds) may be and still be ours. Default 2 minutes: a machine whose clock runs
   * ahead must not make us miss our own reply and post it twice.
   */
  clockSkewMs?: number;
  /** Replies in flight at once across profiles (one per profile at most). Default 2. */
  maxConcurrent?: number;
  /** How long `close()` lets a reply in flight finish before aborting it. Default 10 s. */
  closeGraceMs?: number;
}

/**
 * The team's word before a write goes out: null lets it go, a hold keeps it back, 'unchecked' lets it
 * go without the team server's check (solo mode, the server away) and the item says so.
 */
export type TeamAnswer = TeamHold | 'unchecked' | null;

/** Why a write is held back in a team: another member answered, or the team server cannot be asked. */
export interface TeamHold {
  error: OutboxErrorInfo;
  /** When to ask again; null: not by itself (failed, for the person to decide). */
  retryAt: number | null;
}
