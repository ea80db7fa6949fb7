// The client report's figures, each defined once: its name on the page, its name in the CSV (with
// its unit), its unit, and how it is computed from the core's figures. Page 1 (reportWords.ts'
// headlines), the appendix's "Comments / Direct messages" table (kindTable), the response-times
// chart (responseBars) and the CSV (reportFigures.ts' reportRows) all read them from here, so no
// two of them can count a figure two ways (issue 27: page 1 said "Typical first answer 1 h 7 min"
// while the appendix said "0 s" and the CSV both).
//
// The one rule for times (docs/decisions/0022-responsiveness-rules.md, 0070): on business hours an
// answer given before the client's next opening took 0 business minutes. Such answers are counted
// apart ("Answered before opening hours", the chart's first bar); the typical time and the 90 %
// time are of the other answers, the ones given while the clock ran. On the wall clock there are
// none apart and every answer counts.
import type { KindFigures, ResponsivenessView } from '../../shared/domain/clientReport.ts';
import type { Formatter } from '../../shared/format/formatter.ts';

/** What a figure is read from: the whole period's figures, or one kind's (comments; direct messages). */
export type FigureSource = Pick<ResponsivenessView, 'totals' | 'firstResponse' | 'beforeOpening'> | KindFigures;

export type FigureUnit = 'count' | 'duration';

export interface FigureDefinition {
  key: string;
  /** The figure's name on the page. */
  name: string;
  /** Its name as a table's column, where the table says what is counted (the appendix's kind table); the name when absent. */
  column?: string;
  /** Its name in the CSV, with the unit the CSV writes it in. */
  csvName: string;
  unit: FigureUnit;
  /** How it is computed, in words (the tests and the decision record quote this). */
  computed: string;
  /** Its value: a count, or a duration in ms; null when there is none (no answer in hours, say). */
  of(source: FigureSource): number | null;
}

const MINUTE_MS = 60_000;

/** The answers' times "in hours": before-opening answers left out; reports kept from before they were counted apart read all. */
function inHours(source: FigureSource): { medianMs: number | null; p90Ms: number | null } {
  return source.beforeOpening === undefined ? source.firstResponse : source.beforeOpening.inHours;
}

function define<K extends string>(key: K, figure: Omit<FigureDefinition, 'key'>): FigureDefinition & { key: K } {
  return { key, ...figure };
}

export const FIGURES = {
  received: define('received', {
    name: 'Comments and messages received',
    column: 'Received',
    csvName: 'Received',
    unit: 'count',
    computed: 'comments by others and direct-message turns that arrived in the period',
    of: (s) => s.totals.received,
  }),
  answered: define('answered', {
    name: 'Answered',
    csvName: 'Answered',
    unit: 'count',
    computed: 'received items the account answered by the time the report was made',
    of: (s) => s.totals.answered,
  }),
  waiting: define('waiting', {
    name: 'Not answered yet',
    csvName: 'Not answered yet',
    unit: 'count',
    computed: 'received items, neither hidden nor deleted, with no answer by the time the report was made',
    of: (s) => s.totals.unanswered,
  }),
  hidden: define('hidden', {
    name: 'Hidden',
    csvName: 'Hidden',
    unit: 'count',
    computed: 'received items hidden by the account (moderation is not an answer)',
    of: (s) => s.totals.hidden,
  }),
  beforeOpening: define('beforeOpening', {
    name: 'Answered before opening hours',
    column: 'Before opening hours',
    csvName: 'Answered before opening hours',
    unit: 'count',
    computed: 'answered items that arrived out of hours and were answered before the next opening (business hours only)',
    of: (s) => s.beforeOpening?.answered ?? 0,
  }),
  typical: define('typical', {
    name: 'Typical first answer',
    csvName: 'Typical first answer (minutes)',
    unit: 'duration',
    computed: 'median (nearest rank) of the times to the first answer, on the report’s clock, of the answers not given before opening',
    of: (s) => inHours(s).medianMs,
  }),
  ninety: define('ninety', {
    name: '90 % answered within',
    csvName: '90 % answered within (minutes)',
    unit: 'duration',
    computed: '90th percentile (nearest rank) of the same times as the typical first answer',
    of: (s) => inHours(s).p90Ms,
  }),
} as const;

/** A figure's value in the CSV: counts as they are, durations in whole minutes, none as empty. */
export function csvValue(figure: FigureDefinition, source: FigureSource | null): number | null {
  if (source === null) return figure.unit === 'count' ? 0 : null;
  const value = figure.of(source);
  if (value === null) return null;
  return figure.unit === 'duration' ? Math.round(value / MINUTE_MS) : value;
}

/** A figure's value on the page: counts in the locale's digits, durations in words, none as "—". */
export function pageValue(figure: FigureDefinition, source: FigureSource | null, format: Formatter): string {
  if (source === null) return figure.unit === 'count' ? format.number(0) : '—';
  const value = figure.of(source);
  if (value === null || !Number.isFinite(value)) return '—';
  return figure.unit === 'duration' ? format.duration(value) : format.number(value);
}

/** One bar of the response-times chart: this period's count and the period before's. */
export interface ResponseBar {
  key: string;
  label: string;
  count: number;
  before: number;
}

/**
 * The chart's bars: "before opening" first (business hours only), then the answers by their time.
 * Their counts add up to the answered figure; the typical first answer is the median of all but the first.
 */
export function responseBars(now: Pick<ResponsivenessView, 'distribution'>, before: Pick<ResponsivenessView, 'distribution'>): ResponseBar[] {
  return now.distribution.map((bucket) => ({
    key: bucket.key,
    label: bucket.label,
    count: bucket.count,
    before: before.distribution.find((other) => other.key === bucket.key)?.count ?? 0,
  }));
}

/** The figures the appendix's kind table shows per kind, in its column order (and the CSV's kind rows). */
export const KIND_TABLE_FIGURES = [FIGURES.received, FIGURES.answered, FIGURES.waiting, FIGURES.beforeOpening, FIGURES.typical, FIGURES.ninety] as const;

/** The figures of the CSV's summary, in its order. */
export const SUMMARY_FIGURES = [
  FIGURES.received,
  FIGURES.answered,
  FIGURES.waiting,
  FIGURES.hidden,
  FIGURES.beforeOpening,
  FIGURES.typical,
  FIGURES.ninety,
] as const;
