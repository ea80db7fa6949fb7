// The one durable task queue: every write the person makes that must reach the service (a reply, a
// direct message, a comments on/off switch) is a task on it. Modelled on Signal Desktop's JobQueue
// and Mailspring's tasks: a task KIND declares what is particular to it (which lane a task goes in,
// when it may go, how one turn sends it and settles an unknown outcome), and the queue owns
// everything else, once:
//   - persistence: a task is on disk (its kind's rows in its file) before `add` returns, and every
//     change of state is written before anyone hears of it;
//   - lanes: per profile in the order written (replies and messages), or one lane where the
//     earliest due goes first (comment switches: one waiting change does not hold others back);
//   - draining (drainRunner.ts): fair lanes, a concurrency limit, nothing polls, `nudge()` when
//     connectivity returns, `close()` with a grace time for the sends in flight;
//   - the undo window: a new task is not sent before `sendAfter(now)`;
//   - the backoff after failures that can pass (backoff.ts), a task a stopped process left mid-send
//     (`load`), and what a turn that could not write its file leaves in memory (it waits; an
//     attempt that may have left is checked first);
//   - refusing changes once closing, and a typed error when the file refuses a write the person asked for.
// What a kind merges or replaces when a newer wish comes (a comments switch flipped twice) is the
// kind's own rule, applied through `change`/`remove` here (postSettingsRules.ts).
import type { Clock } from '../clock.ts';
import { backoffDelay } from './backoff.ts';
import { commitWaitingAsDue, DrainRunner } from './drainRunner.ts';
import { OutboxError, writeOrRefuse } from './errors.ts';
import type { BackoffSettings, OutboxErrorInfo } from './types.ts';

/** What every task has, whatever its kind. */
export interface QueuedTask {
  id: string;
  /** Queue position, from the file: smaller goes first. */
  seq: number;
  state: string;
  nextAttemptAt: number | null;
  outcomeUnknown: boolean;
  attempts: number;
  lastError: OutboxErrorInfo | null;
  updated: number;
}

/** The rows of a kind in its file: written whole, each change in one transaction. */
export interface TaskRows<T, Extra> {
  /** Writes a new task; returns its queue position. */
  insert(task: T): number;
  update(task: T, extra?: Extra): void;
  remove(id: string): void;
  close(): void;
}

/** What a kind of task tells the queue. */
export interface TaskKind<T extends QueuedTask> {
  /** The queue's name in words, for errors ("The reply outbox"). */
  label: string;
  /** 'written': a lane's tasks go in the order written, a waiting one holds the rest; 'earliest-due': the earliest due goes first. */
  laneOrder: 'written' | 'earliest-due';
  lane(task: T): string;
  /** Still to go: holds its place in its lane. */
  isPending(task: T): boolean;
  /** Epoch ms from which it may go; Infinity for never (finished, failed). */
  readyAt(task: T): number;
  /** One turn: sends (or settles) the task, committing each step through the queue. */
  send(task: T, signal: AbortSignal): Promise<void>;
  /** What the task is, in words ("reply", "message", "change"), for what the person reads about it. */
  noun(task: T): string;
}

export interface TaskQueueOptions<T extends QueuedTask, Extra> {
  kind: TaskKind<T>;
  rows: TaskRows<T, Extra>;
  clock: Clock;
  random: () => number;
  backoff: BackoffSettings;
  /** New tasks wait this long before going out (the person may take them back). */
  undoMs: number;
  maxConcurrent: number;
  closeGraceMs: number;
  /** Every committed change, after it is on disk (the wrapper turns it into its events). */
  onCommitted: (task: T) => void;
}

export class TaskQueue<T extends QueuedTask, Extra = never> {
  private readonly options: TaskQueueOptions<T, Extra>;
  private readonly runner: DrainRunner<T>;
  /** Every task, in queue order (loaded and added by seq; a Map keeps insertion order). */
  private readonly tasks = new Map<string, T>();

  constructor(options: TaskQueueOptions<T, Extra>) {
    this.options = options;
    const { kind } = options;
    this.runner = new DrainRunner<T>({
      source: {
        heads: () => (kind.laneOrder === 'written' ? this.headsInOrder() : this.earliestDueHeads()),
        readyAt: (task) => kind.readyAt(task),
        seq: (task) => task.seq,
        makeWaitingDue: (now) => commitWaitingAsDue(this.tasks.values(), now, (task) => this.commit(task)),
      },
      sendOne: (task, signal) => kind.send(task, signal),
      turnFailed: (task, error) => this.afterCrashOfTurn(task.id, error),
      clock: options.clock,
      maxConcurrent: options.maxConcurrent,
      closeGraceMs: options.closeGraceMs,
      onClosed: () => options.rows.close(),
    });
  }

  /**
   * Takes the tasks read from the file. One the process left mid-send waits, due now, and is written
   * back: if its request may have left, `outcomeUnknown` is already on disk (written before sending),
   * so its kind checks (or, where sending twice is harmless, repeats) before anything else.
   */
  load(loaded: Iterable<T>): void {
    const now = this.options.clock.now();
    for (const stored of loaded) {
      let task = stored;
      if (task.state === 'sending') {
        const message = `The app stopped while this ${this.options.kind.noun(task)} was being sent`;
        task = { ...task, state: 'waiting', nextAttemptAt: now, lastError: { code: 'interrupted', message }, updated: now };
        this.options.rows.update(task);
      }
      this.tasks.set(task.id, task);
    }
  }

  // Reading

  list(): T[] {
    return [...this.tasks.values()];
  }

  get(id: string): T | null {
    return this.tasks.get(id) ?? null;
  }

  /** When a task written now may first go out: after the undo window. */
  sendAfter(now: number): number {
    return now + this.options.undoMs;
  }

  /** The wait after the `failures`-th consecutive failure that can pass. */
  retryDelay(failures: number): number {
    return backoffDelay(failures, this.options.backoff, this.options.random);
  }

  // Changes

  /** Writes a new task (on disk before this returns; a typed error if the file refuses) and wakes the drain. */
  add(draft: T): T {
    this.assertOpen();
    const task = { ...draft, seq: this.write(() => this.options.rows.insert(draft)) };
    this.tasks.set(task.id, task);
    this.runner.wake();
    return task;
  }

  /** A change the person asked for (edit, cancel, retry, a newer wish): written or refused, then the drain looks again. */
  change(task: T, extra?: Extra): T {
    this.assertOpen();
    const changed = this.write(() => this.commit(task, extra));
    this.runner.wake();
    return changed;
  }

  /** Takes a task off the file and the queue (a typed error if the file refuses). */
  remove(id: string): void {
    this.assertOpen();
    this.write(() => this.options.rows.remove(id));
    this.tasks.delete(id);
    this.runner.wake();
  }

  /** Takes a task off during a turn (its write is done): the file's error, if any, ends the turn. */
  removeInTurn(id: string): void {
    this.options.rows.remove(id);
    this.tasks.delete(id);
  }

  /** Writes a task's new state during a turn, then tells the wrapper. Throws what the file threw. */
  commit(task: T, extra?: Extra): T {
    this.options.rows.update(task, extra);
    this.tasks.set(task.id, task);
    this.options.onCommitted(task);
    return task;
  }

  // Running

  /** Starts (or resumes) sending. */
  start(): void {
    this.assertOpen();
    this.runner.start();
  }

  /** No new sends; those in flight finish. `start()` resumes. */
  pause(): void {
    this.runner.pause();
  }

  isRunning(): boolean {
    return this.runner.isRunning();
  }

  /** The service may be reachable again (connectivity came back, the machine woke): every waiting task is due now. */
  nudge(): void {
    this.runner.nudge();
  }

  /** No new sends; those in flight may finish (up to the grace time, then they are aborted); the file is closed. */
  close(): Promise<void> {
    return this.runner.close();
  }

  assertOpen(): void {
    if (!this.runner.isOpen()) throw new OutboxError('closed', `${this.options.kind.label} is closed`);
  }

  // Inside

  /** Each lane's first pending task, in the order written: a task that waits keeps the ones behind it waiting. */
  private headsInOrder(): Map<string, T> {
    const heads = new Map<string, T>();
    for (const task of this.tasks.values()) {
      if (!this.options.kind.isPending(task)) continue;
      const lane = this.options.kind.lane(task);
      if (!heads.has(lane)) heads.set(lane, task);
    }
    return heads;
  }

  /** Each lane's earliest due task (the oldest of equals): one that waits does not hold the others back. */
  private earliestDueHeads(): Map<string, T> {
    const { kind } = this.options;
    const heads = new Map<string, T>();
    for (const task of this.tasks.values()) {
      const at = kind.readyAt(task);
      if (!kind.isPending(task) || !Number.isFinite(at)) continue;
      const lane = kind.lane(task);
      const best = heads.get(lane);
      if (best === undefined || at < kind.readyAt(best) || (at === kind.readyAt(best) && task.seq < best.seq)) heads.set(lane, task);
    }
    return heads;
  }

  /**
   * A turn threw (the file could not be written: disk full, I/O error). Whatever reached the disk
   * stands; in memory the task waits the longest backoff, and an attempt that may have left is
   * checked (or, for an idempotent kind, simply repeated) before anything else is sent.
   */
  private afterCrashOfTurn(id: string, error: unknown): void {
    const task = this.tasks.get(id);
    if (task === undefined || !this.options.kind.isPending(task)) return;
    const now = this.options.clock.now();
    const waiting: T = {
      ...task,
      state: 'waiting',
      outcomeUnknown: task.outcomeUnknown || task.attempts > 0,
      nextAttemptAt: now + this.options.backoff.maxMs,
      lastError: {
        code: 'storage',
        message: `${this.options.kind.label} file could not be written (${error instanceof Error ? error.name : 'error'}); trying again later`,
      },
      updated: now,
    };
    try {
      this.options.rows.update(waiting);
    } catch {
      // Still failing: memory holds the truth until the next turn.
    }
    this.tasks.set(id, waiting);
    this.options.onCommitted(waiting);
  }

  private write<R>(work: () => R): R {
    return writeOrRefuse(this.options.kind.label, work);
  }
}
