// The past days rebuilt from the service's per-day values: today's running totals minus the amounts
// of the days after each day. Hand-worked.
import { describe, expect, it } from 'vitest';
import { pastDays } from '../../../src/main/core/sync/dailyAccountFigures.ts';

describe('past days from daily values', () => {
  it('tiktok: followers and views walked back from today, under their daily names', () => {
    const analytics = {
      followerCount: 1000,
      viewCountTotal: 5000,
      likeCountTotal: 300,
      commentCountTotal: 20,
      shareCountTotal: 10,
      daily: [
        // Out of order on purpose: the days are sorted.
        { date: '2026-11-03', followers: 5, videoViews: 100, likes: 3, comments: 1, shares: 0 },
        { date: '2026-11-01', followers: 2, videoViews: 40, likes: 1, comments: 0, shares: 1 },
        { date: '2026-11-02', followers: 3, videoViews: 60, likes: 2, comments: 0, shares: 0 },
      ],
    };
    const days = pastDays('tiktok', analytics);
    expect(days.map((day) => [day.day, day.figures.followers, day.figures.views, day.figures.engagement])).toEqual([
      // 3 Nov: today's totals; 2 Nov: minus 3 Nov's; 1 Nov: minus 3 and 2 Nov's.
      ['2026-11-01', 1000 - 5 - 3, 5000 - 100 - 60, 330 - 4 - 2],
      ['2026-11-02', 1000 - 5, 5000 - 100, 330 - 4],
      ['2026-11-03', 1000, 5000, 330],
    ]);
    expect(days.every((day) => day.entry.fromDaily)).toBe(true);
  });

  it('instagram: no follower counts per day, so no followers in the past days (no flat line that never was)', () => {
    const days = pastDays('instagram', {
      followersCount: 900,
      reachCount: 700,
      daily: [
        { date: '2026-11-01', reachCount: 30 },
        { date: '2026-11-02', reachCount: 50 },
      ],
    });
    expect(days.map((day) => [day.day, day.figures.reach, day.figures.followers])).toEqual([
      ['2026-11-01', 650, undefined],
      ['2026-11-02', 700, undefined],
    ]);
  });

  it('youtube: subscribers from gained minus lost; views adjust the channel total', () => {
    const days = pastDays('youtube', {
      subscriberCount: '500',
      viewCount: 10_000,
      views: 900,
      subscribersGained: 40,
      subscribersLost: 4,
      daily: [
        { date: '2026-11-01', subscribersGained: 2, subscribersLost: 1, views: 30 },
        { date: '2026-11-02', subscribersGained: 5, subscribersLost: 2, views: 70 },
      ],
    });
    expect(days.map((day) => [day.day, day.figures.followers, day.figures.views])).toEqual([
      ['2026-11-01', 500 - 3, 10_000 - 70],
      ['2026-11-02', 500, 10_000],
    ]);
  });

  it('no daily values, or not an answer: no days', () => {
    expect(pastDays('facebook', { followersCount: 3 })).toEqual([]);
    expect(pastDays('facebook', 'nonsense')).toEqual([]);
    expect(pastDays('facebook', { daily: [{ date: 'yesterday', like: 1 }, null] })).toEqual([]);
  });
});
