// Whether the service can be reached, judged from the traffic itself rather than from one flag: a
// request that gets no answer (network error, timeout) means offline; any answer, even an error
// status, means online. While offline a cheap probe (GET /user, chosen by the owner) is sent with
// exponential backoff, so a long outage costs a handful of requests, not a busy loop. The host's
// power and network events are hints: "offline" is believed at once, "online" triggers a probe at
// once but is believed only when the service answers.
import type { Clock } from '../clock.ts';
import type { ServiceClientEvent } from '../service/events.ts';
import type { ConnectivityReason } from './events.ts';
import { WakeableTimer } from './wakeableTimer.ts';

/** What one probe found out; 'skipped' when it could not be sent (no rate budget to spare). */
export type ProbeOutcome = 'answered' | 'no-answer' | 'skipped';

export interface ConnectivityOptions {
  /** The first probe's delay after going offline; default 1 s. */
  probeBaseMs?: number;
  /** The longest delay between probes; default 5 minutes. */
  probeMaxMs?: number;
  /** ± share of each delay drawn at random, so many apps do not probe in step; default 0.2. */
  jitter?: number;
  random?: () => number;
}

export interface ConnectivityPorts {
  clock: Clock;
  probe: (signal: AbortSignal) => Promise<ProbeOutcome>;
  onChange: (online: boolean, reason: ConnectivityReason) => void;
}

/** What schedulers need of the monitor: read the state, report their traffic. */
export interface ConnectivityView {
  readonly online: boolean;
  answered(): void;
  noAnswer(): void;
}

export class ConnectivityMonitor implements ConnectivityView {
  private readonly ports: ConnectivityPorts;
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly jitter: number;
  private readonly random: () => number;
  private readonly timer: WakeableTimer;
  private readonly probeAbort = new AbortController();
  private state: 'online' | 'offline' = 'online';
  private probing: Promise<void> | undefined;
  private probeNow = false;
  private probeInFlight = false;
  private stopped = false;

  constructor(ports: ConnectivityPorts, options: ConnectivityOptions = {}) {
    this.ports = ports;
    this.baseMs = options.probeBaseMs ?? 1000;
    this.maxMs = options.probeMaxMs ?? 5 * 60_000;
    this.jitter = options.jitter ?? 0.2;
    this.random = options.random ?? Math.random;
    this.timer = new WakeableTimer(ports.clock, Number.POSITIVE_INFINITY);
  }

  get online(): boolean {
    return this.state === 'online';
  }

  /** A request got an answer (any status). */
  answered(reason: ConnectivityReason = 'traffic'): void {
    if (this.stopped || this.state === 'online') return;
    this.state = 'online';
    this.timer.nudge();
    // The probe's own answer may come back through the client's events first: it is still the probe's.
    this.ports.onChange(true, this.probeInFlight && reason === 'traffic' ? 'probe' : reason);
  }

  /** A request got no answer: the network failed or the service did not answer in time. */
  noAnswer(reason: ConnectivityReason = 'traffic'): void {
    if (this.stopped || this.state === 'offline') return;
    this.state = 'offline';
    this.ports.onChange(false, reason);
    this.startProbing();
  }

  /** The host's power or network events. */
  osHint(online: boolean): void {
    if (this.stopped) return;
    if (!online) return this.noAnswer('os-hint');
    // Back from a train tunnel or a closed lid: ask now instead of after the backoff.
    this.checkNow();
  }

  /** While offline, probes at once (the backoff starts over); online, nothing to do. */
  checkNow(): void {
    if (this.stopped || this.state === 'online') return;
    this.probeNow = true;
    this.timer.nudge();
  }

  /** The service client's events, wired by the host: the outbox's traffic counts too. */
  observe(event: ServiceClientEvent): void {
    if (event.type !== 'request') return;
    if (event.status !== undefined) this.answered();
    else if (event.error?.kind === 'network' || event.error?.kind === 'timeout') this.noAnswer();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timer.stop();
    this.probeAbort.abort();
    await this.probing;
  }

  private startProbing(): void {
    this.probing ??= this.probeLoop();
  }

  private async probeLoop(): Promise<void> {
    try {
      await this.probeUntilAnswered();
    } finally {
      // Cleared in the same turn the loop ends in, so a failure right after starts a new one.
      this.probing = undefined;
    }
  }

  private async probeUntilAnswered(): Promise<void> {
    let delay = this.baseMs;
    while (!this.stopped && this.state === 'offline') {
      const woke = await this.timer.sleep(this.withJitter(delay));
      if (woke === 'stopped' || this.online) return;
      if (woke === 'nudged') {
        if (!this.probeNow) continue;
        this.probeNow = false;
        delay = this.baseMs;
      }
      let outcome: ProbeOutcome;
      this.probeInFlight = true;
      try {
        outcome = await this.ports.probe(this.probeAbort.signal);
      } catch {
        outcome = 'skipped';
      } finally {
        this.probeInFlight = false;
      }
      if (outcome === 'answered') {
        this.answered('probe');
        return;
      }
      if (outcome === 'no-answer') delay = Math.min(delay * 2, this.maxMs);
    }
  }

  private withJitter(delay: number): number {
    return Math.round(delay * (1 + this.jitter * (2 * this.random() - 1)));
  }
}
