// The reports folder on disk: one folder per month, one file per client with the figures as they
// were computed, and a marker once the month's notification was given:
//
//   <reports folder>/2026-10/<client>.json     the prepared report (PreparedReportFile)
//   <reports folder>/2026-10/notified.json     the month's "ready" notification was given
//
// Every file is written whole or not at all (temporary file, fsync, rename), so a crash mid-way
// leaves a client either prepared or not, never half; the client files are themselves the record of
// which clients are done, so a restart finishes the others and repeats none.
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileWhole } from './wholeFile.ts';
import {
  PreparedMonthNotifiedSchema,
  PreparedReportFileSchema,
  PreparedReportSummarySchema,
  type PreparedReportFile,
  type PreparedReportSummary,
} from '../../../shared/domain/preparedReports.ts';

const MONTH_FOLDER = /^\d{4}-(?:0[1-9]|1[0-2])$/;
const NOTIFIED_FILE = 'notified.json';
const REPORT_SUFFIX = '.report.json';

/** The kept summary of a report, whatever the shape of its figures. */
const KeptSummarySchema = PreparedReportSummarySchema.extend({ version: PreparedReportFileSchema.shape.version });

interface Kept {
  summary: PreparedReportSummary;
  /** null: the figures are of another version's shape. */
  file: PreparedReportFile | null;
}

/** A profile id as a file name: base64url, so no id can name a path outside the month's folder. */
function reportFileName(profileId: string): string {
  return `${Buffer.from(profileId, 'utf8').toString('base64url')}${REPORT_SUFFIX}`;
}

/** Written whole (wholeFile.ts): a crash mid-write leaves the previous file (or none), never half a file. */
function writeWhole(file: string, value: unknown): void {
  writeFileWhole(file, `${JSON.stringify(value)}\n`);
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

  /** Every prepared report of a month whose figures this version can read. */
  reportsOf(month: string): PreparedReportFile[] {
    return this.#kept(month).flatMap((kept) => (kept.file === null ? [] : [kept.file]));
  }

  /** What the list shows of every prepared report of a month, also of one whose figures are of another version's shape. */
  summariesOf(month: string): PreparedReportSummary[] {
    return this.#kept(month).map((kept) => kept.summary);
  }

  /** The report with its figures; null when there is none, or its figures are of another version's shape (see `has`). */
  get(month: string, profileId: string): PreparedReportFile | null {
    const kept = this.#read(join(this.#folder, month, reportFileName(profileId)));
    return kept !== null && kept.summary.month === month && kept.summary.profileId === profileId ? kept.file : null;
  }

  /** Prepared: also when its figures are of another version's shape (they are kept, never prepared again unasked). */
  has(month: string, profileId: string): boolean {
    const kept = this.#read(join(this.#folder, month, reportFileName(profileId)));
    return kept !== null && kept.summary.month === month && kept.summary.profileId === profileId;
  }

  #kept(month: string): Kept[] {
    const folder = join(this.#folder, month);
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return [];
    }
    return names
      .filter((n) => n.endsWith(REPORT_SUFFIX))
      .flatMap((name) => {
        const kept = this.#read(join(folder, name));
        return kept !== null && kept.summary.month === month ? [kept] : [];
      });
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

  /**
   * A kept report. Its figures are checked against this version's shape of a report; a file whose
   * summary reads but whose figures do not (written by another version of the app) is still a
   * prepared report, with no figures to give. Anything else is damaged: moved aside (kept).
   */
  #read(file: string): Kept | null {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    try {
      const value: unknown = JSON.parse(text);
      const whole = PreparedReportFileSchema.safeParse(value);
      if (whole.success) {
        const { version: _version, report: _report, ...summary } = whole.data;
        return { summary, file: whole.data };
      }
      const summary = KeptSummarySchema.safeParse(value);
      if (summary.success) {
        const { version: _version, ...rest } = summary.data;
        return { summary: rest, file: null };
      }
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
