// Account growth for the client report: the daily account snapshots of a period (oldest first), per
// network its first and last day's figures, last minus first, and every day's figures to draw.
// Figures that are totals (followers) change by the growth; sums over all time (views) change by the
// period's amount. A figure missing on the first or last day has no change.
import type { NetworkGrowth } from '../../../shared/domain/clientReport.ts';
import type { Network } from '../../../shared/networks.ts';
import type { AccountSnapshot } from '../store/types.ts';

export type AccountGrowth = { collected: false } | { collected: true; networks: NetworkGrowth[] };

/** The numeric figures of a snapshot, without its network and raw answer. */
function numbersOf(figures: AccountSnapshot['figures']): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const [name, value] of Object.entries(figures)) {
    if (typeof value === 'number' && Number.isFinite(value)) numbers[name] = value;
  }
  return numbers;
}

/** `snapshots`: oldest day first, as the store reads them. */
export function accountGrowth(snapshots: readonly AccountSnapshot[]): AccountGrowth {
  const byNetwork = new Map<Network, NetworkGrowth['series']>();
  for (const snapshot of snapshots) {
    let series = byNetwork.get(snapshot.network);
    if (series === undefined) byNetwork.set(snapshot.network, (series = []));
    series.push({ day: snapshot.day, figures: numbersOf(snapshot.figures) });
  }
  const networks: NetworkGrowth[] = [];
  for (const [network, series] of [...byNetwork].sort(([a], [b]) => a.localeCompare(b))) {
    const first = series[0];
    const last = series.at(-1);
    if (first === undefined || last === undefined) continue;
    const change: Record<string, number> = {};
    for (const [name, value] of Object.entries(last.figures)) {
      const before = first.figures[name];
      if (before !== undefined) change[name] = value - before;
    }
    networks.push({ network, first, last, change, series });
  }
  return networks.length === 0 ? { collected: false } : { collected: true, networks };
}
