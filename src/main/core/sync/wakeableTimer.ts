// The one timer of a scheduler: it sleeps on the Clock port until a time, or without a timer at all
// until something happens (paused, offline, nothing to do); `nudge()` wakes it either way. A nudge
// that comes while the scheduler is busy is kept, so the next wait returns at once and nothing that
// happened in between is missed. It also notices when the clock jumped past the planned wake-up
// by much (the machine slept), so the scheduler can decide not to catch up in a burst.
import type { Clock } from '../clock.ts';

export type WakeReason = 'elapsed' | 'nudged' | 'stopped';

export class WakeableTimer {
  private readonly clock: Clock;
  private readonly jumpMs: number;
  private controller: AbortController | undefined;
  private wakeIdle: (() => void) | undefined;
  private pendingNudge = false;
  private stopped = false;
  /** Set when the last sleep ended more than `jumpMs` after it should have. */
  private jumped = false;

  constructor(clock: Clock, jumpMs: number) {
    this.clock = clock;
    this.jumpMs = jumpMs;
  }

  /** Sleeps `ms` on the clock, unless nudged or stopped first. */
  async sleep(ms: number): Promise<WakeReason> {
    if (this.stopped) return 'stopped';
    if (this.takeNudge()) return 'nudged';
    const controller = new AbortController();
    this.controller = controller;
    const planned = this.clock.now() + ms;
    try {
      await this.clock.sleep(Math.max(0, ms), controller.signal);
    } catch {
      // Aborted: by a nudge (consumed here, it has done its job) or by stop().
      this.takeNudge();
      return this.stopped ? 'stopped' : 'nudged';
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
    if (this.clock.now() - planned > this.jumpMs) this.jumped = true;
    return this.stopped ? 'stopped' : 'elapsed';
  }

  /** Waits, with no timer, until nudged or stopped. */
  async idle(): Promise<WakeReason> {
    if (this.stopped) return 'stopped';
    if (this.takeNudge()) return 'nudged';
    await new Promise<void>((resolve) => (this.wakeIdle = resolve));
    this.wakeIdle = undefined;
    if (this.stopped) return 'stopped';
    this.takeNudge();
    return 'nudged';
  }

  nudge(): void {
    this.pendingNudge = true;
    this.controller?.abort();
    this.wakeIdle?.();
  }

  stop(): void {
    this.stopped = true;
    this.nudge();
  }

  /** Whether the clock jumped since the last call (and forgets it). */
  takeJump(): boolean {
    const jumped = this.jumped;
    this.jumped = false;
    return jumped;
  }

  private takeNudge(): boolean {
    const pending = this.pendingNudge;
    this.pendingNudge = false;
    return pending;
  }
}
