// The built-in sandbox account for the desktop app. main/index.ts may not import the sandbox (the
// import rules keep the service's stand-in out of the Electron host), so it runs where the rules
// hold by construction: as its own program in an Electron utility process (a Node child process
// Electron manages), the same command line as `npm run sandbox`. This factory starts it on a free
// loopback port with a fresh API key, waits for its one "listening" line, and reads the X key pair
// from its control surface; close() stops it (SIGTERM, so it saves --state on POSIX).
import type { SandboxFactory } from '../core/ports.ts';
import type { XCredentials } from '../core/service/credentials.ts';

/** The parts of Electron's UtilityProcess used here. */
export interface SandboxChild {
  readonly stdout: { on(event: 'data', listener: (chunk: Buffer | string) => void): unknown } | null;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

export interface SandboxProcessHost {
  /** utilityProcess.fork(modulePath, args, { stdio: 'pipe', serviceName }). */
  fork(modulePath: string, args: string[]): SandboxChild;
  /** net.fetch (or fetch): only ever to the sandbox on 127.0.0.1. */
  fetch(url: string, init: { headers: Record<string, string> }): Promise<Response>;
  /** A fresh API key for this run (crypto.randomUUID). */
  randomKey(): string;
}

export interface SandboxProcessOptions {
  /** The built sandbox program (out/main/sandbox.js). */
  modulePath: string;
  /** Where the sandbox keeps its world between runs (in the app's data directory). */
  statePath: string;
  /** How long to wait for the "listening" line. */
  startTimeoutMs?: number;
}

/** The built-in sandbox could not be started; the message says why, without a key. */
export class SandboxStartError extends Error {
  override readonly name = 'SandboxStartError';
}

const READY_LINE = /Sandbox service listening at (http:\/\/127\.0\.0\.1:\d+\/api) \(.*controls at (http:\/\/127\.0\.0\.1:\d+\/__sandbox)\)/;

/** The API and control URLs of the sandbox's ready line, or null for any other output. */
export function parseReadyLine(line: string): { url: string; controlUrl: string } | null {
  const match = READY_LINE.exec(line);
  return match?.[1] && match[2] ? { url: match[1], controlUrl: match[2] } : null;
}

function xCredentialsOf(world: unknown): XCredentials | null {
  if (typeof world !== 'object' || world === null) return null;
  const x = (world as { xCredentials?: unknown }).xCredentials;
  if (typeof x !== 'object' || x === null) return null;
  const { key, secret } = x as { key?: unknown; secret?: unknown };
  return typeof key === 'string' && typeof secret === 'string' ? { key, secret } : null;
}

export function utilityProcessSandbox(host: SandboxProcessHost, options: SandboxProcessOptions): SandboxFactory {
  return {
    async start() {
      const apiKey = host.randomKey();
      const child = host.fork(options.modulePath, ['--port', '0', '--host', '127.0.0.1', '--api-key', apiKey, '--state', options.statePath]);
      let exited = false;
      const exitedPromise = new Promise<void>((resolve) =>
        child.on('exit', () => {
          exited = true;
          resolve();
        }),
      );
      const stop = async () => {
        if (exited) return;
        child.kill();
        await exitedPromise;
      };

      let urls: { url: string; controlUrl: string };
      try {
        urls = await new Promise<{ url: string; controlUrl: string }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new SandboxStartError('The built-in sandbox did not start in time.')), options.startTimeoutMs ?? 30_000);
          let pending = '';
          child.stdout?.on('data', (chunk) => {
            pending += String(chunk);
            const lines = pending.split('\n');
            pending = lines.pop() ?? '';
            for (const line of lines) {
              const ready = parseReadyLine(line);
              if (ready) {
                clearTimeout(timer);
                resolve(ready);
              }
            }
          });
          void exitedPromise.then(() => {
            clearTimeout(timer);
            reject(new SandboxStartError('The built-in sandbox stopped before it was ready (is out/main/sandbox.js built?).'));
          });
        });
      } catch (error) {
        await stop();
        throw error;
      }

      let xCredentials: XCredentials | null = null;
      try {
        const response = await host.fetch(`${urls.controlUrl}/world`, { headers: { authorization: `Bearer ${apiKey}` } });
        if (response.ok) xCredentials = xCredentialsOf(await response.json());
      } catch {
        // Handled below: without the X key pair the account would fail on every twitter call.
      }
      if (!xCredentials) {
        await stop();
        throw new SandboxStartError('The built-in sandbox started but its world could not be read.');
      }
      return { url: urls.url, apiKey, xCredentials, close: stop };
    },
  };
}
