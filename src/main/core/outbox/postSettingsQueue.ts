// The post settings queue: turning a post's comments on or off (PUT /post with disableComments) is
// written to disk before anything is sent, shown at once, and sent when the service is reachable,
// through restarts and offline hours, like a reply in the reply outbox.
//
// Its own SQLite file next to the reply outbox's, with the same durability (WAL, synchronous=FULL,
// exclusive lock): not a table of the outbox's file, because that file is held by one connection in
// EXCLUSIVE locking mode owned by the ReplyOutbox, which is closed and reopened when the undo
// window changes; sharing it would tie this queue's life to the reply outbox's.
//
// No reconciliation, unlike replies: a PUT of the same disableComments is idempotent (it sets a
// value, it does not add anything), so a PUT whose answer was lost is simply sent again (the PUT
// and what comes of it: postSettingsDelivery.ts).
//
// A task kind of the one durable queue (taskQueue.ts: the rows, the drain, the backoff, a turn that
// could not write its file). What is its own: one wish per service post, a newer one replacing or
// dropping a pending older one (postSettingsRules.ts: the kind's merge rule); one lane for the whole
// queue, one PUT in flight at a time, the earliest due first, then the oldest, so a change that waits
// (offline, 5xx, 429) does not hold the others back; no undo window (flipping the switch back is the undo).
import { randomUUID } from 'node:crypto';
import { type Clock, systemClock } from '../clock.ts';
import { DEFAULT_BACKOFF } from './backoff.ts';
import { OutboxError } from './errors.ts';
import { PostSettingsDelivery } from './postSettingsDelivery.ts';
import { openCheckedPostSettingsFile, PostSettingsRepository, type LoadedChanges } from './postSettingsRepository.ts';
import { readyAt, whyNotCancellable, whyNotRetryable, wishOutcome } from './postSettingsRules.ts';
import type { CommentsWish, PostSettingsChange, PostSettingsEvent, PostSettingsQueueOptions } from './postSettingsTypes.ts';
import { TaskQueue } from './taskQueue.ts';
import type { DamagedFileReport } from './types.ts';

const DEFAULT_CLOSE_GRACE_MS = 5_000;
/** One lane for the whole queue: one PUT in flight at a time, the earliest due first. */
const ONE_LANE = '';
const PENDING: readonly PostSettingsChange['state'][] = ['queued', 'sending', 'waiting'];

function samePost(change: PostSettingsChange, target: { profileId?: string }, servicePostId: string): boolean {
  return change.servicePostId === servicePostId && (change.target.profileId ?? '') === (target.profileId ?? '');
}

export class PostSettingsQueue {
  private readonly clock: Clock;
  private readonly options: PostSettingsQueueOptions;
  private readonly queue: TaskQueue<PostSettingsChange>;
  private readonly delivery: PostSettingsDelivery;
  private readonly watchers = new Set<() => void>();
  private damage: DamagedFileReport | null = null;
  private unreadable: (LoadedChanges['unreadable'][number] & { at: number })[] = [];

  /** Opens (or creates) the queue's file and loads its changes. Sends nothing until `start()`. */
  static open(options: PostSettingsQueueOptions): PostSettingsQueue {
    return new PostSettingsQueue(options);
  }

  private constructor(options: PostSettingsQueueOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    const random = options.random ?? Math.random;
    this.delivery = new PostSettingsDelivery({
      client: options.client,
      clock: this.clock,
      random,
      backoff,
      current: (change) => this.pendingFor(change.target, change.servicePostId) ?? undefined,
      commit: (change) => this.queue.commit(change),
      remove: (change) => this.queue.removeInTurn(change.id),
      emit: (event) => this.emit(event),
    });
    const opened = openCheckedPostSettingsFile(options.path, this.clock.now());
    if (opened.damage !== null) {
      const { kind, problem, movedTo, unreadable, restored } = opened.damage;
      this.damage = { kind, problem, movedTo, unreadable, ...restored, at: this.clock.now() };
    }
    const repo = new PostSettingsRepository(opened.db);
    this.queue = new TaskQueue<PostSettingsChange>({
      kind: {
        label: 'The post settings queue',
        laneOrder: 'earliest-due',
        lane: () => ONE_LANE,
        isPending: (change) => PENDING.includes(change.state),
        readyAt,
        send: (change, signal) => this.delivery.run(change, signal),
        noun: () => 'change',
      },
      rows: repo,
      clock: this.clock,
      random,
      backoff,
      undoMs: 0,
      maxConcurrent: 1,
      closeGraceMs: options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS,
      onCommitted: (change) => this.emit({ type: 'changed', change }),
    });
    try {
      const { changes, unreadable } = repo.loadAll();
      this.queue.load(changes);
      const now = this.clock.now();
      this.unreadable = unreadable.map((row) => ({ ...row, at: now }));
      for (const row of unreadable) this.emit({ type: 'unreadable', id: row.id, reason: row.reason });
    } catch (error) {
      repo.close();
      throw new OutboxError(
        'unreadable-file',
        `The post settings queue ${options.path} could not be read (${error instanceof Error ? error.message : String(error)}); it was left as it is`,
        error,
      );
    }
  }

  // Reading

  /** The file's damage found at open (moved aside, salvaged), or null when it was sound. */
  damageReport(): DamagedFileReport | null {
    return this.damage;
  }

  /** Rows that could not be read: skipped, never sent, kept in the file. */
  setAside(): (LoadedChanges['unreadable'][number] & { at: number })[] {
    return [...this.unreadable];
  }

  list(): PostSettingsChange[] {
    return this.queue.list();
  }

  /** The pending change of a service post, or null. */
  pendingFor(target: { profileId?: string }, servicePostId: string): PostSettingsChange | null {
    return this.queue.list().find((change) => samePost(change, target, servicePostId)) ?? null;
  }

  // What the person does

  /**
   * Records the wish (on disk before this returns) and returns the pending change, or null when
   * nothing needs sending (the wish is what the service already has).
   */
  request(wish: CommentsWish): PostSettingsChange | null {
    this.queue.assertOpen();
    const pending = this.pendingFor(wish.target, wish.servicePostId);
    const now = this.clock.now();
    switch (wishOutcome(pending, wish)) {
      case 'nothing-to-send':
        return null;
      case 'drop': {
        const dropped = pending as PostSettingsChange;
        this.queue.remove(dropped.id);
        this.emit({ type: 'removed', change: dropped, reason: 'unneeded' });
        return null;
      }
      case 'replace': {
        const current = pending as PostSettingsChange;
        return this.queue.change({
          ...current,
          networks: [...wish.networks],
          postKeys: [...wish.postKeys],
          commentsEnabled: wish.commentsEnabled,
          revision: current.revision + 1,
          // A change in flight stays "sending": its turn sees the newer revision when it ends.
          state: current.state === 'sending' ? 'sending' : 'queued',
          failures: 0,
          lastError: current.state === 'sending' ? current.lastError : null,
          nextAttemptAt: null,
          updated: now,
        });
      }
      case 'insert': {
        const change = this.queue.add({
          id: randomUUID(),
          seq: 0,
          target:
            wish.target.profileId === undefined ? { accountId: wish.target.accountId } : { accountId: wish.target.accountId, profileId: wish.target.profileId },
          servicePostId: wish.servicePostId,
          networks: [...wish.networks],
          postKeys: [...wish.postKeys],
          commentsEnabled: wish.commentsEnabled,
          revision: 1,
          state: 'queued',
          attempts: 0,
          failures: 0,
          outcomeUnknown: false,
          lastError: null,
          nextAttemptAt: null,
          created: now,
          updated: now,
        });
        this.emit({ type: 'added', change });
        return change;
      }
    }
  }

  /** Sends a failed change again, or a waiting one now. */
  retry(target: { profileId?: string }, servicePostId: string): PostSettingsChange {
    const change = this.existing(target, servicePostId, 'retry');
    const why = whyNotRetryable(change);
    if (why) throw new OutboxError('not-allowed', `Cannot retry this comments change: ${why}`);
    return this.queue.change({ ...change, state: 'queued', failures: 0, lastError: null, nextAttemptAt: null, updated: this.clock.now() });
  }

  /** Takes the wish back: the post keeps the service's state. */
  cancel(target: { profileId?: string }, servicePostId: string): PostSettingsChange {
    const change = this.existing(target, servicePostId, 'cancel');
    const why = whyNotCancellable(change);
    if (why) throw new OutboxError('not-allowed', `Cannot cancel this comments change: ${why}`);
    this.queue.remove(change.id);
    this.emit({ type: 'removed', change, reason: 'cancelled' });
    return change;
  }

  /**
   * Resolves when the post's change has had its try (sent, waiting or failed, or gone), or after
   * `ms`: the person sees the outcome of an online switch at once, and "queued" when offline.
   */
  async untilTried(target: { profileId?: string }, servicePostId: string, ms: number): Promise<PostSettingsChange | null> {
    const settled = () => {
      const change = this.pendingFor(target, servicePostId);
      return change === null || change.state === 'waiting' || change.state === 'failed';
    };
    if (settled() || !this.queue.isRunning()) return this.pendingFor(target, servicePostId);
    const timeout = new AbortController();
    await new Promise<void>((resolve) => {
      const watcher = () => {
        if (!settled()) return;
        this.watchers.delete(watcher);
        resolve();
      };
      this.watchers.add(watcher);
      this.clock.sleep(ms, timeout.signal).then(
        () => {
          this.watchers.delete(watcher);
          resolve();
        },
        () => undefined,
      );
    });
    timeout.abort();
    return this.pendingFor(target, servicePostId);
  }

  // Running

  start(): void {
    this.queue.start();
  }

  /** The service may be reachable again: every waiting change is due now. */
  nudge(): void {
    this.queue.nudge();
  }

  /** No new sends; the PUT in flight may finish (up to `closeGraceMs`, then it is aborted); the file is closed. */
  close(): Promise<void> {
    return this.queue.close();
  }

  // Inside

  private existing(target: { profileId?: string }, servicePostId: string, action: 'retry' | 'cancel'): PostSettingsChange {
    this.queue.assertOpen();
    const change = this.pendingFor(target, servicePostId);
    if (!change) throw new OutboxError('not-found', `Cannot ${action}: this post has no comments change waiting to be sent`);
    return change;
  }

  private emit(event: PostSettingsEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // A listener's failure is the listener's problem: the queue goes on.
    }
    for (const watcher of [...this.watchers]) watcher();
  }
}
