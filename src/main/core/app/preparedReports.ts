// Ready on the 1st: on the first start on or after the 1st of a month, and at that moment while the
// app runs, last month's report of every client is computed (by the report service, as `report.get`
// would) and kept in the reports folder as it was, with the client's month counted on the client's
// clock. The person is told once per month: "October's reports are ready for 5 clients".
//
// Exactly once, across restarts and crashes: a client's file is written whole (preparedReportFiles.ts)
// after its report is computed, so a restart prepares the clients without one and repeats none; the
// month's marker is written when every client has its report, just before the notification, so a
// second start never notifies again (a crash between the two loses that one notification, never the
// reports: the list still shows them).
import type { ClientReport } from '../../../shared/domain/clientReport.ts';
import type { PreparedReportFile, PreparedReportSummary } from '../../../shared/domain/preparedReports.ts';
import type { Clock } from '../clock.ts';
import type { PreparedReportFiles } from './preparedReportFiles.ts';
import { exportPreparedReports } from './preparedReportExport.ts';
import type { FolderChoicePort, LoggerPort } from '../ports.ts';
import { refuse } from '../refusal.ts';
import { lastMonthIn, nextMonthStartIn, type ReportMonth } from './reportMonths.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface PreparedReportsDeps {
  files: PreparedReportFiles;
  clock: Clock;
  /** The clients (active client profiles) now. */
  clients(): Array<{ profileId: string; title: string }>;
  /** The client's time zone (its report settings). */
  timeZone(profileId: string): string;
  /** The report of a client for calendar days on its clock (ReportService.report). */
  /** `now`: the moment the report is made (the preparing clock's), so it and `preparedAt` are one moment. */
  report(input: { profileId: string; from: string; to: string }, now: number): Promise<ClientReport>;
  /** A report was prepared (the pages read the list again). */
  changed(): void;
  /** Shows "<Month>'s reports are ready for N clients" (the notification planner). */
  notify(month: string, clients: number): void;
  /**
   * The client's first complete sync is done (every comment and conversation fetched once) and this
   * start's requests were answered: only then does the store hold the whole month (issue 27: a report
   * prepared during a first start counted 7 where the month had 8). A client not synced yet is
   * prepared later, never from part of its month.
   */
  synced(profileId: string): boolean;
  logger?: LoggerPort | undefined;
  /** How often a start looks again while a client's sync is not complete; default 5 s. */
  syncLookMs?: number;
  /** After a month begins, the wait before its report is read, so the last minutes' comments are in; default 5 minutes. */
  afterMonthStartMs?: number;
}

function summaryOf(file: PreparedReportFile): PreparedReportSummary {
  const { version: _version, report: _report, ...summary } = file;
  return summary;
}

export class PreparedReports {
  readonly #d: PreparedReportsDeps;
  readonly #stop = new AbortController();
  /** Preparing is one thing at a time: the 1st's run and "Prepare again" never compute the same report twice at once. */
  #queue: Promise<unknown> = Promise.resolve();
  #loop: Promise<void> | null = null;

  constructor(deps: PreparedReportsDeps) {
    this.#d = deps;
  }

  /** Waits for the sync's first round, prepares what is due, then wakes when a client's month ends. */
  start(): void {
    this.#loop ??= this.#run().catch((error: unknown) => {
      if (!this.#stop.signal.aborted) this.#d.logger?.error('Preparing the monthly reports stopped', { error: (error as Error).message });
    });
  }

  async close(): Promise<void> {
    this.#stop.abort();
    await this.#loop;
    await this.#queue.catch(() => {});
  }

  /**
   * Prepares every client's last month that is missing, then notifies a month once every client has
   * it. Says how many clients wait for their sync to complete (their report is prepared later).
   */
  prepareDue(): Promise<number> {
    return this.#serial(() => this.#prepareDue());
  }

  /** Every prepared report, newest month first, clients by name. */
  list(): PreparedReportSummary[] {
    return this.#d.files.months().flatMap((month) => this.#d.files.summariesOf(month).sort((a, b) => a.clientTitle.localeCompare(b.clientTitle)));
  }

  get(month: string, profileId: string): PreparedReportFile {
    const file = this.#d.files.get(month, profileId);
    if (file !== null) return file;
    if (this.#d.files.has(month, profileId))
      refuse('This report was prepared by another version of the app, which kept its figures differently: prepare it again to open it.');
    return refuse('There is no prepared report of this client for this month');
  }

  /** Where the reports are kept. */
  get folder(): string {
    return this.#d.files.folder;
  }

  /**
   * "Export all" of a month: the host's folder dialog, then each client's CSV (made by the page from
   * the kept figures) and figures. Without a dialog (the web host) 'unsupported': the page downloads them.
   */
  async exportAll(
    month: string,
    csvs: ReadonlyArray<{ profileId: string; csv: string }>,
    choice: FolderChoicePort | null,
  ): Promise<{ outcome: 'saved'; folder: string; files: number } | { outcome: 'cancelled' } | { outcome: 'unsupported' }> {
    if (choice === null) return { outcome: 'unsupported' };
    const kept = this.#d.files.reportsOf(month);
    const reports = csvs.flatMap(({ profileId, csv }) => {
      const report = kept.find((entry) => entry.profileId === profileId);
      return report === undefined ? [] : [{ report, csv }];
    });
    if (reports.length === 0) refuse('There are no prepared reports of this month to export');
    const folder = await choice.chooseFolder('Export the prepared reports to a folder');
    if (folder === null) return { outcome: 'cancelled' };
    try {
      return { outcome: 'saved', folder, files: await exportPreparedReports(folder, reports) };
    } catch (error) {
      refuse(
        `The reports could not be written to that folder: ${(error as NodeJS.ErrnoException).code === 'EACCES' ? 'it may not be written to' : 'the disk refused'}. Choose another folder.`,
      );
    }
  }

  /**
   * The desktop app's "Change folder…": the system's dialog, then the reports kept so far are copied
   * there (so none is prepared again) before the setting names it. Without a dialog: 'unsupported'.
   */
  async chooseFolder(
    choice: FolderChoicePort | null,
    save: (folder: string) => Promise<void>,
  ): Promise<{ outcome: 'saved'; folder: string; months: number } | { outcome: 'cancelled' } | { outcome: 'unsupported' }> {
    if (choice === null) return { outcome: 'unsupported' };
    const folder = await choice.chooseFolder('Keep the prepared reports in this folder');
    if (folder === null) return { outcome: 'cancelled' };
    return this.#serial(async () => {
      let months: number;
      try {
        months = this.#d.files.copyTo(folder);
      } catch {
        refuse('The reports could not be copied to that folder: choose one you can write to. They stay where they were.');
      }
      await save(folder);
      return { outcome: 'saved' as const, folder, months };
    });
  }

  /** The person asks for the month's report again: computed from the store as it is now, replacing the one kept. */
  prepareAgain(month: string, profileId: string): Promise<PreparedReportSummary> {
    return this.#serial(async () => {
      const kept = this.#d.files.summariesOf(month).find((summary) => summary.profileId === profileId);
      if (kept === undefined) refuse('There is no prepared report of this client for this month');
      const file = await this.#prepare({ profileId, title: kept.clientTitle }, { month, from: kept.from, to: kept.to }, true);
      return summaryOf(file);
    });
  }

  async #run(): Promise<void> {
    const { clock } = this.#d;
    const signal = this.#stop.signal;
    const look = this.#d.syncLookMs ?? 5_000;
    // A look every 5 s, the first after 5 s: the accounts start in the background.
    do await clock.sleep(look, signal);
    while (!this.#d.clients().every((client) => this.#d.synced(client.profileId)));
    for (;;) {
      const waiting = await this.prepareDue();
      if (waiting > 0) {
        // A client's sync is not complete yet (a client added, a key refused): looked at again soon.
        await clock.sleep(look, signal);
        continue;
      }
      // At most an hour asleep: a client added meanwhile gets its report, a machine that slept
      // catches up, and no timer is longer than the platform's (about 24 days).
      const zones = this.#d.clients().map((client) => this.#zone(client.profileId));
      const now = clock.now();
      const margin = this.#margin();
      const nextMonth = Math.min(...zones.map((zone) => nextMonthStartIn(now - margin, zone)));
      const wake = Math.min(nextMonth + margin, now + HOUR);
      await clock.sleep(Math.max(1_000, wake - now), signal);
    }
  }

  async #prepareDue(): Promise<number> {
    // A month is due a few minutes after it ended (the margin), so its last comments are in the store.
    const asOf = this.#d.clock.now() - this.#margin();
    const due = this.#d.clients().map((client) => ({ client, month: lastMonthIn(asOf, this.#zone(client.profileId)) }));
    let waiting = 0;
    for (const { client, month } of due) {
      if (this.#stop.signal.aborted) return waiting;
      if (this.#d.files.has(month.month, client.profileId)) continue;
      if (!this.#d.synced(client.profileId)) {
        waiting++;
        continue;
      }
      try {
        await this.#prepare(client, month, false);
      } catch (error) {
        // This client is tried again at the next run; the others go on.
        this.#d.logger?.warn("A client's monthly report could not be prepared", { profileId: client.profileId, error: (error as Error).message });
      }
    }
    for (const month of new Set(due.map((entry) => entry.month.month))) {
      if (this.#d.files.notified(month)) continue;
      // A month is told once every client has it: a client whose clock is still in that month (a
      // zone further west) holds it back, so the one notification counts everyone.
      const behind = due.filter((entry) => entry.month.month < month || (entry.month.month === month && !this.#d.files.has(month, entry.client.profileId)));
      if (behind.length > 0) continue;
      const ready = due.filter((entry) => entry.month.month === month).length;
      this.#d.files.markNotified(month, ready);
      this.#d.notify(month, ready);
    }
    return waiting;
  }

  async #prepare(client: { profileId: string; title: string }, month: ReportMonth, again: boolean): Promise<PreparedReportFile> {
    // One moment for the figures and the file: the Prepared list and the report's "Prepared …" say the same time.
    const preparedAt = this.#d.clock.now();
    const report = await this.#d.report({ profileId: client.profileId, from: month.from, to: month.to }, preparedAt);
    const file: PreparedReportFile = {
      version: 1,
      month: month.month,
      profileId: client.profileId,
      clientTitle: report.clientTitle,
      from: month.from,
      to: month.to,
      timeZone: report.settings.timeZone,
      preparedAt,
      received: report.current.totals.received,
      preparedAgain: again,
      report,
    };
    this.#d.files.save(file);
    this.#d.changed();
    return file;
  }

  #margin(): number {
    return this.#d.afterMonthStartMs ?? 5 * MINUTE;
  }

  #zone(profileId: string): string {
    try {
      return this.#d.timeZone(profileId);
    } catch {
      return 'UTC';
    }
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(task, task);
    this.#queue = next.catch(() => {});
    return next;
  }
}
