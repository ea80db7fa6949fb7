// `node scripts/checks.ts <npm script>… [--beside "<command>"]`: the static checks of `npm test`
// (typecheck, lints, format), two at a time. Each is single-threaded, so on the CI's 2 cores running
// them one after the other left a core idle for three minutes. Each script's output is printed whole
// once it ends (never interleaved), with its time; the exit code is 1 when any failed, after all
// have run, so one run reports every problem.
//
// `--beside "vitest run"` runs that command at the same time, its output live, and the checks one at
// a time beside it at the lowest CPU priority: Vitest's integration tests spend much of their time
// waiting (real sockets, measuring windows), and the checks take only the CPU it leaves idle, so its
// timing-sensitive tests (measuring windows, held replies) run as if the checks were not there
// (decision 0080, fourth round). Once the command has ended the rest go two at a time. The checks'
// outputs are printed once the command has ended, so they never cut through its report; the exit
// code is 1 when the command or any check failed.
import { spawn } from 'node:child_process';
import { availableParallelism, constants, setPriority } from 'node:os';

interface Parsed {
  beside: string | undefined;
  scripts: string[];
}

/** `--beside "<command>"` may come anywhere, so `npm run checks -- --beside "…"` keeps one list of checks. */
function parse(args: string[]): Parsed | null {
  const at = args.indexOf('--beside');
  if (at === -1) return args.length > 0 ? { beside: undefined, scripts: args } : null;
  const beside = args[at + 1];
  const scripts = [...args.slice(0, at), ...args.slice(at + 2)];
  return beside && scripts.length > 0 ? { beside, scripts } : null;
}

const parsed = parse(process.argv.slice(2));
if (!parsed) {
  console.error('usage: node scripts/checks.ts [--beside "<command>"] <npm script>… (longest first)');
  process.exit(2);
}
const { beside, scripts } = parsed;

/** At most two: the machine's cores, and a typed lint and a typecheck each hold a whole program in memory. */
const AT_ONCE = Math.max(1, Math.min(2, availableParallelism()));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Output held back while the command beside runs, flushed when it ends. */
let held: string[] | null = beside ? [] : null;
function print(text: string): void {
  if (held) held.push(text);
  else process.stdout.write(text);
}

function run(script: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Set before npm has started the script (it takes a while to load): the processes it starts inherit it.
    if (besideRunning && child.pid !== undefined) lowestPriority(child.pid);
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const finish = (ok: boolean, why: string) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      print(`\n> ${script}: ${ok ? 'passed' : `FAILED (${why})`} in ${seconds} s\n${output}`);
      resolve(ok);
    };
    child.once('error', (error) => finish(false, error.message));
    child.once('close', (code, signal) => finish(code === 0, signal ?? `exit ${code}`));
  });
}

/** The command beside the checks, through the shell as npm runs a script (node_modules/.bin on PATH). */
function runBeside(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(false);
    });
    child.once('close', (code) => resolve(code === 0));
  });
}

/** Beside a command the checks only take the CPU it leaves idle (nice 19 on Unix, idle class on Windows). */
function lowestPriority(pid: number): void {
  try {
    setPriority(pid, constants.priority.PRIORITY_LOW);
  } catch {
    // Not allowed here: the checks then share the CPU evenly, slower but still correct.
  }
}

const queue = [...scripts];
let failed = 0;
async function runner(): Promise<void> {
  for (let script = queue.shift(); script !== undefined; script = queue.shift()) if (!(await run(script))) failed += 1;
}
let besideRunning = beside !== undefined;
const runners = Array.from({ length: beside ? 1 : AT_ONCE }, runner);
let besideFailed = false;
if (beside) {
  besideFailed = !(await runBeside(beside));
  besideRunning = false;
  const flushed = held ?? [];
  held = null;
  for (const text of flushed) process.stdout.write(text);
  // The cores are free again: what is left goes two at a time.
  for (let more = 1; more < AT_ONCE; more += 1) runners.push(runner());
}
await Promise.all(runners);
if (besideFailed) console.error(`\n${beside} failed (see above).`);
if (failed > 0) console.error(`\n${failed} of ${scripts.length} checks failed (see above).`);
if (failed > 0 || besideFailed) process.exit(1);
