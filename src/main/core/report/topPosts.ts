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

export interface TopPostsResult {
  posts: TopPost[];
  /** Posts of the period with no figures yet on any of their networks: not ranked (they are not "0"). */
  awaitingFigures: number;
}

/** The post's entry alone, before cross-posts are merged. */
function entryOf({ post, latest, flags }: PostSummary, commentsByPost: ReadonlyMap<string, number>): TopPost {
  const { engagement, fields } = latest === null ? { engagement: null, fields: [] } : engagementOf(latest.metrics);
  return {
    postKey: post.key,
    platform: post.platform,
    text: post.text,
    url: post.url,
    created: post.created,
    engagement,
    engagementFields: fields,
    commentsInPeriod: commentsByPost.get(post.key) ?? 0,
    networks: [post.platform],
    awaitingFigures: engagement === null ? [post.platform] : [],
    latest,
    flags,
  };
}

/**
 * One post sent to several networks at once: the entry of its most engaged network (its text, link,
 * snapshot and flags), with every network, the engagement and comments summed over them, and the
 * networks whose figures are not in yet.
 */
function merged(entries: TopPost[]): TopPost {
  const sorted = [...entries].sort((a, b) => (b.engagement ?? -1) - (a.engagement ?? -1) || (a.postKey < b.postKey ? -1 : 1));
  const lead = sorted[0];
  if (lead === undefined || entries.length === 1) return entries[0] as TopPost;
  const known = entries.filter((entry) => entry.engagement !== null);
  return {
    ...lead,
    engagement: known.length === 0 ? null : known.reduce((sum, entry) => sum + (entry.engagement ?? 0), 0),
    engagementFields: [...new Set(entries.flatMap((entry) => entry.engagementFields))],
    commentsInPeriod: entries.reduce((sum, entry) => sum + entry.commentsInPeriod, 0),
    networks: [...new Set(sorted.map((entry) => entry.platform))],
    awaitingFigures: entries.filter((entry) => entry.engagement === null).map((entry) => entry.platform),
  };
}

/**
 * The client's posts published in the period, most engaged first. A post cross-posted through the
 * service (one publication: the same service post id on each network) counts once; a post with no figures yet on any
 * network is left out of the ranking and counted apart, since ranking it by "no engagement" would
 * put a post of an hour ago below one of a month ago for want of data.
 */
export function topPosts(
  summaries: readonly PostSummary[],
  period: { start: number; end: number },
  commentsByPost: ReadonlyMap<string, number>,
): TopPostsResult {
  const groups = new Map<string, TopPost[]>();
  for (const summary of summaries) {
    const created = Date.parse(summary.post.created);
    if (!(created >= period.start && created < period.end)) continue;
    // One publication, one entry (decision 0051): the store's key, its service post id; a post made
    // outside the service is its own. Summaries built without the store's key fall back to the same rule.
    const group = summary.post.publicationKey ?? summary.post.servicePostId ?? summary.post.key;
    const entries = groups.get(group);
    const entry = entryOf(summary, commentsByPost);
    if (entries === undefined) groups.set(group, [entry]);
    else entries.push(entry);
  }
  const posts = [...groups.values()].map(merged);
  const ranked = posts.filter((post) => post.engagement !== null);
  ranked.sort((a, b) => (b.engagement ?? -1) - (a.engagement ?? -1) || b.commentsInPeriod - a.commentsInPeriod || (a.postKey < b.postKey ? -1 : 1));
  return { posts: ranked.slice(0, TOP_POSTS), awaitingFigures: posts.length - ranked.length };
}
