// The client report's sentences, hand-checked in en-GB on Berlin's clock: the title, the on-target
// figure (on time / late / not answered yet apart), plurals that agree with their number, ages in
// business hours, quotes cut at a word.
import { describe, expect, it } from 'vitest';
import type { ClientReport, ResponsivenessView } from '../../../src/shared/domain/clientReport.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import { createFormatter } from '../../../src/shared/format/formatter.ts';
import { ageWords, headlines, onTargetWords, reportTitle, targetWords, waitingLines } from '../../../src/renderer/logic/reportWords.ts';

const HOUR = 3_600_000;
// October 2026 on Berlin's clock: 1 Oct 00:00 CEST → 1 Nov 00:00 CET.
const OCTOBER = { start: Date.parse('2026-09-30T22:00:00Z'), end: Date.parse('2026-10-31T23:00:00Z') };
const format = createFormatter({ locale: 'en-GB', timeZone: 'Europe/Berlin', hour12: false });

function view(split: { onTime: number; late: number; overdue: number; pending: number }, early = 0): ResponsivenessView {
  const answered = split.onTime + split.late;
  const unanswered = split.overdue + split.pending;
  return {
    period: OCTOBER,
    asOf: OCTOBER.end + HOUR,
    counts: 'business',
    totals: { received: answered + unanswered, answered, unanswered, hidden: 0, deleted: 0 },
    byChannel: [],
    answeredBySource: { 'outbox-confirmed': 0, 'seen-by-sync': answered },
    firstResponse: { medianMs: 0, p90Ms: 3 * HOUR },
    distribution: [],
    target: { minutes: 240, clock: 'business', within: split.onTime, missed: split.late + split.overdue, pending: split.pending, share: null },
    targetSplit: {
      minutes: 240,
      clock: 'business',
      answeredOnTime: split.onTime,
      answeredLate: split.late,
      unansweredOverdue: split.overdue,
      unansweredPending: split.pending,
    },
    beforeOpening: { answered: early, inHours: { medianMs: 80 * 60_000, p90Ms: 3 * HOUR } },
    slowestUnanswered: [
      {
        id: 'instagram:c1',
        network: 'instagram',
        kind: 'comment',
        createdAt: Date.parse('2026-10-30T08:05:00Z'),
        ageMs: 30 * HOUR,
        author: 'Ana',
        text: 'Do you still have the #sourdough loaves from Saturday, or are they all gone already?',
      },
      { id: 'dm:facebook:x', network: 'facebook', kind: 'conversation', createdAt: Date.parse('2026-10-31T09:00:00Z'), ageMs: 20 * 60_000 },
    ],
  };
}

function report(current: ResponsivenessView, previous: ResponsivenessView): ClientReport {
  return {
    profileId: 'p',
    clientTitle: 'Bloom Bakery',
    settings: defaultClientSettings('Europe/Berlin'),
    current,
    previous,
    byDay: [],
    topPosts: [],
    growth: { collected: false },
  };
}

describe('the report in words', () => {
  it('titles the PDF "<Client> – <period> report" with the period on the client’s calendar', () => {
    expect(reportTitle(report(view({ onTime: 1, late: 0, overdue: 0, pending: 0 }), view({ onTime: 0, late: 0, overdue: 0, pending: 0 })), format)).toBe(
      'Bloom Bakery – 1 – 31 Oct 2026 report',
    );
  });

  it('says the on-target figure with its parts apart, never one share', () => {
    expect(onTargetWords(view({ onTime: 86, late: 17, overdue: 400, pending: 39 }), format)).toBe(
      '86 of 103 answered within 4 business hours; 439 not answered yet',
    );
    expect(onTargetWords(view({ onTime: 1, late: 0, overdue: 0, pending: 0 }), format)).toBe('1 of 1 answered within 4 business hours');
    expect(onTargetWords({ ...view({ onTime: 1, late: 0, overdue: 0, pending: 0 }), targetSplit: null }, format)).toBeNull();
  });

  it('agrees every counted word with its number', () => {
    expect(targetWords(60, 'business', format)).toBe('1 business hour');
    expect(targetWords(90, 'wall', format)).toBe('1 h 30 min');
    const one = headlines(report(view({ onTime: 1, late: 0, overdue: 1, pending: 0 }, 1), view({ onTime: 0, late: 0, overdue: 0, pending: 0 })), format);
    const sentences = one.map((figure) => figure.meaning).join(' ');
    expect(sentences).toContain('Of the 1 answer given, 1 came within the target and 0 later.');
    expect(sentences).toContain('1 answer sent before opening hours is left out');
    const many = headlines(report(view({ onTime: 5, late: 2, overdue: 1, pending: 2 }, 3), view({ onTime: 1, late: 1, overdue: 0, pending: 0 })), format);
    expect(many.map((figure) => figure.meaning).join(' ')).toContain('Of the 7 answers given, 5 came within the target and 2 later.');
    expect(many.map((figure) => figure.meaning).join(' ')).toContain('3 answers sent before opening hours are left out');
    expect(many.find((figure) => figure.key === 'on-target')).toMatchObject({ value: '5 of 7', before: '1 of 2' });
    // The typical time leaves out the answers before opening: 80 min, not 0.
    expect(many.find((figure) => figure.key === 'median')?.value).toBe('1 h 20 min');
  });

  it('shows no typical time, not "0 s", when every answer came before opening hours', () => {
    const early = view({ onTime: 9, late: 0, overdue: 0, pending: 0 }, 9);
    const allEarly = { ...early, beforeOpening: { answered: 9, inHours: { medianMs: null, p90Ms: null } } };
    const median = headlines(report(allEarly, allEarly), format).find((figure) => figure.key === 'median');
    expect(median).toMatchObject({ value: '—', before: '—' });
    expect(median?.meaning).toBe('All 9 answers were sent before opening hours, so there is no typical time to show.');
  });

  it('gives the age of a waiting item in business hours, and quotes its first words cut at a word', () => {
    expect(ageWords(30 * HOUR, 'business', format)).toBe('30 business hours');
    expect(ageWords(HOUR, 'business', format)).toBe('1 business hour');
    expect(ageWords(20 * 60_000, 'wall', format)).toBe('under 1 hour');
    const [first, second] = waitingLines(view({ onTime: 0, late: 0, overdue: 2, pending: 0 }), format, 3);
    expect(first).toMatchObject({
      who: 'Ana',
      where: 'Instagram comment, 30 Oct 2026, 9:05',
      // 70 characters at most, the ellipsis one of them: "…they all" would be 70 before it.
      words: '“Do you still have the #sourdough loaves from Saturday, or are they…”',
      age: 'waiting 30 business hours',
    });
    expect(second).toMatchObject({ who: 'Someone', where: 'Facebook message, 31 Oct 2026, 10:00', words: '(no text)', age: 'waiting under 1 business hour' });
  });
});
