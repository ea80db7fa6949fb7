// The inbox's way to its first rows after a page load, compared between trees by measures a loaded
// machine does not change much (issue 29, "bench:ui not slower"): for each tree (this one, and any
// other checkout given with --trees, each with its own built out/renderer), the same seeded data
// folder as bench:ui (test/bench/ui/seedDataDir.ts of that tree, a sandbox that is down), loaded in
// turn, tree after tree, several times. Per tree it prints
// - the bridge calls the page sent before its first rows painted, in order, with when each left and
//   was answered, and the events the host pushed in that time (test/bench/ui/bootProbe.ts);
// - React's commits before the first rows and the components that did work in them;
// - from a Chrome trace of each load (--trace, on by default): the main thread's busy time and its
//   self time by trace event and by sampled function, navigation start to the first rows
//   (test/bench/ui/bootTrace.ts).
// Medians over the loads; no assertion.
//   node test/bench/ui-boot-bench.ts [--trees /path/to/other/checkout,.] [--comments 1000] [--loads 5] [--no-trace | --no-samples] [--commits] [--keep-traces dir]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { REPO_ROOT, startWebProcess, type WebHostProcess } from '../e2e/webHostProcess.ts';
import { summarize } from './store/stats.ts';
import { launchBenchChromium, startDownSandbox } from './ui/benchRig.ts';
import { BOOT_PROBE } from './ui/bootProbe.ts';
import { readBootTrace, type BootTrace } from './ui/bootTrace.ts';

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: '.' },
    comments: { type: 'string', default: '1000' },
    loads: { type: 'string', default: '5' },
    'no-trace': { type: 'boolean', default: false },
    /** Trace without V8's sampling profiler (its interrupts add to the main thread's CPU). */
    'no-samples': { type: 'boolean', default: false },
    top: { type: 'string', default: '20' },
    /** A folder to keep each load's trace in (<tree's folder name>-<load>.json), for a closer look in DevTools. */
    'keep-traces': { type: 'string' },
    /** Print, for the middle load, what each React commit before the first rows rendered. */
    commits: { type: 'boolean', default: false },
  },
});
const TREES = values.trees.split(',').map((tree) => resolve(REPO_ROOT, tree));
const COMMENTS = Number(values.comments);
const LOADS = Number(values.loads);
const TRACE = !values['no-trace'];
const TOP = Number(values.top);
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8.execute',
  ...(values['no-samples'] ? [] : ['disabled-by-default-v8.cpu_profiler']),
];

interface Call {
  id: number;
  command: string;
  sentAt: number;
  answeredAt: number | null;
  answerBytes: number;
  ok: boolean | null;
}

interface Boot {
  calls: Call[];
  events: { name: string; at: number; bytes: number }[];
  commits: { at: number; components: number; names: Record<string, number> }[];
  socketOpenAt: number | null;
  firstRowInDomAt: number | null;
  firstRowsAt: number | null;
}

interface Load {
  boot: Boot;
  trace: BootTrace | null;
  /** The web host's process: CPU time from the navigation to the first rows (ms). */
  hostCpuMs: number;
}

interface Tree {
  root: string;
  dataDir: string;
  host: WebHostProcess;
  page: Page;
  loads: Load[];
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function bootLog(page: Page): Promise<Boot> {
  return page.evaluate(() => (globalThis as unknown as { __uiBoot: Boot }).__uiBoot);
}

/** A process's CPU time so far (user + system, ms), from /proc. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // After the name: state is field 3, utime 14 and stime 15 (1-based, see proc(5)).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

async function loadOnce(browser: Browser, tree: Tree): Promise<Load> {
  if (TRACE) await browser.startTracing(tree.page, { categories: TRACE_CATEGORIES });
  const hostBefore = processCpuMs(tree.host.child.pid!);
  await tree.page.goto(tree.host.url);
  let boot = await bootLog(tree.page);
  for (const until = Date.now() + 30_000; boot.firstRowsAt === null; boot = await bootLog(tree.page)) {
    if (Date.now() > until) throw new Error(`no inbox rows within 30 s of a page load (${tree.root})`);
    await sleep(25);
  }
  const hostCpuMs = processCpuMs(tree.host.child.pid!) - hostBefore;
  // What arrives later belongs to the next measure; the log stops at the first rows.
  const json = TRACE ? (await browser.stopTracing()).toString('utf8') : null;
  if (json !== null && values['keep-traces'] !== undefined)
    writeFileSync(join(values['keep-traces'], `${basename(tree.root)}-${tree.loads.length}.json`), json);
  const trace = json === null ? null : readBootTrace(json);
  return { boot, trace, hostCpuMs };
}

async function openTree(browser: Browser, root: string, sandboxUrl: string): Promise<Tree> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ui-boot-'));
  // Each tree fills the folder with its own store code: its migrations are its own.
  const seed = (await import(join(root, 'test/bench/ui/seedDataDir.ts'))) as typeof import('./ui/seedDataDir.ts');
  seed.seedDataDir(dataDir, COMMENTS);
  writeFileSync(seed.settingsFileIn(dataDir), JSON.stringify({ notifications: false }));
  const host = await startWebProcess(['--port', '0', '--data-dir', dataDir, '--sandbox-url', sandboxUrl], {
    command: [process.execPath, '--disable-warning=ExperimentalWarning', join(root, 'src/main/web/cli.ts')],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript({ content: BOOT_PROBE });
  return { root, dataDir, host, page, loads: [] };
}

const fixed = (value: number) => value.toFixed(1);
const median = (samples: number[]) => summarize(samples).median;

function medianBy(maps: [string, number][][]): [string, number][] {
  const names = new Set(maps.flatMap((pairs) => pairs.map(([name]) => name)));
  return [...names]
    .map((name) => [name, median(maps.map((pairs) => pairs.find(([other]) => other === name)?.[1] ?? 0))] as [string, number])
    .sort((a, b) => b[1] - a[1]);
}

/** Per component name: how many times it rendered before the first rows (median over the loads). */
function componentsByName(tree: Tree): [string, number][] {
  return medianBy(
    tree.loads.map((load) => {
      const totals = new Map<string, number>();
      for (const commit of load.boot.commits)
        if (commit.at <= load.boot.firstRowsAt!) for (const [name, count] of Object.entries(commit.names)) totals.set(name, (totals.get(name) ?? 0) + count);
      return [...totals.entries()];
    }),
  );
}

/** The components whose renders differ between the first tree and each other one. */
function compareComponents(trees: Tree[]): void {
  const [base, ...others] = trees;
  if (base === undefined) return;
  const baseCounts = new Map(componentsByName(base));
  for (const other of others) {
    const otherCounts = new Map(componentsByName(other));
    const names = [...new Set([...baseCounts.keys(), ...otherCounts.keys()])];
    const changed = names
      .map((name) => [name, baseCounts.get(name) ?? 0, otherCounts.get(name) ?? 0] as const)
      .filter(([, a, b]) => a !== b)
      .sort((x, y) => Math.abs(y[2] - y[1]) - Math.abs(x[2] - x[1]));
    console.log(`\n## components rendered before the first rows: ${base.root} → ${other.root}\n`);
    console.log('| component | before | after |\n|---|---|---|');
    for (const [name, a, b] of changed) console.log(`| ${name} | ${a} | ${b} |`);
  }
}

function report(tree: Tree): void {
  const loads = tree.loads;
  const first = (load: Load) => load.boot.firstRowsAt!;
  console.log(`\n## ${tree.root} (${COMMENTS.toLocaleString('en')} comments, ${loads.length} loads)\n`);
  const page = (load: Load) => load.boot.calls.find((call) => call.command === 'inbox.page');
  console.log(`first rows painted: median ${fixed(median(loads.map(first)))} ms (in the DOM ${fixed(median(loads.map((l) => l.boot.firstRowInDomAt!)))} ms)`);
  console.log(`first React commit: median ${fixed(median(loads.map((l) => l.boot.commits[0]?.at ?? NaN)))} ms`);
  console.log(`socket open: median ${fixed(median(loads.map((l) => l.boot.socketOpenAt ?? NaN)))} ms`);
  console.log(
    `inbox.page: sent ${fixed(median(loads.map((l) => page(l)?.sentAt ?? NaN)))} ms, answered ${fixed(median(loads.map((l) => page(l)?.answeredAt ?? NaN)))} ms` +
      ` (its answer ${page(loads[0]!)?.answerBytes ?? 0} bytes)`,
  );
  const before = (load: Load) => load.boot.calls.filter((call) => call.sentAt <= first(load));
  const answeredBefore = (load: Load) => before(load).filter((call) => call.answeredAt !== null && call.answeredAt <= first(load));
  console.log(
    `bridge calls sent before the first rows: median ${median(loads.map((l) => before(l).length))}, answered before them ${median(loads.map((l) => answeredBefore(l).length))}; ` +
      `answer bytes ${median(loads.map((l) => answeredBefore(l).reduce((sum, call) => sum + call.answerBytes, 0)))}`,
  );
  const orders = new Set(
    loads.map((l) =>
      before(l)
        .map((call) => call.command)
        .join(' '),
    ),
  );
  console.log(`order of those calls: ${orders.size === 1 ? 'the same in every load' : `${orders.size} different orders`}`);
  const sample = loads[Math.floor(loads.length / 2)]!;
  console.log('\n| # | command | sent (ms) | answered (ms) | answer bytes |\n|---|---|---|---|---|');
  before(sample).forEach((call, index) =>
    console.log(
      `| ${index + 1} | ${call.command} | ${fixed(call.sentAt)} | ${call.answeredAt === null ? '-' : fixed(call.answeredAt)} | ${call.answerBytes} |`,
    ),
  );
  const events = sample.boot.events.filter((event) => event.at <= first(sample));
  console.log(`\nevents pushed before the first rows (that load): ${events.map((event) => event.name).join(', ') || 'none'}`);
  const commits = (load: Load) => load.boot.commits.filter((commit) => commit.at <= first(load));
  console.log(
    `React commits before the first rows: median ${median(loads.map((l) => commits(l).length))}, components rendered ${median(
      loads.map((l) => commits(l).reduce((sum, commit) => sum + commit.components, 0)),
    )} (that load: ${commits(sample)
      .map((commit) => `${commit.components} at ${fixed(commit.at)}`)
      .join(', ')})`,
  );
  if (values.commits)
    for (const commit of commits(sample))
      console.log(
        `commit at ${fixed(commit.at)}: ${Object.entries(commit.names)
          .map(([name, count]) => (count > 1 ? `${name} ×${count}` : name))
          .join(', ')}`,
      );
  console.log('\n| components rendered before the first rows, by name | median per load |\n|---|---|');
  for (const [name, value] of componentsByName(tree).slice(0, TOP)) console.log(`| ${name} | ${value} |`);
  const traces = loads.flatMap((load) => (load.trace ? [load.trace] : []));
  if (traces.length === 0) return;
  console.log(
    `\ntrace: navigation to first rows ${fixed(median(traces.map((t) => t.windowMs)))} ms, main thread busy ${fixed(median(traces.map((t) => t.busyMs)))} ms, of it CPU ${fixed(
      median(traces.map((t) => t.cpuMs)),
    )} ms; web host CPU ${fixed(median(loads.map((l) => l.hostCpuMs)))} ms (medians)`,
  );
  console.log('\n| step of the load | from navigation start, ms (median) |\n|---|---|');
  for (const [name, value] of medianBy(traces.map((t) => t.milestones)).sort((a, b) => a[1] - b[1])) console.log(`| ${name} | ${fixed(value)} |`);
  console.log('\n| main thread self time by trace event | ms (median) |\n|---|---|');
  for (const [name, value] of medianBy(traces.map((t) => t.byEvent)).slice(0, TOP)) console.log(`| ${name} | ${fixed(value)} |`);
  console.log('\n| main thread self CPU time by trace event | ms (median) |\n|---|---|');
  for (const [name, value] of medianBy(traces.map((t) => t.cpuByEvent)).slice(0, TOP)) console.log(`| ${name} | ${fixed(value)} |`);
  console.log('\n| sampled self time by script | ms (median) |\n|---|---|');
  for (const [name, value] of medianBy(traces.map((t) => t.byScript)).slice(0, TOP)) console.log(`| ${name} | ${fixed(value)} |`);
  console.log('\n| sampled self time by function | ms (median) |\n|---|---|');
  for (const [name, value] of medianBy(traces.map((t) => t.byFunction)).slice(0, TOP)) console.log(`| ${name} | ${fixed(value)} |`);
}

const sandbox = await startDownSandbox();
const browser = await launchBenchChromium();
const trees: Tree[] = [];
try {
  for (const root of TREES) trees.push(await openTree(browser, root, sandbox.url));
  // A warm-up load per tree (the host's caches), then the trees in turn, so each load of one tree
  // has a load of the others beside it under the same load of the machine.
  for (const tree of trees) await loadOnce(browser, tree);
  // Each round begins with the next tree, so no tree is always the one loaded after the others.
  for (let load = 0; load < LOADS; load += 1)
    for (let turn = 0; turn < trees.length; turn += 1) {
      const tree = trees[(load + turn) % trees.length]!;
      tree.loads.push(await loadOnce(browser, tree));
    }
  for (const tree of trees) report(tree);
  compareComponents(trees);
} finally {
  await browser.close();
  for (const tree of trees) {
    await tree.host.stop('SIGTERM');
    rmSync(tree.dataDir, { recursive: true, force: true });
  }
  await sandbox.close();
}
process.exit(0);
