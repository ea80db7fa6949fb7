// "Prepared reports": last month's report of every client, prepared on the 1st and kept as it was
// (main, src/main/core/app/preparedReports.ts), listed by month under the Reports view. "Open" shows
// the kept figures in the Reports view above, whose "Export PDF" prints them (the PDF is made when
// asked, from the kept figures: decision 0043). Each one also downloads as the same CSV as the Reports view's (built by reportCsv from the kept figures, so it
// says the same numbers every time) or as its figures; "Prepare again" replaces it with today's
// figures; "Export all" saves a month in one go (the desktop app: into a folder it asks for; in a
// browser: one CSV of every client).
import { useCallback, useEffect, useState } from 'react';
import type { PreparedReportFile, PreparedReportSummary } from '../../shared/domain/preparedReports.ts';
import { createFormatter, type Formatter } from '../../shared/format/formatter.ts';
import { call, on } from '../api/bridge.ts';
import { reportCsv } from '../logic/reportFigures.ts';
import { useReportsStore } from '../stores/reportsStore.ts';
import { downloadBlob } from './downloadBlob.ts';
import { ReportsFolderSetting } from './ReportsFolderSetting.tsx';
import './preparedReports.css';
import { fmt } from '../logic/format.ts';

/** A month's key as a date in its middle: its name reads the same in every zone. The formatter is made at first use, not as the page starts. */
let utc: Formatter | undefined;
const monthName = (month: string) =>
  (utc ??= createFormatter({ timeZone: 'UTC' })).monthYear(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 15, 12));
const plainName = (text: string) => text.replace(/[\\/:*?"<>|]+/g, '-').trim();
const fileName = (report: Pick<PreparedReportSummary, 'clientTitle' | 'month'>) => plainName(`${report.clientTitle} – ${monthName(report.month)} report`);

async function kept(summary: PreparedReportSummary): Promise<PreparedReportFile> {
  const answer = await call('reports.prepared.get', { month: summary.month, profileId: summary.profileId });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data.report;
}

function csvOf(file: PreparedReportFile): string {
  return reportCsv(file.report, file.from, file.to);
}

/** Every client's CSV of a month in one file, each under a line naming the client (for a browser, which cannot write a folder). */
function combinedCsv(files: PreparedReportFile[]): string {
  return files.map((file) => `"Client","${file.clientTitle.replace(/"/g, '""')}"\n${csvOf(file)}`).join('\n\n');
}

function byMonth(reports: PreparedReportSummary[]): Array<[string, PreparedReportSummary[]]> {
  const months = new Map<string, PreparedReportSummary[]>();
  for (const report of reports) months.set(report.month, [...(months.get(report.month) ?? []), report]);
  return [...months];
}

function PreparedItem({ report, onNote, onChanged }: { report: PreparedReportSummary; onNote: (text: string) => void; onChanged: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    onNote('');
    work()
      .catch((error: unknown) => onNote(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(false));
  };
  return (
    <li className="prepared-item" data-testid="prepared-report">
      <span className="prepared-client">{report.clientTitle}</span>
      <span className="prepared-facts muted small">
        {report.received === 0
          ? 'Nothing received that month'
          : fmt.count(report.received, { one: 'comment or message received', other: 'comments and messages received' })}
        {' · '}
        {report.preparedAgain ? 'prepared again' : 'prepared'} {fmt.dateTime(report.preparedAt)}
      </span>
      <span className="prepared-actions">
        <button
          type="button"
          className="button small"
          disabled={busy}
          title="Show the kept figures in the report above, to read them or export the PDF"
          onClick={() =>
            run(async () => {
              const file = await kept(report);
              // The Reports view shows what its store holds: the kept figures take the place of a computed report.
              useReportsStore.setState({ profileId: file.profileId, from: file.from, to: file.to, report: file.report, loading: false, error: null });
              onNote(`Showing ${file.clientTitle}’s report as prepared ${fmt.dateTime(file.preparedAt)} above: Export PDF prints it.`);
              document.querySelector('.reports-view')?.scrollTo({ top: 0 });
            })
          }
        >
          Open
        </button>
        <button
          type="button"
          className="button small"
          disabled={busy}
          onClick={() => run(async () => downloadBlob(`${fileName(report)}.csv`, new Blob([csvOf(await kept(report))], { type: 'text/csv' })))}
        >
          CSV
        </button>
        <button
          type="button"
          className="button small ghost"
          disabled={busy}
          onClick={() =>
            run(async () =>
              downloadBlob(`${fileName(report)} figures.json`, new Blob([JSON.stringify(await kept(report), null, 2)], { type: 'application/json' })),
            )
          }
        >
          Figures
        </button>
        {confirming ? (
          <span className="prepared-confirm" role="group" aria-label={`Prepare ${report.clientTitle}'s report again`}>
            <span className="small">Replace it with today’s figures?</span>
            <button
              type="button"
              className="button small primary"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  const answer = await call('reports.prepared.prepareAgain', { month: report.month, profileId: report.profileId });
                  if (!answer.ok) throw new Error(answer.error.message);
                  setConfirming(false);
                  onChanged();
                })
              }
            >
              Prepare again
            </button>
            <button type="button" className="button small ghost" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className="button small ghost" disabled={busy} onClick={() => setConfirming(true)}>
            Prepare again…
          </button>
        )}
      </span>
    </li>
  );
}

function MonthGroup({ month, reports, onChanged }: { month: string; reports: PreparedReportSummary[]; onChanged: () => void }) {
  const [note, setNote] = useState('');
  const exportAll = async () => {
    setNote('');
    try {
      const files = await Promise.all(reports.map(kept));
      const answer = await call('reports.prepared.exportAll', { month, files: files.map((file) => ({ profileId: file.profileId, csv: csvOf(file) })) });
      if (!answer.ok) setNote(answer.error.message);
      else if (answer.data.outcome === 'saved') setNote(`Saved ${fmt.count(answer.data.files, { one: 'file', other: 'files' })} in ${answer.data.folder}`);
      else if (answer.data.outcome === 'unsupported')
        downloadBlob(`${plainName(`${monthName(month)} reports`)}.csv`, new Blob([combinedCsv(files)], { type: 'text/csv' }));
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section className="prepared-month" aria-label={`${monthName(month)} reports`}>
      <header className="prepared-month-header">
        <h4>{monthName(month)}</h4>
        <span className="muted small">{fmt.count(reports.length, { one: 'client', other: 'clients' })}</span>
        <button type="button" className="button small" onClick={() => void exportAll()}>
          Export all
        </button>
      </header>
      {note !== '' && (
        <p className="small prepared-note" role="status">
          {note}
        </p>
      )}
      <ul className="prepared-list">
        {reports.map((report) => (
          <PreparedItem key={report.profileId} report={report} onNote={setNote} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  );
}

export function PreparedReports() {
  const [reports, setReports] = useState<PreparedReportSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    void call('reports.prepared.list', {}).then((answer) => {
      if (answer.ok) {
        setReports(answer.data.reports);
        setError(null);
      } else setError(answer.error.message);
    });
  }, []);
  useEffect(load, [load]);
  // The 1st's run (or "Prepare again" in another window) adds reports while the view is open.
  useEffect(() => on('reports.prepared.changed', load), [load]);

  return (
    <section className="prepared-reports" aria-labelledby="prepared-reports-title">
      <h3 id="prepared-reports-title">Prepared reports</h3>
      <p className="muted small">
        On the 1st of each month, last month’s report of every client is prepared and kept as it was then, so a client can be sent the same numbers again. Open
        one to read it or export its PDF; each also downloads as a CSV or as its figures.
      </p>
      <ReportsFolderSetting onChanged={load} />
      {error !== null && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
      {reports !== null && reports.length === 0 && (
        <p className="muted">None yet: last month’s reports are prepared once the first sync has read every client.</p>
      )}
      {reports !== null && byMonth(reports).map(([month, group]) => <MonthGroup key={month} month={month} reports={group} onChanged={load} />)}
    </section>
  );
}
