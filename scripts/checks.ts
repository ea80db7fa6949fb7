// `node scripts/checks.ts <npm script>…`: the static checks of `npm test` (typecheck, lints, format),
// two at a time. Each is single-threaded, so on the CI's 2 cores running them one after the other
// left a core idle for three minutes. Each script's output is printed whole once it ends (never
// interleaved), with its time; the exit code is 1 when any failed, after all have run, so one run
// reports every problem.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/checks.ts <npm script>… (longest first)');
  process.exit(2);
}

/** At most two: the machine's cores, and a typed lint and a typecheck each hold a whole program in memory. */
const AT_ONCE = Math.max(1, Math.min(2, availableParallelism()));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const finish = (ok: boolean, why: string) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> ${script}: ${ok ? 'passed' : `FAILED (${why})`} in ${seconds} s\n${output}`);
      resolve(ok);
    };
    child.once('error', (error) => finish(false, error.message));
    child.once('close', (code, signal) => finish(code === 0, signal ?? `exit ${code}`));
  });
}

const queue = [...scripts];
let failed = 0;
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let script = queue.shift(); script !== undefined; script = queue.shift()) if (!(await run(script))) failed += 1;
  }),
);
if (failed > 0) {
  console.error(`\n${failed} of ${scripts.length} checks failed (see above).`);
  process.exit(1);
}
