// The drain loop of the one durable task queue: start, pause, wake, nudge,
// the wakeable timer for the next due task, fair lanes with a concurrency limit, and close with a
// grace time for the sends in flight. It knows nothing of replies or posts, SQLite or the service.
//
// A queue plugs in twice: a LaneSource says what each lane would send next (its head) and when that
// is due, and `sendOne` sends one task (persisting before the request leaves is its job, not the
// runner's). Lanes take turns for the `maxConcurrent` slots, least recently served first; a lane
// has at most one task in flight, so a lane's tasks go out in its own order. Nothing polls: the
// loop sleeps on the clock until the next head is due, and wakes early on `wake()` (the queue
// changed), on a finished send, or on `nudge()` (the service may be reachable again). taskQueue.ts
// gives it its lanes and its sends; this file is only the loop.
import type { Clock } from '../clock.ts';

/** What a queue tells the runner about its tasks. Called on the loop's turn; must not throw. */
export interface LaneSource<T> {
  /** Each lane that has work, with the task it would send next (sent or waited on, in order). */
  heads(): Iterable<readonly [lane: string, task: T]>;
  /** Epoch ms from which the task may be sent. */
  readyAt(task: T): number;
  /** The task's place in the queue: among lanes served equally long ago, the lower goes first. */
  seq(task: T): number;
  /** Connectivity came back, or the machine woke: make every task waiting on a timer due `now`. */
  makeWaitingDue(now: number): void;
}

export interface DrainRunnerOptions<T> {
  source: LaneSource<T>;
  /** Sends one task. A rejection is a turn that could not be recorded: `turnFailed` handles it. */
  sendOne: (task: T, signal: AbortSignal) => Promise<void>;
  /** The send threw (its file could not be written): the queue records what it can. */
  turnFailed: (task: T, error: unknown) => void;
  clock: Clock;
  maxConcurrent: number;
  /** How long `close()` lets the sends in flight finish before aborting them. */
  closeGraceMs: number;
  /** Called once the loop has stopped and every send has settled: release the file here. */
  onClosed: () => void;
}

type Phase = 'stopped' | 'running' | 'closing' | 'closed';

export class DrainRunner<T> {
  private readonly options: DrainRunnerOptions<T>;
  private readonly inFlight = new Map<string, InFlight>();
  /** Lane → turn number of its last launch: the lowest goes next. */
  private readonly servedAt = new Map<string, number>();
  private turn = 0;
  private phase: Phase = 'stopped';
  private wakeController = new AbortController();
  private loop: Promise<void> | null = null;
  private closing: Promise<void> | null = null;

  constructor(options: DrainRunnerOptions<T>) {
    this.options = { ...options, maxConcurrent: Math.max(1, options.maxConcurrent) };
  }

  /** False once closing has begun: the queue then refuses changes. */
  isOpen(): boolean {
    return this.phase === 'stopped' || this.phase === 'running';
  }

  isRunning(): boolean {
    return this.phase === 'running';
  }

  /** Starts (or resumes) sending. The caller checks `isOpen()` first. */
  start(): void {
    if (this.phase === 'running') return;
    this.phase = 'running';
    this.loop ??= this.drain();
    this.wake();
  }

  /** No new sends; those in flight finish. `start()` resumes. */
  pause(): void {
    if (this.phase === 'running') this.phase = 'stopped';
    this.wake();
  }

  /** The queue changed (a new task, an edit, a retry): look again now. */
  wake(): void {
    this.wakeController.abort();
  }

  /** The service may be reachable again: every waiting task is due now. */
  nudge(): void {
    if (!this.isOpen()) return;
    this.options.source.makeWaitingDue(this.options.clock.now());
    this.wake();
  }

  /** Stops the loop, lets the sends in flight finish (up to the grace time, then aborts them), then `onClosed`. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async drain(): Promise<void> {
    while (this.phase === 'running' || this.phase === 'stopped') {
      this.wakeController = new AbortController();
      const wake = this.wakeController.signal;
      const dueAt = this.phase === 'running' ? this.launchDue() : null;
      try {
        if (dueAt === null) await untilAborted(wake);
        else await this.options.clock.sleep(Math.max(0, dueAt - this.options.clock.now()), wake);
      } catch {
        // Woken early: look again.
      }
    }
  }

  /** Launches what is due, fairly across lanes; returns when the next waiting head is due, or null. */
  private launchDue(): number | null {
    const { source, clock, maxConcurrent } = this.options;
    const now = clock.now();
    const idle = [...source.heads()].filter(([lane]) => !this.inFlight.has(lane));
    const due = idle
      .filter(([, task]) => source.readyAt(task) <= now)
      .sort(([a, x], [b, y]) => (this.servedAt.get(a) ?? -1) - (this.servedAt.get(b) ?? -1) || source.seq(x) - source.seq(y));
    for (const [lane, task] of due) {
      if (this.inFlight.size >= maxConcurrent) break;
      this.launch(lane, task);
    }
    let next: number | null = null;
    for (const [lane, task] of idle) {
      if (this.inFlight.has(lane)) continue;
      const at = source.readyAt(task);
      // Due but no free slot: a finishing send wakes the loop, no timer needed.
      if (at <= now) continue;
      next = next === null ? at : Math.min(next, at);
    }
    return next;
  }

  private launch(lane: string, task: T): void {
    this.servedAt.set(lane, ++this.turn);
    const abort = new AbortController();
    const done = this.options
      .sendOne(task, abort.signal)
      .catch((error: unknown) => this.options.turnFailed(task, error))
      .finally(() => {
        this.inFlight.delete(lane);
        this.wake();
      });
    this.inFlight.set(lane, { abort, done });
  }

  private async shutdown(): Promise<void> {
    if (this.phase === 'closed') return;
    this.phase = 'closing';
    this.wake();
    await this.loop;
    await settleInFlight([...this.inFlight.values()], this.options.clock, this.options.closeGraceMs);
    this.phase = 'closed';
    this.options.onClosed();
  }
}

/** `makeWaitingDue` for a queue of tasks with a retry time: each write on its own, so one refused write spares the rest. */
export function commitWaitingAsDue<T extends { state: string; nextAttemptAt: number | null; updated: number }>(
  tasks: Iterable<T>,
  now: number,
  commit: (task: T) => unknown,
): void {
  for (const task of tasks) {
    if (task.state !== 'waiting' || (task.nextAttemptAt ?? 0) <= now) continue;
    try {
      commit({ ...task, nextAttemptAt: now, updated: now });
    } catch {
      // The file refused the write: this task keeps its time; the others still go now.
    }
  }
}

/** A send: a promise with an abort switch. */
interface InFlight {
  abort: AbortController;
  done: Promise<void>;
}

/** Resolves when the signal aborts (at once if it already has); never rejects. */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Waits for every send to finish, up to `graceMs`; then aborts the rest (each queue records an aborted send as it stands). */
async function settleInFlight(flights: readonly InFlight[], clock: Clock, graceMs: number): Promise<void> {
  if (flights.length === 0) return;
  const grace = new AbortController();
  const allDone = Promise.all(flights.map((flight) => flight.done)).then(() => 'done' as const);
  const outcome = await Promise.race([
    allDone,
    clock.sleep(graceMs, grace.signal).then(
      () => 'grace-over' as const,
      () => 'done' as const,
    ),
  ]);
  grace.abort();
  if (outcome === 'grace-over') for (const flight of flights) flight.abort.abort();
  await allDone;
}
