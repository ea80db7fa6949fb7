// The web host's built-in sandbox runs in a child process of its own (the sandbox program, as
// `npm run sandbox` runs it), never on the host's event loop: a request that made the sandbox spin
// would otherwise freeze the bridge, the page and even SIGTERM. As the desktop app runs it in a
// utility process (docs/decisions/0004, 0029). A watchdog sends a heartbeat over the IPC channel
// every second; a sandbox that has not answered for `stallMs`, or that exited, is killed and started
// again on the same port (the account's URL does not change) from the same seed, so the account's
// keys are the same too. The world starts afresh then, as at every start of the web host.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoggerPort } from '../core/ports.ts';
import type { HeartbeatMessage, SandboxChildMessage } from '../../sandbox/parentChannel.ts';

/** The sandbox program; run with the host's own Node, which strips the types. */
const SANDBOX_PROGRAM = fileURLToPath(new URL('../../sandbox/cli.ts', import.meta.url));

export interface SandboxProcessOptions {
  logger: LoggerPort;
  /** How often a heartbeat is sent; default 1 s. */
  heartbeatMs?: number;
  /** A heartbeat unanswered this long means the sandbox is stuck; default 10 s (a false alarm would reseed its world). */
  stallMs?: number;
  /** How long a stopping sandbox has after SIGTERM before SIGKILL; default 3 s. */
  stopGraceMs?: number;
  /** How long a starting sandbox has to say it is ready; default 30 s. */
  startTimeoutMs?: number;
}

/** The built-in sandbox did not start; the message says why. */
export class SandboxProcessError extends Error {
  override readonly name = 'SandboxProcessError';
}

interface Launched {
  child: ChildProcess;
  exited: Promise<void>;
  url: string;
  controlUrl: string;
}

const RETRY_DELAYS_MS = [0, 1_000, 2_000, 5_000, 10_000, 30_000];

/** One supervised sandbox process, restarted by its watchdog until close(). */
export class SandboxProcess {
  private readonly options: Required<SandboxProcessOptions>;
  private current: Launched | undefined;
  /** A sandbox starting and not ready yet: close() kills it rather than wait up to startTimeoutMs. */
  private starting: ChildProcess | undefined;
  private port = 0;
  private closed = false;
  private restarting: Promise<void> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private pending: { n: number; since: number } | undefined;
  private sent = 0;
  /** Cuts a retry's wait short when the host closes. */
  private readonly closing = new AbortController();

  constructor(options: SandboxProcessOptions) {
    this.options = { heartbeatMs: 1_000, stallMs: 10_000, stopGraceMs: 3_000, startTimeoutMs: 30_000, ...options };
  }

  /** The process id of the sandbox running now (tests freeze it to check the watchdog). */
  get pid(): number | undefined {
    return this.current?.child.pid;
  }

  /** Starts the sandbox on a free loopback port; rejects when it does not get ready. */
  async start(): Promise<{ url: string; controlUrl: string }> {
    const launched = await this.launch();
    this.port = Number(new URL(launched.url).port);
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref(); // Never the reason the host stays alive.
    return { url: launched.url, controlUrl: launched.controlUrl };
  }

  /** Stops the sandbox (SIGTERM, then SIGKILL after the grace time) and the watchdog. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort();
    clearInterval(this.heartbeat);
    this.starting?.kill('SIGKILL');
    await this.restarting;
    if (this.current) await this.stop(this.current, 'SIGTERM');
  }

  private launch(): Promise<Launched> {
    const args = ['--disable-warning=ExperimentalWarning', SANDBOX_PROGRAM, '--port', String(this.port), '--host', '127.0.0.1'];
    // stdout (its "listening" line) is not needed: the channel says where it listens. Its stderr is ours.
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'json' });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.on('error', () => {}); // A failed spawn also exits; that is handled below.
    this.starting = child;
    void exited.then(() => {
      if (this.starting === child) this.starting = undefined;
    });
    return new Promise<Launched>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new SandboxProcessError('The built-in sandbox did not start in time.'));
      }, this.options.startTimeoutMs);
      child.on('message', (received: unknown) => {
        if (typeof received !== 'object' || received === null) return;
        const message = received as SandboxChildMessage;
        if (message.kind === 'pong' && message.n === this.pending?.n && child === this.current?.child) this.pending = undefined;
        if (message.kind !== 'ready') return;
        clearTimeout(timer);
        this.starting = undefined;
        this.current = { child, exited, url: message.url, controlUrl: message.controlUrl };
        this.pending = undefined;
        void exited.then(() => this.onExit(child));
        resolve(this.current);
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new SandboxProcessError(`The built-in sandbox stopped before it was ready (exit code ${child.exitCode ?? child.signalCode}).`));
      });
    });
  }

  private beat(): void {
    if (this.closed || this.restarting || !this.current) return;
    if (this.pending) {
      if (Date.now() - this.pending.since >= this.options.stallMs) this.restart(`stopped answering for ${Math.round(this.options.stallMs / 1000)} s`);
      return;
    }
    this.pending = { n: ++this.sent, since: Date.now() };
    const ping: HeartbeatMessage = { kind: 'ping', n: this.pending.n };
    if (this.current.child.connected) this.current.child.send(ping, undefined, undefined, () => {});
  }

  private onExit(child: ChildProcess): void {
    if (this.closed || this.restarting || child !== this.current?.child) return;
    this.restart(`stopped (exit code ${child.exitCode ?? child.signalCode})`);
  }

  /** Kills the sandbox (it may be stuck: no SIGTERM first) and starts it again on the same port, retrying with a growing delay. */
  private restart(why: string): void {
    const stuck = this.current;
    this.options.logger.warn(`web host: the built-in sandbox ${why}; starting it again`);
    this.restarting = (async () => {
      if (stuck) await this.stop(stuck, 'SIGKILL');
      this.current = undefined;
      this.pending = undefined;
      for (let attempt = 0; !this.closed; attempt++) {
        await delay(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 0, this.closing.signal);
        if (this.closed) return;
        try {
          await this.launch();
          return;
        } catch (error) {
          this.options.logger.error('web host: the built-in sandbox could not be started again', { reason: (error as Error).message });
        }
      }
    })().finally(() => (this.restarting = undefined));
  }

  private async stop(launched: Launched, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const { child, exited } = launched;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    if (signal === 'SIGKILL') return exited;
    const timer = setTimeout(() => child.kill('SIGKILL'), this.options.stopGraceMs);
    await exited;
    clearTimeout(timer);
  }
}

/** Waits `ms`, or less when `signal` aborts (never rejects). */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
