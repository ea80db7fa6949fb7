// `npm run web -- [--port N] [--data-dir DIR] [--sandbox-url URL] [--poll-hot-ms N]`: the whole app in a browser.
// With `--sync-url URL/WORKSPACE --device-name NAME --member NAME` it joins that team workspace; the
// member's password comes from the SOCIAL_INBOX_TEAM_PASSWORD environment variable, never the command line.
// Builds the renderer when it is missing, runs the core in this process, serves the UI and the
// bridge on 127.0.0.1, and prints exactly one line on stdout once ready, the page's address with
// this run's token. Everything else goes to stderr. SIGINT/SIGTERM close the core and the sandbox,
// and so does the death of the parent process (see parentWatch.ts).
import { messageWithoutCredentials } from '../core/team/serverAddress.ts';
import { defaultDataDir } from './dataDir.ts';
import { parseWebCli, TEAM_PASSWORD_VARIABLE, WEB_USAGE, type WebCliOptions, WebUsageError } from './cliArgs.ts';
import { onParentGone } from './parentWatch.ts';
import { ensureRendererBuilt, RENDERER_DIR } from './rendererBuild.ts';
import { stderrLogger } from './stderrLogger.ts';
import type { RunningWebApp } from './webApp.ts';

async function main(): Promise<void> {
  let options: WebCliOptions;
  try {
    options = parseWebCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof WebUsageError)) throw error;
    console.error(`web: ${messageWithoutCredentials(error.message)}\n${WEB_USAGE}`);
    process.exit(2);
  }

  // Listening for the signals before anything starts: a signal sent the moment the line appears
  // (or during start-up) must close the core and the sandbox too, not kill the process mid-way.
  let app: RunningWebApp | undefined;
  let stopping: NodeJS.Signals | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    if (app) void closeAndExit(app, signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  onParentGone(() => stop('SIGHUP'));

  const logger = stderrLogger();
  await ensureRendererBuilt();
  // Loaded only now: a bad command line is answered without loading the whole core first.
  const { startWebApp } = await import('./webApp.ts');
  app = await startWebApp({
    port: options.port,
    dataDir: options.dataDir ?? defaultDataDir(),
    rendererDir: RENDERER_DIR,
    logger,
    ...(options.sandboxUrl === undefined ? {} : { sandboxUrl: options.sandboxUrl }),
    ...(options.pollHotMs === undefined ? {} : { pollHotMs: options.pollHotMs }),
    ...(options.team === undefined ? {} : { team: { settings: options.team, password: teamPassword() } }),
  });
  if (stopping) {
    await closeAndExit(app, stopping);
    return;
  }
  process.stdout.write(`${app.url}\n`);
}

/** The team password from the environment, taken out of it so that no child process inherits it. */
function teamPassword(): string | null {
  const password = process.env[TEAM_PASSWORD_VARIABLE];
  delete process.env[TEAM_PASSWORD_VARIABLE];
  if (password === undefined || password === '') {
    console.error(`web: no team password: set ${TEAM_PASSWORD_VARIABLE}; the app runs alone until it has one.`);
    return null;
  }
  return password;
}

async function closeAndExit(app: RunningWebApp, signal: NodeJS.Signals): Promise<void> {
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    console.error(`web: could not stop cleanly on ${signal}: ${messageWithoutCredentials((error as Error).message)}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') console.error('web: that port is taken on 127.0.0.1; choose another with --port N, or --port 0 for a free one.');
  // Whatever failed, an address in its message (the team server's, the sandbox's) shows no password.
  else console.error(`web: ${messageWithoutCredentials((error as Error).message)}`);
  process.exit(1);
});
