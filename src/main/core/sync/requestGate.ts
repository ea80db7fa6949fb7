// The requests of one profile's sync: when the next may go (the pacer's slot, a budget the client
// said is spent, a hold after refused keys), sending one with its outcome told to the connectivity
// monitor, and what a failed one means for the whole profile (wait, hold, leave twitter out) before
// the job's own handler decides what it means for the job.
import type { Clock } from '../clock.ts';
import type { CallTarget } from '../service/credentials.ts';
import type { CallOptions } from '../service/requestRunner.ts';
import type { PostKey } from '../store/types.ts';
import type { ConnectivityView } from './connectivityMonitor.ts';
import type { SyncErrorInfo } from './events.ts';
import { StoreFailure, storeInfo, SyncInterrupted } from './jobFailures.ts';
import { type PacerOptions, RequestPacer } from './requestPacer.ts';
import { classifyFailure } from './syncErrors.ts';
import type { SyncClient } from './syncClient.ts';
import type { WakeReason } from './wakeableTimer.ts';

export interface RequestGatePorts {
  client: SyncClient;
  clock: Clock;
  connectivity: ConnectivityView;
  /** Whether the profile's sync may go on at all (not stopping, not paused, online). */
  mayGoOn: () => boolean;
  /** Sleeps on the sync's one timer; ends early when nudged or stopped. */
  sleep: (ms: number) => Promise<WakeReason>;
  report: (error: SyncErrorInfo) => void;
}

export interface RequestGateOptions {
  pacer?: PacerOptions | undefined;
  /** How long to wait when the budget is spent and the client did not say until when. */
  retryMs: number;
  /** How long the profile rests after its keys or plan were refused. */
  holdMs: number;
  /** How long twitter is left out after the X key pair was missing or refused. */
  twitterRetryMs: number;
}

/** What a failed job does: `retry` by default, `gone` for an unknown post, `withoutTwitter` to go on. */
export interface FailureHandlers {
  retry: () => void;
  gone?: () => void;
  withoutTwitter?: () => void;
  postKey?: PostKey;
}

export class RequestGate {
  /** Who the requests are made as: the primary profile goes without a Profile-Key. */
  readonly target: CallTarget;
  private readonly ports: RequestGatePorts;
  private readonly options: RequestGateOptions;
  private readonly pacer: RequestPacer;
  private readonly abort = new AbortController();
  /** Set when the client said the budget is spent: no request before then. */
  private notBefore = 0;
  private heldUntilAt = 0;
  private twitterBlockedUntilAt = 0;
  private answeredOnce = false;

  constructor(target: CallTarget, ports: RequestGatePorts, options: RequestGateOptions) {
    this.target = target;
    this.ports = ports;
    this.options = options;
    this.pacer = new RequestPacer(options.pacer);
  }

  /** Until when the profile rests after its keys or plan were refused (0 when it does not). */
  get heldUntil(): number {
    return this.heldUntilAt;
  }

  /** A request of this start got the answer it asked for (the status line's "checked"). */
  get answered(): boolean {
    return this.answeredOnce;
  }

  /** Until when twitter is left out (0 when it is not). */
  get twitterBlockedUntil(): number {
    return this.twitterBlockedUntilAt;
  }

  twitterBlocked(now: number): boolean {
    return this.twitterBlockedUntilAt > now;
  }

  /** The user asked for a refresh: they may have fixed the keys, so every hold ends. */
  liftHolds(): void {
    this.heldUntilAt = 0;
    this.twitterBlockedUntilAt = 0;
  }

  /** The clock jumped (the machine slept): no burst to catch up. */
  damp(now: number): void {
    this.pacer.damp(now);
  }

  /** Cancels the request under way, for stop(). */
  cancel(): void {
    this.abort.abort();
  }

  /** When the next request may go. */
  slotAt(now: number): number {
    return Math.max(this.notBefore, this.pacer.nextSlotAt(now, this.ports.client.budgetOf(this.target)));
  }

  /**
   * One request within the pace, its outcome reported to the connectivity monitor. `failureIn`
   * finds a failure the client folded into an answer (analytics batches report per id).
   */
  async request<T>(send: (options: CallOptions) => Promise<T>, failureIn?: (value: T) => Error | undefined): Promise<T> {
    await this.slot();
    const { client, clock, connectivity } = this.ports;
    this.pacer.taken(clock.now(), client.budgetOf(this.target).limit);
    let value: T;
    try {
      value = await send({ signal: this.abort.signal, whenBudgetSpent: 'fail' });
      const folded = failureIn?.(value);
      if (folded !== undefined) throw folded;
    } catch (error) {
      const { answered, reaction } = classifyFailure(error);
      if (answered) connectivity.answered();
      else if (reaction.do === 'offline') connectivity.noAnswer();
      throw error;
    }
    connectivity.answered();
    this.answeredOnce = true;
    return value;
  }

  /**
   * What a failed job means. Interruptions and "offline" leave the job due; the others call the
   * job's own handler (`retry`, `gone`) after adjusting the profile-wide state.
   */
  failed(error: unknown, handlers: FailureHandlers): void {
    if (error instanceof SyncInterrupted) throw error;
    const { report } = this.ports;
    if (error instanceof StoreFailure) {
      report({ ...storeInfo(error), ...(handlers.postKey ? { postKey: handlers.postKey } : {}) });
      handlers.retry();
      return;
    }
    const { reaction, report: info } = classifyFailure(error);
    if (info) report({ ...info, ...(handlers.postKey ? { postKey: handlers.postKey } : {}) });
    const now = this.ports.clock.now();
    switch (reaction.do) {
      case 'offline':
        // The monitor now says offline and the loop waits for it; should it not (a monitor that is
        // shutting down), this keeps a failing request from being repeated in a tight loop.
        this.notBefore = Math.max(this.notBefore, now + 1000);
        throw new SyncInterrupted();
      case 'stopped':
        throw new SyncInterrupted();
      case 'wait-budget':
        this.notBefore = Math.max(this.notBefore, reaction.retryAt ?? now + this.options.retryMs);
        throw new SyncInterrupted();
      case 'hold-profile':
        this.heldUntilAt = now + this.options.holdMs;
        throw new SyncInterrupted();
      case 'without-twitter':
        this.twitterBlockedUntilAt = now + this.options.twitterRetryMs;
        if (handlers.withoutTwitter) {
          handlers.withoutTwitter();
          return;
        }
        // The job stays due and goes again at once, without twitter.
        throw new SyncInterrupted();
      case 'gone':
        (handlers.gone ?? handlers.retry)();
        return;
      case 'retry':
        handlers.retry();
        return;
    }
  }

  /** Waits for the pacer inside a job of several requests; gives up when the job cannot go on. */
  private async slot(): Promise<void> {
    for (;;) {
      const now = this.ports.clock.now();
      if (!this.ports.mayGoOn() || this.heldUntilAt > now) throw new SyncInterrupted();
      const at = this.slotAt(now);
      if (at <= now) return;
      if ((await this.ports.sleep(at - now)) === 'stopped') throw new SyncInterrupted();
    }
  }
}
