// The oldest items still waiting for an answer when the report is made: the few the report names.
import type { CommentNetwork } from '../../../shared/networks.ts';
import type { ItemKind, ReceivedColumns } from './receivedColumns.ts';

export interface SlowUnansweredItem {
  id: string;
  network: CommentNetwork;
  kind: ItemKind;
  createdAt: number;
  /** Time from arrival to asOf, on the report's clock. */
  ageMs: number;
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The `count` oldest unanswered items, oldest first (ties: earlier arrival, then id). The ages are
 * sorted as numbers first to find the cut-off age, so only the items at or above it are named and
 * compared as objects: a month with tens of thousands unanswered sorts a typed array, not objects.
 */
export function slowest(columns: ReceivedColumns, indexes: number[], ages: number[], count: number): SlowUnansweredItem[] {
  if (count === 0 || indexes.length === 0) return [];
  const sortedAges = Float64Array.from(ages).sort();
  const cutOff = sortedAges[Math.max(0, sortedAges.length - count)] ?? 0;
  const picked: number[] = [];
  const pickedAges: number[] = [];
  indexes.forEach((index, n) => {
    const ageMs = ages[n] ?? 0;
    if (ageMs >= cutOff) {
      picked.push(index);
      pickedAges.push(ageMs);
    }
  });
  const names = columns.names(picked);
  const candidates: SlowUnansweredItem[] = picked.map((index, n) => {
    const { network, kind } = columns.channels[columns.channel[index] ?? 0] ?? { network: 'bluesky', kind: 'comment' };
    return { id: names[n] ?? '', network, kind, createdAt: columns.createdAt[index] ?? 0, ageMs: pickedAges[n] ?? 0 };
  });
  candidates.sort((a, b) => b.ageMs - a.ageMs || a.createdAt - b.createdAt || compareText(a.id, b.id));
  return candidates.slice(0, count);
}
