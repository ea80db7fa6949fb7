// The Reports view: the monthly report a freelancer sends a client, made from the store (offline).
// A client and a range of calendar days (last month by default); summary cards, the response-time
// distribution, comments and direct messages apart, volume by network and by day, top posts with
// the honest-data badges, the period before beside each figure, the client's settings. The CSV holds every figure of the page (built by
// reportRows, as the page's tables are); "Export PDF" saves the page as a PDF (see exportPdf).
import { useEffect, useState } from 'react';
import type { ClientReport, ResponsivenessView } from '../../shared/domain/clientReport.ts';
import { call } from '../api/bridge.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { dataBadges, formatMetric, postWords } from '../logic/postMetrics.ts';
import { pdfExportStep } from '../logic/reportPdfExport.ts';
import { clockWords, formatDuration, formatShare, last30Days, lastMonth, periodLabel, reportCsv } from '../logic/reportFigures.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { chooseClient } from '../stores/choices.ts';
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useReportsStore } from '../stores/reportsStore.ts';
import { downloadBlob } from './downloadBlob.ts';
import { MetricChart } from './MetricChart.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import { ReportGrowth } from './ReportGrowth.tsx';
import { ReportKinds } from './ReportKinds.tsx';
import { ReportSettingsForm } from './ReportSettingsForm.tsx';
import './reports.css';
import { DataBadgeList } from './DataBadgeList.tsx';

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

function Card({ label, value, previous, testId }: { label: string; value: string; previous: string; testId: string }) {
  return (
    <div className="report-card" data-testid={testId}>
      <span className="report-card-label">{label}</span>
      <span className="report-card-value" data-figure={testId}>
        {value}
      </span>
      <span className="report-card-before">period before: {previous}</span>
    </div>
  );
}

function SummaryCards({ now, before }: { now: ResponsivenessView; before: ResponsivenessView }) {
  return (
    <section className="report-section report-cards" aria-label="Summary">
      <Card label="Received" testId="received" value={String(now.totals.received)} previous={String(before.totals.received)} />
      <Card label="Answered" testId="answered" value={String(now.totals.answered)} previous={String(before.totals.answered)} />
      <Card
        label="Median first response"
        testId="median"
        value={formatDuration(now.firstResponse.medianMs)}
        previous={formatDuration(before.firstResponse.medianMs)}
      />
      <Card label="90 % answered within" testId="p90" value={formatDuration(now.firstResponse.p90Ms)} previous={formatDuration(before.firstResponse.p90Ms)} />
      <Card label="Within target" testId="within-target" value={formatShare(now.target?.share ?? null)} previous={formatShare(before.target?.share ?? null)} />
    </section>
  );
}

/** Horizontal bars, this period over the period before, drawn in SVG (attributes, no inline style: the CSP holds). */
function Distribution({ now, before }: { now: ResponsivenessView; before: ResponsivenessView }) {
  const max = Math.max(1, ...now.distribution.map((b) => b.count), ...before.distribution.map((b) => b.count));
  const rowHeight = 30;
  const barWidth = 360;
  return (
    <section className="report-section report-keep" aria-labelledby="report-distribution">
      <h3 id="report-distribution">Response times</h3>
      <p className="muted small">
        Time to the first reply by the account, counted in {now.counts === 'business' ? 'business hours' : 'every hour'}.{' '}
        {now.answeredBySource['outbox-confirmed']} answered from this app (timed by the confirmed delivery), {now.answeredBySource['seen-by-sync']} elsewhere.
      </p>
      <svg
        className="report-bars"
        viewBox={`0 0 ${barWidth + 200} ${now.distribution.length * rowHeight}`}
        role="img"
        aria-label="Answered items by response time"
      >
        {now.distribution.map((bucket, index) => {
          const previous = before.distribution[index]?.count ?? 0;
          const y = index * rowHeight;
          return (
            <g key={bucket.key}>
              <text x="0" y={y + 17} className="report-bar-label">
                {bucket.label}
              </text>
              <rect x="110" y={y + 4} width={Math.max(1, (bucket.count / max) * barWidth)} height="13" className="report-bar-now" />
              <rect x="110" y={y + 19} width={Math.max(1, (previous / max) * barWidth)} height="5" className="report-bar-before" />
              <text x={120 + (bucket.count / max) * barWidth} y={y + 15} className="report-bar-value">
                {bucket.count}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="muted small report-legend">
        <span className="report-swatch report-swatch-now" /> this period <span className="report-swatch report-swatch-before" /> period before
      </p>
    </section>
  );
}

function VolumeByNetwork({ report }: { report: ClientReport }) {
  const { current, previous } = report;
  return (
    <section className="report-section report-keep" aria-labelledby="report-networks">
      <h3 id="report-networks">Volume by network</h3>
      {current.byChannel.length === 0 ? (
        <p className="muted">Nothing received in this period.</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Network</th>
              <th scope="col">Received</th>
              <th scope="col">Answered</th>
              <th scope="col">Unanswered</th>
              <th scope="col">Hidden</th>
              <th scope="col">Received before</th>
            </tr>
          </thead>
          <tbody>
            {current.byChannel.map((channel) => (
              <tr key={`${channel.network}-${channel.kind}`} data-network={channel.network} data-kind={channel.kind}>
                <td className="report-network">
                  {channel.network !== 'reddit' && <NetworkIcon network={channel.network} size={14} />}
                  {channel.network === 'reddit' ? 'Reddit' : NETWORK_LABELS[channel.network]}
                  {channel.kind === 'dm' ? ' messages' : ''}
                </td>
                <td>{channel.received}</td>
                <td>{channel.answered}</td>
                <td>{channel.unanswered}</td>
                <td>{channel.hidden}</td>
                <td>{previous.byChannel.find((other) => other.network === channel.network && other.kind === channel.kind)?.received ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function VolumeByDay({ report }: { report: ClientReport }) {
  const x = report.byDay.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000);
  const y = report.byDay.map((day) => day.received);
  const busiest = report.byDay.reduce((best, day) => (day.received > best.received ? day : best), report.byDay[0] ?? { day: '', received: 0 });
  return (
    <section className="report-section report-keep" aria-labelledby="report-days">
      <h3 id="report-days">Volume by day</h3>
      <MetricChart
        x={x}
        y={y}
        kind="chart"
        height={140}
        label={`Comments and direct messages received per day; busiest ${busiest.day} with ${busiest.received}`}
      />
      {busiest.received > 0 && (
        <p className="muted small">
          Busiest day: {periodLabel(busiest.day, busiest.day)} ({busiest.received} received)
        </p>
      )}
    </section>
  );
}

function TopPosts({ report }: { report: ClientReport }) {
  return (
    <section className="report-section report-keep" aria-labelledby="report-posts">
      <h3 id="report-posts">Top posts by engagement</h3>
      {report.topPosts.length === 0 ? (
        <p className="muted">No post was published in this period.</p>
      ) : (
        <ol className="report-posts">
          {report.topPosts.map((post) => {
            const badges = dataBadges(post.platform, post.latest, post.flags);
            return (
              <li key={post.postKey} className="report-post">
                <NetworkIcon network={post.platform} size={16} />
                <span className="report-post-text">{postWords(post, post.latest).slice(0, 120) || '(no text)'}</span>
                <span className="report-post-figures">
                  <strong>{post.engagement === null ? '—' : formatMetric(post.engagement)}</strong> engagements · {post.commentsInPeriod} comments in period
                  {post.latest !== null && <span className="muted small"> · numbers of {new Date(post.latest.lastUpdated).toLocaleDateString('en-GB')}</span>}
                </span>
                <DataBadgeList badges={badges} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function SlowestUnanswered({ now }: { now: ResponsivenessView }) {
  if (now.slowestUnanswered.length === 0) return null;
  return (
    <section className="report-section report-keep" aria-labelledby="report-slowest">
      <h3 id="report-slowest">Still waiting for an answer</h3>
      <p className="muted small">The oldest, with their age{now.counts === 'business' ? ' in business hours' : ''} when the report was made.</p>
      <ul className="report-slowest">
        {now.slowestUnanswered.map((item) => (
          <li key={`${item.id} ${item.createdAt}`}>
            {item.network === 'reddit' ? 'Reddit' : NETWORK_LABELS[item.network]} {item.kind === 'dm' ? 'direct message' : 'comment'} of{' '}
            {new Date(item.createdAt).toLocaleString('en-GB')}: waiting {formatDuration(item.ageMs)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Controls() {
  const profiles = useProfilesStore((state) => state.profiles);
  const { profileId, from, to, report, load } = useReportsStore();
  const [pdfNote, setPdfNote] = useState('');
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
      <span className="report-actions">
        <button
          type="button"
          className="button small"
          disabled={report === null}
          onClick={() =>
            report !== null &&
            downloadBlob(
              `report-${report.clientTitle.replace(/[^\w-]+/g, '-')}-${from}-${to}.csv`,
              new Blob([reportCsv(report, from, to)], { type: 'text/csv' }),
            )
          }
        >
          Download CSV
        </button>
        <button
          type="button"
          className="button small primary"
          disabled={report === null}
          onClick={() => {
            if (report === null) return;
            setPdfNote('');
            void exportPdf(`report-${report.clientTitle}-${from}-${to}`).then(setPdfNote);
          }}
        >
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
  const { profileId, from, to, report, loading, error, load } = useReportsStore();
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    // The client picked in the sidebar, else the first client that is not the account's own profile.
    const picked = useInboxStore.getState().filter.profileId;
    if (profileId === null && profiles[0] !== undefined) void load({ profileId: picked ?? (profiles.find((p) => !p.isPrimary) ?? profiles[0]).profileId });
    else if (profileId !== null && report === null && !loading && error === null) void load();
  }, [profileId, profiles, report, loading, error, load]);

  return (
    <section className="reports-view" aria-label="Reports">
      <header className="report-header">
        <h2>Client report</h2>
        <Controls />
      </header>
      {error !== null && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
      {report === null ? (
        <p className="muted report-empty">
          {loading ? 'Reading the store…' : profiles.length === 0 ? 'Add an account to see its clients’ reports.' : 'Pick a client.'}
        </p>
      ) : (
        <div className="report-document" aria-busy={loading}>
          <div className="report-cover">
            <p className="report-cover-kicker">Community report</p>
            <h1 className="report-cover-client" data-testid="report-client">
              {report.clientTitle}
            </h1>
            <p className="report-cover-period">{periodLabel(from, to)}</p>
            <p className="muted">
              Times in {report.settings.timeZone}, counted in {clockWords(report)}
              {report.settings.responseTarget !== null &&
                `; response target ${formatDuration(report.settings.responseTarget.minutes * 60_000)} (${report.settings.responseTarget.clock === 'business' ? 'business hours' : 'every hour'})`}
              .
            </p>
            <p className="muted small">Prepared {new Date(report.current.asOf).toLocaleString('en-GB')} from the data stored on this computer.</p>
          </div>
          <SummaryCards now={report.current} before={report.previous} />
          <p className="muted small report-before-note">
            Period before: {new Date(report.previous.period.start).toLocaleDateString('en-GB')} –{' '}
            {new Date(report.previous.period.end - 1).toLocaleDateString('en-GB')}
          </p>
          <Distribution now={report.current} before={report.previous} />
          <ReportKinds report={report} />
          <VolumeByNetwork report={report} />
          <VolumeByDay report={report} />
          <TopPosts report={report} />
          <SlowestUnanswered now={report.current} />
          <ReportGrowth growth={report.growth} unread={report.figuresUnread ?? []} />
          <section className="report-section report-settings">
            <button type="button" className="button ghost small" aria-expanded={settingsOpen} onClick={() => setSettingsOpen(!settingsOpen)}>
              {settingsOpen ? 'Hide' : 'Edit'} this client’s business hours and target
            </button>
            {settingsOpen && <ReportSettingsForm key={`${report.profileId}-${JSON.stringify(report.settings)}`} initial={report.settings} />}
          </section>
        </div>
      )}
    </section>
  );
}
