// The command line, as a person runs it: `npm run sandbox -- [--port N] [--host H] [--seed N]
// [--api-key KEY] [--rate-limit N] [--activity N] [--state FILE] [--plan P]`. Each test spawns the
// CLI (src/sandbox/cli.ts, run by this same Node, which strips the types) in its own process and
// talks to it over HTTP. The defaults themselves are unit-tested (test/unit/sandbox/cli-args.test.ts);
// here the default key, host, plan and rate limit are seen from outside, but port 4010 is not
// (it may be taken on the machine running the tests), so every process gets --port 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import { SandboxClient, type World } from './harness.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = 'src/sandbox/cli.ts';
const LISTENING = /http:\/\/(\S+):(\d+)\/api\b/;

const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Cli {
  child: ChildProcess;
  client: SandboxClient;
  host: string;
  port: number;
  url: string;
  line: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<Exit>;
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
}

const running = new Set<ChildProcess>();
afterEach(() => {
  // A test that failed half-way must not leave its sandbox running.
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
});

function spawnCli(args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Starts the CLI and waits (at most 15 s) for its one line; rejects with its stderr if it exits first. */
async function startCli(args: string[], apiKey = 'sandbox-key'): Promise<Cli> {
  const spawned = spawnCli(args);
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line within 15 s; stderr: ${spawned.stderr()}`)), 15_000);
    const check = () => {
      const end = spawned.stdout().indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(spawned.stdout().slice(0, end));
      }
    };
    spawned.child.stdout?.on('data', check);
    void spawned.exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`the CLI exited (${exit.code ?? exit.signal}) before listening; stderr: ${spawned.stderr()}`));
    });
  });
  const match = LISTENING.exec(line);
  if (!match) throw new Error(`the line has no http://host:port/api: ${line}`);
  const host = match[1] as string;
  const port = Number(match[2]);
  const url = `http://${host}:${port}/api`;
  const plan = (/plan: (\w+)/.exec(line)?.[1] ?? 'business') as RunningSandbox['plan'];
  const sandbox: RunningSandbox = { url, controlUrl: `http://${host}:${port}/__sandbox`, apiKey, plan, port, close: async () => {} };
  return {
    ...spawned,
    client: new SandboxClient(sandbox),
    host,
    port,
    url,
    line,
    stop: (signal: NodeJS.Signals = 'SIGTERM') => {
      spawned.child.kill(signal);
      return spawned.exited;
    },
  };
}

/** Runs the CLI to its end (for runs that must fail at start); killed after 15 s. */
async function runCli(args: string[]): Promise<Exit & { stdout: string; stderr: string }> {
  const spawned = spawnCli(args);
  const timer = setTimeout(() => spawned.child.kill('SIGKILL'), 15_000);
  const exit = await spawned.exited;
  clearTimeout(timer);
  return { ...exit, stdout: spawned.stdout(), stderr: spawned.stderr() };
}

/** True when nothing accepts connections on the port any more. */
function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** A network of the primary profile that is not twitter (no X headers needed). */
function primaryNetwork(world: World): string {
  const primary = world.profiles.find((p) => p.profileKey === null);
  const network = primary?.platforms.find((p) => p !== 'twitter');
  if (!network) throw new Error('the primary profile has no network but twitter');
  return network;
}

function totalComments(world: World): number {
  return world.posts.reduce((sum, p) => sum + p.commentCount, 0);
}

describe('CLI: once it listens it prints ONE line with http://<host>:<port>/api; the defaults apply', () => {
  it('--port 0 prints the real free port, that URL answers with the default key, host, plan and rate limit, and nothing else is printed', async () => {
    const cli = await startCli(['--port', '0']);
    expect(cli.host).toBe('127.0.0.1');
    expect(cli.port).toBeGreaterThan(0);
    expect(cli.line).toContain(`http://127.0.0.1:${cli.port}/api`);

    // Default key sandbox-key, default rate limit 300.
    const user = await cli.client.api('GET', '/user');
    expect(user.status).toBe(200);
    expect(user.headers['x-ratelimit-max']).toBe('300');
    // Default plan business: user profiles (Profile-Key) are allowed.
    const world = await cli.client.snapshot();
    expect(world.plan).toBe('business');
    expect(world.apiKey).toBe('sandbox-key');
    const profileKey = world.profiles.find((p) => p.profileKey !== null)?.profileKey as string;
    expect((await cli.client.api('GET', '/user', { profileKey })).status).toBe(200);

    expect(await cli.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(cli.stdout().trimEnd().split('\n')).toEqual([cli.line]);
  });

  it.runIf(process.platform === 'linux')('--host H listens on H and prints it', async () => {
    // 127.0.0.2 is loopback on Linux, and not the default 127.0.0.1.
    const cli = await startCli(['--port', '0', '--host', '127.0.0.2']);
    expect(cli.host).toBe('127.0.0.2');
    expect((await cli.client.api('GET', '/user')).status).toBe(200);
    expect(await cli.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('CLI: --api-key KEY makes KEY the primary API key', () => {
  it('KEY is accepted and the default key is then 401 (code 102)', async () => {
    const cli = await startCli(['--port', '0', '--api-key', 'my-own-key'], 'my-own-key');
    expect((await cli.client.api('GET', '/user')).status).toBe(200);
    expect((await cli.client.snapshot()).apiKey).toBe('my-own-key');
    const old = await cli.client.api('GET', '/user', { noAuth: true, headers: { authorization: 'Bearer sandbox-key' } });
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ status: 'error', code: 102 });
    expect(await cli.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('CLI: --rate-limit N requests per 5 minutes per profile', () => {
  it('--rate-limit 2: two answers, then 429 (code 140) on the third', async () => {
    const cli = await startCli(['--port', '0', '--rate-limit', '2']);
    const first = await cli.client.api('GET', '/user');
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-max']).toBe('2');
    expect((await cli.client.api('GET', '/user')).status).toBe(200);
    const third = await cli.client.api('GET', '/user');
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ status: 'error', code: 140 });
    expect(await cli.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('CLI: --plan P', () => {
  it('--plan premium: the plan is premium and a Profile-Key is refused with 403 (code 120); the API key alone works', async () => {
    const cli = await startCli(['--port', '0', '--plan', 'premium']);
    expect(cli.line).toContain('plan: premium');
    const world = await cli.client.snapshot();
    expect(world.plan).toBe('premium');
    const profileKey = world.profiles.find((p) => p.profileKey !== null)?.profileKey as string;
    const refused = await cli.client.api('GET', '/user', { profileKey });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ status: 'error', code: 120 });
    expect((await cli.client.api('GET', '/user')).status).toBe(200);
    expect(await cli.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('CLI: --seed N, the same seed builds the same world', () => {
  it('--seed 1 twice gives the same post ids; --seed 2 a different world', async () => {
    const [a, b, c] = await Promise.all([
      startCli(['--port', '0', '--seed', '1']),
      startCli(['--port', '0', '--seed', '1']),
      startCli(['--port', '0', '--seed', '2']),
    ]);
    const ids = async (cli: Cli) => (await cli.client.snapshot()).posts.map((p) => `${p.platform}:${p.socialId}`).sort();
    const [one, oneAgain, two] = await Promise.all([ids(a), ids(b), ids(c)]);
    expect(one.length).toBeGreaterThan(0);
    expect(oneAgain).toEqual(one);
    expect(two).not.toEqual(one);
    // Not merely reordered or overlapping by chance: the seeds give different ids.
    expect(two.filter((id) => one.includes(id)).length).toBeLessThan(one.length / 2);
    const exits = await Promise.all([a.stop(), b.stop(), c.stop()]);
    expect(exits.map((e) => e.code)).toEqual([0, 0, 0]);
  });
});

describe('CLI: --activity N outside comments a minute', () => {
  it('--activity 3000 makes the world comment count grow while it runs', async () => {
    const cli = await startCli(['--port', '0', '--activity', '3000']);
    const before = totalComments(await cli.client.snapshot());
    let after = before;
    for (let i = 0; i < 50 && after <= before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = totalComments(await cli.client.snapshot());
    }
    expect(after).toBeGreaterThan(before);
    expect(await cli.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('CLI: a bad flag exits with code 2 and a usage message on stderr', () => {
  it.each([
    [['--port', 'abc'], '--port'],
    [['--plan', 'gold'], '--plan'],
    [['--nope'], '--nope'],
    [['--rate-limit', '0'], '--rate-limit'],
    [['--seed', 'one'], '--seed'],
    [['--activity', '-5'], '--activity'],
    [['--api-key', ''], '--api-key'],
    [['stray'], 'stray'],
  ])('%j', async (args, named) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(named);
    expect(result.stderr).toContain('usage: npm run sandbox --');
    expect(result.stdout).not.toMatch(LISTENING);
  });
});

describe('CLI: SIGINT and SIGTERM stop it with exit code 0', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s: exit code 0 and the port is free again', async (signal) => {
    const cli = await startCli(['--port', '0']);
    expect((await cli.client.api('GET', '/user')).status).toBe(200);
    expect(await cli.stop(signal)).toEqual({ code: 0, signal: null });
    expect(await portIsFree(cli.host, cli.port)).toBe(true);
  });
});

describe('CLI: --state FILE loads the world at start and saves it on SIGINT/SIGTERM', () => {
  it('after a write and SIGTERM the file holds the world; a new process with the same --state serves that post and keeps the ledger', async () => {
    const path = join(dir, 'world.json');
    const first = await startCli(['--port', '0', '--state', path, '--plan', 'enterprise']);
    const world = await first.client.snapshot();
    const network = primaryNetwork(world);
    const created = await first.client.api('POST', '/post', { body: { post: 'Saved across restarts', platforms: [network] } });
    expect(created.status).toBe(200);
    const serviceId = created.json.id as string;
    const ledger = (await first.client.control('GET', '/ledger')).json as { seq: number; kind: string; ids: string[] }[];
    expect(ledger.at(-1)).toMatchObject({ kind: 'post.create' });
    expect(existsSync(path)).toBe(false); // saved at exit, not before
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    expect(existsSync(path)).toBe(true);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { servicePosts: { serviceId: string; text: string }[]; ledger: unknown[] };
    expect(saved.servicePosts.find((p) => p.serviceId === serviceId)?.text).toBe('Saved across restarts');
    expect(saved.ledger).toEqual(ledger);

    const second = await startCli(['--port', '0', '--state', path]);
    // The saved plan holds without --plan, and the line says so.
    expect(second.line).toContain('plan: enterprise');
    expect((await second.client.snapshot()).plan).toBe('enterprise');
    const history = await second.client.api('GET', '/history');
    expect(history.status).toBe(200);
    expect((history.json.history as { id: string; post: string }[]).find((h) => h.id === serviceId)?.post).toBe('Saved across restarts');
    expect((await second.client.control('GET', '/ledger')).json).toEqual(ledger);
    // The world goes on: the next write takes the next seq, and a fresh id.
    const next = await second.client.api('POST', '/post', { body: { post: 'After the restart', platforms: [network] } });
    expect(next.status).toBe(200);
    expect(next.json.id).not.toBe(serviceId);
    const after = (await second.client.control('GET', '/ledger')).json as { seq: number }[];
    expect(after.map((e) => e.seq)).toEqual([...ledger.map((e) => e.seq), ledger.length + 1]);
    expect(await second.stop('SIGINT')).toEqual({ code: 0, signal: null });
    const resaved = JSON.parse(readFileSync(path, 'utf8')) as { servicePosts: { text: string }[] };
    expect(resaved.servicePosts.map((p) => p.text)).toEqual(expect.arrayContaining(['Saved across restarts', 'After the restart']));
  });

  it('a corrupt state file (not JSON): the CLI exits non-zero with a message naming the file, and leaves the file untouched', async () => {
    const path = join(dir, 'corrupt.json');
    writeFileSync(path, '{"version": 1, "profiles": [ this is not json');
    const before = readFileSync(path);
    const result = await runCli(['--port', '0', '--state', path]);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toContain(path);
    expect(result.stderr).toMatch(/not valid JSON/);
    expect(result.stdout).not.toMatch(LISTENING);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('a state file in a folder that does not exist is refused at start, not lost at exit', async () => {
    const path = join(dir, 'missing-folder', 'world.json');
    const result = await runCli(['--port', '0', '--state', path]);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull(); // it exited by itself, it was not killed after running on
    expect(result.stderr).toContain(path);
    expect(result.stdout).not.toMatch(LISTENING);
  });
});

describe('module: startSandbox(options) → {url, controlUrl, apiKey, port, close()}', () => {
  it('gives the service URL (…/api), the control URL (…/__sandbox), the key and the real port; the defaults apply', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      expect(sandbox.port).toBeGreaterThan(0);
      expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}/api`);
      expect(sandbox.controlUrl).toBe(`http://127.0.0.1:${sandbox.port}/__sandbox`);
      expect(sandbox.apiKey).toBe('sandbox-key');
      const user = await fetch(`${sandbox.url}/user`, { headers: { authorization: 'Bearer sandbox-key' } });
      expect(user.status).toBe(200);
      expect(user.headers.get('x-ratelimit-max')).toBe('300');
      const world = (await (await fetch(`${sandbox.controlUrl}/world`, { headers: { authorization: 'Bearer sandbox-key' } })).json()) as World;
      expect(world.plan).toBe('business');
    } finally {
      await sandbox.close();
    }
  });

  it('two sandboxes run side by side on port 0, each with its own world', async () => {
    const [a, b] = await Promise.all([startSandbox({ port: 0 }), startSandbox({ port: 0, apiKey: 'second-key' })]);
    try {
      expect(a.port).not.toBe(b.port);
      const ca = new SandboxClient(a);
      const cb = new SandboxClient(b);
      expect((await ca.api('GET', '/user')).status).toBe(200);
      expect((await cb.api('GET', '/user')).status).toBe(200);
      // Each has its own key…
      expect((await cb.api('GET', '/user', { noAuth: true, headers: { authorization: 'Bearer sandbox-key' } })).status).toBe(401);
      // …and its own world: a write to one is not in the other.
      const network = primaryNetwork(await ca.snapshot());
      expect((await ca.api('POST', '/post', { body: { post: 'Only in A', platforms: [network] } })).status).toBe(200);
      expect(((await ca.control('GET', '/ledger')).json as unknown[]).length).toBe(1);
      expect((await cb.control('GET', '/ledger')).json).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('close() frees the port and is idempotent', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const client = new SandboxClient(sandbox);
    // An open keep-alive connection must not keep the port busy.
    expect((await fetch(`${sandbox.url}/user`, { headers: client.auth() })).status).toBe(200);
    await sandbox.close();
    await sandbox.close();
    await Promise.all([sandbox.close(), sandbox.close()]);
    expect(await portIsFree('127.0.0.1', sandbox.port)).toBe(true);
    await expect(client.api('GET', '/user')).rejects.toThrow();
    // The freed port can be taken by a new sandbox.
    const again = await startSandbox({ port: sandbox.port });
    expect(again.port).toBe(sandbox.port);
    await again.close();
  });

  it('a port in use: startSandbox rejects', async () => {
    const first = await startSandbox({ port: 0 });
    try {
      await expect(startSandbox({ port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
