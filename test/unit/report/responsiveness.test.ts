// The responsiveness figures of one client and period, against hand-computed cases. Instants are
// written in UTC with the client's wall-clock reading beside them (Berlin: CET +1 until Sun
// 29 March 2026 01:00Z, CEST +2 after).
import { describe, expect, it } from 'vitest';
import { ReportInputError } from '../../../src/main/core/report/reportInputError.ts';
import { computeResponsiveness, nearestRank, type FirstResponse, type ItemKind, type ReceivedItem } from '../../../src/main/core/report/responsiveness.ts';
import { defaultClientSettings, type ClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import type { CommentNetwork } from '../../../src/shared/networks.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const t = (iso: string) => Date.parse(iso);

function item(
  id: string,
  network: CommentNetwork,
  createdAt: string,
  response: [string, FirstResponse['source']] | null,
  extra: { kind?: ItemKind; hidden?: boolean; deleted?: boolean } = {},
): ReceivedItem {
  return {
    id,
    kind: extra.kind ?? 'comment',
    network,
    createdAt: t(createdAt),
    hidden: extra.hidden ?? false,
    deleted: extra.deleted ?? false,
    firstResponse: response === null ? null : { at: t(response[0]), source: response[1] },
  };
}

/** Mon–Fri 09:00–17:00 Europe/Berlin, target 4 business hours. */
const berlin: ClientSettings = defaultClientSettings('Europe/Berlin');
/** March 2026 on Berlin's clock: Sun 1 Mar 00:00 CET → Wed 1 Apr 00:00 CEST. */
const MARCH = { start: t('2026-02-28T23:00:00Z'), end: t('2026-03-31T22:00:00Z') };
/** The report is made on Thu 2 April 12:00 CEST. */
const AS_OF = t('2026-04-02T10:00:00Z');

const MARCH_ITEMS: ReceivedItem[] = [
  // A: Fri 27 Mar 16:30 CET → Mon 30 Mar 09:30 CEST, the app's reply: 30 + 30 min = 1 h (across the DST weekend).
  item('A', 'facebook', '2026-03-27T15:30:00Z', ['2026-03-30T07:30:00Z', 'outbox-confirmed']),
  // B: Tue 3 Mar 10:00 → 10:20 CET, answered in the network's own app: 20 min.
  item('B', 'instagram', '2026-03-03T09:00:00Z', ['2026-03-03T09:20:00Z', 'seen-by-sync']),
  // C: Sat 7 Mar 11:00 → Mon 9 Mar 11:00 CET: the clock starts at Monday 09:00, so 2 h.
  item('C', 'facebook', '2026-03-07T10:00:00Z', ['2026-03-09T10:00:00Z', 'seen-by-sync']),
  // D: Wed 11 Mar 09:00 → Thu 12 Mar 15:00 CET: Wed 8 h + Thu 09:00–15:00 6 h = 14 h (misses the 4 h target).
  item('D', 'facebook', '2026-03-11T08:00:00Z', ['2026-03-12T14:00:00Z', 'outbox-confirmed']),
  // E: Mon 16 Mar 12:00 CET, a reply stamped 11:00 (clock skew): counts 0.
  item('E', 'instagram', '2026-03-16T11:00:00Z', ['2026-03-16T10:00:00Z', 'seen-by-sync']),
  // F: Tue 31 Mar 16:00 CEST, never answered. Age at Thu 2 Apr 12:00: Tue 1 h + Wed 8 h + Thu 3 h = 12 h.
  item('F', 'twitter', '2026-03-31T14:00:00Z', null),
  // G: Wed 25 Mar 10:00 CET, never answered. Age: Wed 7 h + Thu, Fri, Mon, Tue, Wed 5 × 8 h + Thu 3 h = 50 h.
  item('G', 'twitter', '2026-03-25T09:00:00Z', null),
  // H: hidden (answered, but a hidden item has no response time).
  item('H', 'facebook', '2026-03-10T09:00:00Z', ['2026-03-10T09:05:00Z', 'seen-by-sync'], { hidden: true }),
  // I: hidden and deleted: counted once, as deleted.
  item('I', 'facebook', '2026-03-12T09:00:00Z', null, { hidden: true, deleted: true }),
  // J: Tue 31 Mar 16:30 CEST → Wed 1 Apr 09:15 CEST, after the period but before the report: 30 + 15 = 45 min.
  item('J', 'facebook', '2026-03-31T14:30:00Z', ['2026-04-01T07:15:00Z', 'outbox-confirmed']),
  // K: Mon 30 Mar 10:00 CEST, answered on 3 April, after the report is made: unanswered as of the report.
  //    Age: Mon 7 h + Tue 8 h + Wed 8 h + Thu 3 h = 26 h.
  item('K', 'facebook', '2026-03-30T08:00:00Z', ['2026-04-03T08:00:00Z', 'outbox-confirmed']),
  // L: exactly at the period's start, Sun 1 Mar 00:00 CET → Mon 2 Mar 09:45 CET: 45 min.
  item('L', 'youtube', '2026-02-28T23:00:00Z', ['2026-03-02T08:45:00Z', 'seen-by-sync']),
  // M: a DM, Thu 19 Mar 17:30 → Fri 20 Mar 08:30 CET: both out of hours, 0.
  item('M', 'instagram', '2026-03-19T16:30:00Z', ['2026-03-20T07:30:00Z', 'outbox-confirmed'], { kind: 'conversation' }),
  // Outside the period: Fri 27 Feb, and exactly at its end (Wed 1 Apr 00:00 CEST).
  item('feb', 'facebook', '2026-02-27T10:00:00Z', ['2026-02-27T10:30:00Z', 'seen-by-sync']),
  item('april', 'facebook', '2026-03-31T22:00:00Z', null),
];

describe('responsiveness of one client for March 2026 (Berlin, Mon–Fri 09:00–17:00, target 4 business hours)', () => {
  const report = computeResponsiveness({ items: MARCH_ITEMS, period: MARCH, asOf: AS_OF, settings: berlin, slowestCount: 2 });

  it('counts every item of the period once: answered, unanswered, hidden or deleted', () => {
    // Answered: A B C D E J L M = 8; unanswered: F G K = 3; hidden: H; deleted: I. 13 in the period.
    expect(report.counts).toBe('business');
    expect(report.totals).toEqual({ received: 13, answered: 8, unanswered: 3, hidden: 1, deleted: 1 });
  });

  it('splits the counts by network and kind', () => {
    expect(report.byChannel).toEqual([
      // A C D H I J K: answered A C D J, unanswered K, hidden H, deleted I.
      { network: 'facebook', kind: 'comment', received: 7, answered: 4, unanswered: 1, hidden: 1, deleted: 1 },
      { network: 'instagram', kind: 'comment', received: 2, answered: 2, unanswered: 0, hidden: 0, deleted: 0 }, // B E
      { network: 'instagram', kind: 'conversation', received: 1, answered: 1, unanswered: 0, hidden: 0, deleted: 0 }, // M
      { network: 'twitter', kind: 'comment', received: 2, answered: 0, unanswered: 2, hidden: 0, deleted: 0 }, // F G
      { network: 'youtube', kind: 'comment', received: 1, answered: 1, unanswered: 0, hidden: 0, deleted: 0 }, // L
    ]);
  });

  it('tells replies confirmed by the outbox from replies the sync saw', () => {
    // Outbox: A D J M; sync: B C E L.
    expect(report.answeredBySource).toEqual({ 'outbox-confirmed': 4, 'seen-by-sync': 4 });
  });

  it('median and p90 are nearest-rank over the answered items’ business times', () => {
    // Sorted: E 0, M 0, B 20 min, J 45 min, L 45 min, A 1 h, C 2 h, D 14 h (n = 8).
    // Median: rank ⌈0.5 × 8⌉ = 4 → 45 min. p90: rank ⌈0.9 × 8⌉ = ⌈7.2⌉ = 8 → 14 h.
    expect(report.firstResponse).toEqual({ medianMs: 45 * MIN, p90Ms: 14 * HOUR });
  });

  it('puts each response time in its bucket, lower edge included', () => {
    // Before opening: the one answered before the next opening (0 business minutes, after the item) = 1, a bar of its own;
    // < 1 h: the others of E M B J L = 4; 1–4 h: A (exactly 1 h) and C = 2; 4–24 h: D = 1.
    expect(report.distribution.map((bucket) => [bucket.key, bucket.fromMs, bucket.toMs, bucket.count])).toEqual([
      ['before-opening', 0, 0, report.beforeOpening.answered],
      ['under-1h', 0, 1 * HOUR, 5 - report.beforeOpening.answered],
      ['1h-4h', 1 * HOUR, 4 * HOUR, 2],
      ['4h-24h', 4 * HOUR, 24 * HOUR, 1],
      ['24h-72h', 24 * HOUR, 72 * HOUR, 0],
      ['72h-plus', 72 * HOUR, null, 0],
    ]);
  });

  it('the target share is within / (within + missed)', () => {
    // Within 4 business hours: A B C E J L M = 7. Missed: D (14 h) and the unanswered F (12 h), G (50 h), K (26 h) = 4.
    expect(report.target).toEqual({ minutes: 240, clock: 'business', within: 7, missed: 4, pending: 0, share: 7 / 11 });
  });

  it('lists the slowest unanswered items, oldest first, aged in business time at the report', () => {
    // G 50 h, K 26 h (F, 12 h, is third and cut by slowestCount 2).
    expect(report.slowestUnanswered).toEqual([
      { id: 'G', network: 'twitter', kind: 'comment', createdAt: t('2026-03-25T09:00:00Z'), ageMs: 50 * HOUR },
      { id: 'K', network: 'facebook', kind: 'comment', createdAt: t('2026-03-30T08:00:00Z'), ageMs: 26 * HOUR },
    ]);
  });

  it('made as of the period’s end instead, replies after it do not count and ages run to the end', () => {
    // asOf = Wed 1 Apr 00:00 CEST. J (answered 1 Apr 09:15) is unanswered: Tue 16:30–17:00 = 30 min.
    // G: Wed 7 h + Thu, Fri, Mon, Tue 4 × 8 h = 39 h; K: Mon 7 h + Tue 8 h = 15 h; F: Tue 16:00–17:00 = 1 h.
    const atEnd = computeResponsiveness({ items: MARCH_ITEMS, period: MARCH, asOf: MARCH.end, settings: berlin });
    expect(atEnd.totals).toEqual({ received: 13, answered: 7, unanswered: 4, hidden: 1, deleted: 1 });
    expect(atEnd.slowestUnanswered.map((slow) => [slow.id, slow.ageMs])).toEqual([
      ['G', 39 * HOUR],
      ['K', 15 * HOUR],
      ['F', 1 * HOUR],
      ['J', 30 * MIN],
    ]);
    // Within: A B C E L M = 6; missed: D, G, K = 3; pending (younger than 4 h): F, J = 2.
    expect(atEnd.target).toMatchObject({ within: 6, missed: 3, pending: 2, share: 6 / 9 });
  });

  it('the period before is the same call with the previous period', () => {
    // February 2026 in Berlin: Sun 1 Feb 00:00 CET (31 Jan 23:00Z) → Sun 1 Mar 00:00 CET. Only 'feb':
    // Fri 27 Feb 11:00 → 11:30 CET = 30 min.
    const february = computeResponsiveness({
      items: MARCH_ITEMS,
      period: { start: t('2026-01-31T23:00:00Z'), end: MARCH.start },
      asOf: AS_OF,
      settings: berlin,
    });
    expect(february.totals).toEqual({ received: 1, answered: 1, unanswered: 0, hidden: 0, deleted: 0 });
    expect(february.firstResponse).toEqual({ medianMs: 30 * MIN, p90Ms: 30 * MIN });
  });
});

describe('other clients and edge cases', () => {
  it('an empty period has counts of zero and no times, no share', () => {
    const report = computeResponsiveness({ items: [], period: MARCH, asOf: AS_OF, settings: berlin });
    expect(report.totals).toEqual({ received: 0, answered: 0, unanswered: 0, hidden: 0, deleted: 0 });
    expect(report.byChannel).toEqual([]);
    expect(report.firstResponse).toEqual({ medianMs: null, p90Ms: null });
    expect(report.distribution.every((bucket) => bucket.count === 0)).toBe(true);
    expect(report.target).toEqual({ minutes: 240, clock: 'business', within: 0, missed: 0, pending: 0, share: null });
    expect(report.slowestUnanswered).toEqual([]);
  });

  it('without business hours every hour counts (Asia/Kolkata, target 60 wall-clock minutes)', () => {
    const kolkata: ClientSettings = { timeZone: 'Asia/Kolkata', businessHours: null, responseTarget: { minutes: 60, clock: 'wall' } };
    // May 2026 in Kolkata (+5:30): Fri 1 May 00:00 IST = 30 Apr 18:30Z → Mon 1 Jun 00:00 IST = 31 May 18:30Z.
    const may = { start: t('2026-04-30T18:30:00Z'), end: t('2026-05-31T18:30:00Z') };
    const report = computeResponsiveness({
      items: [
        // 10:00Z → 10:30Z: 30 min.
        item('a', 'linkedin', '2026-05-04T10:00:00Z', ['2026-05-04T10:30:00Z', 'outbox-confirmed']),
        // Sat 9 May 18:00Z → Mon 11 May 06:00Z: 36 h, weekend included.
        item('b', 'linkedin', '2026-05-09T18:00:00Z', ['2026-05-11T06:00:00Z', 'seen-by-sync']),
        // 30 min before the end, unanswered: 30 min old at the report, so still pending for a 60 min target.
        item('c', 'tiktok', '2026-05-31T18:00:00Z', null),
      ],
      period: may,
      asOf: may.end,
      settings: kolkata,
    });
    expect(report.counts).toBe('wall');
    // Sorted 30 min, 36 h: median rank ⌈1⌉ = 1 → 30 min; p90 rank ⌈1.8⌉ = 2 → 36 h.
    expect(report.firstResponse).toEqual({ medianMs: 30 * MIN, p90Ms: 36 * HOUR });
    expect(report.distribution.map((bucket) => bucket.count)).toEqual([1, 0, 0, 1, 0]);
    expect(report.target).toMatchObject({ within: 1, missed: 1, pending: 1, share: 1 / 2 });
    expect(report.slowestUnanswered).toEqual([{ id: 'c', network: 'tiktok', kind: 'comment', createdAt: t('2026-05-31T18:00:00Z'), ageMs: 30 * MIN }]);
  });

  it('a wall-clock target is judged in wall time while response times stay in business time', () => {
    // Fri 9 Jan 16:30 CET → Mon 12 Jan 09:30 CET: 1 business hour, but 65 wall-clock hours > a 4 h wall target.
    const settings: ClientSettings = { ...berlin, responseTarget: { minutes: 240, clock: 'wall' } };
    const report = computeResponsiveness({
      items: [item('x', 'bluesky', '2026-01-09T15:30:00Z', ['2026-01-12T08:30:00Z', 'outbox-confirmed'])],
      period: { start: t('2025-12-31T23:00:00Z'), end: t('2026-01-31T23:00:00Z') },
      asOf: t('2026-02-01T00:00:00Z'),
      settings,
    });
    expect(report.firstResponse.medianMs).toBe(1 * HOUR);
    expect(report.target).toMatchObject({ within: 0, missed: 1, share: 0 });
  });

  it('no target: no share', () => {
    const report = computeResponsiveness({ items: MARCH_ITEMS, period: MARCH, asOf: AS_OF, settings: { ...berlin, responseTarget: null } });
    expect(report.target).toBeNull();
  });

  it('New York: Friday 16:30 EST answered Monday 09:30 EDT (8 March 2026 weekend) is 1 business hour', () => {
    // Fri 6 Mar 16:30 EST = 21:30Z; Mon 9 Mar 09:30 EDT = 13:30Z. 30 + 30 min.
    const report = computeResponsiveness({
      items: [item('ny', 'threads', '2026-03-06T21:30:00Z', ['2026-03-09T13:30:00Z', 'seen-by-sync'])],
      period: { start: t('2026-03-01T05:00:00Z'), end: t('2026-04-01T04:00:00Z') },
      asOf: t('2026-04-01T04:00:00Z'),
      settings: defaultClientSettings('America/New_York'),
    });
    expect(report.firstResponse.medianMs).toBe(1 * HOUR);
    expect(report.target).toMatchObject({ within: 1, missed: 0 });
  });

  it('refuses a period that ends before it starts, unusable settings and unusable instants, with a typed error', () => {
    const base = { items: [], period: MARCH, asOf: AS_OF, settings: berlin };
    expect(() => computeResponsiveness({ ...base, period: { start: MARCH.end, end: MARCH.start } })).toThrow(ReportInputError);
    expect(() => computeResponsiveness({ ...base, settings: { ...berlin, timeZone: 'Nowhere/Atlantis' } })).toThrow(/Unknown time zone/);
    expect(() => computeResponsiveness({ ...base, settings: { ...berlin, businessHours: null } })).toThrow(/needs business hours/);
    expect(() => computeResponsiveness({ ...base, items: [{ ...MARCH_ITEMS[0]!, createdAt: Number.NaN }] })).toThrow(/Item A has no usable creation time/);
    expect(() => computeResponsiveness({ ...base, items: [{ ...MARCH_ITEMS[0]!, firstResponse: { at: Number.NaN, source: 'seen-by-sync' } }] })).toThrow(
      /Item A has a response with no usable time/,
    );
  });
});

describe('nearest-rank percentiles', () => {
  it('is the value at rank ⌈p/100 × n⌉', () => {
    const tenValues = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(nearestRank(tenValues, 50)).toBe(5); // ⌈5⌉ = 5
    expect(nearestRank(tenValues, 90)).toBe(9); // ⌈9⌉ = 9
    expect(nearestRank(tenValues, 91)).toBe(10); // ⌈9.1⌉ = 10
    expect(nearestRank(tenValues, 100)).toBe(10);
    expect(nearestRank([7], 90)).toBe(7);
    expect(nearestRank([], 50)).toBeNull();
  });
});
