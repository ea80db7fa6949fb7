// A post sent to several networks is one entry of the Posts view (decision 0051), and its panel's
// table puts each network's numbers side by side with the total of the counts.
import { describe, expect, it } from 'vitest';
import type { PostSummary } from '../../../src/shared/domain/posts.ts';
import type { Network } from '../../../src/shared/networks.ts';
import { displayItems } from '../../../src/renderer/logic/listState.ts';
import { postEntries } from '../../../src/renderer/logic/postEntries.ts';
import { publicationRows } from '../../../src/renderer/logic/publicationMetrics.ts';
import { wordList } from '../../../src/shared/format/formatter.ts';

function summary(platform: Network, id: string, publicationKey: string, created = '2026-11-20T10:00:00.000Z'): PostSummary {
  return {
    post: {
      key: `${platform}:${id}`,
      profileId: 'p1',
      platform,
      socialPostId: id,
      servicePostId: publicationKey.includes(':') ? null : publicationKey,
      publicationKey,
      text: `Post ${id}`,
      url: null,
      created,
      disableComments: false,
    },
    commentCount: 1,
    lastCommentAt: null,
    latest: null,
    flags: { notOwned: false, preBusiness: false, notFoundAt: null },
  };
}

describe('the Posts view’s entries', () => {
  it('makes one entry of a publication’s networks, where its first post is, in the networks’ order', () => {
    const posts = [
      summary('threads', 't1', 'SVC1'),
      summary('linkedin', 'l1', 'linkedin:l1', '2026-11-19T10:00:00.000Z'),
      summary('facebook', 'f1', 'SVC1'),
      summary('instagram', 'i1', 'SVC1'),
      summary('instagram', 'i2', 'SVC2', '2026-11-18T10:00:00.000Z'),
    ];
    const entries = postEntries(posts, []);
    expect(entries.map((entry) => (entry.kind === 'post' ? entry.summary.post.key : entry.kind === 'publication' ? entry.publicationKey : 'thread'))).toEqual([
      'SVC1',
      'linkedin:l1',
      'instagram:i2',
    ]);
    const first = entries[0];
    expect(first?.kind === 'publication' ? first.members.map((m) => m.post.platform) : []).toEqual(['facebook', 'instagram', 'threads']);
  });

  it('keeps a thread’s tweets in their thread, and a publication left with one network a plain post', () => {
    const posts = [summary('twitter', 'x1', 'SVC1'), summary('bluesky', 'b1', 'SVC1'), summary('twitter', 'x2', 'twitter:x2')];
    const entries = postEntries(posts, [{ headKey: 'twitter:x2', keys: ['twitter:x2', 'twitter:x1'], announced: null, manual: true }]);
    expect(entries.map((entry) => entry.kind)).toEqual(['thread', 'post']);
    expect(entries[1]?.kind === 'post' ? entries[1].summary.post.key : null).toBe('bluesky:b1');
  });
});

describe('a publication’s table', () => {
  it('puts one figure of several networks on one row and adds up the counts, never a rate', () => {
    const rows = publicationRows([
      { platform: 'facebook', latest: { metrics: { likeCount: 10, commentsCount: 2, reactions: { total: 12 } } } },
      { platform: 'instagram', latest: { metrics: { likeCount: 30, commentsCount: 5, reachCount: 400 } } },
      { platform: 'linkedin', latest: { metrics: { likeCount: 4, engagement: 0.05 } } },
      { platform: 'threads', latest: null },
    ]);
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName['Likes']).toEqual({ name: 'Likes', kind: 'count', perNetwork: [10, 30, 4, null], total: 44, present: 3 });
    expect(byName['Comments']).toMatchObject({ perNetwork: [2, 5, null, null], total: 7, present: 2 });
    expect(byName['Reactions']).toMatchObject({ perNetwork: [12, null, null, null], total: 12, present: 1 });
    expect(byName['Engagement rate']).toMatchObject({ kind: 'rate', perNetwork: [null, null, 0.05, null], total: null });
    expect(byName['Reach']).toMatchObject({ perNetwork: [null, 400, null, null], total: 400 });
  });

  it('has no rows while no network has numbers', () => {
    expect(publicationRows([{ platform: 'bluesky', latest: null }])).toEqual([]);
  });
});

describe('“Group by post” in the inbox', () => {
  it('makes one group of a publication’s comments on several networks, its header naming the networks', () => {
    const rows = [
      { platform: 'instagram' as const, socialPostId: 'i1', postExcerpt: 'Autumn', publicationKey: 'SVC1' },
      { platform: 'linkedin' as const, socialPostId: 'l1', postExcerpt: 'Hiring', publicationKey: 'linkedin:l1' },
      { platform: 'facebook' as const, socialPostId: 'f1', postExcerpt: 'Autumn', publicationKey: 'SVC1' },
      { platform: 'instagram' as const, socialPostId: 'i1', postExcerpt: 'Autumn', publicationKey: 'SVC1' },
      { platform: 'instagram' as const, socialPostId: '', postExcerpt: '', kind: 'conversation' as const },
    ];
    const grouped = displayItems(rows, true);
    expect(grouped.map((item) => (item.kind === 'header' ? `h:${item.postKey}:${item.count}:${(item.networks ?? []).join('+')}` : item.index))).toEqual([
      'h:SVC1:3:instagram+facebook',
      0,
      2,
      3,
      'h:linkedin:l1:1:',
      1,
      'h:dm:1:',
      4,
    ]);
  });
});

describe('networks in words', () => {
  it('joins names with commas and a last “and”', () => {
    expect(wordList([])).toBe('');
    expect(wordList(['Bluesky'])).toBe('Bluesky');
    expect(wordList(['Bluesky', 'Facebook'])).toBe('Bluesky and Facebook');
    expect(wordList(['Bluesky', 'Facebook', 'TikTok'])).toBe('Bluesky, Facebook and TikTok');
  });
});
