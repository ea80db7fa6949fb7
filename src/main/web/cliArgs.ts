// The web host's command line: `npm run web -- [--port N] [--data-dir DIR] [--sandbox-url URL]`.
// Kept exactly as the issue states it: tooling outside the code base starts the host this way.
import { parseArgs } from 'node:util';

export const WEB_USAGE = 'usage: npm run web -- [--port N] [--data-dir DIR] [--sandbox-url URL]';

export const DEFAULT_WEB_PORT = 5317;

export interface WebCliOptions {
  /** 0 takes a free port. */
  port: number;
  /** Absent: the default folder in the user's data directory. */
  dataDir?: string;
  /** Absent: the built-in sandbox account runs an embedded sandbox. */
  sandboxUrl?: string;
}

/** A command line that cannot be run: the CLI prints the message and the usage and exits 2. */
export class WebUsageError extends Error {
  override readonly name = 'WebUsageError';
}

export function parseWebCli(argv: readonly string[]): WebCliOptions {
  let values: { port?: string | undefined; 'data-dir'?: string | undefined; 'sandbox-url'?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'sandbox-url': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new WebUsageError((error as Error).message);
  }
  const options: WebCliOptions = { port: DEFAULT_WEB_PORT };
  if (values.port !== undefined) {
    // Digits only: Number("") is 0 (a random port nobody asked for), and "1e3" or " 80" are not ports.
    const port = /^\d{1,5}$/.test(values.port) ? Number(values.port) : Number.NaN;
    if (!(port >= 0 && port <= 65535)) throw new WebUsageError(`--port must be a whole number from 0 to 65535; got "${values.port}"`);
    options.port = port;
  }
  if (values['data-dir'] !== undefined) {
    // An empty path would quietly mean the current directory.
    if (values['data-dir'].trim() === '') throw new WebUsageError('--data-dir must name a folder');
    options.dataDir = values['data-dir'];
  }
  if (values['sandbox-url'] !== undefined) options.sandboxUrl = checkedSandboxUrl(values['sandbox-url']);
  return options;
}

/** An http(s) URL with no credentials in it; the sandbox's printed `…/api` URL and its bare origin both work. */
function checkedSandboxUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebUsageError(`--sandbox-url must be a URL such as http://127.0.0.1:4010/api; got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebUsageError('--sandbox-url must be an http: or https: URL');
  if (url.username !== '' || url.password !== '') throw new WebUsageError('--sandbox-url must not carry a user name or password');
  return raw;
}
