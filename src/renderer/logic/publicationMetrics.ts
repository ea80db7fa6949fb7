// One publication's numbers side by side: a row per figure (by its one name, so instagram's and
// facebook's "Likes" share a row), a column per network, and the total. Each network's numbers come
// from its own snapshot (the service answers per network); the total is ours, and only counts are
// added: a rate or a duration added over networks would mean nothing. Pure: no DOM, no bridge.
import type { AnalyticsSnapshot } from '../../shared/domain/posts.ts';
import type { Network } from '../../shared/networks.ts';
import { FIGURES, type FigureKind, figureValues } from './metricFigures.ts';

export interface PublicationMember {
  platform: Network;
  latest: Pick<AnalyticsSnapshot, 'metrics'> | null;
}

export interface PublicationRow {
  /** The figure's one name, also the row's key ("Likes"). */
  name: string;
  kind: FigureKind;
  /** Per member, in the members' order: its value, or null when that network has no such number (yet). */
  perNetwork: (number | null)[];
  /** The sum over the networks that have it; null for a figure that is not a count. */
  total: number | null;
  /** How many networks have the number: the total covers these only. */
  present: number;
}

/** The rows, in the order the networks' tables list their figures (first network first). */
export function publicationRows(members: readonly PublicationMember[]): PublicationRow[] {
  const values = members.map((member) => (member.latest === null ? null : figureValues(member.platform, member.latest.metrics)));
  const rows = new Map<string, { kind: FigureKind; kinds: Set<FigureKind>; perNetwork: (number | null)[] }>();
  members.forEach((member, index) => {
    const own = values[index];
    if (own === null || own === undefined) return;
    for (const spec of FIGURES[member.platform]) {
      const value = own[spec.key];
      if (value === undefined) continue;
      let row = rows.get(spec.name);
      if (row === undefined) {
        row = { kind: spec.kind, kinds: new Set(), perNetwork: members.map(() => null) };
        rows.set(spec.name, row);
      }
      row.kinds.add(spec.kind);
      row.perNetwork[index] = value;
    }
  });
  return [...rows].map(([name, row]) => {
    const present = row.perNetwork.filter((value): value is number => value !== null);
    const additive = row.kinds.size === 1 && row.kind === 'count';
    return {
      name,
      kind: row.kind,
      perNetwork: row.perNetwork,
      total: additive ? present.reduce((sum, value) => sum + value, 0) : null,
      present: present.length,
    };
  });
}
