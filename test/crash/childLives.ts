// The lives of the crash test's child (drainChild.ts): spawn it, kill it with SIGKILL at the moment
// the driver chose (after its start, or after it says "ready"), or let it drain, and tell what it
// said ("ready", "drained", failures) and how it ended. `stop()` kills one still running.
import { type ChildProcess, spawn } from 'node:child_process';
import type { ChildConfig } from './drainChild.ts';

export interface LifeOutcome {
  killed: boolean;
  sawReady: boolean;
  sawDrained: boolean;
  exitCode: number | null;
  failures: string[];
  stderr: string;
  /** Ids of the writes that began to wait out the settle window in this life. */
  settleWaits: string[];
}

export class ChildLives {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  private readonly script: string;
  private readonly config: ChildConfig;
  /** One life (a child that never says "ready" is killed and counted as a problem); the last, unkilled one. */
  private readonly limits: { lifeLimitMs: number; finalDrainMs: number };

  constructor(script: string, config: ChildConfig, limits: { lifeLimitMs: number; finalDrainMs: number }) {
    this.script = script;
    this.config = config;
    this.limits = limits;
  }

  /** One life: a child spawned, killed `killAfterMs` after its start (or its "ready"), or left to drain when null. */
  live(killAfterMs: number | null, fromSpawn: boolean): Promise<LifeOutcome> {
    return new Promise((resolve) => {
      const outcome: LifeOutcome = { killed: false, sawReady: false, sawDrained: false, exitCode: null, failures: [], stderr: '', settleWaits: [] };
      const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', this.script], {
        env: { ...process.env, CRASH_CHILD: JSON.stringify(this.config) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.child = proc;
      this.exited = new Promise((exited) => proc.once('exit', () => exited()));
      let killTimer: NodeJS.Timeout | undefined;
      const kill = () => {
        if (proc.exitCode !== null || proc.signalCode !== null) return;
        outcome.killed = true;
        proc.kill('SIGKILL');
      };
      const armKill = () => {
        if (killAfterMs !== null) killTimer = setTimeout(kill, killAfterMs);
      };
      const lifeLimit = setTimeout(
        () => {
          if (!outcome.sawReady || killAfterMs !== null) outcome.failures.push('the child did not finish within its time limit');
          kill();
        },
        killAfterMs === null ? this.limits.finalDrainMs : this.limits.lifeLimitMs,
      );
      if (fromSpawn) armKill();
      let buffered = '';
      proc.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line === 'ready') {
            outcome.sawReady = true;
            if (!fromSpawn) armKill();
          } else if (line === 'drained') outcome.sawDrained = true;
          else if (line.startsWith('settle-wait ')) outcome.settleWaits.push(line.slice('settle-wait '.length));
          else if (line.startsWith('failed ') || line.startsWith('quarantined ')) outcome.failures.push(line);
        }
      });
      proc.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        outcome.stderr = (outcome.stderr + chunk).slice(-4000);
      });
      proc.on('exit', (code) => {
        clearTimeout(killTimer);
        clearTimeout(lifeLimit);
        outcome.exitCode = code;
        this.child = null;
        resolve(outcome);
      });
    });
  }

  /** Kills a child still running and waits for it to be gone. */
  async stop(): Promise<void> {
    const running = this.child;
    if (running?.exitCode === null && running.signalCode === null) {
      running.kill('SIGKILL');
      await this.exited;
    }
  }
}
