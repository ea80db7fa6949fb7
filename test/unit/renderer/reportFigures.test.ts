import { describe, expect, it } from 'vitest';
import type { ClientReport, ResponsivenessView } from '../../../src/shared/domain/clientReport.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import { formatDuration, lastMonth, reportCsv, reportRows } from '../../../src/renderer/logic/reportFigures.ts';

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
    expect(lines).toContain('Summary,Median first response (minutes),90,');
    expect(lines).toContain('Summary,Share within target (%),50,');
    expect(lines).toContain('Response times,1–4 h,2,2');
    expect(lines).toContain('Volume by network,instagram received,5,0');
    expect(lines).toContain('Volume by day,2026-10-02,3,');
    expect(lines).toContain('Slowest unanswered,instagram:c9,125,');
    expect(lines.length - 7).toBe(reportRows(report).length);
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
