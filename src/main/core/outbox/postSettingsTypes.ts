// What the post settings queue holds: per service post, the person's last wish for its comments
// (on or off) that the service has not confirmed yet, its state, and the ports the queue is built
// with. One wish per post: a newer one replaces a pending older one (postSettingsRules.ts).
import type { Network } from '../../../shared/networks.ts';
import type { Clock } from '../clock.ts';
import type { CallTarget } from '../service/credentials.ts';
import type { UpdatePostInput } from '../service/operations/posts.ts';
import type { CallOptions } from '../service/requestRunner.ts';
import type { UpdatePostResponse } from '../../../shared/wire/posts.ts';
import type { BackoffSettings, OutboxErrorInfo } from './types.ts';

/**
 * queued  → written, goes out as soon as the service is reachable (or after a newer wish replaced it).
 * sending → the PUT is in flight.
 * waiting → a try failed in a way that can pass (offline, 5xx, 429, timeout); retries at `nextAttemptAt`.
 * failed  → the service refused it (4xx); `lastError` has the service's message. Retry or cancel.
 * A change the service confirmed leaves the queue (the store then holds the service's new state).
 */
export const POST_SETTINGS_STATES = ['queued', 'sending', 'waiting', 'failed'] as const;
export type PostSettingsState = (typeof POST_SETTINGS_STATES)[number];

export interface PostSettingsChange {
  /** Local id (uuid); never sent to the service. */
  id: string;
  /** Queue position: smaller goes first. */
  seq: number;
  target: CallTarget;
  servicePostId: string;
  /** Every network the service post is on (decides the X headers of the PUT). */
  networks: Network[];
  /** The local keys (`platform:socialPostId`) of the posts this change shows on. */
  postKeys: string[];
  /** The wish: comments on (true) or off (false). */
  commentsEnabled: boolean;
  /** Bumped by every newer wish: a send that finishes knows whether it sent the latest one. */
  revision: number;
  state: PostSettingsState;
  attempts: number;
  /** Consecutive failures that can pass, for the backoff. */
  failures: number;
  /** True from just before a PUT leaves until the service's answer (or a certain "not sent") is known. */
  outcomeUnknown: boolean;
  lastError: OutboxErrorInfo | null;
  nextAttemptAt: number | null;
  created: number;
  updated: number;
}

/** What the person asks: comments on or off on a service post, and what the store says the service has now. */
export interface CommentsWish {
  target: CallTarget;
  servicePostId: string;
  networks: readonly Network[];
  postKeys: readonly string[];
  commentsEnabled: boolean;
  /** The service's last known state of the post's comments (the store's), for "nothing to send". */
  serviceCommentsEnabled: boolean;
}

export type PostSettingsEvent =
  | { type: 'added' | 'changed'; change: PostSettingsChange }
  /**
   * The service confirmed `commentsEnabled` for the post (emitted before the row leaves the
   * queue, so the store holds the new state first: a crash in between only resends, harmlessly).
   */
  | { type: 'applied'; change: PostSettingsChange }
  /** Left the queue: sent, cancelled by the person, or no longer needed (the wish equals the service's state). */
  | { type: 'removed'; change: PostSettingsChange; reason: 'sent' | 'cancelled' | 'unneeded' }
  /** A row that could not be read was skipped (left in the file, never sent). */
  | { type: 'unreadable'; id: string | null; reason: string };

export type PostSettingsListener = (event: PostSettingsEvent) => void;

export interface PostSettingsServiceClient {
  updatePost(target: CallTarget, input: UpdatePostInput, options?: CallOptions): Promise<UpdatePostResponse>;
}

export interface PostSettingsQueueOptions {
  path: string;
  client: PostSettingsServiceClient;
  clock?: Clock;
  random?: () => number;
  backoff?: Partial<BackoffSettings>;
  /** How long a change in flight may finish when the queue closes before it is aborted. */
  closeGraceMs?: number;
  onEvent?: PostSettingsListener;
}
