// npm run sandbox -- [--port N] [--host H] [--seed N] [--api-key KEY] [--rate-limit N]
//                    [--activity N] [--state FILE] [--plan P] [--conversation-limit N] [--reply-window-hours N]
// Prints one line with the service's URL once it listens; SIGINT/SIGTERM stop it (saving --state).
// Started with an IPC channel (by the web host), it also serves parentChannel.ts.
// No side effects on import: cli.ts is the program that runs it.
import { parseArgs } from 'node:util';
import { PLANS, type Plan } from '../shared/networks.ts';
import { type SandboxOptions, startSandbox } from './index.ts';
import { hasParentChannel, serveParentChannel } from './parentChannel.ts';

const USAGE =
  'usage: npm run sandbox -- [--port N] [--host H] [--seed N] [--api-key KEY] [--rate-limit N] [--activity N] [--state FILE] [--plan basic|premium|launch|business|enterprise] [--conversation-limit N] [--reply-window-hours N]';

export function parseCli(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'api-key': { type: 'string' },
      'rate-limit': { type: 'string' },
      activity: { type: 'string' },
      state: { type: 'string' },
      plan: { type: 'string' },
      'conversation-limit': { type: 'string' },
      'reply-window-hours': { type: 'string' },
    },
  });
  const whole = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
    if (raw === undefined) return undefined;
    // Digits only: Number() alone would take "" as 0 (so `--port ""` listened on a random port),
    // and " 12 ", "1e3" or "0x10" as numbers nobody meant.
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`--${name} must be a whole number from ${min} to ${max}; got "${raw}"`);
    }
    return value;
  };
  const options: SandboxOptions = {};
  const port = whole('port', values.port, 0, 65535);
  const seed = whole('seed', values.seed, 0, 2 ** 31 - 1);
  const rateLimit = whole('rate-limit', values['rate-limit'], 1, 1_000_000_000);
  const activity = whole('activity', values.activity, 0, 60_000);
  if (port !== undefined) options.port = port;
  if (seed !== undefined) options.seed = seed;
  if (rateLimit !== undefined) options.rateLimit = rateLimit;
  if (activity !== undefined) options.activity = activity;
  // Lower than the service's 1,000 conversations a month and 7-day reply window, to test them.
  const conversationLimit = whole('conversation-limit', values['conversation-limit'], 0, 1_000_000);
  const replyWindowHours = whole('reply-window-hours', values['reply-window-hours'], 0, 24 * 365);
  if (conversationLimit !== undefined) options.activeConversationLimit = conversationLimit;
  if (replyWindowHours !== undefined) options.messageReplyWindowMs = replyWindowHours * 3_600_000;
  if (values.host !== undefined) {
    // An empty host would make the server listen on every interface, not on loopback.
    if (values.host.trim() === '') throw new Error('--host must not be empty');
    options.host = values.host;
  }
  if (values['api-key'] !== undefined) {
    if (values['api-key'].trim() === '') throw new Error('--api-key must not be empty');
    options.apiKey = values['api-key'];
  }
  if (values.state !== undefined) {
    // An empty path would silently mean "no state file" and lose the world at exit.
    if (values.state.trim() === '') throw new Error('--state must name a file');
    options.statePath = values.state;
  }
  if (values.plan !== undefined) {
    if (!(PLANS as readonly string[]).includes(values.plan)) throw new Error(`--plan must be one of ${PLANS.join(', ')}; got "${values.plan}"`);
    options.plan = values.plan as Plan;
  }
  return options;
}

/** Runs the command line: parses process.argv, starts the sandbox, prints the ready line. */
export async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`sandbox: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const sandbox = await startSandbox(options);
  // The plan in force, not the option: a world loaded from --state keeps its saved plan.
  console.log(`Sandbox service listening at ${sandbox.url} (API key: ${sandbox.apiKey}, plan: ${sandbox.plan}; controls at ${sandbox.controlUrl})`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`sandbox: could not stop cleanly on ${signal}: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (hasParentChannel()) {
    // Supervised (the web host's built-in sandbox): Ctrl+C in the terminal reaches the whole
    // process group, and the parent, which stops us with SIGTERM as it closes, decides when.
    process.on('SIGINT', () => {});
    serveParentChannel(sandbox, stop);
  } else {
    process.on('SIGINT', () => stop('SIGINT'));
  }
}

export function runMain(): void {
  main().catch((error: unknown) => {
    console.error(`sandbox: ${(error as Error).message}`);
    process.exit(1);
  });
}
