import { describe, expect, it } from 'vitest';
import { receivedItems } from '../../../src/main/core/report/firstResponses.ts';
import { ReportInputError } from '../../../src/main/core/report/reportInputError.ts';
import { receivedByDay, reportPeriods } from '../../../src/main/core/report/reportPeriod.ts';
import { engagementOf } from '../../../src/main/core/report/topPosts.ts';
import type { ReportItemRecord } from '../../../src/main/core/store/types.ts';

const T = Date.parse('2026-10-05T10:00:00Z');
const MIN = 60_000;

function record(key: string, replies: { socialCommentId: string; at: number }[] = [], hidden = false): ReportItemRecord {
  const [platform, social] = key.split(':') as ['instagram', string];
  return { key: `${platform}:${social}`, platform, socialPostId: 'p1', createdAt: T, hidden, accountReplies: replies };
}

describe('first responses', () => {
  it('times a reply the app sent by the outbox, any other by the sync, and takes the earliest', () => {
    const items = receivedItems(
      [
        record('instagram:by-sync', [{ socialCommentId: 'r1', at: T + 10 * MIN }]),
        // The app's reply, seen by the sync with the network's stamp, confirmed by the outbox later.
        record('instagram:by-app', [{ socialCommentId: 'r2', at: T + 5 * MIN }]),
        // Answered from the network's app first, then by the app.
        record('instagram:both', [
          { socialCommentId: 'elsewhere', at: T + 3 * MIN },
          { socialCommentId: 'r3', at: T + 30 * MIN },
        ]),
        // Sent by the app, not yet seen by the sync.
        record('instagram:not-synced'),
        record('instagram:unanswered'),
        record('instagram:hidden', [], true),
      ],
      [
        { answers: 'instagram:by-app', platform: 'instagram', socialCommentId: 'r2', at: T + 6 * MIN },
        { answers: 'instagram:both', platform: 'instagram', socialCommentId: 'r3', at: T + 31 * MIN },
        { answers: 'instagram:not-synced', platform: 'instagram', socialCommentId: null, at: T + 7 * MIN },
      ],
    );
    expect(items.map((item) => [item.id, item.firstResponse])).toEqual([
      ['instagram:by-sync', { at: T + 10 * MIN, source: 'seen-by-sync' }],
      ['instagram:by-app', { at: T + 6 * MIN, source: 'outbox-confirmed' }],
      ['instagram:both', { at: T + 3 * MIN, source: 'seen-by-sync' }],
      ['instagram:not-synced', { at: T + 7 * MIN, source: 'outbox-confirmed' }],
      ['instagram:unanswered', null],
      ['instagram:hidden', null],
    ]);
    expect(items.every((item) => item.kind === 'comment' && !item.deleted)).toBe(true);
    expect(items.at(-1)?.hidden).toBe(true);
  });
});

describe('report periods', () => {
  it('reads calendar days in the client zone, across a DST change, a calendar month compared with the calendar month before', () => {
    const october = reportPeriods('2026-10-01', '2026-10-31', 'Europe/Berlin');
    expect(new Date(october.current.start).toISOString()).toBe('2026-09-30T22:00:00.000Z');
    // Berlin is back on winter time on 25 October.
    expect(new Date(october.current.end).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(october.days).toBe(31);
    // September, not "31 Aug – 30 Sep" (issue 27): Berlin's 1 September midnight.
    expect(new Date(october.previous.start).toISOString()).toBe('2026-08-31T22:00:00.000Z');
    expect(october.previous.end).toBe(october.current.start);
    // Three whole months: the three before. February after January: 28 days before, not 28 days of January.
    const quarter = reportPeriods('2026-10-01', '2026-12-31', 'UTC');
    expect(new Date(quarter.previous.start).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(new Date(reportPeriods('2026-03-01', '2026-03-31', 'UTC').previous.start).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('compares any other range of days with the same number of days before it', () => {
    const thirty = reportPeriods('2026-10-31', '2026-11-29', 'UTC');
    expect(new Date(thirty.previous.start).toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(thirty.previous.end).toBe(thirty.current.start);
    // From the 1st to a day that is not a month's last: days, not months.
    expect(new Date(reportPeriods('2026-10-01', '2026-10-15', 'UTC').previous.start).toISOString()).toBe('2026-09-16T00:00:00.000Z');
  });

  it('refuses dates that are not, reversed ranges and ranges too long', () => {
    expect(() => reportPeriods('2026-02-31', '2026-03-01', 'UTC')).toThrow(ReportInputError);
    expect(() => reportPeriods('2026-03-02', '2026-03-01', 'UTC')).toThrow(ReportInputError);
    expect(() => reportPeriods('2020-01-01', '2026-03-01', 'UTC')).toThrow(ReportInputError);
  });

  it('counts each day on the client calendar, every day listed', () => {
    const times = [Date.parse('2026-10-01T22:30:00Z'), Date.parse('2026-10-01T21:30:00Z'), Date.parse('2026-10-03T10:00:00Z')];
    expect(receivedByDay(times, '2026-10-01', 3, 'Europe/Berlin')).toEqual([
      { day: '2026-10-01', received: 1 },
      { day: '2026-10-02', received: 1 },
      { day: '2026-10-03', received: 1 },
    ]);
  });
});

describe('engagement', () => {
  it('sums one field per kind of interaction, never views', () => {
    expect(engagementOf({ reactions: { total: 10, like: 8 }, likes: 8, commentsCount: 3, sharesCount: 2, videoViews: 1000 })).toEqual({
      engagement: 15,
      fields: ['reactions.total', 'commentsCount', 'sharesCount'],
    });
    expect(
      engagementOf({ publicMetrics: { likeCount: 4, replyCount: 1, retweetCount: 2, quoteCount: 1, bookmarkCount: 5, impressionCount: 900 } }).engagement,
    ).toBe(13);
    expect(engagementOf({ views: 3 })).toEqual({ engagement: null, fields: [] });
  });
});
