// The web host's command line: `npm run web -- [--port N] [--data-dir DIR] [--sandbox-url URL]`,
// as the issue states it (tooling outside the code base starts the host this way), plus one optional
// knob of ours, `--poll-hot-ms N`, for the end-to-end tests and for watching new comments arrive.
import { parseArgs } from 'node:util';
import { checkedTeamSettings, type TeamSettings } from '../core/app/teamSettings.ts';
import { addressWithoutCredentials } from '../core/team/serverAddress.ts';
import { TeamAddressError } from '../core/team/teamErrors.ts';

export const WEB_USAGE =
  'usage: npm run web -- [--port N] [--data-dir DIR] [--sandbox-url URL] [--poll-hot-ms N] [--sync-url URL/WORKSPACE --device-name NAME --member NAME]';

/** Where the web host reads the team member's password (never from the command line, where `ps` shows it). */
export const TEAM_PASSWORD_VARIABLE = 'SOCIAL_INBOX_TEAM_PASSWORD';

export const DEFAULT_WEB_PORT = 5317;

/**
 * Bounds of `--poll-hot-ms`: at least a second (a post is one request per poll; the sync's pacer keeps
 * every profile within 90% of its rate window whatever the interval), at most an hour.
 */
export const POLL_HOT_MS_MIN = 1_000;
export const POLL_HOT_MS_MAX = 3_600_000;

export interface WebCliOptions {
  /** 0 takes a free port. */
  port: number;
  /** Absent: the default folder in the user's data directory. */
  dataDir?: string;
  /** Absent: the built-in sandbox account runs an embedded sandbox. */
  sandboxUrl?: string;
  /** How often the sync asks for the comments of a post of the last day; absent: its default (30 s). */
  pollHotMs?: number;
  /** The team workspace to join (`--sync-url`, `--device-name`, `--member`); absent: this device works alone. */
  team?: TeamSettings;
}

/** A command line that cannot be run: the CLI prints the message and the usage and exits 2. */
export class WebUsageError extends Error {
  override readonly name = 'WebUsageError';
}

export function parseWebCli(argv: readonly string[]): WebCliOptions {
  let values: {
    port?: string | undefined;
    'data-dir'?: string | undefined;
    'sandbox-url'?: string | undefined;
    'poll-hot-ms'?: string | undefined;
    'sync-url'?: string | undefined;
    'device-name'?: string | undefined;
    member?: string | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'sandbox-url': { type: 'string' },
        'poll-hot-ms': { type: 'string' },
        'sync-url': { type: 'string' },
        'device-name': { type: 'string' },
        member: { type: 'string' },
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
  if (values['poll-hot-ms'] !== undefined) {
    const raw = values['poll-hot-ms'];
    const ms = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(ms >= POLL_HOT_MS_MIN && ms <= POLL_HOT_MS_MAX)) {
      throw new WebUsageError(`--poll-hot-ms must be a whole number of milliseconds from ${POLL_HOT_MS_MIN} to ${POLL_HOT_MS_MAX}; got "${raw}"`);
    }
    options.pollHotMs = ms;
  }
  const team = teamOf(values['sync-url'], values['device-name'], values.member);
  if (team) options.team = team;
  return options;
}

/**
 * `--sync-url` names the workspace as its last path segment (`http://127.0.0.1:5984/agency`), as
 * the sync server's own URL plus the workspace; `--device-name` and `--member` come with it.
 */
function teamOf(syncUrl: string | undefined, device: string | undefined, member: string | undefined): TeamSettings | null {
  if (syncUrl === undefined) {
    if (device !== undefined || member !== undefined) throw new WebUsageError('--device-name and --member go with --sync-url');
    return null;
  }
  if (device === undefined || member === undefined) throw new WebUsageError('--sync-url needs --device-name NAME and --member NAME too');
  let url: URL;
  try {
    url = new URL(syncUrl);
  } catch {
    throw new WebUsageError(`--sync-url must be a URL such as http://127.0.0.1:5984/agency; got "${addressWithoutCredentials(syncUrl)}"`);
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const workspace = segments.pop();
  if (workspace === undefined) throw new WebUsageError('--sync-url must end with the workspace, e.g. http://127.0.0.1:5984/agency');
  url.pathname = segments.join('/');
  try {
    return checkedTeamSettings({ serverUrl: url.href.replace(/\/+$/, ''), workspace: decodeURIComponent(workspace), member, device });
  } catch (error) {
    if (error instanceof TeamAddressError) throw new WebUsageError(`--sync-url, --device-name or --member: ${error.message}`);
    throw error;
  }
}

/** An http(s) URL with no credentials in it; the sandbox's printed `…/api` URL and its bare origin both work. */
function checkedSandboxUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebUsageError(`--sandbox-url must be a URL such as http://127.0.0.1:4010/api; got "${addressWithoutCredentials(raw)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebUsageError('--sandbox-url must be an http: or https: URL');
  if (url.username !== '' || url.password !== '') throw new WebUsageError('--sandbox-url must not carry a user name or password');
  return raw;
}
