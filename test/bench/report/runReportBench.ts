// The client report benchmark's steps, shared by `npm run bench:report` and its smoke test in
// `npm test` (a few thousand comments, no speed asserted): build the load, ingest it into a fresh
// store as the sync does (one batch per post), save the client's settings, then time the report in
// a process that holds only the store (reportWorker.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClientSettingsFile, clientSettingsFileIn } from '../../../src/main/core/app/clientSettingsFile.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import { buildReportDataset, type ReportDataset, type ReportShape } from './reportDataset.ts';
import type { ReportWorkerFigures, WorkerInput } from './reportWorker.ts';

export interface ReportBenchFigures {
  shape: ReportShape;
  comments: number;
  addedReplies: number;
  outboxItems: number;
  request: WorkerInput['request'];
  /** Comments by others the requested client received in the dataset (the account's excluded). */
  othersComments: number;
  ingestMs: number;
  worker: ReportWorkerFigures;
}

function othersComments(dataset: ReportDataset): number {
  const profile = dataset.profiles.find((p) => p.profileId === dataset.request.profileId)!;
  let count = 0;
  for (const batch of dataset.batches) {
    if (batch.profileId !== profile.profileId) continue;
    for (const comment of batch.comments) if (comment.authorId !== profile.networks[comment.platform]?.id) count += 1;
  }
  return count;
}

export function runReportBench(options: { comments: number; shape: ReportShape; runs: number }): ReportBenchFigures {
  const dataset = buildReportDataset({ comments: options.comments, shape: options.shape });
  const root = mkdtempSync(join(tmpdir(), 'report-bench-'));
  try {
    const file = join(root, 'inbox.sqlite');
    const { store } = openStore(file, { clock: { now: () => dataset.now, sleep: async () => {} } });
    store.upsertAccount(dataset.account);
    for (const profile of dataset.profiles) store.upsertProfile(profile);
    store.upsertPosts(dataset.posts);
    const started = performance.now();
    for (const batch of dataset.batches) store.ingestComments(batch.profileId, batch.comments);
    store.close();
    const ingestMs = performance.now() - started;
    // Business hours Monday to Friday 9–17 and a target of 4 business hours: the costlier clock.
    new ClientSettingsFile(clientSettingsFileIn(root)).set(dataset.request.profileId, defaultClientSettings(dataset.timeZone));
    const outboxFile = join(root, 'outbox.json');
    writeFileSync(outboxFile, JSON.stringify(dataset.outbox));
    const input: WorkerInput = { file, dataDir: root, outboxFile, now: dataset.now, request: dataset.request, runs: options.runs };
    const worker = JSON.parse(
      execFileSync(process.execPath, [join(import.meta.dirname, 'reportWorker.ts'), JSON.stringify(input)], { maxBuffer: 1 << 20 }).toString(),
    ) as ReportWorkerFigures;
    return {
      shape: options.shape,
      comments: dataset.baseComments,
      addedReplies: dataset.addedReplies,
      outboxItems: dataset.outbox.length,
      request: dataset.request,
      othersComments: othersComments(dataset),
      ingestMs,
      worker,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
