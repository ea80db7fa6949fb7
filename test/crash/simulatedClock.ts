// Simulated time for the crash test's "service" settle mode: a real service account waits 11
// minutes before it resends a write whose outcome is unknown (decision 0011), and the crash test
// cannot wait 11 real minutes per unknown outcome. So the driver owns a clock that runs faster than
// real time and writes it to a file in the test's folder; every child reads that file as its clock
// (the outbox's Clock port), and the sandbox the driver runs uses the same clock, so the service's
// timestamps and the outbox's agree (a reply found in the thread must not look older than the attempt).
//
// The file outlives every kill: a new child starts from the time the last one left, never earlier.
// The driver only moves it forward, and the child keeps the latest time it read, so time never goes
// backwards for either.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Clock } from '../../src/main/core/clock.ts';

/** The driver's side: the time, moved forward by the driver, on disk for the children. */
export class SimulatedTime {
  readonly path: string;
  #now: number;

  constructor(path: string, start: number) {
    this.path = path;
    this.#now = start;
    this.#write();
  }

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    if (!(ms > 0)) return;
    this.#now += Math.round(ms);
    this.#write();
  }

  /** Moves forward at `speed` simulated ms per real ms, every `tickMs` real ms, until the returned stop is called. */
  run(speed: number, tickMs = 20): () => void {
    const timer = setInterval(() => this.advance(speed * tickMs), tickMs);
    return () => clearInterval(timer);
  }

  /** Replaced in one rename, so a child never reads half a number. */
  #write(): void {
    writeFileSync(`${this.path}.next`, String(this.#now));
    renameSync(`${this.path}.next`, this.path);
  }
}

/**
 * The child's side: a Clock reading the driver's file. `now()` is the latest time read (never
 * less than before); `sleep()` waits until the simulated time has moved on by `ms`, looking at
 * the file every few real milliseconds.
 */
export function fileClock(path: string, pollMs = 5): Clock {
  let latest = 0;
  const now = (): number => {
    const read = Number(readFileSync(path, 'utf8'));
    if (Number.isFinite(read) && read > latest) latest = read;
    return latest;
  };
  if (now() === 0) throw new Error(`The simulated clock at ${path} holds no time`);
  return {
    now,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      const until = now() + Math.max(0, ms);
      await new Promise<void>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const end = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', end);
          resolve();
        };
        const look = () => {
          if (now() >= until) end();
          else timer = setTimeout(look, pollMs);
        };
        signal?.addEventListener('abort', end, { once: true });
        look();
      });
      signal?.throwIfAborted();
    },
  };
}
