// The reply outbox: a reply to a comment, or a direct message in a conversation, is written to the
// account's outbox file in one transaction before anything is sent, shown at once, and delivered
// exactly once — never lost, never posted twice — through restarts, crashes, offline hours and a
// service that answers 503 or not at all. Both are task kinds of the one durable queue
// (taskQueue.ts), which owns the file's rows, the lanes, the undo window, the backoff and the drain;
// this file says what the person may do to an item; a turn is delivery.ts, and what differs between
// a reply and a message is each kind's own module (taskKinds.ts: replyTask.ts, messageTask.ts).
//
// Order and fairness: each profile's items go out one at a time in the order they were written
// (one that is waiting keeps the ones behind it waiting: conversations stay in order); profiles take
// turns for the `maxConcurrent` slots, least recently served first. Nothing polls. The host calls
// `nudge()` when connectivity returns and when the machine wakes from sleep (timers do not count
// the time a laptop slept).
//
// The service caches comment lists (refreshed about every 10 minutes on the real service; the
// sandbox answers live). So a check of the thread right after an attempt whose answer was lost can
// miss a reply that was posted. What the outbox does about it: a check that finds nothing sooner
// than `reconcileSettleMs` after that attempt does not resend; the item waits until the window has
// passed and checks again, and only a check after the window that still finds nothing sends again.
// The host sets the window per account (0 for the sandbox, 11 minutes by default for the service).
// A reply that is found early is adopted early: the window only delays resending.
import { randomUUID } from 'node:crypto';
import { isNetwork } from '../../../shared/networks.ts';
import { type Clock, systemClock } from '../clock.ts';
import { conversationKeyOf } from '../store/keys.ts';
import type { CallTarget } from '../service/credentials.ts';
import { DEFAULT_BACKOFF } from './backoff.ts';
import { Delivery } from './delivery.ts';
import { OutboxActionError, OutboxError, OutboxInputError } from './errors.ts';
import { type Claim, ItemRepository } from './itemRepository.ts';
import { claimOf, isPending, readyAt, whyNoCancelWish, whyNotCancellable, whyNotEditable, whyNotRemovable, whyNotRetryable } from './itemRules.ts';
import { restoreSalvagedItems, type SalvageCount } from './itemSalvage.ts';
import { messageIssues, replyWindowClosed } from './messageRules.ts';
import { openCheckedQueueFile, type OpenedQueueFile, REPLY_OUTBOX_SCHEMA, type RestoreRows, salvageQueueFile } from './outboxFile.ts';
import { replyIssues } from './replyRules.ts';
import { taskKindOf } from './taskKinds.ts';
import { TaskQueue } from './taskQueue.ts';
import type { TaskPayload } from './outboxTaskKind.ts';
import type {
  DamagedFileReport,
  NewMessage,
  NewReply,
  OutboxEvent,
  OutboxItem,
  QuarantinedRow,
  ReplyOutboxOptions,
  ReviewReplyDeleteItem,
  ReviewReplyItem,
} from './types.ts';

const DEFAULT_UNDO_MS = 5_000;
const DEFAULT_SETTLE_MS = 11 * 60_000;
const DEFAULT_CLOCK_SKEW_MS = 2 * 60_000;
const DEFAULT_MAX_CONCURRENT = 2;
const DEFAULT_CLOSE_GRACE_MS = 10_000;
const LABEL = 'The reply outbox';

function laneOf(target: CallTarget): string {
  return `${target.accountId}\n${target.profileId ?? ''}`;
}

export class ReplyOutbox {
  private repo: ItemRepository;
  private queue: TaskQueue<OutboxItem, readonly Claim[]>;
  private damage: DamagedFileReport | null = null;
  private readonly clock: Clock;
  private readonly options: ReplyOutboxOptions;
  private readonly delivery: Delivery;

  /** Opens (or creates) the outbox file and loads its items. Sends nothing until `start()`. */
  static open(options: ReplyOutboxOptions): ReplyOutbox {
    return new ReplyOutbox(options);
  }

  private constructor(options: ReplyOutboxOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    const settle = options.reconcileSettleMs ?? DEFAULT_SETTLE_MS;
    const restore: RestoreRows<SalvageCount> = (db, salvaged) => restoreSalvagedItems(new ItemRepository(db), salvaged, this.clock.now());
    this.delivery = new Delivery({
      client: options.client,
      reconcile: {
        client: options.client,
        accountIdentity: options.accountIdentity,
        clockSkewMs: options.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS,
        claimedByOther: (item, platform, socialId) => {
          const claim = claimOf(item, platform, socialId);
          const owner = this.repo.claimedBy(claim.platform, claim.socialCommentId);
          return owner !== null && owner !== item.id;
        },
      },
      clock: this.clock,
      random: options.random ?? Math.random,
      backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
      settleMs: typeof settle === 'number' ? () => settle : settle,
      commit: (item, claims) => this.queue.commit(item, claims),
      ...(options.teamHold ? { teamHold: options.teamHold } : {}),
    });
    this.repo = this.adopt(openCheckedQueueFile(options.path, REPLY_OUTBOX_SCHEMA, restore, this.clock.now()));
    this.queue = this.queueOver(this.repo);
    try {
      this.load();
    } catch (error) {
      // The check at open passed but a row's page did not read: the same salvage as a damaged file.
      this.repo.close();
      if (error instanceof OutboxError) throw error;
      const problem = {
        kind: 'damaged' as const,
        problem: `The reply outbox file could not be read (${error instanceof Error ? error.message : String(error)})`,
      };
      this.repo = this.adopt(salvageQueueFile(options.path, problem, REPLY_OUTBOX_SCHEMA, restore, this.clock.now()));
      this.queue = this.queueOver(this.repo);
      this.load();
    }
  }

  /** The file's damage found at open (moved aside, salvaged), or null when it was sound. */
  damageReport(): DamagedFileReport | null {
    return this.damage;
  }

  // Reading

  /** Every item in queue order. */
  list(): OutboxItem[] {
    return this.queue.list();
  }

  get(id: string): OutboxItem | null {
    return this.queue.get(id);
  }

  /** Rows that could not be read, with the reason; they are never sent. */
  quarantined(): QuarantinedRow[] {
    return this.repo.quarantinedRows();
  }

  // What the person does

  /** Writes the reply (one transaction, on disk before this returns) and returns the item at once. */
  enqueue(input: NewReply): OutboxItem {
    this.queue.assertOpen();
    const issues = [...replyIssues(input.request, input.thread), ...targetIssues(input), ...commentKeyIssues(input.answers)];
    if (issues.length > 0) throw new OutboxInputError(issues);
    const now = this.clock.now();
    return this.add({
      kind: 'reply',
      request: structuredClone(input.request),
      thread: input.thread ? structuredClone(input.thread) : null,
      ...this.fresh(input.target, input.answers, input.request.comment, now),
    });
  }

  /**
   * Writes a direct message (one transaction, on disk before this returns) and returns the item at
   * once; it goes out after the undo window in its profile's lane, like a reply. Refused with an
   * OutboxInputError when the text is empty or too long for the network, or the reply window is closed.
   */
  enqueueMessage(input: NewMessage): OutboxItem {
    this.queue.assertOpen();
    const issues = [...messageIssues(input.request), ...targetIssues(input), ...conversationKeyIssues(input)];
    const now = this.clock.now();
    const closed = issues.length === 0 ? replyWindowClosed(input.request, now) : null;
    if (closed) issues.push({ path: 'request.replyWindowClosesAt', message: closed.message });
    if (issues.length > 0) throw new OutboxInputError(issues);
    return this.add({ kind: 'message', request: { ...input.request }, thread: null, ...this.fresh(input.target, input.answers, input.request.message, now) });
  }

  /**
   * Writes an item of any task kind that needs nothing beyond its own rules (a review's reply or
   * its removal): the kind's `issues` decide what could never be sent. One transaction, on disk
   * before this returns; it goes out after the undo window in its profile's lane.
   */
  enqueueTask(input: { target: CallTarget; answers: string; payload: TaskPayload<ReviewReplyItem> | TaskPayload<ReviewReplyDeleteItem> }): OutboxItem {
    this.queue.assertOpen();
    const kind = taskKindOf<OutboxItem>(input.payload);
    const issues = [...kind.issues(input.payload), ...targetIssues(input)];
    if (typeof input.answers !== 'string' || input.answers === '') issues.push({ path: 'answers', message: 'Say which item it answers' });
    if (issues.length > 0) throw new OutboxInputError(issues);
    const now = this.clock.now();
    const request = { ...input.payload.request };
    return this.add({ ...input.payload, request, ...this.fresh(input.target, input.answers, kind.textOf(input.payload), now) });
  }

  /** New text for an item not yet sent (queued, waiting or failed). */
  edit(id: string, text: string): OutboxItem {
    const item = this.existing('edit', id);
    const why = whyNotEditable(item);
    if (why) throw new OutboxActionError('edit', id, item.state, why);
    const kind = taskKindOf(item);
    const edited = kind.withText(item, text);
    const issues = kind.issues(edited);
    if (issues.length > 0) throw new OutboxInputError(issues);
    return this.queue.change({ ...edited, updated: this.clock.now() });
  }

  /** Takes an item back before it is sent; within the undo window this is "undo". */
  cancel(id: string): OutboxItem {
    const item = this.existing('cancel', id);
    const why = whyNotCancellable(item);
    if (why) throw new OutboxActionError('cancel', id, item.state, why);
    return this.queue.change({ ...item, state: 'cancelled', nextAttemptAt: null, updated: this.clock.now() });
  }

  /**
   * Asks to cancel an item whose earlier attempt may have been posted: nothing is sent again; the
   * next check of the thread decides. Found → sent; not found (after the settle window) → cancelled.
   */
  cancelOnceChecked(id: string): OutboxItem {
    const item = this.existing('cancel', id);
    const why = whyNoCancelWish(item);
    if (why) throw new OutboxActionError('cancel', id, item.state, why);
    return this.queue.change({ ...item, cancelRequested: true, updated: this.clock.now() });
  }

  /** Sends a failed item again (to the networks it failed on), or a waiting one now. */
  retry(id: string): OutboxItem {
    const item = this.existing('retry', id);
    const why = whyNotRetryable(item);
    if (why) throw new OutboxActionError('retry', id, item.state, why);
    const now = this.clock.now();
    const results = Object.fromEntries(Object.entries(item.results).filter(([, result]) => result?.state === 'sent'));
    return this.queue.change({
      ...item,
      state: item.state === 'failed' ? 'queued' : item.state,
      results,
      failures: 0,
      nextAttemptAt: item.state === 'failed' ? null : now,
      lastError: item.state === 'failed' ? null : item.lastError,
      updated: now,
    });
  }

  /** Takes a sent or cancelled item off the list. */
  remove(id: string): void {
    const item = this.existing('remove', id);
    const why = whyNotRemovable(item);
    if (why) throw new OutboxActionError('remove', id, item.state, why);
    this.queue.remove(id);
    this.emit({ type: 'removed', id });
  }

  // Running

  /** Starts (or resumes) delivering. */
  start(): void {
    this.queue.start();
  }

  /** Stops sending new items; one in flight finishes. `start()` resumes. */
  pause(): void {
    this.queue.pause();
  }

  /** The service may be reachable again (connectivity came back): every waiting item is due now. */
  nudge(): void {
    this.queue.nudge();
  }

  /**
   * Pause and drain on quit: no new sends, the item in flight may finish (up to `closeGraceMs`,
   * then it is aborted and recorded as it stands), timers stop, the file is closed.
   */
  close(): Promise<void> {
    return this.queue.close();
  }

  // Inside

  /** The queue over the file's rows: replies and messages, one lane per profile, in the order written. */
  private queueOver(repo: ItemRepository): TaskQueue<OutboxItem, readonly Claim[]> {
    const options = this.options;
    return new TaskQueue<OutboxItem, readonly Claim[]>({
      kind: {
        label: LABEL,
        laneOrder: 'written',
        lane: (item) => laneOf(item.target),
        isPending,
        readyAt,
        send: (item, signal) => this.delivery.run(item, signal),
        noun: (item) => taskKindOf(item).noun,
      },
      rows: repo,
      clock: this.clock,
      random: options.random ?? Math.random,
      backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
      undoMs: options.undoMs ?? DEFAULT_UNDO_MS,
      maxConcurrent: options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT,
      closeGraceMs: options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS,
      onCommitted: (item) => this.emit({ type: 'changed', item }),
    });
  }

  /** The repository over an opened file, and the report of its damage when it was replaced. */
  private adopt(opened: OpenedQueueFile<SalvageCount>): ItemRepository {
    if (opened.damage !== null) {
      const { kind, problem, movedTo, unreadable, restored } = opened.damage;
      this.damage = { kind, problem, movedTo, unreadable, ...restored, at: this.clock.now() };
    }
    return new ItemRepository(opened.db);
  }

  private load(): void {
    const { items, quarantined } = this.repo.loadAll(this.clock.now());
    this.queue.load(items);
    for (const row of quarantined) this.emit({ type: 'quarantined', row });
  }

  /** The fields every new item starts with: queued, nothing tried, sent after the undo window. */
  private fresh(target: CallTarget, answers: string, text: string, now: number) {
    return {
      id: randomUUID(),
      seq: 0,
      target: { accountId: target.accountId, ...(target.profileId === undefined ? {} : { profileId: target.profileId }) },
      answers,
      text,
      created: now,
      sendAfter: this.queue.sendAfter(now),
      state: 'queued' as const,
      results: {},
      attempts: 0,
      firstAttemptAt: null,
      lastAttemptAt: null,
      lastError: null,
      nextAttemptAt: null,
      outcomeUnknown: false,
      failures: 0,
      updated: now,
    };
  }

  private add(draft: OutboxItem): OutboxItem {
    const item = this.queue.add(draft);
    this.emit({ type: 'added', item });
    return item;
  }

  private existing(action: OutboxActionError['action'], id: string): OutboxItem {
    this.queue.assertOpen();
    const item = this.queue.get(id);
    if (!item) throw new OutboxActionError(action, id, null, 'there is no such reply or message');
    return item;
  }

  private emit(event: OutboxEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // A listener's failure is the listener's problem: the outbox goes on.
    }
  }
}

function commentKeyIssues(answers: unknown): { path: string; message: string }[] {
  const [platform, ...rest] = typeof answers === 'string' ? answers.split(':') : [];
  return isNetwork(platform) && rest.join(':') !== '' ? [] : [{ path: 'answers', message: 'Name the comment answered as "<network>:<social comment id>"' }];
}

function conversationKeyIssues(input: NewMessage): { path: string; message: string }[] {
  const wanted = conversationKeyOf(input.request.platform, input.request.conversationId);
  return input.answers === wanted ? [] : [{ path: 'answers', message: `Name the conversation answered as "${wanted}"` }];
}

function targetIssues(input: { target: CallTarget }): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (typeof input.target?.accountId !== 'string' || input.target.accountId === '')
    issues.push({ path: 'target.accountId', message: 'Say which account the reply is for' });
  if (input.target?.profileId !== undefined && (typeof input.target.profileId !== 'string' || input.target.profileId === '')) {
    issues.push({ path: 'target.profileId', message: 'A profile id must not be empty' });
  }
  return issues;
}
