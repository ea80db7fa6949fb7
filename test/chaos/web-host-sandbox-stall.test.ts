// The web host's built-in sandbox must never stall the host: the bridge (and so the page) keeps
// answering and SIGTERM ends the host whatever the sandbox does. `npm run web` runs as tooling runs
// it (a child process with the real command line); the sandbox is made to hang by the control call
// that once spun it at 100 % CPU (colliding X conversation ids), and by an injected fault: SIGSTOP,
// which freezes it as a spinning loop would, for the watchdog to find and restart it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Exit, startWebProcess, type WebHostProcess } from '../e2e/webHostProcess.ts';

/** Guards against a hang, not speed targets: an answer that never comes is what fails. */
const ANSWER_WITHIN_MS = 10_000;
const EXIT_WITHIN_MS = 20_000;
const SANDBOX_KEY = 'sandbox-key';

const dir = mkdtempSync(join(tmpdir(), 'web-stall-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

const running = new Set<WebHostProcess>();
const frozen = new Set<number>();
afterEach(() => {
  for (const host of running) host.child.kill('SIGKILL');
  running.clear();
  for (const pid of frozen) signal(pid, 'SIGKILL');
  frozen.clear();
});

async function startHost(): Promise<WebHostProcess> {
  const host = await startWebProcess(['--port', '0', '--data-dir', join(dir, `data-${++counter}`)]);
  running.add(host);
  return host;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** Resolves with the promise's value, or with `fallback` when it has not settled within `ms`. */
function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** One bridge call over the host's socket, as the page makes it; 'no answer' when none comes. */
async function call(host: WebHostProcess, command: string, input: unknown = {}): Promise<{ ok: boolean; data?: any } | 'no answer'> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`);
  const answer = new Promise<{ ok: boolean; data?: any }>((resolve, reject) => {
    socket.onerror = () => reject(new Error('the socket failed'));
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, command, input }));
    socket.onmessage = (message) => {
      const parsed = JSON.parse(String(message.data)) as { id?: number; result?: { ok: boolean } };
      if (parsed.id === 1) resolve(parsed.result as { ok: boolean });
    };
  });
  try {
    return await within(answer, ANSWER_WITHIN_MS, 'no answer' as const);
  } finally {
    socket.close();
  }
}

/**
 * The sandbox account's service URL, once the account has started (status.get lists only running
 * accounts). Not before: the URL is known while the account still reads its profiles, and a
 * sandbox frozen then fails that start, which closes the sandbox with the account (twice in CI,
 * under load, no sandbox came back: the watchdog had been told to stop, not the case tested here).
 */
async function sandboxAccountUrl(host: WebHostProcess): Promise<string> {
  for (let attempt = 0; attempt < 1_200; attempt++) {
    const [listed, status] = [await call(host, 'accounts.list'), await call(host, 'status.get')];
    const accounts = listed === 'no answer' ? [] : (listed.data.accounts as Array<{ accountId: string; kind: string; baseUrl: string }>);
    const running = status === 'no answer' ? [] : (status.data.connectivity as Array<{ accountId: string }>);
    const sandbox = accounts.find((account) => account.kind === 'sandbox');
    if (sandbox?.baseUrl && running.some((entry) => entry.accountId === sandbox.accountId)) return sandbox.baseUrl;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the sandbox account never got its service URL');
}

async function control(sandboxUrl: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any } | 'no answer'> {
  try {
    const response = await fetch(`${sandboxUrl.replace(/\/api$/, '')}/__sandbox${path}`, {
      method,
      headers: { authorization: `Bearer ${SANDBOX_KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    return { status: response.status, json: await response.json() };
  } catch {
    return 'no answer';
  }
}

/**
 * The host's child processes, found by their parent pid in /proc/<pid>/stat. (The kernel's
 * /proc/<pid>/task/<tid>/children lists only the children of each thread and is documented as
 * unreliable while children come and go: once in CI it never showed the restarted sandbox.)
 */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // Gone while we read.
    }
  }
  return children;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The sandbox program among the host's child processes. */
function sandboxChild(host: WebHostProcess): number | undefined {
  return childrenOf(host.child.pid as number).find((pid) => alive(pid) && commandLine(pid).includes('src/sandbox/cli.ts'));
}

/** What the host's children are, for a failure message. */
function describeChildren(host: WebHostProcess): string {
  const children = childrenOf(host.child.pid as number);
  return children.length === 0 ? 'no child process' : children.map((pid) => `${pid}: ${commandLine(pid).slice(0, 120)}`).join('; ');
}

/** The process exists and is not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, attempts = 600, context?: () => string): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting: ${what}${context === undefined ? '' : `; ${context()}`}`);
}

function stopHost(host: WebHostProcess): Promise<Exit | 'still running'> {
  return within(host.stop('SIGTERM'), EXIT_WITHIN_MS, 'still running' as const);
}

describe.runIf(process.platform === 'linux')('the web host with its built-in sandbox', () => {
  it('the control call that collided X conversation ids is refused, the bridge answers, SIGTERM ends the host', async () => {
    const host = await startHost();
    const sandboxUrl = await sandboxAccountUrl(host);
    const world = await control(sandboxUrl, 'GET', '/world');
    if (world === 'no answer') throw new Error('the sandbox did not answer /world');
    // Each profile's X user id, read off its seeded X conversations ("<a>-<b>", one of them the person).
    const xIds = new Map<string, string>();
    for (const c of world.json.conversations as Array<{ profileRefId: string; platform: string; conversationId: string; recipientId: string }>) {
      const other = c.conversationId.split('-').find((part) => part !== c.recipientId);
      if (c.platform === 'twitter' && other) xIds.set(c.profileRefId, other);
    }
    const [[profileA, userA], [profileB, userB]] = [...xIds] as [[string, string], [string, string]];
    const first = await control(sandboxUrl, 'POST', '/messages', {
      profileRefId: profileA,
      platform: 'twitter',
      from: { id: userB, name: 'Y' },
      message: 'Hi A',
    });
    expect(first).toMatchObject({ status: 200 });
    const second = await control(sandboxUrl, 'POST', '/messages', {
      profileRefId: profileB,
      platform: 'twitter',
      from: { id: userA, name: 'X' },
      message: 'Hi B',
    });
    // Soft: each of the three is checked even when one before it failed.
    expect.soft(second).toMatchObject({ status: 409, json: { code: 117 } });
    expect.soft(await call(host, 'accounts.list')).toMatchObject({ ok: true });
    expect.soft(await stopHost(host)).toEqual({ code: 0, signal: null });
  });

  it('a sandbox that stops answering (frozen) is restarted by the watchdog at the same address; the bridge answers meanwhile', async () => {
    const host = await startHost();
    const sandboxUrl = await sandboxAccountUrl(host);
    const stuck = sandboxChild(host);
    expect(stuck).toBeTypeOf('number');
    frozen.add(stuck as number);
    signal(stuck as number, 'SIGSTOP');

    // The host's own event loop is free: the page's bridge answers while the sandbox is frozen.
    expect(await call(host, 'accounts.list')).toMatchObject({ ok: true });
    expect(await control(sandboxUrl, 'GET', '/world')).toBe('no answer');

    // The watchdog kills it and starts another on the same port: the account's URL answers again.
    const restarted = await eventually(
      'a new sandbox process',
      () => {
        const pid = sandboxChild(host);
        return pid !== undefined && pid !== stuck ? pid : undefined;
      },
      // Up to 150 s: the watchdog needs 10 s. Twice in CI no new sandbox showed while children were
      // read from /proc/<pid>/task/*/children (now by parent pid); the failure says what ran.
      1_500,
      () =>
        `the frozen one ${alive(stuck as number) ? 'still runs' : 'is gone'}; children: ${describeChildren(host)}; the host said: ${host.stderr().slice(-2_000)}`,
    );
    const again = await eventually('the sandbox to answer again', async () => {
      const answer = await control(sandboxUrl, 'GET', '/world');
      return answer === 'no answer' ? undefined : answer;
    });
    expect(again.status).toBe(200);
    expect(alive(stuck as number)).toBe(false);
    expect(host.stderr()).toContain('the built-in sandbox stopped answering');
    expect(await call(host, 'accounts.list')).toMatchObject({ ok: true });

    expect(await stopHost(host)).toEqual({ code: 0, signal: null });
    expect(alive(restarted)).toBe(false);
  }, 200_000); // A guard against a hang, not a target (see the wait above).

  it('SIGTERM ends the host even while its sandbox is frozen, and the sandbox with it', async () => {
    const host = await startHost();
    await sandboxAccountUrl(host);
    const stuck = sandboxChild(host);
    expect(stuck).toBeTypeOf('number');
    frozen.add(stuck as number);
    signal(stuck as number, 'SIGSTOP');
    expect(await stopHost(host)).toEqual({ code: 0, signal: null });
    expect(alive(stuck as number)).toBe(false);
  });

  it('a host killed outright (SIGKILL) leaves no sandbox running: it stops when its channel to the host closes', async () => {
    const host = await startHost();
    await sandboxAccountUrl(host);
    const sandbox = sandboxChild(host);
    expect(sandbox).toBeTypeOf('number');
    host.child.kill('SIGKILL');
    await eventually('the orphaned sandbox to stop', () => (alive(sandbox as number) ? undefined : true));
  });
});
