// Issue 27, item 4: a month's report is prepared only from a client's complete sync. A client whose
// first complete sync is not done (or whose start is not checked yet) waits, and the month is told
// ("October's reports are ready for 2 clients") only once every client has its report.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PreparedReportFiles } from '../../../src/main/core/app/preparedReportFiles.ts';
import { PreparedReports } from '../../../src/main/core/app/preparedReports.ts';
import { SAMPLE_OUTPUTS } from '../bridge/contractSamples.ts';

const NOW = Date.UTC(2026, 10, 1, 12); // 1 November, noon: October is due.
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function preparer(synced: Set<string>) {
  const dir = mkdtempSync(join(tmpdir(), 'prepared-'));
  dirs.push(dir);
  const told: [string, number][] = [];
  const asked: string[] = [];
  const reports = new PreparedReports({
    files: new PreparedReportFiles(dir, () => NOW),
    clock: { now: () => NOW, sleep: () => new Promise(() => undefined) },
    clients: () => [
      { profileId: 'bakery', title: 'Bloom Bakery' },
      { profileId: 'yoga', title: 'Still Water Yoga' },
    ],
    timeZone: () => 'UTC',
    report: async ({ profileId }) => {
      asked.push(profileId);
      return { ...SAMPLE_OUTPUTS['report.get'], clientTitle: profileId };
    },
    notify: (month, clients) => told.push([month, clients]),
    changed: () => undefined,
    synced: (profileId) => synced.has(profileId),
  });
  return { reports, told, asked };
}

describe('prepared reports wait for a complete sync', () => {
  it('prepares a client only once its sync is complete, and tells the month once every client has it', async () => {
    const synced = new Set(['bakery']);
    const { reports, told, asked } = preparer(synced);
    expect(await reports.prepareDue()).toBe(1);
    expect(asked).toEqual(['bakery']);
    expect(reports.list().map((summary) => summary.profileId)).toEqual(['bakery']);
    expect(told).toEqual([]);

    synced.add('yoga');
    expect(await reports.prepareDue()).toBe(0);
    expect(asked).toEqual(['bakery', 'yoga']);
    expect(told).toEqual([['2026-10', 2]]);
  });

  it('prepares nothing while no client is synced (a first start with the service down)', async () => {
    const { reports, asked } = preparer(new Set());
    expect(await reports.prepareDue()).toBe(2);
    expect(asked).toEqual([]);
    expect(reports.list()).toEqual([]);
  });
});
