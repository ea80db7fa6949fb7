// The web host's built-in sandbox in a child process under a watchdog (sandboxProcess.ts), with a
// quick watchdog: a frozen sandbox (SIGSTOP: to the watchdog, the same as one spinning at 100 % CPU)
// or one that died is replaced on the same port, and close() ends it even when it is frozen.
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxProcess } from '../../../src/main/web/sandboxProcess.ts';
import { RecordingLogger } from './harness.ts';

const QUICK = { heartbeatMs: 50, stallMs: 1_000, stopGraceMs: 500 };
const opened: SandboxProcess[] = [];
afterEach(async () => {
  for (const sandbox of opened.splice(0)) await sandbox.close();
});

function open(logger = new RecordingLogger()): SandboxProcess {
  const sandbox = new SandboxProcess({ logger, ...QUICK });
  opened.push(sandbox);
  return sandbox;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/user`, { headers: { authorization: 'Bearer sandbox-key' }, signal: AbortSignal.timeout(2_000) })).status === 200;
  } catch {
    return false;
  }
}

/** Polls (bounded) until `check` holds. */
async function until(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
}

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

// SIGSTOP and SIGKILL by process id: POSIX only.
describe.runIf(process.platform !== 'win32')('the sandbox process', () => {
  it('runs the sandbox in another process, on a loopback port, answering with the default key', async () => {
    const sandbox = open();
    const { url } = await sandbox.start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(sandbox.pid).toBeTypeOf('number');
    expect(sandbox.pid).not.toBe(process.pid);
    expect(await answers(url)).toBe(true);
  });

  it('frozen, it is killed and started again on the same port, and the warning says why', async () => {
    const logger = new RecordingLogger();
    const sandbox = open(logger);
    const { url } = await sandbox.start();
    const frozen = sandbox.pid as number;
    process.kill(frozen, 'SIGSTOP');
    await until('another sandbox process', () => sandbox.pid !== undefined && sandbox.pid !== frozen);
    await until('the sandbox to answer at the same URL', () => answers(url));
    await until('the frozen one to be gone', () => gone(frozen));
    expect(logger.entries).toContainEqual({ level: 'warn', message: expect.stringContaining('stopped answering'), detail: undefined });
  });

  it('dead, it is started again on the same port', async () => {
    const logger = new RecordingLogger();
    const sandbox = open(logger);
    const { url } = await sandbox.start();
    const first = sandbox.pid as number;
    process.kill(first, 'SIGKILL');
    await until('another sandbox process', () => sandbox.pid !== undefined && sandbox.pid !== first);
    await until('the sandbox to answer at the same URL', () => answers(url));
    expect(logger.entries.map((entry) => entry.message)).toContainEqual(expect.stringContaining('stopped (exit code SIGKILL)'));
  });

  it('close() ends it even when it is frozen, and it is not started again', async () => {
    const sandbox = open();
    const { url } = await sandbox.start();
    const frozen = sandbox.pid as number;
    process.kill(frozen, 'SIGSTOP');
    await sandbox.close();
    await until('the frozen sandbox to be gone', () => gone(frozen));
    expect(await answers(url)).toBe(false);
    expect(sandbox.pid === undefined || gone(sandbox.pid)).toBe(true);
  });
});
