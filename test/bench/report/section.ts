// The client report's section of BENCHMARKS.md, written in place of an earlier version of it
// (as ../store/report.ts does for the store's); every other section stays as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ReportBenchFigures } from './runReportBench.ts';

export const REPORT_HEADING = '## Client report (npm run bench:report)';
export const TARGET_P95_MS = 300;

export function writeReportSection(path: string, section: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(REPORT_HEADING);
  if (start === -1) {
    writeFileSync(path, `${text.trimEnd()}\n\n${section.trimEnd()}\n`);
    return;
  }
  const after = text.indexOf('\n## ', start + REPORT_HEADING.length);
  const rest = after === -1 ? '' : text.slice(after + 1);
  writeFileSync(path, `${text.slice(0, start)}${section.trimEnd()}\n${rest === '' ? '' : `\n${rest}`}`);
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const n = (value: number) => Math.round(value).toLocaleString('en-US');
const verdict = (p95: number) => (p95 < TARGET_P95_MS ? 'met' : '**not met**');

function row(label: string, f: ReportBenchFigures): string {
  const w = f.worker;
  return `| ${label}: ${f.request.profileId}, ${f.request.from} to ${f.request.to}; ${n(w.received)} received (${n(w.previousReceived)} the month before), ${n(w.answered)} answered, ${n(w.outboxConfirmed)} by the outbox | ${ms(w.report.median)} ms | ${ms(w.report.p95)} ms (max ${ms(w.report.max)}) | ${ms(w.reportCpu.median)} / ${ms(w.reportCpu.p95)} ms | ${ms(w.firstMs)} ms | < 300 ms ${verdict(w.report.p95)} |`;
}

function phases(label: string, f: ReportBenchFigures): string {
  const p = f.worker.phases;
  return `| ${label} | ${ms(p.itemsMs)} | ${ms(p.firstResponsesMs)} | ${ms(p.responsivenessMs)} | ${ms(p.byDayMs)} | ${ms(p.postsMs)} |`;
}

export function reportSection(store: ReportBenchFigures, oneMonth: ReportBenchFigures, machine: string, date: string, before: string): string {
  return `${REPORT_HEADING}

\`\`\`sh
npm run bench:report        # node test/bench/report-bench.ts
\`\`\`

Date: ${date}. Machine: ${machine}.

\`test/bench/report-bench.ts\` builds the store benchmark's seeded load (\`test/bench/store/dataset.ts\`: ${n(store.comments)} comments on 600
posts of 4 clients over four months, 30% in threads, 6% by the account), adds replies by the account to 40% of the others'
comments (${n(store.addedReplies)} more comments; most within hours, some days later) and ${n(store.outboxItems)} replies the outbox confirmed live
(half of the account's added replies, plus 200 the sync has not read back yet), ingests it one batch per post into a fresh
store, saves the client's settings (Europe/Berlin, Monday to Friday 9–17, a target of 4 business hours: the costlier,
business-hours clock), then times \`report.get\` in a child process that holds only the store
(\`test/bench/report/reportWorker.ts\`): \`ReportService.report\` as the bridge calls it, with the app's store, PostService,
settings file and report code (the account service and the outbox's list are stand-ins that hand over the profile and the
confirmed items). One month and the month before it for comparison; 3 calls of warm-up, then ${store.worker.report.runs} timed calls. Two
shapes of the same comments: **store**, as bench:store holds them, the report of the client and calendar month with the most
comments; **one month**, every comment moved to one client and squeezed, in order, into October 2026 (the heaviest reading
of "a month with 100,000 comments").

| report (request to data) | median | p95 | CPU median / p95 | first call in a new process | target |
|---|---|---|---|---|---|
${row('store', store)}
${row('one month', oneMonth)}

Where the time goes (ms, one call of each phase, median of 5): the store's reads of both months (comments as columns,
direct messages), the first responses (outbox against the sync, both months, into the report's columns), the figures
(current month), the items per day, the client's posts and their comments in the month.

| shape | store read | first responses | responsiveness | per day | posts |
|---|---|---|---|---|---|
${phases('store', store)}
${phases('one month', oneMonth)}

${before}
`;
}
