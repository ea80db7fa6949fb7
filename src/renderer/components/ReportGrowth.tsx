// Account growth in the client report: per network, each figure on the period's first and last
// snapshot day and the change between them (from the daily account snapshots the sync keeps).
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { NetworkIcon } from './NetworkIcon.tsx';

/** 'watchMinutes' → 'watch minutes': the normalized figure names read as words. */
function figureWords(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

function formatNumber(value: number | undefined): string {
  return value === undefined ? '—' : value.toLocaleString('en-GB', { maximumFractionDigits: 2 });
}

function formatChange(value: number | undefined): string {
  if (value === undefined) return '—';
  return `${value > 0 ? '+' : ''}${formatNumber(value)}`;
}

export function ReportGrowth({ growth }: { growth: ClientReport['growth'] }) {
  return (
    <section className="report-section report-keep" aria-labelledby="report-growth">
      <h3 id="report-growth">Account growth</h3>
      {!growth.collected ? (
        <p className="muted">Growth: not yet collected. The sync keeps one snapshot of the account figures a day; none fell in this period.</p>
      ) : (
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
            {growth.networks.flatMap((network) =>
              Object.keys(network.last.figures).map((figure) => (
                <tr key={`${network.network}-${figure}`} data-growth={`${network.network}-${figure}`}>
                  <td className="report-network">
                    <NetworkIcon network={network.network} size={14} />
                    {NETWORK_LABELS[network.network]}
                  </td>
                  <td>{figureWords(figure)}</td>
                  <td title={network.first.day}>{formatNumber(network.first.figures[figure])}</td>
                  <td title={network.last.day}>{formatNumber(network.last.figures[figure])}</td>
                  <td>{formatChange(network.change[figure])}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
