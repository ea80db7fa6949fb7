// The report's top posts: the client's posts published in the period, by engagement from their
// latest stored snapshot. Engagement is the interactions a client recognises on every network
// (reactions, comments, shares, quotes, saves), one field per kind: a network that reports the
// same interaction under two names (facebook's reactions.total and likes) must not count it twice.
// Views, reach and impressions are not engagement. The honest-data flags travel with each post.
import type { TopPost } from '../../../shared/domain/clientReport.ts';
import type { PostSummary } from '../../../shared/domain/posts.ts';

export const TOP_POSTS = 10;

/** Per kind of interaction, the fields that may hold it, first found wins. */
const ENGAGEMENT_KINDS: readonly (readonly string[])[] = [
  ['reactions.total', 'publicMetrics.likeCount', 'likeCount', 'likes'],
  ['publicMetrics.replyCount', 'commentsCount', 'commentCount', 'comments', 'replyCount', 'replies'],
  ['publicMetrics.retweetCount', 'sharesCount', 'shareCount', 'shares', 'repostCount', 'reposts', 'retweetCount'],
  ['publicMetrics.quoteCount', 'quoteCount', 'quotes'],
  ['publicMetrics.bookmarkCount', 'savedCount', 'bookmarkCount'],
];

/** Numbers of a snapshot, flattened one level ("publicMetrics.likeCount"). */
function flatNumbers(metrics: Record<string, unknown>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, value] of Object.entries(metrics)) {
    if (typeof value === 'number' && Number.isFinite(value)) out.set(key, value);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>)) if (typeof v === 'number' && Number.isFinite(v)) out.set(`${key}.${inner}`, v);
    }
  }
  return out;
}

export function engagementOf(metrics: Record<string, unknown>): { engagement: number | null; fields: string[] } {
  const numbers = flatNumbers(metrics);
  const fields: string[] = [];
  let engagement = 0;
  for (const kind of ENGAGEMENT_KINDS) {
    const field = kind.find((name) => numbers.has(name));
    if (field === undefined) continue;
    fields.push(field);
    engagement += numbers.get(field) ?? 0;
  }
  return { engagement: fields.length === 0 ? null : engagement, fields };
}

export function topPosts(summaries: readonly PostSummary[], period: { start: number; end: number }, commentsByPost: ReadonlyMap<string, number>): TopPost[] {
  const posts: TopPost[] = [];
  for (const { post, latest, flags } of summaries) {
    const created = Date.parse(post.created);
    if (!(created >= period.start && created < period.end)) continue;
    const { engagement, fields } = latest === null ? { engagement: null, fields: [] } : engagementOf(latest.metrics);
    posts.push({
      postKey: post.key,
      platform: post.platform,
      text: post.text,
      url: post.url,
      created: post.created,
      engagement,
      engagementFields: fields,
      commentsInPeriod: commentsByPost.get(post.key) ?? 0,
      latest,
      flags,
    });
  }
  posts.sort((a, b) => (b.engagement ?? -1) - (a.engagement ?? -1) || b.commentsInPeriod - a.commentsInPeriod || (a.postKey < b.postKey ? -1 : 1));
  return posts.slice(0, TOP_POSTS);
}
