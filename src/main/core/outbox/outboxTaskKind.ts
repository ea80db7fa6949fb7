// What a task kind of the reply outbox's file declares (Signal Desktop's JobQueue: one module per
// job type): how it goes out, how an unknown outcome of it is settled, what could never be sent, and
// how its request is kept in a row. Delivery, the reconciliation, the row codec and the item rules
// look the kind up by `task.kind` (taskKinds.ts) instead of branching on it. The queue itself
// (taskQueue.ts: rows, lanes, undo window, backoff, drain) is the same for every kind.
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import type { ReplyResult } from '../service/operations/replies.ts';
import type { InputIssue } from './errors.ts';
import type { ReconcileResult, ReconcilerPorts } from './reconciliation.ts';
import type { OutboxErrorInfo, OutboxItem, OutboxServiceClient } from './types.ts';

/** What a write answered, per network: a reply's result, or a message's as a one-network one (its id as `commentId`). */
export interface WriteAnswer {
  commentId: string | undefined;
  posted: Partial<Record<ItemNetwork, { commentId: string; postUrl?: string | undefined }>>;
  failed: ReplyResult['failed'];
}

/** The kind's own part of an item: its request and its thread (per kind, for a union of kinds). */
export type TaskPayload<I extends OutboxItem> = I extends OutboxItem ? Pick<I, 'kind' | 'request' | 'thread'> : never;

export interface OutboxTaskKind<I extends OutboxItem> {
  readonly kind: I['kind'];
  /** What the person calls it, in errors and notifications: "reply", "message". */
  readonly noun: 'reply' | 'message';
  /** One of it as a notification's title starts: "A reply", "A direct message". */
  readonly one: string;
  /**
   * How a team claims it before it goes (decision 0067): 'item', one answer per item (a comment's
   * reply); 'turn', one per turn of a conversation (the message that opened the turn).
   */
  readonly teamClaim: 'item' | 'turn';
  /** What it answers, as the held words say it: "answered this comment", "answered in this conversation". */
  readonly answeredWhat: string;
  /** The networks it goes to. */
  platforms(item: I): ItemNetwork[];
  /** Why it could never be sent as it is (none: it may be queued). Checked when written, edited and loaded. */
  issues(payload: TaskPayload<I>): InputIssue[];
  /** Why it must not go out at `now` although it could once (a reply window that closed), or null. */
  whyNotNow(item: I, now: number): OutboxErrorInfo | null;
  /** The item with new text (request and `text` together). */
  withText(item: I, text: string): I;
  /** The text it carries, read from its request. */
  textOf(payload: TaskPayload<I>): string;
  /** The id an item owns once written on a network, in the one claims table every kind shares. */
  claimId(socialId: string): string;
  /** The write itself, to the networks still to go. */
  send(client: OutboxServiceClient, item: I, pending: readonly ItemNetwork[], signal: AbortSignal): Promise<WriteAnswer>;
  /** Reads back where it would be and looks for it on each network in `platforms`. Throws what the read threw. */
  reconcile(ports: ReconcilerPorts, item: I, platforms: readonly ItemNetwork[], signal?: AbortSignal): Promise<ReconcileResult>;
  /** The request column's JSON value. */
  storedRequest(item: I): unknown;
  /** True when a stored request is this kind's. */
  ownsStoredRequest(value: Record<string, unknown>): boolean;
  /** The kind's part of an item from its stored request and thread; throws a RowProblem (rowChecks.ts) when unreadable. */
  readStored(value: Record<string, unknown>, thread: unknown): TaskPayload<I>;
}
