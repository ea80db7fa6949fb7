// `npm run sync-server` as its own process, for the tests and the benchmark that need the server
// outside their event loop (as a team's server is). Resolves with the URL it prints on its first line.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

export interface SyncServerProcess {
  child: ChildProcess;
  url: string;
  /** What it has printed so far, both streams. */
  printed(): string;
}

export async function startSyncServerProcess(options: {
  dataDir: string;
  workspaces: string[];
  membersFile: string;
  adminPassword: string;
  /** Live updates: each workspace's events database too, its hook user with this password. */
  hookPassword?: string;
}): Promise<SyncServerProcess> {
  const args = ['--disable-warning=ExperimentalWarning', 'src/syncServer/cli.ts', '--port', '0', '--data-dir', options.dataDir];
  for (const workspace of options.workspaces) args.push('--workspace', workspace);
  args.push('--members-file', options.membersFile);
  if (options.hookPassword !== undefined) args.push('--events');
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: {
      ...process.env,
      SYNC_ADMIN_PASSWORD: options.adminPassword,
      ...(options.hookPassword === undefined ? {} : { SYNC_HOOK_PASSWORD: options.hookPassword }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => (printed += text));
  const url = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (text: string) => {
      printed += text;
      if (text.includes('\n')) done(text.trim());
    });
    child.once('exit', (code) => fail(new Error(`the sync server ended (${code}): ${printed}`)));
  });
  return { child, url, printed: () => printed };
}
