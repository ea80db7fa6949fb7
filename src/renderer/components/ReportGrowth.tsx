// Account growth in the client report, from the daily account snapshots the sync keeps: per network a
// chart of each figure over the period's days (the shared MetricChart; from two days on), then the table of each
// figure on the first and last snapshot day and the change between them. Both come from
// growthFigures, as the CSV's growth rows do.
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { growthFigures, unreadWords, type GrowthFigure } from '../logic/reportFigures.ts';
import { MetricChart } from './MetricChart.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';

function formatNumber(value: number | undefined): string {
  return value === undefined ? '—' : value.toLocaleString('en-GB', { maximumFractionDigits: 2 });
}

function formatChange(value: number | undefined): string {
  if (value === undefined) return '—';
  return `${value > 0 ? '+' : ''}${formatNumber(value)}`;
}

/** The day's noon UTC in seconds: uPlot's time axis, as the volume-by-day chart has it. */
function daySeconds(day: string): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

function GrowthChart({ figure }: { figure: GrowthFigure }) {
  const network = NETWORK_LABELS[figure.network];
  return (
    <figure className="report-growth-chart" data-growth-chart={`${figure.network}-${figure.figure}`}>
      <figcaption>
        <span className="report-growth-figure">{figure.words}</span>
        <strong>{formatNumber(figure.last)}</strong> <span className="muted small">{formatChange(figure.change)}</span>
      </figcaption>
      {figure.series.length < 2 ? (
        // One day is a point, not a line: the chart starts with the second day's figures.
        <p className="muted small report-growth-one-day">{figure.series.length === 1 ? `only ${figure.lastDay} so far` : 'not reported'}</p>
      ) : (
        <MetricChart
          kind="chart"
          height={96}
          x={figure.series.map((point) => daySeconds(point.day))}
          y={figure.series.map((point) => point.value)}
          label={`${network} ${figure.words} per day: ${figure.series.length} days, last ${formatNumber(figure.last)}, change ${formatChange(figure.change)}`}
        />
      )}
    </figure>
  );
}

function GrowthTable({ figures }: { figures: GrowthFigure[] }) {
  return (
    <table className="report-table">
      <thead>
        <tr>
          <th scope="col">Network</th>
          <th scope="col">Figure</th>
          <th scope="col">First day</th>
          <th scope="col">Last day</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {figures.map((figure) => (
          <tr key={`${figure.network}-${figure.figure}`} data-growth={`${figure.network}-${figure.figure}`}>
            <td className="report-network">
              <NetworkIcon network={figure.network} size={14} />
              {NETWORK_LABELS[figure.network]}
            </td>
            <td>{figure.words}</td>
            <td title={figure.firstDay}>{formatNumber(figure.first)}</td>
            <td title={figure.lastDay}>{formatNumber(figure.last)}</td>
            <td>{formatChange(figure.change)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ReportGrowth({ growth, unread }: { growth: ClientReport['growth']; unread: NonNullable<ClientReport['figuresUnread']> }) {
  const figures = growthFigures(growth);
  const networks = [...new Set(figures.map((figure) => figure.network))];
  return (
    <section className="report-section" aria-labelledby="report-growth">
      <h3 id="report-growth">Account growth</h3>
      {unread.length > 0 && (
        <ul className="report-unread" aria-label="Figures not read">
          {unread.map((note) => (
            <li key={note.network} data-unread={note.network}>
              {unreadWords(note)}
            </li>
          ))}
        </ul>
      )}
      {!growth.collected ? (
        <p className="muted">Growth: not yet collected. The sync keeps one snapshot of the account figures a day; none fell in this period.</p>
      ) : (
        <>
          {networks.map((network) => {
            const ofNetwork = figures.filter((figure) => figure.network === network);
            const days = new Set(ofNetwork.flatMap((figure) => figure.series.map((point) => point.day))).size;
            return (
              <div key={network} className="report-keep report-growth-network">
                <h4 className="report-network">
                  <NetworkIcon network={network} size={16} />
                  {NETWORK_LABELS[network]}
                  <span className="muted small">
                    {' '}
                    · {days} day{days === 1 ? '' : 's'} of figures
                  </span>
                </h4>
                <div className="report-growth-charts">
                  {ofNetwork.map((figure) => (
                    <GrowthChart key={figure.figure} figure={figure} />
                  ))}
                </div>
              </div>
            );
          })}
          <GrowthTable figures={figures} />
        </>
      )}
    </section>
  );
}
