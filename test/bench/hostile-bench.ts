// Hostile answers: what one request costs the client when the answer is a decompression bomb, a huge
// body or a trickle. Each measurement runs in a child process of its own (so its peak RSS is the
// client's alone, from the kernel's high-water mark), against the hostile test server of the chaos
// suite in this process. Reports medians.
//
//   npm run bench:hostile                      (5 runs each; HOSTILE_RUNS=n to change)
//   HOSTILE_TRICKLE_CAP_MS=90000 …             (how long a trickled request is given before it is stopped)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { hostileClient, readThrough } from '../chaos/support/hostileClient.ts';
import { type HostileMode, startHostileServer } from '../chaos/support/hostileServer.ts';

const MB = 1024 * 1024;
const RUNS = Number(process.env['HOSTILE_RUNS'] ?? 5);
const TRICKLE_CAP_MS = Number(process.env['HOSTILE_TRICKLE_CAP_MS'] ?? 90_000);

interface ChildResult {
  baselineMb: number;
  peakMb: number;
  ms: number;
  outcome: string;
}

if (process.argv[2] === 'child') await child(process.argv[3] ?? '');
else await main();

/**
 * The process's peak RSS in KB. Linux's VmHWM belongs to this process image alone; getrusage's
 * maxRSS would carry the parent's size at fork (here over 1 GB: it holds the bomb's source).
 */
function peakRssKb(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux: fall through.
  }
  return process.resourceUsage().maxRSS;
}

/** One request with the client's default options, then its peak RSS and how it ended. */
async function child(baseUrl: string): Promise<void> {
  const client = hostileClient(baseUrl);
  const baseline = peakRssKb();
  const started = performance.now();
  let outcome = 'resolved';
  try {
    await readThrough(client);
  } catch (error) {
    const kind = (error as { kind?: string; problem?: string; phase?: string }).kind;
    outcome = kind
      ? [kind, (error as { problem?: string }).problem ?? (error as { phase?: string }).phase].filter(Boolean).join('/')
      : String((error as Error).name);
  }
  const result: ChildResult = { baselineMb: baseline / 1024, peakMb: peakRssKb() / 1024, ms: performance.now() - started, outcome };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

function runChild(baseUrl: string, capMs: number): Promise<ChildResult | { capped: true; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', fileURLToPath(import.meta.url), 'child', baseUrl], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), capMs);
    proc.on('error', reject);
    proc.on('close', () => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1);
      if (!line) resolve({ capped: true, ms: performance.now() - started });
      else resolve(JSON.parse(line) as ChildResult);
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const inflated = Buffer.alloc(1024 * MB, 0x20);
  const gzipBomb = gzipSync(inflated, { level: 9 });
  const brotliBomb = brotliCompressSync(inflated, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  const cases: { name: string; mode: HostileMode; runs: number; capMs: number }[] = [
    {
      name: `gzip bomb (${(gzipBomb.length / MB).toFixed(1)} MB → 1 GB)`,
      mode: { kind: 'encoded', encoding: 'gzip', body: gzipBomb },
      runs: RUNS,
      capMs: 120_000,
    },
    {
      name: `brotli bomb (${(brotliBomb.length / 1024).toFixed(0)} KB → 1 GB)`,
      mode: { kind: 'encoded', encoding: 'br', body: brotliBomb },
      runs: RUNS,
      capMs: 120_000,
    },
    { name: '50 MB plain body', mode: { kind: 'huge', bytes: 50 * MB }, runs: RUNS, capMs: 120_000 },
    { name: 'trickle (1 byte/s), default options', mode: { kind: 'trickle', everyMs: 1000 }, runs: 3, capMs: TRICKLE_CAP_MS },
  ];
  console.log(`hostile-bench: ${RUNS} runs per case (3 for the trickle), each in its own process, medians`);
  for (const { name, mode, runs, capMs } of cases) {
    const server = await startHostileServer({ mode });
    try {
      // The trickle runs are independent and mostly waiting: run them side by side.
      const results =
        mode.kind === 'trickle'
          ? await Promise.all(Array.from({ length: runs }, () => runChild(server.baseUrl, capMs)))
          : await sequential(runs, () => runChild(server.baseUrl, capMs));
      const done = results.filter((r): r is ChildResult => !('capped' in r));
      const capped = results.length - done.length;
      const growth = done.map((r) => r.peakMb - r.baselineMb);
      const parts = [
        name.padEnd(40),
        done.length > 0
          ? `peak RSS ${median(done.map((r) => r.peakMb)).toFixed(0)} MB (+${median(growth).toFixed(0)} MB over the ${median(done.map((r) => r.baselineMb)).toFixed(0)} MB at start)`
          : '',
        done.length > 0
          ? `request ended after ${(median(done.map((r) => r.ms)) / 1000).toFixed(2)} s as ${[...new Set(done.map((r) => r.outcome))].join(', ')}`
          : '',
        capped > 0 ? `${capped} of ${results.length} still running at ${(capMs / 1000).toFixed(0)} s, stopped` : '',
      ];
      console.log(parts.filter(Boolean).join('; '));
    } finally {
      await server.close();
    }
  }
}

async function sequential<T>(n: number, run: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < n; i++) results.push(await run());
  return results;
}
