// The reports folder on disk: a report is read back as written, a client id cannot name a path
// outside its month's folder, a damaged file is moved aside (kept) and counts as not prepared, a
// report of another version's shape is kept and counts as prepared, a month's marker is a file of
// its own, and another folder receives copies without overwriting.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PreparedReportFiles } from '../../../src/main/core/app/preparedReportFiles.ts';
import type { PreparedReportFile } from '../../../src/shared/domain/preparedReports.ts';
import { SAMPLE_OUTPUTS } from '../bridge/contractSamples.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prepared-files-'));
  dirs.push(dir);
  return dir;
}

function report(profileId: string, month = '2026-10'): PreparedReportFile {
  return { ...SAMPLE_OUTPUTS['reports.prepared.get'].report, profileId, month };
}

describe('the reports folder', () => {
  it('reads back what it wrote, whole, and nothing else is left beside it', () => {
    const root = folder();
    const files = new PreparedReportFiles(root, () => 1);
    const evil = '../../etc/passwd';
    files.save(report(evil));
    files.save(report('p2'));
    expect(files.get('2026-10', evil)).toEqual(report(evil));
    expect(files.has('2026-10', 'p2')).toBe(true);
    expect(files.has('2026-09', 'p2')).toBe(false);
    expect(files.months()).toEqual(['2026-10']);
    // Only the two files, inside the month's folder: no temporary file, nothing outside.
    expect(readdirSync(join(root, '2026-10')).sort()).toHaveLength(2);
    expect(readdirSync(root)).toEqual(['2026-10']);
  });

  it('moves a damaged file aside and counts the client as not prepared', () => {
    const root = folder();
    const files = new PreparedReportFiles(root, () => 42);
    files.save(report('p1'));
    const [name] = readdirSync(join(root, '2026-10'));
    writeFileSync(join(root, '2026-10', name!), '{"version":1,"month":"2026-1');
    expect(files.has('2026-10', 'p1')).toBe(false);
    expect(files.reportsOf('2026-10')).toEqual([]);
    expect(existsSync(join(root, '2026-10', `${name!}.damaged-42`))).toBe(true);
  });

  it('keeps a report whose figures another version of the app wrote: listed, prepared, but without figures to give', () => {
    const root = folder();
    const files = new PreparedReportFiles(root, () => 42);
    files.save(report('p1'));
    const [name] = readdirSync(join(root, '2026-10'));
    const path = join(root, '2026-10', name!);
    const kept = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...kept, report: { pages: 2, aShapeOfTomorrow: true } }));
    expect(files.has('2026-10', 'p1')).toBe(true);
    expect(files.get('2026-10', 'p1')).toBeNull();
    expect(files.reportsOf('2026-10')).toEqual([]);
    const { version: _version, report: _report, ...summary } = report('p1');
    expect(files.summariesOf('2026-10')).toEqual([summary]);
    expect(readdirSync(join(root, '2026-10'))).toEqual([name]);
  });

  it("keeps a month's marker apart from its reports", () => {
    const files = new PreparedReportFiles(folder(), () => 7);
    expect(files.notified('2026-10')).toBe(false);
    files.markNotified('2026-10', 5);
    expect(files.notified('2026-10')).toBe(true);
    expect(files.reportsOf('2026-10')).toEqual([]);
  });

  it('copies into another folder without overwriting what is there', () => {
    const from = folder();
    const to = folder();
    const files = new PreparedReportFiles(from, () => 1);
    files.save(report('p1'));
    files.save(report('p2', '2026-09'));
    const there = new PreparedReportFiles(to, () => 1);
    there.save({ ...report('p1'), preparedAt: 99 });
    expect(files.copyTo(to)).toBe(2);
    expect(there.get('2026-10', 'p1')?.preparedAt).toBe(99);
    expect(there.get('2026-09', 'p2')).toEqual(report('p2', '2026-09'));
    expect(JSON.parse(readFileSync(join(from, '2026-09', readdirSync(join(from, '2026-09'))[0]!), 'utf8'))).toEqual(report('p2', '2026-09'));
    mkdirSync(join(to, 'not-a-month'));
    expect(there.months()).toEqual(['2026-10', '2026-09']);
  });
});
