// The report's one on-target figure, split: answered on time, answered late, not answered yet
// (overdue or still pending), never one blended share; items answered before opening hours counted
// apart and left out of the response times "in hours". Hand-worked on Berlin's clock (CET +1 until
// Sun 29 March 2026 01:00Z, CEST +2 after), Mon–Fri 09:00–17:00, target 4 business hours.
import { describe, expect, it } from 'vitest';
import { computeResponsiveness, type ReceivedItem } from '../../../src/main/core/report/responsiveness.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';

const HOUR = 3_600_000;
const t = (iso: string) => Date.parse(iso);
const MARCH = { start: t('2026-02-28T23:00:00Z'), end: t('2026-03-31T22:00:00Z') };
/** Wed 1 April 09:30 CEST. */
const AS_OF = t('2026-04-01T07:30:00Z');

function item(id: string, createdAt: string, answeredAt: string | null): ReceivedItem {
  return {
    id,
    kind: 'comment',
    network: 'instagram',
    createdAt: t(createdAt),
    hidden: false,
    deleted: false,
    firstResponse: answeredAt === null ? null : { at: t(answeredAt), source: 'seen-by-sync' },
  };
}

const ITEMS = [
  // P: Mon 2 Mar 10:00 → 11:00 CET: 1 h, on time.
  item('P', '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z'),
  // Q: Mon 2 Mar 10:00 → Tue 3 Mar 10:00 CET: Mon 7 h + Tue 1 h = 8 h, late.
  item('Q', '2026-03-02T09:00:00Z', '2026-03-03T09:00:00Z'),
  // R: Sat 7 Mar 11:00 → Sun 8 Mar 20:00 CET: answered before Monday's opening, 0 business minutes, on time.
  item('R', '2026-03-07T10:00:00Z', '2026-03-08T19:00:00Z'),
  // S: Mon 30 Mar 10:00 CEST, unanswered: at Wed 09:30 it is 7 h + 8 h + 30 min = 15.5 h old, overdue.
  item('S', '2026-03-30T08:00:00Z', null),
  // T: Tue 31 Mar 16:30 CEST, unanswered: 30 min + 30 min = 1 h old, still within the target.
  item('T', '2026-03-31T14:30:00Z', null),
  // U: Wed 4 Mar 12:00 CET, a reply stamped 11:00 (two machines' clocks): 0, but not "before opening".
  item('U', '2026-03-04T11:00:00Z', '2026-03-04T10:00:00Z'),
];

describe('the on-target split and the items answered before opening hours', () => {
  const report = computeResponsiveness({ items: ITEMS, period: MARCH, asOf: AS_OF, settings: defaultClientSettings('Europe/Berlin') });

  it('answered on time, answered late, not answered yet: each counted apart', () => {
    expect(report.targetSplit).toEqual({ minutes: 240, clock: 'business', answeredOnTime: 3, answeredLate: 1, unansweredOverdue: 1, unansweredPending: 1 });
    // The parts add up to what was received (nothing hidden or deleted here).
    const split = report.targetSplit!;
    expect(split.answeredOnTime + split.answeredLate).toBe(report.totals.answered);
    expect(split.unansweredOverdue + split.unansweredPending).toBe(report.totals.unanswered);
  });

  it('the item answered before opening hours is counted as such, and the times in hours leave it out', () => {
    expect(report.beforeOpening.answered).toBe(1);
    // In hours: P 1 h, Q 8 h, U 0 (skew): nearest rank, median the 2nd of 3 = 1 h, p90 the 3rd = 8 h.
    expect(report.beforeOpening.inHours).toEqual({ medianMs: 1 * HOUR, p90Ms: 8 * HOUR });
    // Every answered item, R's 0 included: the 2nd of [0, 0, 1 h, 8 h] is 0.
    expect(report.firstResponse.medianMs).toBe(0);
  });

  it('on a client without business hours nothing is "before opening"', () => {
    const wall = computeResponsiveness({
      items: ITEMS,
      period: MARCH,
      asOf: AS_OF,
      settings: { ...defaultClientSettings('Europe/Berlin'), businessHours: null, responseTarget: { minutes: 240, clock: 'wall' } },
    });
    // Wall clock, 4 h: P 1 h and U 0 on time; Q 24 h and R 33 h late.
    expect(wall.beforeOpening.answered).toBe(0);
    expect(wall.targetSplit).toMatchObject({ answeredOnTime: 2, answeredLate: 2 });
  });

  it('no target: no split', () => {
    const none = computeResponsiveness({
      items: ITEMS,
      period: MARCH,
      asOf: AS_OF,
      settings: { ...defaultClientSettings('Europe/Berlin'), responseTarget: null },
    });
    expect(none.targetSplit).toBeNull();
  });
});
