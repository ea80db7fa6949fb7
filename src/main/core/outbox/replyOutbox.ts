// The reply outbox: a reply is written to its own SQLite file in one transaction before anything is
// sent, shown at once, and delivered exactly once — never lost, never posted twice — through
// restarts, crashes, offline hours and a service that answers 503 or not at all.
//
// Order and fairness: each profile's replies go out one at a time in the order they were written
// (a reply that is waiting keeps the ones behind it waiting: conversations stay in order); profiles
// take turns for the `maxConcurrent` slots, least recently served first (drainRunner.ts runs the
// loop; this file says what each lane sends next). Nothing polls: the drain sleeps on the clock
// until the next item is due, and wakes early on enqueue, edit, retry, a finished item, or
// `nudge()`. The host calls `nudge()` when connectivity returns and when the
// machine wakes from sleep (timers do not count the time a laptop slept).
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
import type { CallTarget } from '../service/credentials.ts';
import { DEFAULT_BACKOFF } from './backoff.ts';
import { Delivery } from './delivery.ts';
import { commitWaitingAsDue, DrainRunner } from './drainRunner.ts';
import { OutboxActionError, OutboxError, OutboxInputError, writeOrRefuse } from './errors.ts';
import { type Claim, ItemRepository } from './itemRepository.ts';
import { claimOf, isPending, readyAt, whyNotCancellable, whyNotEditable, whyNotRemovable, whyNotRetryable } from './itemRules.ts';
import { restoreSalvagedItems, type SalvageCount } from './itemSalvage.ts';
import { openCheckedQueueFile, type OpenedQueueFile, REPLY_OUTBOX_SCHEMA, type RestoreRows, salvageQueueFile } from './outboxFile.ts';
import { Reconciler } from './reconciliation.ts';
import { messageIssues, replyWindowClosed } from './messageRules.ts';
import { replyIssues } from './replyRules.ts';
import type { DamagedFileReport, NewMessage, NewReply, OutboxEvent, OutboxItem, QuarantinedRow, ReplyOutboxOptions } from './types.ts';

const DEFAULT_UNDO_MS = 5_000;
const DEFAULT_SETTLE_MS = 11 * 60_000;
const DEFAULT_CLOCK_SKEW_MS = 2 * 60_000;
const DEFAULT_MAX_CONCURRENT = 2;
const DEFAULT_CLOSE_GRACE_MS = 10_000;

function laneOf(target: CallTarget): string {
  return `${target.accountId}\n${target.profileId ?? ''}`;
}

export class ReplyOutbox {
  private repo: ItemRepository;
  private damage: DamagedFileReport | null = null;
  private readonly clock: Clock;
  private readonly options: ReplyOutboxOptions;
  private readonly undoMs: number;
  private readonly delivery: Delivery;
  private readonly runner: DrainRunner<OutboxItem>;
  /** Every item, in queue order (Map keeps insertion order; items are loaded and added by seq). */
  private readonly items = new Map<string, OutboxItem>();

  /** Opens (or creates) the outbox file and loads its items. Sends nothing until `start()`. */
  static open(options: ReplyOutboxOptions): ReplyOutbox {
    return new ReplyOutbox(options);
  }

  private constructor(options: ReplyOutboxOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.undoMs = options.undoMs ?? DEFAULT_UNDO_MS;
    this.runner = new DrainRunner<OutboxItem>({
      source: {
        heads: () => this.laneHeads(),
        readyAt,
        seq: (item) => item.seq,
        makeWaitingDue: (now) => commitWaitingAsDue(this.items.values(), now, (item) => this.commit(item)),
      },
      sendOne: (item, signal) => this.delivery.run(item, signal),
      turnFailed: (item, error) => this.afterCrashOfTurn(item.id, error),
      clock: this.clock,
      maxConcurrent: options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT,
      closeGraceMs: options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS,
      onClosed: () => this.repo.close(),
    });
    const settle = options.reconcileSettleMs ?? DEFAULT_SETTLE_MS;
    const restore: RestoreRows<SalvageCount> = (db, salvaged) => restoreSalvagedItems(new ItemRepository(db), salvaged, this.clock.now());
    this.repo = this.adopt(openCheckedQueueFile(options.path, REPLY_OUTBOX_SCHEMA, restore, this.clock.now()));
    this.delivery = new Delivery({
      client: options.client,
      reconciler: new Reconciler({
        client: options.client,
        accountIdentity: options.accountIdentity,
        clockSkewMs: options.clockSkewMs ?? DEFAULT_CLOCK_SKEW_MS,
        claimedByOther: (item, platform, socialId) => {
          const claim = claimOf(item, platform, socialId);
          const owner = this.repo.claimedBy(claim.platform, claim.socialCommentId);
          return owner !== null && owner !== item.id;
        },
      }),
      clock: this.clock,
      random: options.random ?? Math.random,
      backoff: { ...DEFAULT_BACKOFF, ...options.backoff },
      settleMs: typeof settle === 'number' ? () => settle : settle,
      commit: (item, claims) => this.commit(item, claims),
    });
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
    return [...this.items.values()];
  }

  get(id: string): OutboxItem | null {
    return this.items.get(id) ?? null;
  }

  /** Rows that could not be read, with the reason; they are never sent. */
  quarantined(): QuarantinedRow[] {
    return this.repo.quarantinedRows();
  }

  // What the person does

  /** Writes the reply (one transaction, on disk before this returns) and returns the item at once. */
  enqueue(input: NewReply): OutboxItem {
    this.assertOpen();
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
    this.assertOpen();
    const issues = [...messageIssues(input.request), ...targetIssues(input), ...conversationKeyIssues(input)];
    const now = this.clock.now();
    const closed = issues.length === 0 ? replyWindowClosed(input.request, now) : null;
    if (closed) issues.push({ path: 'request.replyWindowClosesAt', message: closed.message });
    if (issues.length > 0) throw new OutboxInputError(issues);
    return this.add({ kind: 'message', request: { ...input.request }, thread: null, ...this.fresh(input.target, input.answers, input.request.message, now) });
  }

  /** New text for a reply not yet sent (queued, waiting or failed). */
  edit(id: string, text: string): OutboxItem {
    const item = this.existing('edit', id);
    const why = whyNotEditable(item);
    if (why) throw new OutboxActionError('edit', id, item.state, why);
    const edited: OutboxItem =
      item.kind === 'reply' ? { ...item, request: { ...item.request, comment: text }, text } : { ...item, request: { ...item.request, message: text }, text };
    const issues = edited.kind === 'reply' ? replyIssues(edited.request, edited.thread) : messageIssues(edited.request);
    if (issues.length > 0) throw new OutboxInputError(issues);
    this.write(() => this.commit({ ...edited, updated: this.clock.now() }));
    this.runner.wake();
    return this.items.get(id) ?? edited;
  }

  /** Takes a reply back before it is sent; within the undo window this is "undo". */
  cancel(id: string): OutboxItem {
    const item = this.existing('cancel', id);
    const why = whyNotCancellable(item);
    if (why) throw new OutboxActionError('cancel', id, item.state, why);
    const cancelled = this.write(() => this.commit({ ...item, state: 'cancelled', nextAttemptAt: null, updated: this.clock.now() }));
    this.runner.wake();
    return cancelled;
  }

  /** Sends a failed reply again (to the networks it failed on), or a waiting one now. */
  retry(id: string): OutboxItem {
    const item = this.existing('retry', id);
    const why = whyNotRetryable(item);
    if (why) throw new OutboxActionError('retry', id, item.state, why);
    const now = this.clock.now();
    const results = Object.fromEntries(Object.entries(item.results).filter(([, result]) => result?.state === 'sent'));
    const retried = this.write(() =>
      this.commit({
        ...item,
        state: item.state === 'failed' ? 'queued' : item.state,
        results,
        failures: 0,
        nextAttemptAt: item.state === 'failed' ? null : now,
        lastError: item.state === 'failed' ? null : item.lastError,
        updated: now,
      }),
    );
    this.runner.wake();
    return retried;
  }

  /** Takes a sent or cancelled reply off the list. */
  remove(id: string): void {
    const item = this.existing('remove', id);
    const why = whyNotRemovable(item);
    if (why) throw new OutboxActionError('remove', id, item.state, why);
    this.write(() => this.repo.remove(id));
    this.items.delete(id);
    this.emit({ type: 'removed', id });
  }

  // Running

  /** Starts (or resumes) delivering. */
  start(): void {
    this.assertOpen();
    this.runner.start();
  }

  /** Stops sending new replies; one in flight finishes. `start()` resumes. */
  pause(): void {
    this.runner.pause();
  }

  /** The service may be reachable again (connectivity came back): every waiting reply is due now. */
  nudge(): void {
    this.runner.nudge();
  }

  /**
   * Pause and drain on quit: no new sends, the reply in flight may finish (up to `closeGraceMs`,
   * then it is aborted and recorded as it stands), timers stop, the file is closed.
   */
  close(): Promise<void> {
    return this.runner.close();
  }

  // Inside

  /** The fields every new item starts with: queued, nothing tried, sent after the undo window. */
  private fresh(target: CallTarget, answers: string, text: string, now: number) {
    return {
      id: randomUUID(),
      seq: 0,
      target: { accountId: target.accountId, ...(target.profileId === undefined ? {} : { profileId: target.profileId }) },
      answers,
      text,
      created: now,
      sendAfter: now + this.undoMs,
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
    const item = { ...draft, seq: this.write(() => this.repo.insert(draft)) };
    this.items.set(item.id, item);
    this.emit({ type: 'added', item });
    this.runner.wake();
    return item;
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
    const now = this.clock.now();
    const { items, quarantined } = this.repo.loadAll(now);
    for (const loaded of items) {
      let item = loaded;
      if (item.state === 'sending') {
        // The process stopped mid-turn. If the request may have left, outcomeUnknown is already on
        // disk (it is written before sending), and the thread is read before anything is resent.
        item = {
          ...item,
          state: 'waiting',
          nextAttemptAt: now,
          lastError: { code: 'interrupted', message: 'The app stopped while this reply was being sent' },
          updated: now,
        };
        this.repo.update(item);
      }
      this.items.set(item.id, item);
    }
    for (const row of quarantined) this.emit({ type: 'quarantined', row });
  }

  /** Each profile's lane and its first pending reply: a reply that waits keeps the ones behind it waiting. */
  private laneHeads(): Map<string, OutboxItem> {
    const heads = new Map<string, OutboxItem>();
    for (const item of this.items.values()) {
      if (!isPending(item)) continue;
      const lane = laneOf(item.target);
      if (!heads.has(lane)) heads.set(lane, item);
    }
    return heads;
  }

  /**
   * A turn threw (the file could not be written: disk full, I/O error). Whatever reached the disk
   * stands; in memory the item waits as if its outcome were unknown, so the next turn checks first.
   */
  private afterCrashOfTurn(id: string, error: unknown): void {
    const item = this.items.get(id);
    if (item?.state !== 'sending') return;
    const now = this.clock.now();
    const waiting: OutboxItem = {
      ...item,
      state: 'waiting',
      outcomeUnknown: item.outcomeUnknown || item.attempts > 0,
      nextAttemptAt: now + DEFAULT_BACKOFF.maxMs,
      lastError: { code: 'storage', message: `The outbox file could not be written (${error instanceof Error ? error.name : 'error'}); trying again later` },
      updated: now,
    };
    try {
      this.repo.update(waiting);
    } catch {
      // Still failing: memory holds the truth until the next turn.
    }
    this.items.set(id, waiting);
    this.emit({ type: 'changed', item: waiting });
  }

  private commit(item: OutboxItem, claims?: readonly Claim[]): OutboxItem {
    this.repo.update(item, claims);
    this.items.set(item.id, item);
    this.emit({ type: 'changed', item });
    return item;
  }

  /** A write the person asked for: if the file refuses it, a typed error and nothing changed. */
  private write<T>(work: () => T): T {
    return writeOrRefuse('The reply outbox', work);
  }

  private existing(action: OutboxActionError['action'], id: string): OutboxItem {
    this.assertOpen();
    const item = this.items.get(id);
    if (!item) throw new OutboxActionError(action, id, null, 'there is no such reply');
    return item;
  }

  private assertOpen(): void {
    if (!this.runner.isOpen()) throw new OutboxError('closed', 'The reply outbox is closed');
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
  const wanted = `dm:${input.request.platform}:${input.request.conversationId}`;
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
