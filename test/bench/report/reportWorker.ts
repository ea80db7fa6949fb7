// Runs in its own process, holding only the store (as ../store/queryWorker.ts does): opens it, and
// times the report as `report.get` makes it (ReportService.report, the bridge's call), a warm-up
// then the runs; then each phase on its own, and the RSS. Prints one JSON line.
//
// The account service and the outbox are stand-ins: the first answers the profile from the store,
// the second lists the confirmed deliveries it is given, as the real outbox lists its items from
// memory. Everything else is the app's: the store, PostService, the settings file, the report code.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ClientSettingsFile, clientSettingsFileIn } from '../../../src/main/core/app/clientSettingsFile.ts';
import type { AccountService } from '../../../src/main/core/app/accountService.ts';
import { PostService } from '../../../src/main/core/app/postService.ts';
import { ReportService } from '../../../src/main/core/app/reportService.ts';
import type { OutboxItem } from '../../../src/main/core/outbox/types.ts';
import { addCommentItems } from '../../../src/main/core/report/commentResponses.ts';
import { addMessageTurns } from '../../../src/main/core/report/messageTurns.ts';
import { ReceivedColumns } from '../../../src/main/core/report/receivedColumns.ts';
import { receivedByDay, reportPeriods } from '../../../src/main/core/report/reportPeriod.ts';
import { computeResponsiveness } from '../../../src/main/core/report/responsiveness.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { summarize, timed, type Summary } from '../store/stats.ts';

export interface WorkerInput {
  file: string;
  dataDir: string;
  outboxFile: string;
  now: number;
  request: { profileId: string; from: string; to: string };
  runs: number;
}

export interface ReportWorkerFigures {
  openMs: number;
  /** The first call, in a fresh process (the zone's offsets and the statements are made here). */
  firstMs: number;
  report: Summary;
  /** The same calls' CPU time on this thread: what the machine's other work does not inflate as much. */
  reportCpu: Summary;
  received: number;
  previousReceived: number;
  answered: number;
  outboxConfirmed: number;
  /** One run of each phase, medians of 5: the store's reads, the first responses (both periods), the current period's figures, per day, posts. */
  phases: { itemsMs: number; firstResponsesMs: number; responsivenessMs: number; byDayMs: number; postsMs: number };
  rssBytes: number;
}

const input = JSON.parse(process.argv[2]!) as WorkerInput;
const outbox = JSON.parse(readFileSync(input.outboxFile, 'utf8')) as OutboxItem[];
const opened = timed(() => openStore(input.file, { clock: { now: () => input.now, sleep: async () => {} } }));
const { store, recovered } = opened.value;
if (recovered) throw new Error(`the benchmark store was not usable: ${recovered.reason}`);

const accounts = {
  profile(profileId: string) {
    const profile = store.profiles().find((p) => p.profileId === profileId);
    if (profile === undefined) throw new Error(`no profile ${profileId}`);
    return profile;
  },
  async runtime() {
    return { outboxIfOpen: { list: () => [...outbox] } };
  },
} as unknown as AccountService;
const now = () => input.now;
const posts = new PostService(store, accounts, now);
const service = new ReportService({ store, accounts, posts, settingsFile: new ClientSettingsFile(clientSettingsFileIn(input.dataDir)), now });

async function timedReport(): Promise<{ ms: number; cpuMs: number; value: Awaited<ReturnType<ReportService['report']>> }> {
  const cpu = process.threadCpuUsage();
  const start = performance.now();
  const value = await service.report(input.request);
  const ms = performance.now() - start;
  const used = process.threadCpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}

const first = await timedReport();
for (let n = 0; n < 3; n += 1) await timedReport(); // warm-up
const samples: number[] = [];
const cpuSamples: number[] = [];
for (let n = 0; n < input.runs; n += 1) {
  const run = await timedReport();
  samples.push(run.ms);
  cpuSamples.push(run.cpuMs);
}
const report = first.value;

// The phases, each alone, as ReportService.report runs them: one read of both periods' comments
// (and direct messages), the first responses, the figures of the current period, the items per
// day, the client's posts with their comments in the period.
const settings = service.settings(input.request.profileId);
const periods = reportPeriods(input.request.from, input.request.to, settings.timeZone);
// The client's confirmed deliveries, as ReportService takes them from the outbox.
const confirmed = outbox
  .filter((item) => item.target.profileId === undefined || item.target.profileId === input.request.profileId)
  .flatMap((item) =>
    Object.entries(item.results).map(([platform, result]) => ({
      answers: item.answers,
      platform,
      socialCommentId: result.state === 'sent' ? result.socialCommentId : null,
      at: result.at,
    })),
  ) as Parameters<typeof addCommentItems>[2];
const median = (work: () => unknown) => summarize(Array.from({ length: 5 }, () => timed(work).ms)).median;
const both = { start: periods.previous.start, end: periods.current.end };
const { profileId } = input.request;
const rows = store.reportCommentRows(profileId, both)!;
const conversations = store.reportConversations(profileId, both);
const itemsOf = () => {
  const columns = new ReceivedColumns((rowIds) => store.reportCommentKeys(rowIds));
  addCommentItems(columns, rows, confirmed, (keys) => store.reportCommentRowIds(keys));
  addMessageTurns(columns, conversations, confirmed, both.start);
  return columns;
};
const items = itemsOf();
const phases = {
  itemsMs: median(() => {
    store.reportCommentRows(profileId, both);
    store.reportConversations(profileId, both);
  }),
  firstResponsesMs: median(itemsOf),
  responsivenessMs: median(() => computeResponsiveness({ items, period: periods.current, asOf: input.now, settings })),
  byDayMs: median(() => receivedByDay(items.createdWithin(periods.current.start, periods.current.end), input.request.from, periods.days, settings.timeZone)),
  postsMs: median(() => {
    const keys = posts.list(profileId).map(({ post }) => post.key);
    store.reportCommentsPerPost(profileId, periods.current, keys);
  }),
};
const rssBytes = process.memoryUsage().rss;
store.close();

const figures: ReportWorkerFigures = {
  openMs: opened.ms,
  firstMs: first.ms,
  report: summarize(samples),
  reportCpu: summarize(cpuSamples),
  received: report.current.totals.received,
  previousReceived: report.previous.totals.received,
  answered: report.current.totals.answered,
  outboxConfirmed: report.current.answeredBySource['outbox-confirmed'],
  phases,
  rssBytes,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
