// The drain loop on its own, over an in-memory lane source and a fake clock: lanes take turns for
// the slots (least recently served first, one send per lane), the loop sleeps on the clock until
// the next head is due, a nudge makes waiting tasks due now, a send that throws goes to
// `turnFailed`, and close lets a send finish for the grace time, then aborts it.
import { describe, expect, it } from 'vitest';
import { commitWaitingAsDue, DrainRunner, type DrainRunnerOptions } from '../../../src/main/core/outbox/drainRunner.ts';
import { settle, SteppingClock } from './fakes.ts';

interface Task {
  id: string;
  lane: string;
  seq: number;
  state: 'waiting' | 'sent';
  nextAttemptAt: number | null;
  updated: number;
}

/** Tasks in memory; each send waits until the test releases it (or rejects it). */
class Lanes {
  readonly tasks: Task[] = [];
  readonly started: string[] = [];
  readonly failed: string[] = [];
  readonly flights = new Map<string, { resolve: () => void; reject: (error: Error) => void; signal: AbortSignal }>();
  maxFlights = 0;
  nudges = 0;

  add(id: string, lane: string, nextAttemptAt: number | null = null): void {
    this.tasks.push({ id, lane, seq: this.tasks.length + 1, state: 'waiting', nextAttemptAt, updated: 0 });
  }

  options(clock: SteppingClock, extra: Partial<DrainRunnerOptions<Task>> = {}): DrainRunnerOptions<Task> {
    return {
      source: {
        heads: () => {
          const heads = new Map<string, Task>();
          for (const task of this.tasks) if (task.state === 'waiting' && !heads.has(task.lane)) heads.set(task.lane, task);
          return heads;
        },
        readyAt: (task) => task.nextAttemptAt ?? 0,
        seq: (task) => task.seq,
        makeWaitingDue: (now) => {
          this.nudges++;
          commitWaitingAsDue(this.tasks, now, (task) => this.tasks.splice(this.tasks.indexOf(this.find(task.id)), 1, task));
        },
      },
      sendOne: (task, signal) => {
        this.started.push(task.id);
        return new Promise<void>((resolve, reject) => {
          this.flights.set(task.id, { resolve, reject, signal });
          this.maxFlights = Math.max(this.maxFlights, this.flights.size);
        });
      },
      turnFailed: (task) => this.failed.push(task.id),
      clock,
      maxConcurrent: 2,
      closeGraceMs: 1_000,
      onClosed: () => undefined,
      ...extra,
    };
  }

  find(id: string): Task {
    const task = this.tasks.find((t) => t.id === id);
    if (!task) throw new Error(`no task ${id}`);
    return task;
  }

  /** The send of `id` ends well: the task is done. */
  async release(id: string): Promise<void> {
    this.find(id).state = 'sent';
    this.flights.get(id)?.resolve();
    this.flights.delete(id);
    await settle();
  }
}

describe('DrainRunner', () => {
  it('lets lanes take turns for the slots, least recently served first, one send per lane', async () => {
    const clock = new SteppingClock();
    const lanes = new Lanes();
    for (const [id, lane] of [
      ['a1', 'A'],
      ['a2', 'A'],
      ['b1', 'B'],
      ['c1', 'C'],
      ['a3', 'A'],
    ])
      lanes.add(id!, lane!);
    const runner = new DrainRunner(lanes.options(clock));
    runner.start();
    await settle();
    expect(lanes.started).toEqual(['a1', 'b1']);
    await lanes.release('a1');
    // A was served last turn; C never was: C goes before A's next task, though a2 is older.
    expect(lanes.started).toEqual(['a1', 'b1', 'c1']);
    await lanes.release('b1');
    await lanes.release('c1');
    await lanes.release('a2');
    await lanes.release('a3');
    expect(lanes.started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    expect(lanes.maxFlights).toBe(2);
    await runner.close();
  });

  it('sleeps on the clock until the next head is due, and looks again at once when woken', async () => {
    const clock = new SteppingClock();
    const lanes = new Lanes();
    lanes.add('later', 'A', clock.now() + 5_000);
    const runner = new DrainRunner(lanes.options(clock));
    runner.start();
    await settle();
    expect(clock.nextWakeAt()).toBe(clock.now() + 5_000);
    await clock.advance(4_999);
    expect(lanes.started).toEqual([]);
    lanes.add('now', 'B');
    runner.wake();
    await settle();
    expect(lanes.started).toEqual(['now']);
    await clock.advance(1);
    expect(lanes.started).toEqual(['now', 'later']);
    await lanes.release('now');
    await lanes.release('later');
    await runner.close();
  });

  it('on nudge makes waiting tasks due now; after close a nudge does nothing', async () => {
    const clock = new SteppingClock();
    const lanes = new Lanes();
    lanes.add('far', 'A', clock.now() + 3_600_000);
    const runner = new DrainRunner(lanes.options(clock));
    runner.start();
    await settle();
    expect(lanes.started).toEqual([]);
    runner.nudge();
    await settle();
    expect(lanes.started).toEqual(['far']);
    expect(lanes.find('far').nextAttemptAt).toBe(clock.now());
    await lanes.release('far');
    await runner.close();
    runner.nudge();
    expect(lanes.nudges).toBe(1);
  });

  it('hands a send that throws to turnFailed and frees its lane', async () => {
    const clock = new SteppingClock();
    const lanes = new Lanes();
    lanes.add('x', 'A');
    lanes.add('y', 'A');
    const runner = new DrainRunner(lanes.options(clock));
    runner.start();
    await settle();
    lanes.find('x').state = 'sent';
    lanes.flights.get('x')?.reject(new Error('disk full'));
    lanes.flights.delete('x');
    await settle();
    expect(lanes.failed).toEqual(['x']);
    expect(lanes.started).toEqual(['x', 'y']);
    await lanes.release('y');
    await runner.close();
  });

  it('on close stops launching, lets a send finish for the grace time, then aborts it, then calls onClosed', async () => {
    const clock = new SteppingClock();
    const lanes = new Lanes();
    const closed: string[] = [];
    lanes.add('slow', 'A');
    lanes.add('next', 'B');
    const runner = new DrainRunner(lanes.options(clock, { maxConcurrent: 1, onClosed: () => closed.push('closed') }));
    runner.start();
    await settle();
    const flight = lanes.flights.get('slow');
    flight?.signal.addEventListener('abort', () => flight.resolve());
    const closing = runner.close();
    expect(runner.isOpen()).toBe(false);
    await settle();
    await clock.advance(999);
    expect(flight?.signal.aborted).toBe(false);
    expect(closed).toEqual([]);
    await clock.advance(1);
    await closing;
    expect(flight?.signal.aborted).toBe(true);
    expect(closed).toEqual(['closed']);
    expect(lanes.started).toEqual(['slow']);
  });
});
