import { describe, expect, it } from 'vitest';
import type { AnalyticsSnapshot, PostSummary } from '../../../src/shared/domain/posts.ts';
import { resolveKey } from '../../../src/renderer/logic/keymap.ts';
import {
  freshnessWords,
  csvField,
  dataBadges,
  flatLabel,
  formatChange,
  keyMetrics,
  metricLabel,
  metricValueWords,
  numericMetrics,
  postsCsv,
  postWords,
  relativeAhead,
  seriesOf,
} from '../../../src/renderer/logic/postMetrics.ts';
import { setFormatter } from '../../../src/renderer/logic/format.ts';

// The app's formatter follows the system's locale and zone; these words are pinned to en-GB in UTC.
setFormatter({ locale: 'en-GB', timeZone: 'UTC' });

const NO_FLAGS = { notOwned: false, preBusiness: false, notFoundAt: null as string | null };

function snap(id: number, fetchedAt: number, metrics: Record<string, unknown>, extra: Partial<AnalyticsSnapshot> = {}): AnalyticsSnapshot {
  return {
    id,
    profileId: 'p1',
    platform: 'twitter',
    socialPostId: 't1',
    fetchedAt,
    lastUpdated: '2026-03-01T10:00:00Z',
    nextUpdate: '2026-03-01T11:00:00Z',
    metrics,
    ...extra,
  };
}

function summary(platform: PostSummary['post']['platform'], id: string, created: string, text: string, metrics: Record<string, unknown> | null): PostSummary {
  return {
    post: { key: `${platform}:${id}`, profileId: 'p1', platform, socialPostId: id, servicePostId: null, text, url: null, created, disableComments: false },
    commentCount: 2,
    lastCommentAt: null,
    latest: metrics === null ? null : snap(1, 0, metrics, { platform, socialPostId: id }),
    flags: { notOwned: false, preBusiness: false, notFoundAt: null },
  };
}

describe('metric labels', () => {
  it('names every field in plain words, twitter groups included', () => {
    expect(metricLabel('reachCount')).toBe('Reach');
    expect(metricLabel('estimatedMinutesWatched')).toBe('Minutes watched');
    expect(metricLabel('someNewField')).toBe('Some new field');
    expect(flatLabel('nonPublicMetrics.userProfileClicks')).toBe('Non-public metrics · Profile clicks');
  });

  it("writes the service's kind of media and format in plain words, not REELS or VIDEO (issue 29)", () => {
    expect(`${metricLabel('mediaProductType')}: ${metricValueWords('mediaProductType', 'REELS')}`).toBe('Posted as: A reel');
    expect(`${metricLabel('mediaType')}: ${metricValueWords('mediaType', 'VIDEO')}`).toBe('Kind of media: Video');
    expect(metricValueWords('mediaType', 'CAROUSEL_ALBUM')).toBe('Carousel (several photos or videos)');
    // A value the app does not know yet: still no capitals and underscores.
    expect(metricValueWords('mediaProductType', 'NEW_KIND')).toBe('New kind');
    // Other text is shown as sent.
    expect(metricValueWords('caption', 'LOUD CAPTION')).toBe('LOUD CAPTION');
  });

  it('flattens one level of numbers and leaves entities and text out', () => {
    const numbers = numericMetrics({ post: 'hi', publicMetrics: { likeCount: 3, note: 'x' }, entities: { urls: [] }, views: 9, tags: ['a'] });
    expect(numbers).toEqual({ 'publicMetrics.likeCount': 3, views: 9 });
  });

  it('picks each network’s key metrics for the list, falling back to what is there', () => {
    expect(keyMetrics('youtube', { views: 1, likes: 2, shares: 3 })).toEqual(['views', 'likes']);
    expect(keyMetrics('threads', { quotes: 1 })).toEqual(['quotes']);
  });
});

describe('history series', () => {
  it('orders snapshots by fetch time and skips those without the metric', () => {
    const series = seriesOf([snap(2, 3000, { views: 30 }), snap(1, 1000, { views: 10 }), snap(3, 2000, { likes: 1 })], 'views');
    expect(series).toEqual({ x: [1, 3], y: [10, 30] });
  });
});

describe('honest badges', () => {
  it('shows backfilled with its date, recovered, and omitted non-public twitter metrics', () => {
    const badges = dataBadges(
      'twitter',
      snap(1, 0, { publicMetrics: { likeCount: 1 } }, { backfilledFrom: '2026-02-03T00:00:00Z', recoveredFrom: '2026-02-01T00:00:00Z' }),
      NO_FLAGS,
    );
    expect(badges.map((b) => b.kind)).toEqual(['backfilled', 'recovered', 'omitted']);
    expect(badges[0]?.text).toBe('Backfilled from 3 Feb 2026');
    expect(dataBadges('twitter', snap(1, 0, { publicMetrics: {}, nonPublicMetrics: {} }), NO_FLAGS)).toEqual([]);
    expect(dataBadges('facebook', snap(1, 0, {}), NO_FLAGS)).toEqual([]);
  });

  it('says not found (186), another channel’s video and pre-business posts from the post’s flags', () => {
    const texts = (flags: Partial<typeof NO_FLAGS>) => dataBadges('youtube', null, { ...NO_FLAGS, ...flags }).map((b) => b.text);
    expect(texts({ notFoundAt: '2026-03-01T00:00:00Z' })).toEqual(['Not found for this account']);
    expect(texts({ notOwned: true })).toEqual(['Video of another channel: metrics not available']);
    expect(texts({ preBusiness: true })).toEqual(['Limited: posted before the business conversion']);
  });
});

describe('times and changes', () => {
  it('says when the next update is due', () => {
    expect(relativeAhead(10 * 60_000, 0)).toBe('in 10 min');
    expect(relativeAhead(3 * 3_600_000, 0)).toBe('in 3 h');
    expect(relativeAhead(0, 5)).toBe('due now');
    expect(formatChange(12)).toBe('+12');
    expect(formatChange(-1200)).toBe('−1,200');
    expect(formatChange(0)).toBe('no change');
  });
});

describe('CSV export', () => {
  it('quotes commas, quotes, line breaks and edge spaces, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('writes one row per post and network in the date range, with the union of metric columns, in names and local times (issue 27, item 15)', () => {
    const twitter = summary('twitter', 't1', '2026-03-05T10:00:00Z', 'Hello, "world"', { publicMetrics: { likeCount: 4 } });
    const posts = [
      { ...twitter, post: { ...twitter.post, url: 'https://x.example/status/t1' } },
      summary('youtube', 'y1', '2026-03-02T10:00:00Z', 'Video', { views: 100 }),
      summary('facebook', 'f1', '2026-02-01T10:00:00Z', 'Old', { likeCount: 1 }),
      summary('linkedin', 'l1', '2026-03-03T10:00:00Z', 'No metrics yet', null),
      // A post tracked by hand has no text of its own: its title says which it is.
      summary('instagram', 'i1', '2026-03-04T23:30:00Z', '', { title: 'Guest Class', likeCount: 2 }),
    ];
    posts[1] = { ...posts[1]!, latest: { ...posts[1]!.latest!, backfilledFrom: '2026-02-27T08:15:00Z' } };
    // Paris is an hour ahead of UTC in March: every time is written as its clock reads, the zone in the header.
    setFormatter({ locale: 'en-GB', timeZone: 'Europe/Paris' });
    try {
      const csv = postsCsv(posts, { from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-03-31T23:59:59Z') }, 'Bloom Bakery');
      const lines = csv.trimEnd().split('\r\n');
      // One column per figure, by its name (logic/metricFigures.ts), not the service's field.
      expect(lines[0]).toBe(
        'client,network,posted (Central European Time),post,comments in the inbox,figures as of (Central European Time),' +
          'figures filled in from stored data of (Central European Time),figures recovered from stored data of (Central European Time),' +
          'Likes,Views,link to the post,post id on the network (to find it there)',
      );
      expect(lines).toHaveLength(5);
      expect(lines[1]).toBe('Bloom Bakery,X (Twitter),2026-03-05 11:00,"Hello, ""world""",2,2026-03-01 11:00,,,4,,https://x.example/status/t1,t1');
      expect(lines[2]).toBe('Bloom Bakery,YouTube,2026-03-02 11:00,Video,2,2026-03-01 11:00,2026-02-27 09:15,,,100,,y1');
      expect(lines[3]).toBe('Bloom Bakery,LinkedIn,2026-03-03 11:00,No metrics yet,2,,,,,,,l1');
      // Past midnight in Paris: the day is the local one.
      expect(lines[4]).toBe('Bloom Bakery,Instagram,2026-03-05 00:30,Guest Class,2,2026-03-01 11:00,,,2,,,i1');
      // No ISO time, no network code, anywhere.
      expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}T|\btwitter\b|\byoutube\b/);
    } finally {
      setFormatter({ locale: 'en-GB', timeZone: 'UTC' });
    }
  });
});

describe('keyboard', () => {
  it('goes to Posts with g p', () => {
    const pending = resolveKey({ key: 'g', ctrlKey: false, metaKey: false, altKey: false, typing: false }, { pendingG: false });
    expect(resolveKey({ key: 'p', ctrlKey: false, metaKey: false, altKey: false, typing: false }, pending.state).action).toEqual({
      type: 'goto',
      view: 'posts',
    });
  });
});

describe("a post's words", () => {
  it('are its text, else the title or caption its numbers carry, else nothing', () => {
    expect(postWords({ text: 'Our autumn collection' }, { metrics: { title: 'ignored' } })).toBe('Our autumn collection');
    expect(postWords({ text: '' }, { metrics: { title: 'Guest Class', caption: 'no' } })).toBe('Guest Class');
    expect(postWords({ text: '' }, { metrics: { caption: 'A caption' } })).toBe('A caption');
    expect(postWords({ text: '' }, { metrics: { title: 42 } })).toBe('');
    expect(postWords({ text: '' }, null)).toBe('');
  });
});

// Issue 27, item 15: "next update just now" — a next update already passed read as a past time.
describe('the next update in words', () => {
  const past = (then: number, now: number) => `${Math.round((now - then) / 60_000)} min ago`;
  it('is "due now" once passed, never a past time; ahead it says how long', () => {
    const now = Date.UTC(2026, 10, 28, 23, 57);
    expect(freshnessWords(now - 2 * 60_000, now, true, past)).toBe('due now');
    expect(freshnessWords(now, now, true, past)).toBe('due now');
    expect(freshnessWords(now + 5 * 60_000, now, true, past)).toBe('in 5 min');
    expect(freshnessWords(now - 2 * 60_000, now, false, past)).toBe('2 min ago');
  });
});
