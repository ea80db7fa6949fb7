// Account growth in the client report, from the daily account snapshots the sync keeps (and, from an
// account's first sync, the past month the service gives per day). Page 2 has the compact table:
// followers, reach or views and engagement per network with a small chart each (the shared
// MetricChart); networks without history say so in one line. The appendix has every figure of every
// network: its chart, and the table of first day, last day and change. All from growthFigures, as
// the CSV's growth rows are.
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import { wordList, type Formatter } from '../../shared/format/formatter.ts';
import type { Network } from '../../shared/networks.ts';
import { NETWORK_LABELS } from '../logic/networkLabels.ts';
import { growthFigures, type GrowthFigure } from '../logic/reportFigures.ts';
import { MetricChart } from './MetricChart.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';

function formatChange(value: number | undefined, format: Formatter): string {
  if (value === undefined) return '—';
  return `${value > 0 ? '+' : ''}${format.number(value, 2)}`;
}

/** The day's noon UTC in seconds: uPlot's time axis, as the volume-by-day chart has it. */
function daySeconds(day: string): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

/** A day key's words ("27 Nov"), read at its noon so no zone moves it to another day. */
function dayWords(day: string, format: Formatter): string {
  return format.dayMonth(Date.parse(`${day}T12:00:00Z`));
}

/** The figures page 2 shows per network, each the first of its list the network reports. */
const SUMMARY_COLUMNS: readonly { title: string; figures: readonly string[] }[] = [
  { title: 'Followers', figures: ['followers'] },
  { title: 'Reach or views', figures: ['reach', 'views', 'impressions', 'pageViews'] },
  { title: 'Engagement', figures: ['engagement'] },
];

function SummaryCell({ figure, format }: { figure: GrowthFigure | undefined; format: Formatter }) {
  if (figure === undefined) return <td className="report-muted">—</td>;
  // Followers are a count now; reach, views and engagement add up: their change is the period's amount.
  const level = figure.figure === 'followers';
  return (
    <td data-growth-cell={`${figure.network}-${figure.figure}`}>
      <span className="report-growth-cell">
        <span>
          <strong>{level ? format.number(figure.last ?? 0) : formatChange(figure.change, format)}</strong>{' '}
          <span className="report-muted">{level ? (figure.series.length >= 2 ? formatChange(figure.change, format) : 'now') : figure.words}</span>
        </span>
        {figure.series.length >= 2 && (
          <MetricChart
            kind="spark"
            width={84}
            height={20}
            x={figure.series.map((point) => daySeconds(point.day))}
            y={figure.series.map((point) => point.value)}
            label={`${NETWORK_LABELS[figure.network]} ${figure.words} over ${figure.series.length} days`}
          />
        )}
      </span>
    </td>
  );
}

export function ReportGrowthSummary({ report, format }: { report: ClientReport; format: Formatter }) {
  const figures = growthFigures(report.growth);
  const networks = [...new Set(figures.map((figure) => figure.network))];
  const days = (network: Network) => new Set(figures.filter((f) => f.network === network).flatMap((f) => f.series.map((point) => point.day)));
  const withHistory = networks.filter((network) => days(network).size >= 2);
  const without = networks.filter((network) => days(network).size < 2);
  const spans = withHistory.map((network) => [...days(network)].sort());
  const first = spans.map((span) => span[0] ?? '').sort()[0];
  const last = spans
    .map((span) => span.at(-1) ?? '')
    .sort()
    .at(-1);
  return (
    <section className="report-section" aria-labelledby="report-growth-summary">
      <h3 id="report-growth-summary">Account growth</h3>
      {withHistory.length === 0 ? (
        <p className="report-small">No account figures of more than one day in this period yet: the sync keeps one a day.</p>
      ) : (
        <>
          <table className="report-table report-growth-summary">
            <thead>
              <tr>
                <th scope="col">Network</th>
                {SUMMARY_COLUMNS.map((column) => (
                  <th key={column.title} scope="col">
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {withHistory.map((network) => (
                <tr key={network} data-growth-network={network}>
                  <td className="report-network">
                    <NetworkIcon network={network} size={12} />
                    {NETWORK_LABELS[network]}
                  </td>
                  {SUMMARY_COLUMNS.map((column) => (
                    <SummaryCell
                      key={column.title}
                      format={format}
                      figure={column.figures
                        .map((name) => figures.find((f) => f.network === network && f.figure === name))
                        .find((f) => f !== undefined && f.series.length > 0)}
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {first !== undefined && last !== undefined && (
            <p className="report-small" data-testid="growth-span">
              Daily figures from {dayWords(first, format)} to {dayWords(last, format)}.
            </p>
          )}
        </>
      )}
      {without.length > 0 && (
        <p className="report-small" data-testid="growth-no-history">
          {wordList(without.map((network) => NETWORK_LABELS[network]))}: growth is counted from the first day their figures were recorded.
        </p>
      )}
      {(report.figuresUnread ?? []).map((note) => (
        <p key={note.network} className="report-small" data-unread={note.network}>
          {/* The client reads that figures are missing and since when; the network's reason is the freelancer's (the CSV has it). */}
          {NETWORK_LABELS[note.network]}: no new figures since {format.date(note.since)}.
        </p>
      ))}
    </section>
  );
}

function GrowthChart({ figure, format }: { figure: GrowthFigure; format: Formatter }) {
  const network = NETWORK_LABELS[figure.network];
  return (
    <figure className="report-growth-chart" data-growth-chart={`${figure.network}-${figure.figure}`}>
      <figcaption>
        <span className="report-growth-figure">{figure.words}</span>
        <strong>{figure.last === undefined ? '—' : format.number(figure.last, 2)}</strong>{' '}
        <span className="report-muted">{formatChange(figure.change, format)}</span>
      </figcaption>
      {figure.series.length < 2 ? (
        // One day is a point, not a line: the chart starts with the second day's figures.
        <p className="report-small report-growth-one-day">
          {figure.series.length === 1 ? `one reading so far, ${dayWords(figure.lastDay, format)}` : 'not reported'}
        </p>
      ) : (
        <MetricChart
          kind="spark"
          width={150}
          height={36}
          x={figure.series.map((point) => daySeconds(point.day))}
          y={figure.series.map((point) => point.value)}
          label={`${network} ${figure.words} per day: ${figure.series.length} days, last ${format.number(figure.last ?? 0, 2)}, change ${formatChange(figure.change, format)}`}
        />
      )}
    </figure>
  );
}

/** The appendix: every figure of one network, its chart and its first day, last day and change. */
export function ReportGrowthNetwork({ network, figures, format }: { network: Network; figures: GrowthFigure[]; format: Formatter }) {
  return (
    <section className="report-section" aria-label={`${NETWORK_LABELS[network]} growth`}>
      <h3 className="report-network">
        <NetworkIcon network={network} size={14} />
        {NETWORK_LABELS[network]}: every account figure
      </h3>
      <div className="report-growth-charts">
        {figures.map((figure) => (
          <GrowthChart key={figure.figure} figure={figure} format={format} />
        ))}
      </div>
      <table className="report-table">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">First day</th>
            <th scope="col">Last day</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {figures.map((figure) => (
            <tr key={figure.figure} data-growth={`${figure.network}-${figure.figure}`}>
              <td>{figure.words}</td>
              <td>
                {figure.first === undefined ? '—' : format.number(figure.first, 2)} <span className="report-muted">({dayWords(figure.firstDay, format)})</span>
              </td>
              <td>
                {figure.last === undefined ? '—' : format.number(figure.last, 2)} <span className="report-muted">({dayWords(figure.lastDay, format)})</span>
              </td>
              <td>{formatChange(figure.change, format)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
