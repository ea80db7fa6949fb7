// npm run bench:sandbox: how long the seeded world takes to build (it is built at every start of
// a sandbox without a state file), then GET /comments/:id of a 200-comment post over 32 keep-alive
// connections. The sandbox runs in its own process (as `npm run sandbox` does), so the load
// generator does not share its event loop. Prints the times and requests per second, and medians.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { arch, cpus, platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedWorld } from '../../src/sandbox/world/seed.ts';
import { prepareBenchTarget } from './bench-target.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const COMMENTS = 200;
// The drafted benchmark sends no Accept-Encoding (plain JSON). BENCH_ENCODING='br, gzip, deflate'
// measures what the app's client asks for (compressed answers).
const ENCODING = process.env.BENCH_ENCODING;
/** World builds timed: seeds 1 to 5, each 5 times, after one build of each not counted. */
const SEEDS = [1, 2, 3, 4, 5];
const BUILDS_PER_SEED = 5;

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/** The world a sandbox builds when it starts without a state file (seedWorld), in this process. */
function benchWorldBuild(): void {
  const now = new Date();
  const build = (seed: number) => seedWorld({ seed, now, apiKey: 'sandbox-key', plan: 'business' });
  for (const seed of SEEDS) build(seed); // Warm-up, not counted.
  const times: number[] = [];
  for (let round = 0; round < BUILDS_PER_SEED; round++) {
    for (const seed of SEEDS) {
      const start = performance.now();
      build(seed);
      times.push(performance.now() - start);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `seedWorld (seeds ${SEEDS.join(', ')}, ${BUILDS_PER_SEED} builds each): median ${median(times).toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
  );
}

async function main(): Promise<void> {
  console.log(`node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${platform()} ${arch()}`);
  benchWorldBuild();
  if (process.env.BENCH_WORLD_ONLY === '1') return;
  // The CLI by its path from this file, so the bench runs from any working directory.
  const cli = fileURLToPath(new URL('../../src/sandbox/cli.ts', import.meta.url));
  const child = spawn(process.execPath, [cli, '--port', '0', '--rate-limit', '1000000000'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    // The sandbox's one line, or its early exit (its error is on the inherited stderr).
    const line = await Promise.race([
      once(child.stdout, 'data').then(([chunk]) => String(chunk)),
      once(child, 'exit').then(([code]) => Promise.reject(new Error(`the sandbox exited with code ${code} before listening`))),
    ]);
    const url = /http:\/\/\S+\/api/.exec(line)?.[0];
    if (!url) throw new Error(`sandbox printed no URL: ${line}`);
    const prepared = await prepareBenchTarget(url, 'sandbox-key', COMMENTS);
    const { target } = prepared;
    const headers = ENCODING ? { ...prepared.headers, 'accept-encoding': ENCODING } : prepared.headers;

    // Warm-up, not counted.
    await autocannon({ url: target, connections: CONNECTIONS, duration: 2, headers });
    const rates: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await autocannon({ url: target, connections: CONNECTIONS, duration: SECONDS, headers });
      if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
        throw new Error(`run ${run}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
      }
      rates.push(result.requests.average);
      console.log(`run ${run}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    }
    console.log(
      `GET /comments/:id (${COMMENTS} comments, ${CONNECTIONS} keep-alive connections, Accept-Encoding: ${ENCODING ?? 'none'}): median ${median(rates).toFixed(0)} req/s over ${RUNS} runs of ${SECONDS} s`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
