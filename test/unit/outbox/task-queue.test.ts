// The one durable task queue on its own, over rows in memory (a fake only where the file must fail)
// and a fake clock: the two lane orders, a task left mid-send by a stopped process, a write the file
// refuses, and a turn whose file write fails (the task waits instead of being retried in a loop).
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxError } from '../../../src/main/core/outbox/errors.ts';
import { type QueuedTask, TaskQueue, type TaskKind, type TaskRows } from '../../../src/main/core/outbox/taskQueue.ts';
import { runFor, settle, SteppingClock } from './fakes.ts';

interface Task extends QueuedTask {
  lane: string;
  state: 'queued' | 'sending' | 'waiting' | 'done';
  /** What the fake send does: succeed; wait 10 s after the first try; or fail to write its file. */
  outcome: 'ok' | 'wait-once' | 'file-fails';
}

class MemoryRows implements TaskRows<Task, never> {
  readonly written = new Map<string, Task>();
  refuseWrites = false;
  private seq = 0;

  insert(task: Task): number {
    if (this.refuseWrites) throw new Error('SQLITE_FULL: database or disk is full');
    this.written.set(task.id, task);
    return ++this.seq;
  }

  update(task: Task): void {
    if (this.refuseWrites) throw new Error('SQLITE_FULL: database or disk is full');
    this.written.set(task.id, task);
  }

  remove(id: string): void {
    this.written.delete(id);
  }

  close(): void {}
}

const queues: TaskQueue<Task>[] = [];

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
});

function task(id: string, lane: string, outcome: Task['outcome'] = 'ok', seq = 0): Task {
  return { id, seq, lane, state: 'queued', nextAttemptAt: null, outcomeUnknown: false, attempts: 0, lastError: null, updated: 0, outcome };
}

function harness(laneOrder: TaskKind<Task>['laneOrder']) {
  const clock = new SteppingClock();
  const rows = new MemoryRows();
  const sent: string[] = [];
  const queue: TaskQueue<Task> = new TaskQueue<Task>({
    kind: {
      label: 'The test queue',
      laneOrder,
      lane: (t) => t.lane,
      isPending: (t) => t.state !== 'done',
      readyAt: (t) => t.nextAttemptAt ?? 0,
      send: async (t) => {
        sent.push(t.id);
        if (t.outcome === 'file-fails') {
          rows.refuseWrites = true;
          queue.commit({ ...t, state: 'sending', attempts: t.attempts + 1 });
        }
        if (t.outcome === 'wait-once' && t.attempts === 0) queue.commit({ ...t, state: 'waiting', attempts: 1, nextAttemptAt: clock.now() + 10_000 });
        else queue.commit({ ...t, state: 'done' });
      },
      noun: () => 'task',
    },
    rows,
    clock,
    random: () => 0.5,
    backoff: { baseMs: 1_000, maxMs: 60_000 },
    undoMs: 0,
    maxConcurrent: 2,
    closeGraceMs: 1_000,
    onCommitted: () => undefined,
  });
  queues.push(queue);
  return { clock, rows, sent, queue };
}

describe('the one durable task queue', () => {
  it("in written order, a waiting task holds its lane's later tasks; other lanes go on", async () => {
    const { queue, sent, clock } = harness('written');
    queue.add(task('a1', 'A', 'wait-once'));
    queue.add(task('a2', 'A'));
    queue.add(task('b1', 'B'));
    queue.add(task('b2', 'B'));
    queue.start();
    await runFor(clock, 5_000, 500);
    expect(sent).toEqual(['a1', 'b1', 'b2']);
    await runFor(clock, 6_000, 500);
    expect(sent).toEqual(['a1', 'b1', 'b2', 'a1', 'a2']);
  });

  it('earliest due first: a waiting task does not hold back the lane', async () => {
    const { queue, sent } = harness('earliest-due');
    queue.add(task('first', 'one', 'wait-once'));
    queue.add(task('second', 'one'));
    queue.start();
    await settle();
    expect(sent).toEqual(['first', 'second']);
  });

  it('writes back a task the process left mid-send as waiting, due now, before anything else', () => {
    const { queue, rows } = harness('written');
    queue.load([{ ...task('x', 'A', 'ok', 7), state: 'sending', attempts: 1, outcomeUnknown: true }]);
    expect(queue.get('x')).toMatchObject({
      state: 'waiting',
      outcomeUnknown: true,
      lastError: { code: 'interrupted', message: 'The app stopped while this task was being sent' },
    });
    expect(rows.written.get('x')?.state).toBe('waiting');
  });

  it('refuses a task the file cannot take with a typed error, and keeps nothing of it', () => {
    const { queue, rows } = harness('written');
    rows.refuseWrites = true;
    expect(() => queue.add(task('lost', 'A'))).toThrow(OutboxError);
    expect(queue.list()).toEqual([]);
  });

  it('after a turn that could not write its file, the task waits the longest backoff instead of being sent again at once', async () => {
    const { queue, sent, clock, rows } = harness('written');
    queue.add(task('t', 'A', 'file-fails'));
    queue.start();
    await settle();
    rows.refuseWrites = false;
    await runFor(clock, 30_000, 1_000);
    expect(sent).toEqual(['t']);
    expect(queue.get('t')).toMatchObject({ state: 'waiting', lastError: { code: 'storage' } });
    expect(queue.get('t')?.lastError?.message).toMatch(/The test queue file could not be written/);
  });
});
