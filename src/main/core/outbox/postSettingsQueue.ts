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
// value, it does not add anything), so a PUT whose answer was lost is simply sent again.
//
// One wish per service post: a newer one replaces a pending older one (postSettingsRules.ts). One
// PUT in flight per account at a time, oldest first; a change that waits (offline, 5xx, 429) does
// not hold the others back. Nothing polls: the drain sleeps on the clock until the next change is
// due, and wakes early on a new wish, retry, cancel or `nudge()` (connectivity came back, the
// machine woke up), which makes every waiting change due now.
import { randomUUID } from 'node:crypto';
import { type Clock, systemClock } from '../clock.ts';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
import { OutboxError } from './errors.ts';
import { decideAfterSend } from './failureDecision.ts';
import { type InFlight, settleInFlight, untilAborted } from './inFlight.ts';
import { openCheckedPostSettingsFile, PostSettingsRepository, type LoadedChanges } from './postSettingsRepository.ts';
import { readyAt, whyNotCancellable, whyNotRetryable, wishOutcome } from './postSettingsRules.ts';
import type { CommentsWish, PostSettingsChange, PostSettingsEvent, PostSettingsQueueOptions } from './postSettingsTypes.ts';
import type { BackoffSettings, DamagedFileReport } from './types.ts';

const DEFAULT_CLOSE_GRACE_MS = 5_000;

type Phase = 'stopped' | 'running' | 'closing' | 'closed';

function postKeyOf(profileId: string | undefined, servicePostId: string): string {
  return `${profileId ?? ''}\n${servicePostId}`;
}

export class PostSettingsQueue {
  private readonly repo: PostSettingsRepository;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly backoff: BackoffSettings;
  private readonly closeGraceMs: number;
  private readonly options: PostSettingsQueueOptions;
  /** Pending changes by `profileId\nservicePostId`, in queue order. */
  private readonly changes = new Map<string, PostSettingsChange>();
  private readonly watchers = new Set<() => void>();
  private phase: Phase = 'stopped';
  private wakeController = new AbortController();
  private loop: Promise<void> | null = null;
  private inFlight: InFlight | null = null;
  private closing: Promise<void> | null = null;
  private damage: DamagedFileReport | null = null;
  private unreadable: (LoadedChanges['unreadable'][number] & { at: number })[] = [];

  /** Opens (or creates) the queue's file and loads its changes. Sends nothing until `start()`. */
  static open(options: PostSettingsQueueOptions): PostSettingsQueue {
    return new PostSettingsQueue(options);
  }

  private constructor(options: PostSettingsQueueOptions) {
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.closeGraceMs = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
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
      throw new OutboxError('unreadable-file', `The post settings queue ${options.path} could not be read (${error instanceof Error ? error.message : String(error)}); it was left as it is`, error);
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
        this.wake();
        return replaced;
      }
      case 'insert': {
        const draft: PostSettingsChange = {
          id: randomUUID(),
          seq: 0,
          target: wish.target.profileId === undefined ? { accountId: wish.target.accountId } : { accountId: wish.target.accountId, profileId: wish.target.profileId },
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
        this.wake();
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
    this.wake();
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
    this.wake();
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
    if (settled() || this.phase !== 'running') return this.changes.get(key) ?? null;
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
    if (this.phase === 'running') return;
    this.phase = 'running';
    this.loop ??= this.drain();
    this.wake();
  }

  /** The service may be reachable again: every waiting change is due now. */
  nudge(): void {
    if (this.phase === 'closing' || this.phase === 'closed') return;
    const now = this.clock.now();
    for (const change of this.changes.values()) {
      if (change.state !== 'waiting' || (change.nextAttemptAt ?? 0) <= now) continue;
      try {
        this.commit({ ...change, nextAttemptAt: now, updated: now });
      } catch {
        // The file refused the write: this change keeps its time; the others still go now.
      }
    }
    this.wake();
  }

  /** No new sends; the PUT in flight may finish (up to `closeGraceMs`, then it is aborted); the file is closed. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  // Inside

  private load(): void {
    const now = this.clock.now();
    const { changes, unreadable } = this.repo.loadAll();
    for (const loaded of changes) {
      let change = loaded;
      if (change.state === 'sending') {
        // The process stopped mid-PUT: send it again (idempotent), now.
        change = { ...change, state: 'waiting', nextAttemptAt: now, lastError: { code: 'interrupted', message: 'The app stopped while this change was being sent' }, updated: now };
        this.repo.update(change);
      }
      this.changes.set(postKeyOf(change.target.profileId, change.servicePostId), change);
    }
    this.unreadable = unreadable.map((row) => ({ ...row, at: now }));
    for (const row of unreadable) this.emit({ type: 'unreadable', id: row.id, reason: row.reason });
  }

  private async drain(): Promise<void> {
    while (this.phase === 'running' || this.phase === 'stopped') {
      this.wakeController = new AbortController();
      const wake = this.wakeController.signal;
      let dueAt: number | null = null;
      if (this.phase === 'running' && this.inFlight === null) {
        const next = this.next();
        if (next !== null && readyAt(next) <= this.clock.now()) {
          this.launch(next);
          continue;
        }
        dueAt = next === null ? null : readyAt(next);
      }
      try {
        if (dueAt === null) await untilAborted(wake);
        else await this.clock.sleep(Math.max(0, dueAt - this.clock.now()), wake);
      } catch {
        // Woken early: look again.
      }
    }
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

  private launch(change: PostSettingsChange): void {
    const abort = new AbortController();
    const done = this.send(change, abort.signal)
      .catch((error: unknown) => this.afterCrashOfTurn(change, error))
      .finally(() => {
        this.inFlight = null;
        this.wake();
      });
    this.inFlight = { abort, done };
  }

  /** One PUT: "sending" is on disk before the request leaves. */
  private async send(start: PostSettingsChange, signal: AbortSignal): Promise<void> {
    const now = this.clock.now();
    const sending = this.commit({ ...start, state: 'sending', attempts: start.attempts + 1, outcomeUnknown: true, updated: now });
    const sent = { revision: sending.revision, commentsEnabled: sending.commentsEnabled };
    try {
      await this.options.client.updatePost(sending.target, { id: sending.servicePostId, disableComments: !sending.commentsEnabled, networks: sending.networks }, { signal });
    } catch (error) {
      this.afterFailure(sending, sent.revision, error);
      return;
    }
    this.afterApplied(sending, sent);
  }

  private afterApplied(sending: PostSettingsChange, sent: { revision: number; commentsEnabled: boolean }): void {
    const key = postKeyOf(sending.target.profileId, sending.servicePostId);
    const current = this.changes.get(key) ?? sending;
    // The store takes the service's new state before the row goes: a crash in between resends.
    this.emit({ type: 'applied', change: { ...current, commentsEnabled: sent.commentsEnabled } });
    const now = this.clock.now();
    if (current.revision === sent.revision || current.commentsEnabled === sent.commentsEnabled) {
      this.repo.remove(current.id);
      this.changes.delete(key);
      this.emit({ type: 'removed', change: current, reason: 'sent' });
      return;
    }
    // A newer, different wish came while this one was in flight: it goes next.
    this.commit({ ...current, state: 'queued', outcomeUnknown: false, failures: 0, lastError: null, nextAttemptAt: null, updated: now });
  }

  private afterFailure(sending: PostSettingsChange, sentRevision: number, error: unknown): void {
    const key = postKeyOf(sending.target.profileId, sending.servicePostId);
    const current = this.changes.get(key) ?? sending;
    const decision = decideAfterSend(error);
    const now = this.clock.now();
    if (decision.next === 'applied') {
      this.afterApplied(sending, { revision: sentRevision, commentsEnabled: sending.commentsEnabled });
      return;
    }
    if (current.revision !== sentRevision) {
      // The person changed their mind while this was in flight: the newer wish is tried afresh.
      this.commit({ ...current, state: 'queued', outcomeUnknown: current.outcomeUnknown || decision.outcomeUnknown, failures: 0, lastError: null, nextAttemptAt: null, updated: now });
      return;
    }
    if (decision.next === 'wait') {
      const failures = decision.countsAsFailure ? current.failures + 1 : current.failures;
      const delay = decision.countsAsFailure ? backoffDelay(failures, this.backoff, this.random) : 0;
      this.commit({
        ...current,
        state: 'waiting',
        outcomeUnknown: decision.outcomeUnknown,
        failures,
        nextAttemptAt: Math.max(now + delay, decision.notBefore ?? 0),
        lastError: decision.error,
        updated: now,
      });
      return;
    }
    // Refused (4xx): nothing was changed on the service; the person sees the service's message.
    this.commit({ ...current, state: 'failed', outcomeUnknown: false, nextAttemptAt: null, lastError: decision.error, updated: now });
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
      lastError: { code: 'storage', message: `The post settings file could not be written (${error instanceof Error ? error.name : 'error'}); trying again later` },
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

  private async shutdown(): Promise<void> {
    if (this.phase === 'closed') return;
    this.phase = 'closing';
    this.wake();
    await this.loop;
    await settleInFlight(this.inFlight ? [this.inFlight] : [], this.clock, this.closeGraceMs);
    this.phase = 'closed';
    this.repo.close();
  }

  /** A write the person asked for: if the file refuses it, a typed error and nothing changed. */
  private write<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      if (error instanceof OutboxError) throw error;
      throw new OutboxError('storage', `The post settings queue could not be written (${error instanceof Error ? error.message : String(error)}); nothing was changed`, error);
    }
  }

  private existing(target: { profileId?: string }, servicePostId: string, action: 'retry' | 'cancel'): PostSettingsChange {
    this.assertOpen();
    const change = this.changes.get(postKeyOf(target.profileId, servicePostId));
    if (!change) throw new OutboxError('not-found', `Cannot ${action}: this post has no comments change waiting to be sent`);
    return change;
  }

  private wake(): void {
    this.wakeController.abort();
  }

  private assertOpen(): void {
    if (this.phase === 'closing' || this.phase === 'closed') throw new OutboxError('closed', 'The post settings queue is closed');
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
