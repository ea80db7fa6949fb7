// The reports folder on disk: one folder per month, one file per client with the figures as they
// were computed, and a marker once the month's notification was given:
//
//   <reports folder>/2026-10/<client>.json     the prepared report (PreparedReportFile)
//   <reports folder>/2026-10/notified.json     the month's "ready" notification was given
//
// Every file is written whole or not at all (temporary file, fsync, rename), so a crash mid-way
// leaves a client either prepared or not, never half; the client files are themselves the record of
// which clients are done, so a restart finishes the others and repeats none.
import { closeSync, cpSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PreparedMonthNotifiedSchema, PreparedReportFileSchema, type PreparedReportFile } from '../../../shared/domain/preparedReports.ts';

const MONTH_FOLDER = /^\d{4}-(?:0[1-9]|1[0-2])$/;
const NOTIFIED_FILE = 'notified.json';
const REPORT_SUFFIX = '.report.json';

/** A profile id as a file name: base64url, so no id can name a path outside the month's folder. */
function reportFileName(profileId: string): string {
  return `${Buffer.from(profileId, 'utf8').toString('base64url')}${REPORT_SUFFIX}`;
}

/** Write, sync, then rename: a crash mid-write leaves the previous file (or none), never half a file. */
function writeWhole(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, `${JSON.stringify(value)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export class PreparedReportFiles {
  readonly #where: () => string;
  readonly #now: () => number;

  /** @param where the reports folder now (the person may choose another). */
  constructor(where: string | (() => string), now: () => number) {
    this.#where = typeof where === 'string' ? () => where : where;
    this.#now = now;
  }

  get folder(): string {
    return this.#where();
  }

  get #folder(): string {
    return this.#where();
  }

  /**
   * Copies every month's reports into another folder (the person chose a new one), never over a file
   * already there: the reports kept stay the ones prepared, and are not prepared again. Answers how many months.
   */
  copyTo(folder: string): number {
    const months = this.months();
    if (resolve(folder) === resolve(this.#folder)) return months.length;
    for (const month of months) {
      cpSync(join(this.#folder, month), join(folder, month), { recursive: true, force: false, errorOnExist: false });
    }
    return months.length;
  }

  /** Months with a folder, newest first. */
  months(): string[] {
    let names: string[];
    try {
      names = readdirSync(this.#folder);
    } catch {
      return [];
    }
    return names.filter((name) => MONTH_FOLDER.test(name)).sort((a, b) => b.localeCompare(a));
  }

  /** Every readable prepared report of a month. A damaged file is moved aside (kept) and counts as not prepared. */
  reportsOf(month: string): PreparedReportFile[] {
    const folder = join(this.#folder, month);
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    const reports: PreparedReportFile[] = [];
    for (const name of names.filter((n) => n.endsWith(REPORT_SUFFIX))) {
      const report = this.#read(join(folder, name));
      if (report !== null && report.month === month) reports.push(report);
    }
    return reports;
  }

  get(month: string, profileId: string): PreparedReportFile | null {
    const report = this.#read(join(this.#folder, month, reportFileName(profileId)));
    return report !== null && report.month === month && report.profileId === profileId ? report : null;
  }

  has(month: string, profileId: string): boolean {
    return this.get(month, profileId) !== null;
  }

  save(report: PreparedReportFile): void {
    const folder = join(this.#folder, report.month);
    mkdirSync(folder, { recursive: true });
    writeWhole(join(folder, reportFileName(report.profileId)), report);
  }

  notified(month: string): boolean {
    try {
      return PreparedMonthNotifiedSchema.safeParse(JSON.parse(readFileSync(join(this.#folder, month, NOTIFIED_FILE), 'utf8'))).success;
    } catch {
      return false;
    }
  }

  markNotified(month: string, clients: number): void {
    const folder = join(this.#folder, month);
    mkdirSync(folder, { recursive: true });
    writeWhole(join(folder, NOTIFIED_FILE), { version: 1, month, notifiedAt: this.#now(), clients });
  }

  #read(file: string): PreparedReportFile | null {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    try {
      const parsed = PreparedReportFileSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: damaged, as below.
    }
    try {
      renameSync(file, `${file}.damaged-${this.#now()}`);
    } catch {
      // Left where it is: it still counts as not prepared.
    }
    return null;
  }
}
