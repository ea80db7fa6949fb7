// `npm run web` as a person (or the tooling) runs it: a child process started with the real
// command line, whose one stdout line is the page's address. Used by the end-to-end fixture and by
// the web host's CLI tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const WEB_CLI = 'src/main/web/cli.ts';
export const WEB_URL_LINE = /^http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{22,})$/;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface WebHostProcess {
  child: ChildProcess;
  /** The one line, once printed. */
  url: string;
  port: number;
  token: string;
  origin: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface SpawnedWeb {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
}

/** Runs the CLI with this same Node (24, which strips the types), as `npm run web` does. */
export function spawnWeb(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  command: string[] = [process.execPath, '--disable-warning=ExperimentalWarning', WEB_CLI],
): SpawnedWeb {
  const [file, ...before] = command as [string, ...string[]];
  const child = spawn(file, [...before, ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((done) => child.on('close', (code, signal) => done({ code, signal })));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Starts the web host and waits (at most `timeoutMs`) for its line; rejects with its stderr if it exits first. */
export async function startWebProcess(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; command?: string[]; timeoutMs?: number } = {},
): Promise<WebHostProcess> {
  const spawned = spawnWeb(args, options.env, options.command);
  const timeoutMs = options.timeoutMs ?? 60_000;
  let line: string;
  try {
    line = await new Promise<string>((resolveLine, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address within ${timeoutMs} ms; stderr: ${spawned.stderr()}`)), timeoutMs);
      const check = () => {
        const found = spawned
          .stdout()
          .split('\n')
          .find((candidate) => WEB_URL_LINE.test(candidate));
        if (found) {
          clearTimeout(timer);
          resolveLine(found);
        }
      };
      spawned.child.stdout?.on('data', check);
      void spawned.exited.then((exit) => {
        clearTimeout(timer);
        reject(new Error(`the web host exited (${exit.code ?? exit.signal}) before it was ready; stderr: ${spawned.stderr()}`));
      });
    });
  } catch (error) {
    spawned.child.kill('SIGKILL');
    throw error;
  }
  const [, port, token] = WEB_URL_LINE.exec(line) as unknown as [string, string, string];
  return {
    ...spawned,
    url: line,
    port: Number(port),
    token,
    origin: `http://127.0.0.1:${port}`,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (spawned.child.exitCode === null && spawned.child.signalCode === null) spawned.child.kill(signal);
      return spawned.exited;
    },
  };
}
