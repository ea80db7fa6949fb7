// The built-in sandbox account's service, for the web host: a sandbox of its own in a child process
// on a free loopback port (the default), or one the user already runs (`--sandbox-url`). Either way the account's keys
// come from the sandbox's own control surface, GET /__sandbox/world, so nothing is configured twice.
import type { SandboxFactory } from '../core/ports.ts';
import type { XCredentials } from '../core/service/credentials.ts';
import { SANDBOX_DEFAULTS } from '../../sandbox/index.ts';
import { SandboxProcess, type SandboxProcessOptions } from './sandboxProcess.ts';

type StartedSandbox = Awaited<ReturnType<SandboxFactory['start']>>;

/** The sandbox could not be reached or did not answer as a sandbox does. */
export class SandboxUnavailableError extends Error {
  override readonly name = 'SandboxUnavailableError';
}

const WORLD_TIMEOUT_MS = 10_000;

/**
 * Runs the sandbox program in a child process of its own, under a watchdog (sandboxProcess.ts),
 * on a port the OS picks, with the sandbox's default key; closing the account's service stops it.
 */
export function childProcessSandboxFactory(options: SandboxProcessOptions): SandboxFactory {
  return {
    async start(): Promise<StartedSandbox> {
      const sandbox = new SandboxProcess(options);
      const urls = await sandbox.start();
      try {
        const world = await fetchWorld(urls.controlUrl, SANDBOX_DEFAULTS.apiKey);
        return { url: urls.url, apiKey: world.apiKey, xCredentials: world.xCredentials, close: () => sandbox.close() };
      } catch (error) {
        await sandbox.close();
        throw error;
      }
    },
  };
}

/**
 * Uses a sandbox that already runs (`npm run sandbox`), given its printed `…/api` URL or its bare
 * origin. Its control surface needs the primary key, and the command line has no flag for one, so
 * this asks with the sandbox's default key (`sandbox-key`): a sandbox started with another
 * `--api-key` is refused with a message that says so. Closing leaves that sandbox running: it is not ours.
 */
export function remoteSandboxFactory(sandboxUrl: string, primaryKey: string = SANDBOX_DEFAULTS.apiKey): SandboxFactory {
  const base = sandboxBase(sandboxUrl);
  return {
    async start(): Promise<StartedSandbox> {
      const world = await fetchWorld(`${base}/__sandbox`, primaryKey);
      return { url: `${base}/api`, apiKey: world.apiKey, xCredentials: world.xCredentials, close: async () => {} };
    },
  };
}

/** `http://h:p/api`, `http://h:p/api/` and `http://h:p` all name the sandbox at `http://h:p`. */
export function sandboxBase(sandboxUrl: string): string {
  const url = new URL(sandboxUrl);
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith('/api')) path = path.slice(0, -'/api'.length);
  return `${url.origin}${path}`;
}

async function fetchWorld(controlUrl: string, primaryKey: string): Promise<{ apiKey: string; xCredentials: XCredentials }> {
  const where = `${controlUrl}/world`;
  let response: Response;
  try {
    response = await fetch(where, { headers: { authorization: `Bearer ${primaryKey}` }, signal: AbortSignal.timeout(WORLD_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new SandboxUnavailableError(`No sandbox answers at ${where} (${cause}). Is \`npm run sandbox\` running there?`);
  }
  if (response.status === 401) {
    throw new SandboxUnavailableError(`The sandbox at ${where} refused its default key; start it without --api-key to use it with --sandbox-url.`);
  }
  if (!response.ok) throw new SandboxUnavailableError(`${where} answered HTTP ${response.status}; is that a sandbox?`);
  let world: unknown;
  try {
    world = await response.json();
  } catch {
    throw new SandboxUnavailableError(`${where} did not answer with JSON; is that a sandbox?`);
  }
  const keys = (typeof world === 'object' && world !== null ? world : {}) as { apiKey?: unknown; xCredentials?: { key?: unknown; secret?: unknown } | null };
  if (typeof keys.apiKey !== 'string' || typeof keys.xCredentials?.key !== 'string' || typeof keys.xCredentials?.secret !== 'string') {
    throw new SandboxUnavailableError(`${where} did not answer with a sandbox's world (no apiKey and xCredentials).`);
  }
  return { apiKey: keys.apiKey, xCredentials: { key: keys.xCredentials.key, secret: keys.xCredentials.secret } };
}
