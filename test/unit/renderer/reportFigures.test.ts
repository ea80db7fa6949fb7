import { describe, expect, it } from 'vitest';
import type { ClientReport, ResponsivenessView } from '../../../src/shared/domain/clientReport.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import { csvField } from '../../../src/renderer/logic/postMetrics.ts';
import { formatDuration, growthFigures, kindFigures, lastMonth, reportCsv, reportRows, unreadWords } from '../../../src/renderer/logic/reportFigures.ts';
import { createFormatter } from '../../../src/shared/format/formatter.ts';

const base: ResponsivenessView = {
  period: { start: 0, end: 1 },
  asOf: 2,
  counts: 'business',
  totals: { received: 5, answered: 3, unanswered: 1, hidden: 1, deleted: 0 },
  byChannel: [{ network: 'instagram', kind: 'comment', received: 5, answered: 3, unanswered: 1, hidden: 1, deleted: 0 }],
  answeredBySource: { 'outbox-confirmed': 2, 'seen-by-sync': 1 },
  firstResponse: { medianMs: 90 * 60_000, p90Ms: 26 * 3_600_000 },
  distribution: [
    { key: 'under-1h', label: 'under 1 h', fromMs: 0, toMs: 3_600_000, count: 1 },
    { key: '1h-4h', label: '1–4 h', fromMs: 3_600_000, toMs: 14_400_000, count: 2 },
  ],
  target: { minutes: 240, clock: 'business', within: 2, missed: 2, pending: 0, share: 0.5 },
  slowestUnanswered: [{ id: 'instagram:c9', network: 'instagram', kind: 'comment', createdAt: 0, ageMs: 125 * 60_000 }],
};

const report: ClientReport = {
  profileId: 'p1',
  clientTitle: 'Bloom, "the" Bakery',
  settings: defaultClientSettings('Europe/Berlin'),
  current: base,
  previous: { ...base, totals: { ...base.totals, received: 4 }, byChannel: [], target: null, firstResponse: { medianMs: null, p90Ms: null } },
  byDay: [
    { day: '2026-10-01', received: 2 },
    { day: '2026-10-02', received: 3 },
  ],
  topPosts: [],
  growth: { collected: false },
};

describe('report figures', () => {
  it('puts every figure of the page in the CSV, with the period before, quoted where needed', () => {
    const csv = reportCsv(report, '2026-10-01', '2026-10-02');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('client,"Bloom, ""the"" Bakery"');
    expect(lines).toContain('Summary,Received,5,4');
    expect(lines).toContain('Summary,Typical first answer (minutes),90,');
    expect(lines).toContain('Summary,Answered on time,,');
    expect(lines).toContain('Response times,1–4 h,2,2');
    expect(lines).toContain('Volume by network,Instagram received,5,0');
    expect(lines).toContain('Volume by day,2026-10-02,3,');
    expect(lines).toContain('Slowest unanswered,instagram:c9,125,');
    expect(lines.length - 7).toBe(reportRows(report).length);
  });

  it('puts the account growth in the CSV: first day, last day and change of each figure, and every day the charts draw', () => {
    const growth: ClientReport['growth'] = {
      collected: true,
      networks: [
        {
          network: 'instagram',
          first: { day: '2026-10-01', figures: { followers: 1000 } },
          last: { day: '2026-10-03', figures: { followers: 1030, mediaCount: 12 } },
          change: { followers: 30 },
          series: [
            { day: '2026-10-01', figures: { followers: 1000 } },
            { day: '2026-10-02', figures: { followers: 1010, mediaCount: 11 } },
            { day: '2026-10-03', figures: { followers: 1030, mediaCount: 12 } },
          ],
        },
      ],
    };
    const withGrowth = { ...report, growth };
    const lines = reportCsv(withGrowth, '2026-10-01', '2026-10-03').split('\r\n');
    expect(lines).toContain('Account growth,instagram followers first day (2026-10-01),1000,');
    expect(lines).toContain('Account growth,instagram followers last day (2026-10-03),1030,');
    expect(lines).toContain('Account growth,instagram followers change,30,');
    // Not reported on the first day: no first value and no change, as the page's table says "—".
    expect(lines).toContain('Account growth,instagram mediaCount first day (2026-10-01),,');
    expect(lines).toContain('Account growth,instagram mediaCount change,,');
    expect(lines.filter((line) => line.startsWith('Account growth by day,'))).toEqual([
      'Account growth by day,instagram followers 2026-10-01,1000,',
      'Account growth by day,instagram followers 2026-10-02,1010,',
      'Account growth by day,instagram followers 2026-10-03,1030,',
      'Account growth by day,instagram mediaCount 2026-10-02,11,',
      'Account growth by day,instagram mediaCount 2026-10-03,12,',
    ]);
    // The charts draw what the CSV lists, a point per day that reported the figure.
    expect(growthFigures(growth).map((figure) => [figure.words, figure.series.map((point) => point.value)])).toEqual([
      ['followers', [1000, 1010, 1030]],
      ['media count', [11, 12]],
    ]);
    expect(lines.length - 7).toBe(reportRows(withGrowth).length);
  });

  it("says which network's figures could not be read, since when and why, as the page says it", () => {
    const since = Date.parse('2026-10-02T08:30:00Z');
    const note = { network: 'instagram' as const, since, reason: 'Token expired (code 300)' };
    const words = unreadWords(note, createFormatter({ locale: 'en-GB', timeZone: 'UTC', hour12: false }));
    expect(words).toMatch(/^Instagram's figures could not be read since 2 Oct 2026, \d{1,2}:\d\d: Token expired \(code 300\)$/);
    const lines = reportCsv(
      { ...report, figuresUnread: [note] },
      '2026-10-01',
      '2026-10-02',
      createFormatter({ locale: 'en-GB', timeZone: 'UTC', hour12: false }),
    ).split('\r\n');
    expect(lines).toContain(`Account growth,instagram not read,${csvField(words)},`);
  });

  it('shows comments and direct messages apart once the report has direct messages, the CSV as the page', () => {
    // Comments alone: the summary says it all, no table and no rows.
    expect(kindFigures(report)).toEqual([]);
    const comments = { kind: 'comment' as const, totals: base.totals, firstResponse: base.firstResponse, target: base.target };
    const messages = {
      kind: 'conversation' as const,
      totals: { received: 2, answered: 1, unanswered: 1, hidden: 0, deleted: 0 },
      firstResponse: { medianMs: 30 * 60_000, p90Ms: 30 * 60_000 },
      target: { minutes: 240, clock: 'business' as const, within: 1, missed: 0, pending: 1, share: 1 },
    };
    const withMessages: ClientReport = {
      ...report,
      current: {
        ...base,
        byKind: [comments, messages],
        byChannel: [...base.byChannel, { network: 'instagram', kind: 'conversation', received: 2, answered: 1, unanswered: 1, hidden: 0, deleted: 0 }],
      },
      previous: { ...report.previous, byKind: [comments] },
    };
    expect(kindFigures(withMessages).map((row) => [row.words, row.now?.totals.received, row.before?.totals.received ?? null])).toEqual([
      ['Comments', 5, 5],
      ['Direct messages', 2, null],
    ]);
    const lines = reportCsv(withMessages, '2026-10-01', '2026-10-02').split('\r\n');
    expect(lines).toContain('Comments and direct messages,Comments: typical first answer (minutes),90,90');
    expect(lines).toContain('Comments and direct messages,Direct messages: received,2,0');
    expect(lines).toContain('Comments and direct messages,Direct messages: typical first answer (minutes),30,');
    expect(lines).toContain('Comments and direct messages,Direct messages: answered within target,1,0');
    // A network's comments and messages are two rows of the volume, not one name twice.
    expect(lines).toContain('Volume by network,Instagram received,5,0');
    expect(lines).toContain('Volume by network,Instagram direct messages received,2,0');
    expect(lines.length - 7).toBe(reportRows(withMessages).length);
  });

  it('says durations in words and picks the calendar month before', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45 * 60_000)).toBe('45 min');
    expect(formatDuration(200 * 60_000)).toBe('3 h 20 min');
    expect(formatDuration(52 * 3_600_000)).toBe('2 d 4 h');
    expect(lastMonth(new Date(2026, 0, 15))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonth(new Date(2026, 2, 31))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});

// Issue 27, item 15: the CSV's volume rows name each network as the client knows it ("bluesky
// received" before), never by the app's id.
describe('the report CSV names networks', () => {
  it('by their display names in the volume rows', () => {
    const names = reportRows(report)
      .filter((row) => row.section === 'Volume by network')
      .map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name, name).toMatch(/^[A-Z]/);
  });
});
