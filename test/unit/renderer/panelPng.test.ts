// The words of a metric panel's PNG: the post, its client, exact dates, every number with its label
// and change since the last look; text wrapped to the picture's width.
import { describe, expect, it } from 'vitest';
import type { AnalyticsSnapshot, PostView } from '../../../src/shared/domain/posts.ts';
import { panelPngContent, panelPngFileName, wrapLines } from '../../../src/renderer/logic/panelPng.ts';
import { setFormatter } from '../../../src/renderer/logic/format.ts';

// The app's formatter follows the system's locale and zone; these words are pinned to en-GB in UTC.
setFormatter({ locale: 'en-GB', timeZone: 'UTC' });

const NOW = Date.parse('2026-11-21T12:00:00Z');
const NO_FLAGS = { notOwned: false, preBusiness: false, notFoundAt: null };

function view(platform: PostView['platform']): PostView {
  return {
    key: `${platform}:x1`,
    profileId: 'p1',
    platform,
    socialPostId: 'x1',
    servicePostId: 's1',
    text: 'Our autumn collection is here',
    url: 'https://example.com/x1',
    created: '2026-11-12T14:02:00Z',
    disableComments: false,
  };
}

function snap(id: number, metrics: Record<string, unknown>, platform: PostView['platform'] = 'linkedin'): AnalyticsSnapshot {
  return {
    id,
    profileId: 'p1',
    platform,
    socialPostId: 'x1',
    fetchedAt: NOW - 60_000,
    lastUpdated: '2026-11-21T11:00:00Z',
    nextUpdate: '2026-11-21T13:00:00Z',
    metrics,
    backfilledFrom: undefined,
  };
}

describe('the PNG’s content', () => {
  it('has the network, client, exact dates, and each number with its change since the last look', () => {
    const latest = snap(2, { likeCount: 12, impressionCount: 1500, post: 'text' });
    const content = panelPngContent({
      post: view('linkedin'),
      latest,
      flags: NO_FLAGS,
      history: [snap(1, { likeCount: 9 }), latest],
      clientTitle: 'Studio North',
      seenBefore: { at: NOW - 3 * 86_400_000, snapshot: snap(1, { likeCount: 9, impressionCount: 1500 }) },
      now: NOW,
    });
    expect(content.title).toBe('Metrics on LinkedIn');
    expect(content.byline).toMatch(/^Studio North · posted \w{3}, 12 November 2026/);
    expect(content.groups).toEqual([
      {
        heading: 'Numbers',
        note: null,
        // In the order of the network's figures (logic/metricFigures.ts).
        tiles: [
          { key: 'impressionCount', label: 'Impressions', value: '1,500', change: 'no change since you last looked' },
          { key: 'likeCount', label: 'Likes', value: '12', change: '+3 since you last looked' },
        ],
      },
    ]);
    expect(content.dates.join('\n')).toContain('2 stored snapshots');
    expect(content.dates.join('\n')).toMatch(/Changes since you last looked, 3 days ago \(\w{3}, 18 November 2026/);
    expect(content.footer).toMatch(/^Exported from Social Inbox on \w{3}, 21 November 2026/);
  });

  it('keeps twitter’s groups, and says why a group of someone else’s post is empty', () => {
    const latest = snap(1, { publicMetrics: { likeCount: 3, impressionCount: 40 } }, 'twitter');
    const content = panelPngContent({ post: view('twitter'), latest, flags: NO_FLAGS, history: [latest], clientTitle: 'C', seenBefore: null, now: NOW });
    expect(content.groups.map((g) => [g.heading.split(' (')[0], g.tiles.length, g.note !== null])).toEqual([
      ['Public', 2, false],
      ['Only the author sees these', 0, true],
      ['Without promotion', 0, true],
    ]);
    expect(content.groups[0]?.tiles[1]).toEqual({ key: 'publicMetrics.likeCount', label: 'Likes', value: '3', change: null });
    expect(content.badges).toContain('Metrics omitted: not your post');
  });

  it('shows no zeros for a video of another channel: a note instead of numbers', () => {
    const latest = snap(1, { views: 0, likes: 0, title: 'Guest class' }, 'youtube');
    const content = panelPngContent({
      post: view('youtube'),
      latest,
      flags: { ...NO_FLAGS, notOwned: true },
      history: [latest],
      clientTitle: 'C',
      seenBefore: null,
      now: NOW,
    });
    expect(content.groups).toEqual([{ heading: 'Numbers', tiles: [], note: expect.stringMatching(/^No numbers: the service gives only zeros/) }]);
    expect(content.badges.join(' ')).toMatch(/Video of another channel/);
  });

  it('carries the comparison the panel shows, and none when its table has no rows', () => {
    const latest = snap(1, { likeCount: 3 });
    const base = { post: view('linkedin'), latest, flags: NO_FLAGS, history: [latest], clientTitle: 'C', seenBefore: null, now: NOW };
    const comparison = {
      caption: 'This post against the average of 2 other LinkedIn posts of C',
      headers: ['Metric', 'This post', 'Average of 2 posts', 'Difference'],
      rows: [['Likes', '3', '2', '+1 · 50 % higher']],
    };
    expect(panelPngContent({ ...base, comparison }).comparison).toEqual(comparison);
    expect(panelPngContent({ ...base, comparison: { ...comparison, rows: [] } }).comparison).toBeNull();
    expect(panelPngContent(base).comparison).toBeNull();
  });

  it('says so when there are no numbers', () => {
    const content = panelPngContent({
      post: view('linkedin'),
      latest: null,
      flags: { ...NO_FLAGS, notFoundAt: '2026-11-20T10:00:00Z' },
      history: [],
      clientTitle: 'C',
      seenBefore: null,
      now: NOW,
    });
    expect(content.groups).toEqual([]);
    expect(content.dates).toEqual(['No metrics: the service does not find this post for this account.']);
    expect(content.badges).toEqual(['Not found for this account']);
  });

  it('names the file after the client, network and day of the post', () => {
    expect(panelPngFileName('Studio North & Co', view('linkedin'))).toBe('studio-north-co-linkedin-2026-11-12-metrics.png');
    expect(panelPngFileName('!!!', { platform: 'x' as never, created: 'never' })).toBe('client-x-post-metrics.png');
  });
});

describe('wrapping text into lines', () => {
  const measure = (s: string) => s.length; // one unit per character

  it('breaks between words and keeps every word when it fits', () => {
    expect(wrapLines('the quick brown fox jumps', 10, measure, 5)).toEqual(['the quick', 'brown fox', 'jumps']);
  });

  it('ends the last line with … when text is left over, within the width', () => {
    const lines = wrapLines('the quick brown fox jumps over the lazy dog', 10, measure, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(10);
  });

  it('cuts a word longer than a line', () => {
    const lines = wrapLines('https://example.com/a/very/long/path', 12, measure, 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('…')).toBe(true);
    expect(measure(lines[0] ?? '')).toBeLessThanOrEqual(12);
  });

  it('gives no lines for no text', () => {
    expect(wrapLines('   ', 10, measure, 3)).toEqual([]);
  });
});
