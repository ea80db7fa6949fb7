// npm run bench:store: the local store's figures (issue 4's Performance section), printed and
// written into BENCHMARKS.md. BENCH_COMMENTS, BENCH_MESSAGES, BENCH_CONF_SECONDS and BENCH_INGEST_RUNS change the size.
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { storeSection, writeStoreSection } from './store/report.ts';
import { runStoreBench } from './store/runStoreBench.ts';

// The machine is shared: the load at the start says whether the figures are from a quiet one.
const loadAtStart = loadavg()[0]!;
const figures = runStoreBench({
  comments: Number(process.env.BENCH_COMMENTS ?? 100_000),
  posts: 600,
  ingestRuns: Number(process.env.BENCH_INGEST_RUNS ?? 3),
  opens: 10,
  queryRepeat: 5,
  confSeconds: Number(process.env.BENCH_CONF_SECONDS ?? 60),
  messages: Number(process.env.BENCH_MESSAGES ?? 50_000),
});

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, ${process.platform} ${process.arch}, Node ${process.version}; load average ${loadAtStart.toFixed(2)} at the start`;
const section = storeSection(figures, machine, new Date().toISOString().slice(0, 10));
console.log(section);
if (process.env.BENCH_WRITE !== '0') writeStoreSection(join(import.meta.dirname, '..', '..', 'BENCHMARKS.md'), section);
