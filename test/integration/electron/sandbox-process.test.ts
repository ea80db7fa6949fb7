// The desktop app's built-in sandbox factory, with a plain Node child process standing in for
// Electron's utilityProcess.fork (both run a Node program with piped stdout and SIGTERM on kill),
// running the real sandbox command line and answering over real HTTP on loopback.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseReadyLine, SandboxStartError, type SandboxProcessHost, utilityProcessSandbox } from '../../../src/main/electron/sandboxProcess.ts';

const cli = resolve(import.meta.dirname, '../../../src/sandbox/cli.ts');

const host: SandboxProcessHost = {
  fork: (modulePath, args) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', modulePath, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    return {
      stdout: child.stdout,
      on: (_event, listener) => child.on('exit', (code) => listener(code ?? 0)),
      kill: () => child.kill('SIGTERM'),
    };
  },
  fetch: (url, init) => fetch(url, init),
  randomKey: () => `test-${crypto.randomUUID()}`,
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-process-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('utilityProcessSandbox', () => {
  it('starts the sandbox on a loopback port with a fresh key, reads the X key pair, and stops it saving its world', async () => {
    const statePath = join(dir, 'sandbox-world.json');
    const running = await utilityProcessSandbox(host, { modulePath: cli, statePath }).start();
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      expect(running.apiKey).toMatch(/^test-/);
      expect(running.xCredentials).toEqual({ key: expect.any(String), secret: expect.any(String) });
      const user = await fetch(`${running.url}/user`, { headers: { authorization: `Bearer ${running.apiKey}` } });
      expect(user.status).toBe(200);
    } finally {
      await running.close();
    }
    expect(existsSync(statePath)).toBe(true);
    await expect(fetch(`${running.url}/user`)).rejects.toThrow();
  });

  it('fails with a typed error when the program stops before it is ready', async () => {
    const factory = utilityProcessSandbox(host, { modulePath: join(dir, 'missing.js'), statePath: join(dir, 'w.json') });
    await expect(factory.start()).rejects.toBeInstanceOf(SandboxStartError);
  });
});

describe('parseReadyLine', () => {
  it('reads the URLs from the sandbox’s ready line and nothing else', () => {
    expect(
      parseReadyLine('Sandbox service listening at http://127.0.0.1:4010/api (API key: k, plan: business; controls at http://127.0.0.1:4010/__sandbox)'),
    ).toEqual({ url: 'http://127.0.0.1:4010/api', controlUrl: 'http://127.0.0.1:4010/__sandbox' });
    expect(parseReadyLine('Sandbox service listening at http://0.0.0.0:4010/api (… controls at http://0.0.0.0:4010/__sandbox)')).toBeNull();
    expect(parseReadyLine('something else')).toBeNull();
  });
});
