// Where the time of `j` goes: a Chromium performance trace of key presses in the inbox with the
// UI benchmark's store (100,000 comments by default), summarised per press by trace event (script,
// style, layout, paint...); --profile adds a JavaScript profile (self time per function), --open
// presses with the current comment's conversation open, --out keeps the trace (for the DevTools
// Performance panel) and the profile. A diagnosis tool next to `npm run bench:ui`, not a benchmark:
//   npx node --disable-warning=ExperimentalWarning test/bench/ui/traceKeys.ts [--comments 100000] [--keys 40] [--key j] [--open] [--profile] [--out trace.json]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startWebProcess } from '../../e2e/webHostProcess.ts';
import { launchBenchChromium, startDownSandbox } from './benchRig.ts';
import { seedDataDir, settingsFileIn } from './seedDataDir.ts';

const { values } = parseArgs({
  options: {
    comments: { type: 'string', default: '100000' },
    keys: { type: 'string', default: '40' },
    key: { type: 'string', default: 'j' },
    open: { type: 'boolean', default: false },
    out: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string } };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name, file, position) over the presses, the heaviest first. */
function printProfile(profile: CpuProfile, presses: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}:${frame.columnNumber}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  console.log('JS self time per press (ms), the 25 heaviest:');
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(ms / presses).toFixed(3).padStart(8)}  ${name}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'ui-trace-'));
seedDataDir(dataDir, Number(values.comments));
writeFileSync(settingsFileIn(dataDir), JSON.stringify({ notifications: false }));
const sandbox = await startDownSandbox();
const host = await startWebProcess(['--port', '0', '--data-dir', dataDir, '--sandbox-url', sandbox.url]);
const browser = await launchBenchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(host.url);
  await page.getByRole('listbox', { name: 'Inbox' }).getByRole('option').first().waitFor();
  await page.getByRole('listbox', { name: 'Inbox' }).focus();
  if (values.open) await page.keyboard.press('Enter');
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press(values.key);
    await sleep(30);
  }
  await sleep(300);
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'cc', 'gpu', 'toplevel'] },
  });
  if (values.profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
  }
  const presses = Number(values.keys);
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(values.key);
    await sleep(60);
  }
  if (values.profile) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    printProfile(profile, presses);
    if (values.out) writeFileSync(`${values.out}.cpuprofile`, JSON.stringify(profile));
  }
  await cdp.send('Tracing.end');
  await complete;
  if (values.out) writeFileSync(values.out, JSON.stringify({ traceEvents: events }));

  // The renderer's main thread: the one that dispatched the keydowns.
  const keydowns = events.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown');
  const main = keydowns[0];
  if (!main) throw new Error('no keydown in the trace');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined);
  const totals = new Map<string, { ms: number; count: number }>();
  for (const event of onMain) {
    const entry = totals.get(event.name) ?? { ms: 0, count: 0 };
    entry.ms += (event.dur ?? 0) / 1000;
    entry.count += 1;
    totals.set(event.name, entry);
  }
  console.log(`${keydowns.length} keydowns traced; main thread events, total ms per press (events nest: a parent includes its children):`);
  for (const [name, entry] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30)) {
    console.log(`${(entry.ms / keydowns.length).toFixed(2).padStart(8)} ms  ${(entry.count / keydowns.length).toFixed(1).padStart(6)}×  ${name}`);
  }
  const dispatch = keydowns.map((event) => (event.dur ?? 0) / 1000).sort((a, b) => a - b);
  console.log(`keydown dispatch: median ${dispatch[Math.floor(dispatch.length / 2)]?.toFixed(2)} ms, max ${dispatch[dispatch.length - 1]?.toFixed(2)} ms`);
} finally {
  await browser.close();
  await host.stop('SIGTERM');
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
