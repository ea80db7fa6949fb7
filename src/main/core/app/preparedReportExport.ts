// "Export all" of a month's prepared reports, where the desktop app's folder dialog says: each
// client's CSV (made by the page from the kept figures, the same CSV as the Reports view's) and its
// figures, under plain names ("Bloom Bakery – October 2026 report.csv"). Only reports that were
// prepared are written; the folder comes from the host's dialog, never from the page.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createFormatter } from '../../../shared/format/formatter.ts';
import type { PreparedReportFile } from '../../../shared/domain/preparedReports.ts';
import { monthMiddle } from './reportMonths.ts';

const NAME_MAX = 120;

/** A plain file name: path separators, `..`, control and reserved characters become '-'. */
export function plainFileName(name: string): string {
  const plain = name
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\.{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, NAME_MAX);
  return plain === '' ? 'report' : plain;
}

/** "Bloom Bakery – October 2026 report" */
export function preparedReportName(report: Pick<PreparedReportFile, 'clientTitle' | 'month'>): string {
  return plainFileName(`${report.clientTitle} – ${createFormatter({ timeZone: 'UTC' }).monthYear(monthMiddle(report.month))} report`);
}

/** Writes each prepared report's CSV and figures into the folder; answers how many files were written. */
export async function exportPreparedReports(folder: string, reports: Array<{ report: PreparedReportFile; csv: string }>): Promise<number> {
  const used = new Set<string>();
  let written = 0;
  for (const { report, csv } of reports) {
    let name = preparedReportName(report);
    // Two clients of the same name: the second gets a number, never overwrites the first.
    for (let n = 2; used.has(name); n++) name = `${preparedReportName(report)} (${n})`;
    used.add(name);
    await writeFile(join(folder, `${name}.csv`), csv);
    await writeFile(join(folder, `${name} figures.json`), `${JSON.stringify(report, null, 2)}\n`);
    written += 2;
  }
  return written;
}
