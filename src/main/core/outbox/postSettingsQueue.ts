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
// One wish per service post: a newer one replaces a pending older one (postSettingsRules.ts). One
// PUT in flight at a time (for the whole queue), the earliest due first, then the oldest; a change
// that waits (offline, 5xx, 429) does not hold the others back. Nothing polls: the drain (drainRunner.ts, one lane) sleeps on the clock
// until the next change is due, and wakes early on a new wish, retry, cancel or `nudge()`
// (connectivity came back, the machine woke up), which makes every waiting change due now.
import { randomUUID } from 'node:crypto';
import { type Clock, systemClock } from '../clock.ts';
import { DEFAULT_BACKOFF } from './backoff.ts';
import { commitWaitingAsDue, DrainRunner } from './drainRunner.ts';
import { OutboxError, writeOrRefuse } from './errors.ts';
import { PostSettingsDelivery } from './postSettingsDelivery.ts';
import { openCheckedPostSettingsFile, PostSettingsRepository, type LoadedChanges } from './postSettingsRepository.ts';
import { readyAt, whyNotCancellable, whyNotRetryable, wishOutcome } from './postSettingsRules.ts';
import type { CommentsWish, PostSettingsChange, PostSettingsEvent, PostSettingsQueueOptions } from './postSettingsTypes.ts';
import type { BackoffSettings, DamagedFileReport } from './types.ts';

const DEFAULT_CLOSE_GRACE_MS = 5_000;
/** One lane for the whole queue: one PUT in flight at a time, the earliest due first. */
const ONE_LANE = '';

function postKeyOf(profileId: string | undefined, servicePostId: string): string {
  return `${profileId ?? ''}\n${servicePostId}`;
}

export class PostSettingsQueue {
  private readonly repo: PostSettingsRepository;
  private readonly clock: Clock;
  private readonly backoff: BackoffSettings;
  private readonly options: PostSettingsQueueOptions;
  private readonly runner: DrainRunner<PostSettingsChange>;
  private readonly delivery: PostSettingsDelivery;
  /** Pending changes by `profileId\nservicePostId`, in queue order. */
  private readonly changes = new Map<string, PostSettingsChange>();
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
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.delivery = new PostSettingsDelivery({
      client: options.client,
      clock: this.clock,
      random: options.random ?? Math.random,
      backoff: this.backoff,
      current: (change) => this.changes.get(postKeyOf(change.target.profileId, change.servicePostId)),
      commit: (change) => this.commit(change),
      remove: (change) => {
        this.repo.remove(change.id);
        this.changes.delete(postKeyOf(change.target.profileId, change.servicePostId));
      },
      emit: (event) => this.emit(event),
    });
    this.runner = new DrainRunner<PostSettingsChange>({
      source: {
        heads: () => {
          const next = this.next();
          return next === null ? [] : [[ONE_LANE, next] as const];
        },
        readyAt,
        seq: (change) => change.seq,
        makeWaitingDue: (now) => commitWaitingAsDue(this.changes.values(), now, (change) => this.commit(change)),
      },
      sendOne: (change, signal) => this.delivery.run(change, signal),
      turnFailed: (change, error) => this.afterCrashOfTurn(change, error),
      clock: this.clock,
      maxConcurrent: 1,
      closeGraceMs: options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS,
      onClosed: () => this.repo.close(),
    });
    const opened = openCheckedPostSettingsFile(options.path, this.clock.now());
    if (opened.damage !== null) {
      const { kind, problem, movedTo, unreadable, restored } = opened.damage;
      this.damage = { kind, problem, movedTo, unreadable, ...restored, at: this.clock.now() };
    }
    this.repo = new PostSettingsRepository(opened.db);
    try {
      this.load();
    } catch (error) {
      this.repo.close();
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
    return [...this.changes.values()];
  }

  /** The pending change of a service post, or null. */
  pendingFor(target: { profileId?: string }, servicePostId: string): PostSettingsChange | null {
    return this.changes.get(postKeyOf(target.profileId, servicePostId)) ?? null;
  }

  // What the person does

  /**
   * Records the wish (on disk before this returns) and returns the pending change, or null when
   * nothing needs sending (the wish is what the service already has).
   */
  request(wish: CommentsWish): PostSettingsChange | null {
    this.assertOpen();
    const key = postKeyOf(wish.target.profileId, wish.servicePostId);
    const pending = this.changes.get(key) ?? null;
    const now = this.clock.now();
    switch (wishOutcome(pending, wish)) {
      case 'nothing-to-send':
        return null;
      case 'drop': {
        const dropped = pending as PostSettingsChange;
        this.write(() => this.repo.remove(dropped.id));
        this.changes.delete(key);
        this.emit({ type: 'removed', change: dropped, reason: 'unneeded' });
        return null;
      }
      case 'replace': {
        const current = pending as PostSettingsChange;
        const replaced: PostSettingsChange = {
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
        };
        this.write(() => this.commit(replaced));
        this.runner.wake();
        return replaced;
      }
      case 'insert': {
        const draft: PostSettingsChange = {
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
        };
        const change = { ...draft, seq: this.write(() => this.repo.insert(draft)) };
        this.changes.set(key, change);
        this.emit({ type: 'added', change });
        this.runner.wake();
        return change;
      }
    }
  }

  /** Sends a failed change again, or a waiting one now. */
  retry(target: { profileId?: string }, servicePostId: string): PostSettingsChange {
    const change = this.existing(target, servicePostId, 'retry');
    const why = whyNotRetryable(change);
    if (why) throw new OutboxError('not-allowed', `Cannot retry this comments change: ${why}`);
    const retried = this.write(() => this.commit({ ...change, state: 'queued', failures: 0, lastError: null, nextAttemptAt: null, updated: this.clock.now() }));
    this.runner.wake();
    return retried;
  }

  /** Takes the wish back: the post keeps the service's state. */
  cancel(target: { profileId?: string }, servicePostId: string): PostSettingsChange {
    const change = this.existing(target, servicePostId, 'cancel');
    const why = whyNotCancellable(change);
    if (why) throw new OutboxError('not-allowed', `Cannot cancel this comments change: ${why}`);
    this.write(() => this.repo.remove(change.id));
    this.changes.delete(postKeyOf(change.target.profileId, change.servicePostId));
    this.emit({ type: 'removed', change, reason: 'cancelled' });
    this.runner.wake();
    return change;
  }

  /**
   * Resolves when the post's change has had its try (sent, waiting or failed, or gone), or after
   * `ms`: the person sees the outcome of an online switch at once, and "queued" when offline.
   */
  async untilTried(target: { profileId?: string }, servicePostId: string, ms: number): Promise<PostSettingsChange | null> {
    const key = postKeyOf(target.profileId, servicePostId);
    const settled = () => {
      const change = this.changes.get(key);
      return change === undefined || change.state === 'waiting' || change.state === 'failed';
    };
    if (settled() || !this.runner.isRunning()) return this.changes.get(key) ?? null;
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
    return this.changes.get(key) ?? null;
  }

  // Running

  start(): void {
    this.assertOpen();
    this.runner.start();
  }

  /** The service may be reachable again: every waiting change is due now. */
  nudge(): void {
    this.runner.nudge();
  }

  /** No new sends; the PUT in flight may finish (up to `closeGraceMs`, then it is aborted); the file is closed. */
  close(): Promise<void> {
    return this.runner.close();
  }

  // Inside

  private load(): void {
    const now = this.clock.now();
    const { changes, unreadable } = this.repo.loadAll();
    for (const loaded of changes) {
      let change = loaded;
      if (change.state === 'sending') {
        // The process stopped mid-PUT: send it again (idempotent), now.
        change = {
          ...change,
          state: 'waiting',
          nextAttemptAt: now,
          lastError: { code: 'interrupted', message: 'The app stopped while this change was being sent' },
          updated: now,
        };
        this.repo.update(change);
      }
      this.changes.set(postKeyOf(change.target.profileId, change.servicePostId), change);
    }
    this.unreadable = unreadable.map((row) => ({ ...row, at: now }));
    for (const row of unreadable) this.emit({ type: 'unreadable', id: row.id, reason: row.reason });
  }

  /** The change to try next: the earliest due, oldest first. */
  private next(): PostSettingsChange | null {
    let best: PostSettingsChange | null = null;
    for (const change of this.changes.values()) {
      const at = readyAt(change);
      if (!Number.isFinite(at)) continue;
      if (best === null || at < readyAt(best) || (at === readyAt(best) && change.seq < best.seq)) best = change;
    }
    return best;
  }

  /** A turn threw (the file could not be written): the change waits and is sent again later. */
  private afterCrashOfTurn(change: PostSettingsChange, error: unknown): void {
    const key = postKeyOf(change.target.profileId, change.servicePostId);
    const current = this.changes.get(key);
    // Gone (cancelled meanwhile) or already moved on: nothing to do. Otherwise it waits, even if
    // "sending" never reached the file, so a broken disk does not make the drain spin.
    if (!current || (current.state !== 'sending' && current.state !== 'queued' && current.state !== 'waiting')) return;
    const now = this.clock.now();
    const waiting: PostSettingsChange = {
      ...current,
      state: 'waiting',
      outcomeUnknown: true,
      nextAttemptAt: now + this.backoff.maxMs,
      lastError: {
        code: 'storage',
        message: `The post settings file could not be written (${error instanceof Error ? error.name : 'error'}); trying again later`,
      },
      updated: now,
    };
    try {
      this.repo.update(waiting);
    } catch {
      // Still failing: memory holds the truth until the next turn.
    }
    this.changes.set(key, waiting);
    this.emit({ type: 'changed', change: waiting });
  }

  private commit(change: PostSettingsChange): PostSettingsChange {
    this.repo.update(change);
    this.changes.set(postKeyOf(change.target.profileId, change.servicePostId), change);
    this.emit({ type: 'changed', change });
    return change;
  }

  /** A write the person asked for: if the file refuses it, a typed error and nothing changed. */
  private write<T>(work: () => T): T {
    return writeOrRefuse('The post settings queue', work);
  }

  private existing(target: { profileId?: string }, servicePostId: string, action: 'retry' | 'cancel'): PostSettingsChange {
    this.assertOpen();
    const change = this.changes.get(postKeyOf(target.profileId, servicePostId));
    if (!change) throw new OutboxError('not-found', `Cannot ${action}: this post has no comments change waiting to be sent`);
    return change;
  }

  private assertOpen(): void {
    if (!this.runner.isOpen()) throw new OutboxError('closed', 'The post settings queue is closed');
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
