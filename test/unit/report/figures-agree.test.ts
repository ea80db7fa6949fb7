// Issue 27, item 6: "the report disagrees with itself". One fixture of comments and direct messages
// for a client in New York with business hours, computed once by the core (computeResponsiveness), and
// every output the report makes of it compared: page 1's headlines, the appendix's kind table, the
// chart's bars and the CSV's rows. The trap the fixture sets: most answers come before the client
// opens (0 business minutes), so a median that counts them reads "0 s" while one that leaves them out
// reads 45 min. Hand-computed below; nothing here is read back from the code under test.
import { describe, expect, it } from 'vitest';
import type { ClientReport } from '../../../src/shared/domain/clientReport.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import { createFormatter } from '../../../src/shared/format/formatter.ts';
import { computeResponsiveness, type ReceivedItem } from '../../../src/main/core/report/responsiveness.ts';
import { reportPeriods } from '../../../src/main/core/report/reportPeriod.ts';
import { FIGURES, responseBars } from '../../../src/renderer/logic/reportFigureDefinitions.ts';
import { kindTable, reportRows } from '../../../src/renderer/logic/reportFigures.ts';
import { headlines } from '../../../src/renderer/logic/reportWords.ts';

const MIN = 60_000;
const ZONE = 'America/New_York';
/** A New York wall-clock time in November 2026 (EST, UTC−5) as an instant. */
const ny = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour + 5, minute);

function item(id: string, kind: ReceivedItem['kind'], created: number, answered: number | null): ReceivedItem {
  return {
    id,
    kind,
    network: 'instagram',
    createdAt: created,
    hidden: false,
    deleted: false,
    firstResponse: answered === null ? null : { at: answered, source: 'seen-by-sync' },
  };
}

// Mon 2 Nov to Thu 5 Nov; the client opens Mon–Fri 09:00–17:00 New York time.
const ITEMS: ReceivedItem[] = [
  // Arrived at night, answered before opening: 0 business minutes each.
  item('instagram:c1', 'comment', ny(2, 2), ny(2, 6)),
  item('instagram:c2', 'comment', ny(2, 3), ny(2, 7, 30)),
  item('instagram:c3', 'comment', ny(3, 4), ny(3, 8)),
  // Answered in hours: 20 min, 2 h, 45 min.
  item('instagram:c4', 'comment', ny(2, 10), ny(2, 10, 20)),
  item('instagram:c5', 'comment', ny(2, 11), ny(2, 13)),
  item('instagram:c6', 'comment', ny(3, 10), ny(3, 10, 45)),
  item('instagram:c7', 'comment', ny(4, 12), null),
  // Direct messages: two before opening, one in 90 min.
  item('dm:instagram:a', 'conversation', ny(4, 1), ny(4, 5)),
  item('dm:instagram:b', 'conversation', ny(4, 2), ny(4, 3)),
  item('dm:instagram:c', 'conversation', ny(5, 14), ny(5, 15, 30)),
];

// By hand: in-hours times, comments 20, 45, 120 min; messages 90 min; all 20, 45, 90, 120 min.
// Nearest rank: comments' median rank 2 = 45 min, 90 % rank 3 = 120 min; messages' both 90 min;
// all: median rank 2 = 45 min, 90 % rank 4 = 120 min. Before opening: 3 comments, 2 messages.
const EXPECTED = {
  all: { typical: 45 * MIN, ninety: 120 * MIN, early: 5, answered: 9 },
  comment: { typical: 45 * MIN, ninety: 120 * MIN, early: 3 },
  conversation: { typical: 90 * MIN, ninety: 90 * MIN, early: 2 },
};

function fixtureReport(): ClientReport {
  const settings = defaultClientSettings(ZONE);
  const periods = reportPeriods('2026-11-01', '2026-11-30', ZONE);
  const asOf = ny(30, 12);
  const view = (period: { start: number; end: number }) => computeResponsiveness({ items: ITEMS, period, asOf, settings });
  return {
    profileId: 'p1',
    clientTitle: 'Bloom Bakery',
    settings,
    current: view(periods.current),
    previous: view(periods.previous),
    byDay: [],
    topPosts: [],
    growth: { collected: false },
    figuresSince: Date.UTC(2026, 0, 1),
  };
}

describe('one definition of each figure: page 1, the appendix, the chart and the CSV agree', () => {
  const report = fixtureReport();
  const format = createFormatter({ locale: 'en-US', timeZone: ZONE });

  it('page 1 says the typical first answer of the answers in hours, and how many came before opening', () => {
    const median = headlines(report, format).find((figure) => figure.key === 'median');
    expect(median?.label).toBe(FIGURES.typical.name);
    expect(median?.value).toBe(format.duration(EXPECTED.all.typical));
    expect(median?.meaning).toContain(`${EXPECTED.all.early} answers sent before opening hours are left out`);
  });

  it('the appendix says the same figure per kind, never "0 s"', () => {
    const table = kindTable(report, format);
    expect(table.columns).toContain(FIGURES.typical.name);
    expect(table.columns).toContain(FIGURES.beforeOpening.column);
    expect(table.columns).toContain(FIGURES.ninety.name);
    for (const kind of ['comment', 'conversation'] as const) {
      const cells = Object.fromEntries((table.rows.find((row) => row.kind === kind)?.cells ?? []).map((cell) => [cell.key, cell.value]));
      expect(cells['typical'], kind).toBe(format.duration(EXPECTED[kind].typical));
      expect(cells['ninety'], kind).toBe(format.duration(EXPECTED[kind].ninety));
      expect(cells['beforeOpening'], kind).toBe(String(EXPECTED[kind].early));
    }
    expect(JSON.stringify(table)).not.toContain('0 s');
  });

  it('the chart counts every answer once: the ones before opening apart, the typical time inside the bars beside them', () => {
    const bars = responseBars(report.current, report.previous);
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(EXPECTED.all.answered);
    expect(bars[0]).toMatchObject({ key: 'before-opening', count: EXPECTED.all.early });
    // The typical time is the median of the other bars' answers: half of them fall in its bar or before.
    const timed = bars.slice(1);
    const inHours = EXPECTED.all.answered - EXPECTED.all.early;
    const bucketOf = report.current.distribution.findIndex(
      (bucket) => bucket.key !== 'before-opening' && EXPECTED.all.typical >= bucket.fromMs && (bucket.toMs === null || EXPECTED.all.typical < bucket.toMs),
    );
    const upTo = timed.slice(0, bucketOf).reduce((sum, bar) => sum + bar.count, 0);
    expect(upTo).toBeGreaterThanOrEqual(Math.ceil(inHours / 2));
    expect(upTo - (timed[bucketOf - 1]?.count ?? 0)).toBeLessThan(Math.ceil(inHours / 2));
  });

  it('the CSV has the same figures, once each, in minutes', () => {
    const rows = reportRows(report, format);
    const summary = (name: string) => rows.filter((row) => row.section === 'Summary' && row.name === name);
    expect(summary(FIGURES.typical.csvName)).toEqual([
      { section: 'Summary', name: FIGURES.typical.csvName, value: EXPECTED.all.typical / MIN, previous: null },
    ]);
    expect(summary(FIGURES.ninety.csvName)[0]?.value).toBe(EXPECTED.all.ninety / MIN);
    expect(summary(FIGURES.beforeOpening.csvName)[0]?.value).toBe(EXPECTED.all.early);
    // No second median under another name (the CSV once had "0" and "67" side by side).
    expect(rows.filter((row) => row.section === 'Summary' && /median/iu.test(row.name))).toEqual([]);
    expect(rows.find((row) => row.name === `Comments: ${FIGURES.typical.csvName.toLowerCase()}`)?.value).toBe(EXPECTED.comment.typical / MIN);
    expect(rows.find((row) => row.name === `Direct messages: ${FIGURES.typical.csvName.toLowerCase()}`)?.value).toBe(EXPECTED.conversation.typical / MIN);
    // The chart's bars, as drawn.
    const chart = rows.filter((row) => row.section === 'Response times');
    expect(chart.map((row) => [row.name, row.value])).toEqual(responseBars(report.current, report.previous).map((bar) => [bar.label, bar.count]));
  });
});
