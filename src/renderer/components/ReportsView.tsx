// The Reports view: the report a freelancer sends a client, made from the store (offline). A client
// and a range of calendar days (the last complete month when it has data, else the last 30 days;
// the choice remembered), the report as A4 pages (ReportDocument: two pages, an appendix on
// request), its CSV (every figure, reportRows) and its PDF (exportPdf), titled "<Client> – <period>
// report". The client's business hours and target are edited below the pages.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from '../api/bridge.ts';
import { pdfExportStep } from '../logic/reportPdfExport.ts';
import { last30Days, lastMonth, reportCsv } from '../logic/reportFigures.ts';
import { reportFormatter, reportTitle } from '../logic/reportWords.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { chooseClient } from '../stores/choices.ts';
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useReportsStore } from '../stores/reportsStore.ts';
import { useSettingsStore } from '../stores/settingsStore.ts';
import { downloadBlob } from './downloadBlob.ts';
import { ReportDocument } from './ReportDocument.tsx';
import { ReportSettingsForm } from './ReportSettingsForm.tsx';
import './reports.css';
import './report-print.css';
import { PreparedReports } from './PreparedReports.tsx';
import { useCommandRequests } from '../stores/commandRequests.ts';

/**
 * The PDF: the desktop app prints the page itself and asks where to save it; the web host answers
 * 'unsupported' and the browser prints the page (its print stylesheet makes it a document).
 */
async function exportPdf(suggestedName: string): Promise<string> {
  const step = pdfExportStep(await call('report.exportPdf', { suggestedName }));
  if (step.kind === 'print-in-browser') {
    window.print();
    return '';
  }
  return step.text;
}

function Controls({ title, appendix, setAppendix }: { title: string; appendix: boolean; setAppendix: (on: boolean) => void }) {
  const profiles = useProfilesStore((state) => state.profiles);
  const { profileId, from, to, report, load } = useReportsStore();
  const [pdfNote, setPdfNote] = useState('');
  const downloadCsv = () => {
    if (report !== null) downloadBlob(`${title}.csv`, new Blob([reportCsv(report, from, to, reportFormatter(report))], { type: 'text/csv' }));
  };
  const printPdf = () => {
    if (report === null) return;
    setPdfNote('');
    void exportPdf(title).then(setPdfNote);
  };
  // The palette's "Report: …" lines: run once the report is there.
  const asked = useCommandRequests((state) => state.reportAction);
  const takeReportAction = useCommandRequests((state) => state.takeReportAction);
  useEffect(() => {
    if (report === null || (asked !== 'csv' && asked !== 'pdf')) return;
    takeReportAction();
    if (asked === 'csv') downloadCsv();
    else printPdf();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when asked, with the report of now
  }, [asked, report, takeReportAction]);
  const preset = (() => {
    const month = lastMonth(new Date());
    const days = last30Days(new Date());
    if (from === month.from && to === month.to) return 'last-month';
    if (from === days.from && to === days.to) return 'last-30';
    return 'custom';
  })();
  return (
    <div className="report-controls">
      <label>
        Client{' '}
        <select aria-label="Client" value={profileId ?? ''} onChange={(event) => chooseClient(event.target.value)}>
          {profileId === null && <option value="">Pick a client</option>}
          {profiles.map((profile) => (
            <option key={profile.profileId} value={profile.profileId}>
              {profile.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Period{' '}
        <select
          aria-label="Period"
          value={preset}
          onChange={(event) => {
            if (event.target.value === 'last-month') void load(lastMonth(new Date()));
            if (event.target.value === 'last-30') void load(last30Days(new Date()));
          }}
        >
          <option value="last-month">Last month</option>
          <option value="last-30">Last 30 days</option>
          <option value="custom">Custom</option>
        </select>
      </label>
      <label>
        From{' '}
        <input type="date" aria-label="From" value={from} max={to} onChange={(event) => event.target.value !== '' && void load({ from: event.target.value })} />
      </label>
      <label>
        To <input type="date" aria-label="To" value={to} min={from} onChange={(event) => event.target.value !== '' && void load({ to: event.target.value })} />
      </label>
      <label>
        <input type="checkbox" checked={appendix} onChange={(event) => setAppendix(event.target.checked)} /> Include the appendix
      </label>
      <span className="report-actions">
        <button type="button" className="button small" disabled={report === null} onClick={downloadCsv}>
          Download CSV
        </button>
        <button type="button" className="button small primary" disabled={report === null} onClick={printPdf}>
          Export PDF
        </button>
        {pdfNote !== '' && (
          <span className="report-pdf-note" role="status">
            {pdfNote}
          </span>
        )}
      </span>
    </div>
  );
}

export function ReportsView() {
  const profiles = useProfilesStore((state) => state.profiles);
  const { profileId, report, loading, error, load, appendix, setAppendix } = useReportsStore();
  const settings = useSettingsStore((state) => state.settings);
  // Read when the report first needs a client, not followed: the report keeps its own client after.
  const filterNow = useInboxStore((state) => state.filterNow);
  const pickedClient = useCallback(() => filterNow().profileId, [filterNow]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The palette's "Report: … appendix" and "… business hours" lines.
  const asked = useCommandRequests((state) => state.reportAction);
  const takeReportAction = useCommandRequests((state) => state.takeReportAction);
  useEffect(() => {
    if (asked === 'appendix') {
      takeReportAction();
      setAppendix(!appendix);
    } else if (asked === 'businessHours' && report !== null) {
      takeReportAction();
      setSettingsOpen(true);
    }
  }, [asked, appendix, setAppendix, report, takeReportAction]);
  useEffect(() => {
    if (settingsOpen) document.querySelector<HTMLElement>('.report-settings form input, .report-settings form select')?.focus();
  }, [settingsOpen]);
  const format = useMemo(() => (report === null ? null : reportFormatter(report)), [report]);
  const title = report === null || format === null ? 'Client report' : reportTitle(report, format);

  useEffect(() => {
    // The client remembered, else the one picked in the sidebar, else the first that is not the account's own profile.
    const picked = pickedClient();
    if (profileId === null && profiles[0] !== undefined) void load({ profileId: picked ?? (profiles.find((p) => !p.isPrimary) ?? profiles[0]).profileId });
    else if (profileId !== null && report === null && !loading && error === null) void load();
  }, [profileId, profiles, report, loading, error, load, pickedClient]);

  // The PDF's title (Chromium's print takes the page's title): "<Client> – <period> report" while the report shows.
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  return (
    <section className="reports-view" aria-label="Reports">
      <header className="report-header">
        <h2>Client report</h2>
        <Controls title={title} appendix={appendix} setAppendix={setAppendix} />
      </header>
      {error !== null && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
      {report === null || format === null ? (
        <p className="muted report-empty">
          {loading ? 'Reading the store…' : profiles.length === 0 ? 'Add an account to see its clients’ reports.' : 'Pick a client.'}
        </p>
      ) : (
        <div aria-busy={loading}>
          <ReportDocument
            report={report}
            format={format}
            appendix={appendix}
            branding={{ name: settings.reportName ?? '', logo: settings.reportLogo ?? null }}
          />
          <section className="report-section report-settings">
            <button type="button" className="button ghost small" aria-expanded={settingsOpen} onClick={() => setSettingsOpen(!settingsOpen)}>
              {settingsOpen ? 'Hide' : 'Edit'} this client’s business hours and target
            </button>
            {settingsOpen && <ReportSettingsForm key={`${report.profileId}-${JSON.stringify(report.settings)}`} initial={report.settings} />}
          </section>
        </div>
      )}
      <PreparedReports />
    </section>
  );
}
