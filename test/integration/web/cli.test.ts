// `npm run web -- [--port N] [--data-dir DIR] [--sandbox-url URL]`, run as a child process the way
// tooling runs it: one stdout line with the address once ready, the real core behind it (the
// embedded sandbox by default, or a running one), exit 2 on bad flags, a clean stop on a signal.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import { spawnWeb, startWebProcess, WEB_URL_LINE, type WebHostProcess } from '../../e2e/webHostProcess.ts';
import { rawRequest } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'web-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const dataDir = () => join(dir, `data-${++counter}`);

const running = new Set<WebHostProcess>();
afterEach(async () => {
  // A test that failed half-way must not leave its host running.
  for (const host of running) host.child.kill('SIGKILL');
  running.clear();
});

async function start(args: string[], env?: NodeJS.ProcessEnv): Promise<WebHostProcess> {
  const host = await startWebProcess(args, env ? { env } : {});
  running.add(host);
  return host;
}

/** One bridge call over the host's socket (Node's own WebSocket, as a page would). */
async function call(host: WebHostProcess, command: string, input: unknown = {}): Promise<{ ok: boolean; data?: unknown; error?: unknown }> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`);
  try {
    return await new Promise((resolve, reject) => {
      socket.onerror = () => reject(new Error('the socket failed'));
      socket.onopen = () => socket.send(JSON.stringify({ id: 1, command, input }));
      socket.onmessage = (message) => {
        const parsed = JSON.parse(String(message.data)) as { id?: number; result?: { ok: boolean } };
        if (parsed.id === 1) resolve(parsed.result as { ok: boolean });
      };
    });
  } finally {
    socket.close();
  }
}

/** The sandbox account's service URL, once the core has started it (it starts in the background). */
async function sandboxAccountUrl(host: WebHostProcess): Promise<string> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const result = await call(host, 'accounts.list');
    const accounts = (result.data as { accounts: Array<{ kind: string; baseUrl: string }> }).accounts;
    const baseUrl = accounts.find((account) => account.kind === 'sandbox')?.baseUrl;
    if (baseUrl) return baseUrl;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the sandbox account never got its service URL');
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

describe('npm run web', () => {
  it('prints exactly one line, the address with the token, and serves the page there (--port 0)', async () => {
    const host = await start(['--port', '0', '--data-dir', dataDir()]);
    expect(host.url).toMatch(WEB_URL_LINE);
    expect(host.port).not.toBe(5317);
    const page = await rawRequest(host.port, `/?token=${host.token}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`ws://127.0.0.1:${host.port}`);
    expect((await rawRequest(host.port, '/')).status).toBe(403);
    const exit = await host.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(host.stdout()).toBe(`${host.url}\n`);
  });

  it('runs the built-in sandbox account on an embedded sandbox, keeps the store in --data-dir, and stops both on SIGTERM', async () => {
    const data = dataDir();
    const host = await start(['--port', '0', '--data-dir', data]);
    const sandboxUrl = await sandboxAccountUrl(host);
    expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(await answers(`${sandboxUrl}/user`)).toBe(true);
    expect(readdirSync(data)).toContain('inbox.sqlite');
    expect(await host.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(await answers(`${sandboxUrl}/user`)).toBe(false);
  });

  it('stops cleanly on SIGINT too', async () => {
    const host = await start(['--port', '0', '--data-dir', dataDir()]);
    expect(await host.stop('SIGINT')).toEqual({ code: 0, signal: null });
  });

  it('with --sandbox-url uses the sandbox already running there, and leaves it running', async () => {
    const sandbox: RunningSandbox = await startSandbox({ port: 0 });
    try {
      const host = await start(['--port', '0', '--data-dir', dataDir(), '--sandbox-url', sandbox.url]);
      expect(await sandboxAccountUrl(host)).toBe(sandbox.url);
      const status = await call(host, 'accounts.keyStatus', { accountId: 'sandbox' });
      expect(status).toMatchObject({
        ok: true,
        data: { apiKey: { configured: true, protection: 'memory' }, protection: { kind: 'memory', backend: 'memory' } },
      });
      expect(JSON.stringify(status)).not.toContain(sandbox.apiKey);
      await host.stop();
      expect(await answers(`${sandbox.url}/user`)).toBe(true);
    } finally {
      await sandbox.close();
    }
  });

  it('without --data-dir keeps its files in the user data folder ($XDG_DATA_HOME/Social Inbox on Linux)', async () => {
    if (process.platform !== 'linux') return;
    const xdg = join(dir, 'xdg');
    const host = await start(['--port', '0'], { ...process.env, XDG_DATA_HOME: xdg });
    await sandboxAccountUrl(host);
    expect(readdirSync(join(xdg, 'Social Inbox'))).toContain('inbox.sqlite');
    await host.stop();
  });

  it('says so in one line and exits 1 when the port is taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as { port: number }).port;
      const spawned = spawnWeb(['--port', String(port), '--data-dir', dataDir()]);
      expect(await spawned.exited).toEqual({ code: 1, signal: null });
      expect(spawned.stdout()).toBe('');
      expect(spawned.stderr()).toMatch(/port is taken.*--port 0/);
    } finally {
      taken.close();
    }
  });

  it.each([[['--port', 'abc']], [['--port', '70000']], [['--bogus']], [['--sandbox-url', 'ftp://x']], [['extra']], [['--data-dir', '']]])(
    'exits 2 with the usage on bad flags: %j',
    async (args) => {
      const spawned = spawnWeb(args);
      expect(await spawned.exited).toEqual({ code: 2, signal: null });
      expect(spawned.stdout()).toBe('');
      expect(spawned.stderr()).toContain('usage: npm run web -- [--port N] [--data-dir DIR] [--sandbox-url URL]');
    },
  );

  it('runs as the npm script, and stops when npm alone is sent SIGTERM (as tooling does)', async () => {
    // npm tells the scripts it runs where it is (npx too, whose npm-cli.js sits beside it).
    const execpath = process.env['npm_execpath'];
    const command = execpath ? [process.execPath, join(dirname(execpath), 'npm-cli.js')] : ['npm'];
    const host = await startWebProcess(['run', '--silent', 'web', '--', '--port', '0', '--data-dir', dataDir()], { command });
    running.add(host);
    expect(host.url).toMatch(WEB_URL_LINE);
    expect((await rawRequest(host.port, `/?token=${host.token}`)).status).toBe(200);
    // npm passes the signal to the shell only; the host sees its parent go and stops by itself.
    // `exited` waits for every holder of the output pipes, the host included.
    await host.stop('SIGTERM');
    await expect(rawRequest(host.port, '/')).rejects.toThrow(/ECONNREFUSED/);
  });
});
