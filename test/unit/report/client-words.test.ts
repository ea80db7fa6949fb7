// Issue 27, item 13 (and 8's "Prepared"): the client reads outcomes. No "period before" figure when
// the client's figures begin inside it (the footnote says why), "0" instead of "none answered",
// the caveats of unranked posts in the footnote, and "Prepared …" on the user's clock, its zone named
// when the client's hours are counted in another.
import { describe, expect, it } from 'vitest';
import type { ClientReport, ResponsivenessView } from '../../../src/shared/domain/clientReport.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import { createFormatter } from '../../../src/shared/format/formatter.ts';
import { comparesWithBefore, definitions, headlines, preparedWords } from '../../../src/renderer/logic/reportWords.ts';

const HOUR = 3_600_000;
const NOVEMBER = { start: Date.parse('2026-11-01T04:00:00Z'), end: Date.parse('2026-12-01T05:00:00Z') };
const OCTOBER = { start: Date.parse('2026-10-01T04:00:00Z'), end: NOVEMBER.start };
// 28 Nov 2026, 23:05 UTC: 6:05 PM in New York.
const AS_OF = Date.parse('2026-11-28T23:05:00Z');

function view(period: { start: number; end: number }, answered: number, received: number): ResponsivenessView {
  return {
    period,
    asOf: AS_OF,
    counts: 'business',
    totals: { received, answered, unanswered: received - answered, hidden: 0, deleted: 0 },
    byChannel: [],
    answeredBySource: { 'outbox-confirmed': 0, 'seen-by-sync': answered },
    firstResponse: { medianMs: 0, p90Ms: HOUR },
    distribution: [],
    target: null,
    targetSplit: { minutes: 240, clock: 'business', answeredOnTime: answered, answeredLate: 0, unansweredOverdue: received - answered, unansweredPending: 0 },
    beforeOpening: { answered: 0, inHours: { medianMs: HOUR, p90Ms: HOUR } },
    slowestUnanswered: [],
  };
}

function report(figuresSince: number, timeZone = 'America/New_York'): ClientReport {
  return {
    profileId: 'p',
    clientTitle: 'Bloom Bakery',
    settings: defaultClientSettings(timeZone),
    current: view(NOVEMBER, 102, 542),
    previous: view(OCTOBER, 0, 1),
    byDay: [],
    topPosts: [],
    postsAwaitingFigures: 13,
    growth: { collected: false },
    figuresSince,
  };
}

describe('the report in the client’s words', () => {
  const format = createFormatter({ locale: 'en-US', timeZone: 'America/New_York' });

  it('shows no period before when the client’s figures begin inside it, and says so in the footnote', () => {
    const first = report(Date.parse('2026-10-30T12:00:00Z'));
    expect(comparesWithBefore(first)).toBe(false);
    expect(headlines(first, format).map((figure) => figure.before)).toEqual([null, null, null, null]);
    expect(definitions(first, format)).toContain('The figures begin on Oct 30, 2026, so there is no period before to compare with.');
    // Figures from before October: the comparison stands, and "0", never "none answered".
    const covered = report(Date.parse('2026-09-01T12:00:00Z'));
    expect(comparesWithBefore(covered)).toBe(true);
    const onTarget = headlines(covered, format).find((figure) => figure.key === 'on-target');
    expect(onTarget?.before).toBe('0');
    expect(headlines(covered, format).find((figure) => figure.key === 'received')?.before).toBe('1');
    expect(definitions(covered, format)).not.toContain('no period before');
  });

  it('puts unranked posts in the footnote, in the client’s words, and names the zone the hours are counted in', () => {
    const words = definitions(report(0), format);
    expect(words).toContain('Times are counted in business hours, New York time');
    expect(words).toContain('Top posts are ranked on the figures the networks had reported when the report was made; 13 posts had none yet.');
    expect(words).not.toMatch(/from this app|not ranked|UTC|GMT\+/u);
  });

  it('says when it was prepared on the user’s clock, naming the user’s zone when the client counts in another', () => {
    // The test runs on the machine's zone: the expected words are that zone's, never the client's.
    const mine = createFormatter({ locale: 'en-US' });
    const inLondon = preparedWords(report(0, 'Europe/London'), format);
    expect(inLondon.startsWith(`Prepared ${mine.dateTime(AS_OF)}`)).toBe(true);
    if (mine.timeZone !== 'Europe/London') expect(inLondon).toMatch(/\(.+\)$/u);
    const same = preparedWords(report(0, mine.timeZone), format);
    expect(same).toBe(`Prepared ${mine.dateTime(AS_OF)}`);
  });
});
