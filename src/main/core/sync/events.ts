// What the sync tells its host: new comments and direct messages (the inbox updates live, the tray
// counts, notifications are grouped per post or client), how far a profile's sync has come,
// whether the service can be reached, and what went wrong. Events name accounts, profiles, posts
// and conversations by id; never a key, never a header.
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import type { MessageNetwork } from '../../../shared/networks.ts';
import type { CommentKey, PostKey } from '../store/types.ts';

export type SyncErrorKind =
  /** The service answered 429 although the budget allowed the request (someone else spends it). */
  | 'rate-limited'
  /** The API key or the profile key was refused (401): the user must fix the account. */
  | 'auth'
  /** The plan lacks the operation, or the profile is suspended (403). */
  | 'forbidden'
  /** The account's X key pair is missing or refused: twitter is left out until it is there. */
  | 'missing-credentials'
  /** The post (or network) is unknown to the service now: deleted, or unlinked. */
  | 'not-found'
  /** The service failed (5xx): the job is tried again later. */
  | 'service'
  /** The answer did not have the expected shape. */
  | 'bad-answer'
  /** The request broke a rule of the spec (a bug of ours, or data the service no longer accepts). */
  | 'invalid-request'
  /** The local store refused a write. */
  | 'store'
  /** Direct messages are refused for the profile or a network (messaging off, a link to renew): left alone for hours. */
  | 'messaging'
  | 'unexpected';

export interface SyncErrorInfo {
  kind: SyncErrorKind;
  /** For people; built from redacted text only. */
  message: string;
  /** The client operation ("getComments", "history", …) or the store method. */
  operation?: string;
  status?: number;
  /** The service's error code, when it sent one. */
  code?: number;
  postKey?: PostKey;
}

export type ConnectivityReason =
  /** A request of ours got an answer, or got none. */
  | 'traffic'
  /** The probe (GET /user) got an answer. */
  | 'probe'
  /** The host's power or network events. */
  | 'os-hint';

export interface NewCommentsEvent {
  type: 'new-comments';
  accountId: string;
  profileId: string;
  postKey: PostKey;
  keys: CommentKey[];
  /** The post's comments were fetched for the first time: a backlog, not news worth a notification. */
  firstFetch: boolean;
}

/** Conversations with news: new ones, or a new message by the person (keys `dm:${platform}:${conversationId}`). */
export interface NewMessagesEvent {
  type: 'new-messages';
  accountId: string;
  profileId: string;
  platform: MessageNetwork;
  keys: string[];
  /** The conversation was read for the first time in a store that did not have it: a backlog, not news. */
  firstFetch: boolean;
}

export interface SyncProgressEvent {
  type: 'sync-progress';
  accountId: string;
  profileId: string;
  /** Posts whose comments have been fetched at least once. */
  postsDone: number;
  postsTotal: number;
}

/** A profile's first complete fetch of a kind was done, or this start's requests were first answered (firstFetchWatch.ts). */
export interface FirstFetchEvent {
  type: 'first-fetch';
  accountId: string;
  profileId: string;
  /** Epoch ms of the first complete fetch of each kind; null before it. */
  fetched: { comment: number | null; conversation: number | null };
  /** A request of this start has been answered. */
  checked: boolean;
}

export interface ConnectivityEvent {
  type: 'connectivity';
  accountId: string;
  online: boolean;
  reason: ConnectivityReason;
  /** Epoch ms on the sync's clock. */
  at: number;
}

export interface SyncErrorEvent {
  type: 'sync-error';
  accountId: string;
  /** Undefined for account-wide trouble. */
  profileId: string | undefined;
  error: SyncErrorInfo;
}

/**
 * New items of a kind whose sync job tells its news in the generic form (a kind added after
 * comments and conversations: its job needs no event type of its own, the core looks its kind up).
 */
export interface NewItemsEvent {
  type: 'new-items';
  /** The kind's name (core/kinds). */
  kind: string;
  accountId: string;
  profileId: string;
  /** A review's may be gmb (Google). */
  platform: ItemNetwork;
  keys: string[];
  /** Read for the first time: a backlog, summarised or not notified as the kind says. */
  firstFetch: boolean;
}

export type SyncEvent = NewCommentsEvent | NewMessagesEvent | NewItemsEvent | SyncProgressEvent | FirstFetchEvent | ConnectivityEvent | SyncErrorEvent;

export type SyncListener = (event: SyncEvent) => void;

/** Calls the listener; a listener that throws is its own problem, never the sync's. */
export function emitSafely(listener: SyncListener, event: SyncEvent): void {
  try {
    listener(event);
  } catch {
    // Nothing to do: the sync goes on.
  }
}
