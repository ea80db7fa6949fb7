// The Reports view's words and numbers, and its CSV: one function (reportRows) turns a report into
// the rows of figures the page shows, and the CSV is made from them; the account growth's table and
// charts and its CSV rows come from one list (growthFigures), so the CSV cannot say a number the
// page does not. Pure: no DOM, no bridge.
import type { ClientReport, FiguresUnread, KindFigures, ResponsivenessView } from '../../shared/domain/clientReport.ts';
import type { Formatter } from '../../shared/format/formatter.ts';
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import { KIND_VIEWS, kindView } from '../kinds/kindViews.ts';
import { fmt } from './format.ts';
import type { Network } from '../../shared/networks.ts';
import { NETWORK_LABELS } from './networkLabels.ts';
import { csvField } from './csvField.ts';
import { csvValue, KIND_TABLE_FIGURES, pageValue, responseBars, SUMMARY_FIGURES } from './reportFigureDefinitions.ts';
import { comparesWithBefore } from './reportWords.ts';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

/** The system's formatter, for words that belong to no client's report (the page's own words use the client's zone: reportWords.ts). */

/** 'YYYY-MM-DD' of a local date. */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar month before the one `now` is in: the report a client gets at the start of a month. */
export function lastMonth(now: Date): { from: string; to: string } {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return { from: localDate(first), to: localDate(last) };
}

/** The 30 days up to and including today. */
export function last30Days(now: Date): { from: string; to: string } {
  return { from: localDate(new Date(now.getTime() - 29 * DAY_MS)), to: localDate(now) };
}

/** "45 min", "3 h 20 min", "2 d 4 h" (the formatter's words); "—" when there is none. */
export function formatDuration(ms: number | null, format: Formatter = fmt): string {
  return ms === null || !Number.isFinite(ms) ? '—' : format.duration(ms);
}

/** A share as a percentage in the locale's way; "—" when there is none. */
export function formatShare(share: number | null, format: Formatter = fmt): string {
  return share === null ? '—' : format.percent(share);
}

/** The clock durations are counted on, in words. */
export function clockWords(report: ClientReport): string {
  return report.current.counts === 'business' ? 'business hours' : 'every hour (no business hours set)';
}

/** One figure of the page: its section, its name, this period's value and the period before's. */
export interface ReportRow {
  section: string;
  name: string;
  value: number | string | null;
  previous: number | string | null;
}

function summaryRows(now: ResponsivenessView, before: ResponsivenessView, compare: boolean): ReportRow[] {
  const row = (name: string, pick: (r: ResponsivenessView) => number | string | null): ReportRow => ({
    section: 'Summary',
    name,
    value: pick(now),
    previous: compare ? pick(before) : null,
  });
  return [
    // The figures the page shows, each as reportFigureDefinitions.ts defines it.
    ...SUMMARY_FIGURES.map((figure) => row(figure.csvName, (r) => csvValue(figure, r))),
    row('Deleted', (r) => r.totals.deleted),
    row('Answered from the app (confirmed delivery)', (r) => r.answeredBySource['outbox-confirmed']),
    row('Answered elsewhere (seen by the sync)', (r) => r.answeredBySource['seen-by-sync']),
    row('Answered on time', (r) => r.targetSplit?.answeredOnTime ?? null),
    row('Answered late', (r) => r.targetSplit?.answeredLate ?? null),
    row('Not answered yet, past the target', (r) => r.targetSplit?.unansweredOverdue ?? null),
    row('Not answered yet, within the target', (r) => r.targetSplit?.unansweredPending ?? null),
  ];
}

/** One kind's figures beside the period before's (null: none of that kind then). */
export interface KindFigureRow {
  kind: InboxItemKind;
  words: string;
  now: KindFigures | null;
  before: KindFigures | null;
}

/**
 * Each kind apart, when the report has items of a kind other than the first (comments) in either
 * period (with comments alone the summary says it all): the page's "Comments / Direct messages"
 * table and its CSV rows, a row per kind in the kinds' order (kinds/kindViews.ts).
 */
export function kindFigures(report: ClientReport): KindFigureRow[] {
  const now = report.current.byKind ?? [];
  const before = report.previous.byKind ?? [];
  const [first] = KIND_VIEWS;
  if (![...now, ...before].some((figures) => kindView(figures.kind) !== first)) return [];
  return KIND_VIEWS.filter((view) => view.timedInReport !== false).map(({ kind, words }) => ({
    kind,
    words: words.report.kindTitle,
    now: now.find((figures) => figures.kind === kind) ?? null,
    before: before.find((figures) => figures.kind === kind) ?? null,
  }));
}

/** One cell of the appendix's kind table: a figure's value now and (null: no comparison) the period before's. */
export interface KindCell {
  key: string;
  value: string;
  before: string | null;
}

/** The appendix's "Comments / Direct messages" table as it reads: its columns and, per kind, its cells (the CSV's kind rows read the same figures). */
export function kindTable(report: ClientReport, format: Formatter): { columns: string[]; rows: { kind: string; words: string; cells: KindCell[] }[] } {
  const compare = comparesWithBefore(report);
  const columns = [...KIND_TABLE_FIGURES.map((figure) => figure.column ?? figure.name), 'Answered within target'];
  const rows = kindFigures(report).map(({ kind, words, now, before }) => ({
    kind,
    words,
    cells: [
      ...KIND_TABLE_FIGURES.map((figure) => ({
        key: figure.key,
        value: pageValue(figure, now, format),
        // The period before beside the volume and the typical time, where the table has room.
        before: compare && (figure.key === 'received' || figure.key === 'typical') ? pageValue(figure, before, format) : null,
      })),
      { key: 'onTime', value: now?.target == null ? '—' : `${format.number(now.target.within)} of ${format.number(now.totals.answered)}`, before: null },
    ],
  }));
  return { columns, rows };
}

function kindRows(report: ClientReport, compare: boolean): ReportRow[] {
  return kindFigures(report).flatMap(({ words, now, before }) => {
    const row = (name: string, pick: (figures: KindFigures | null) => number | null): ReportRow => ({
      section: 'Comments and direct messages',
      name: `${words}: ${name}`,
      value: pick(now),
      previous: compare ? pick(before) : null,
    });
    return [
      ...KIND_TABLE_FIGURES.map((figure) => row(figure.csvName.charAt(0).toLowerCase() + figure.csvName.slice(1), (f) => csvValue(figure, f))),
      row('answered within target', (f) => (f == null ? 0 : (f.target?.within ?? null))),
    ];
  });
}

/** One account figure of one network over the period: the growth table's row and its chart. */
export interface GrowthFigure {
  network: Network;
  /** The normalized name ('watchMinutes') and its words ('watch minutes'). */
  figure: string;
  words: string;
  firstDay: string;
  lastDay: string;
  first: number | undefined;
  last: number | undefined;
  change: number | undefined;
  /** The days that reported the figure, oldest first. */
  series: { day: string; value: number }[];
}

/** 'watchMinutes' → 'watch minutes': the normalized figure names read as words. */
export function figureWords(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
}

/** Every figure of every network's growth, networks in the report's order, figures in the last day's. */
export function growthFigures(growth: ClientReport['growth']): GrowthFigure[] {
  if (!growth.collected) return [];
  return growth.networks.flatMap(({ network, first, last, change, series }) =>
    Object.keys(last.figures).map((figure) => ({
      network,
      figure,
      words: figureWords(figure),
      firstDay: first.day,
      lastDay: last.day,
      first: first.figures[figure],
      last: last.figures[figure],
      change: change[figure],
      series: series.flatMap(({ day, figures }) => (figures[figure] === undefined ? [] : [{ day, value: figures[figure] }])),
    })),
  );
}

/** "Instagram's figures could not be read since 3 Nov 2026, 08:30: <the service's reason>". */
export function unreadWords(note: FiguresUnread, format: Formatter = fmt): string {
  return `${NETWORK_LABELS[note.network]}'s figures could not be read since ${format.dateTime(note.since)}: ${note.reason}`;
}

/** The growth section's figures: first day, last day and change of each, then each day's value (the charts). */
function growthRows(growth: ClientReport['growth'], unread: readonly FiguresUnread[], format: Formatter): ReportRow[] {
  const rows: ReportRow[] = unread.map((note) => ({
    section: 'Account growth',
    name: `${note.network} not read`,
    value: unreadWords(note, format),
    previous: null,
  }));
  const figures = growthFigures(growth);
  for (const figure of figures) {
    const name = `${figure.network} ${figure.figure}`;
    rows.push({ section: 'Account growth', name: `${name} first day (${figure.firstDay})`, value: figure.first ?? null, previous: null });
    rows.push({ section: 'Account growth', name: `${name} last day (${figure.lastDay})`, value: figure.last ?? null, previous: null });
    rows.push({ section: 'Account growth', name: `${name} change`, value: figure.change ?? null, previous: null });
  }
  for (const figure of figures) {
    for (const point of figure.series)
      rows.push({ section: 'Account growth by day', name: `${figure.network} ${figure.figure} ${point.day}`, value: point.value, previous: null });
  }
  return rows;
}

/** Every figure of the page, in the page's order. */
export function reportRows(report: ClientReport, format: Formatter = fmt): ReportRow[] {
  const { current, previous } = report;
  const compare = comparesWithBefore(report);
  const rows = summaryRows(current, previous, compare);
  // The chart's bars, as the page draws them (responseBars).
  for (const bar of responseBars(current, previous)) {
    rows.push({ section: 'Response times', name: bar.label, value: bar.count, previous: compare ? bar.before : null });
  }
  rows.push(...kindRows(report, compare));
  for (const channel of current.byChannel) {
    const before = previous.byChannel.find((other) => other.network === channel.network && other.kind === channel.kind);
    for (const field of ['received', 'answered', 'unanswered', 'hidden'] as const) {
      // The network's name as the client knows it ("Bluesky", "X (Twitter)"), never its id.
      const network = channel.network === 'reddit' ? 'Reddit' : NETWORK_LABELS[channel.network];
      const name = `${network}${kindView(channel.kind).words.report.csvChannel} ${field}`;
      rows.push({ section: 'Volume by network', name, value: channel[field], previous: compare ? (before?.[field] ?? 0) : null });
    }
  }
  for (const day of report.byDay) rows.push({ section: 'Volume by day', name: day.day, value: day.received, previous: null });
  report.topPosts.forEach((post, index) => {
    const name = `#${index + 1} ${post.platform} ${post.postKey}`;
    rows.push({ section: 'Top posts', name: `${name} engagement`, value: post.engagement, previous: null });
    rows.push({ section: 'Top posts', name: `${name} comments in period`, value: post.commentsInPeriod, previous: null });
  });
  for (const item of current.slowestUnanswered) {
    rows.push({ section: 'Slowest unanswered', name: item.id, value: Math.round(item.ageMs / MINUTE), previous: null });
  }
  rows.push(...growthRows(report.growth, report.figuresUnread ?? [], format));
  return rows;
}

/** The CSV of every figure on the page: client, period, then one line per row of reportRows. */
export function reportCsv(report: ClientReport, from: string, to: string, format: Formatter = fmt): string {
  const lines = [
    ['client', report.clientTitle].map(csvField).join(','),
    ['period', `${from} to ${to}`].map(csvField).join(','),
    ['time zone', report.settings.timeZone].map(csvField).join(','),
    ['counted in', clockWords(report)].map(csvField).join(','),
    '',
    ['section', 'figure', 'this period', 'period before'].map(csvField).join(','),
  ];
  for (const row of reportRows(report, format)) lines.push([row.section, row.name, row.value, row.previous].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
