// Plain-word labels of every network's analytics fields (../shared/spec/public-facts.md), the
// numbers to draw over time, and the CSV export of a client's posts. Pure: no DOM, no bridge.
import type { AnalyticsSnapshot, PostDataFlags, PostSummary } from '../../shared/domain/posts.ts';
import type { Network } from '../../shared/networks.ts';
import { csvField } from './csvField.ts';
import { NETWORK_LABELS } from './networkLabels.ts';
import { fmt } from './format.ts';
import { csvColumn, csvValue, FIGURES, figureValues, numericMetrics } from './metricFigures.ts';

export { numericMetrics };

const LABELS: Record<string, string> = {
  // shared
  commentsCount: 'Comments',
  commentCount: 'Comments',
  comments: 'Comments',
  likeCount: 'Likes',
  likes: 'Likes',
  dislikes: 'Dislikes',
  sharesCount: 'Shares',
  shareCount: 'Shares',
  shares: 'Shares',
  views: 'Views',
  viewsCount: 'Views',
  videoViews: 'Video views',
  reach: 'Reach',
  reachCount: 'Reach',
  created: 'Posted',
  caption: 'Caption',
  username: 'Account',
  name: 'Name',
  post: 'Text',
  mediaType: 'Kind of media',
  mediaProductType: 'Posted as',
  // facebook
  reactions: 'Reactions',
  reactionsByType: 'Reactions by type',
  videoViewsUnique: 'Unique video views',
  videoViewTime: 'Video watch time (ms)',
  // instagram
  engagementCount: 'Engagements',
  savedCount: 'Saves',
  // linkedin
  clickCount: 'Clicks',
  engagement: 'Engagement rate',
  impressionCount: 'Impressions',
  uniqueImpressionsCount: 'Unique impressions',
  // tiktok
  averageTimeWatched: 'Average watch time (s)',
  fullVideoWatchedRate: 'Watched to the end (rate)',
  embedUrl: 'Embed link',
  itemId: 'Video id',
  postUrl: 'Link',
  tags: 'Tags',
  thumbnailUrl: 'Thumbnail',
  thumbnailHeight: 'Thumbnail height',
  thumbnailWidth: 'Thumbnail width',
  url: 'Link',
  // youtube
  subscribersGained: 'Subscribers gained',
  subscribersLost: 'Subscribers lost',
  estimatedMinutesWatched: 'Minutes watched',
  averageViewDuration: 'Average view duration (s)',
  averageViewPercentage: 'Average share of the video watched (%)',
  title: 'Title',
  description: 'Description',
  channelTitle: 'Channel',
  privacyStatus: 'Visibility',
  // threads
  replies: 'Replies',
  reposts: 'Reposts',
  quotes: 'Quotes',
  // bluesky
  quoteCount: 'Quotes',
  replyCount: 'Replies',
  repostCount: 'Reposts',
  // twitter
  retweetCount: 'Reposts',
  bookmarkCount: 'Bookmarks',
  userProfileClicks: 'Profile clicks',
  engagements: 'Engagements',
  // facebook reactions
  like: 'Like',
  love: 'Love',
  haha: 'Haha',
  wow: 'Wow',
  sorry: 'Sad',
  anger: 'Angry',
  total: 'Total',
};

/** Twitter's groups of numbers, in the words the panel uses. */
export const TWITTER_GROUPS = [
  { field: 'publicMetrics', label: 'Public metrics (anyone can see them)' },
  { field: 'nonPublicMetrics', label: 'Non-public metrics (only the author sees them)' },
  { field: 'organicMetrics', label: 'Organic metrics (without promotion)' },
] as const;

/** A field's name in plain words; unknown fields are split from camelCase. */
export function metricLabel(field: string): string {
  const known = LABELS[field];
  if (known !== undefined) return known;
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The service's words for a post's kind of media and format (Instagram's "VIDEO", "REELS"), in a
 * freelancer's; a value not listed here is written in lower case with spaces ("NEW_KIND": "New kind").
 */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  mediaType: { IMAGE: 'Photo', VIDEO: 'Video', CAROUSEL_ALBUM: 'Carousel (several photos or videos)', TEXT: 'Text' },
  mediaProductType: { FEED: 'A post in the feed', REELS: 'A reel', REEL: 'A reel', STORY: 'A story', AD: 'An ad', IGTV: 'A long video' },
};

/** A descriptive field's value in plain words: the kinds of media and formats translated, anything else as sent. */
export function metricValueWords(field: string, value: string): string {
  const words = VALUE_WORDS[field];
  if (words === undefined) return value;
  const known = words[value.toUpperCase()];
  if (known !== undefined) return known;
  const spaced = value.replace(/_/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A flattened key's label: "Public metrics · Likes". */
export function flatLabel(key: string): string {
  const [outer, inner] = key.split('.');
  if (inner === undefined) return metricLabel(key);
  const group = TWITTER_GROUPS.find((g) => g.field === outer);
  const groupName = group ? group.label.split(' (')[0] : metricLabel(outer ?? '');
  return `${groupName} · ${metricLabel(inner)}`;
}

/** The one to three numbers a post list shows as sparklines, per network. */
const KEY_METRICS: Record<Network, string[]> = {
  twitter: ['publicMetrics.impressionCount', 'publicMetrics.likeCount'],
  facebook: ['reactions.total', 'commentsCount'],
  instagram: ['reachCount', 'likeCount'],
  linkedin: ['impressionCount', 'likeCount'],
  tiktok: ['videoViews', 'likeCount'],
  youtube: ['views', 'likes'],
  threads: ['views', 'likes'],
  bluesky: ['likeCount', 'repostCount'],
};

export function keyMetrics(network: Network, latest: Record<string, number>): string[] {
  const wanted = KEY_METRICS[network].filter((key) => key in latest);
  return wanted.length > 0 ? wanted : Object.keys(latest).slice(0, 2);
}

/** One series per flattened metric, over the snapshots' fetch times (oldest first). */
export function seriesOf(history: readonly AnalyticsSnapshot[], key: string): { x: number[]; y: number[] } {
  const sorted = [...history].sort((a, b) => a.fetchedAt - b.fetchedAt);
  const x: number[] = [];
  const y: number[] = [];
  for (const snap of sorted) {
    const value = numericMetrics(snap.metrics)[key];
    if (value === undefined) continue;
    x.push(snap.fetchedAt / 1000);
    y.push(value);
  }
  return { x, y };
}

// ---- CSV ----

// The one CSV field writer (formula defusing included), here too for the modules that import it from here.
export { csvField };

export interface CsvRange {
  /** Inclusive, epoch ms; null for open. */
  from: number | null;
  to: number | null;
}

/**
 * A client's posts and their latest metrics, one row per post and network, in the range of their
 * creation dates; one column per figure (metricFigures.ts: likes are "Likes" whichever network
 * calls them likeCount), the union of every row's figures, sorted by name. In a freelancer's words
 * (issue 27, item 15): the client's and the network's names, the post's words, times in this
 * computer's zone as a spreadsheet reads them with the zone named in the header; the link and the
 * network's id of the post only last, in columns that say what they are for.
 */
export function postsCsv(summaries: readonly PostSummary[], range: CsvRange, clientName: string): string {
  const rows = summaries.filter((s) => {
    const created = Date.parse(s.post.created);
    return (range.from === null || created >= range.from) && (range.to === null || created <= range.to);
  });
  // Per row: column → value. A figure has one column whatever its network calls it.
  const cells = rows.map((s) => {
    const values = s.latest ? figureValues(s.post.platform, s.latest.metrics) : {};
    const out = new Map<string, number>();
    for (const spec of FIGURES[s.post.platform]) {
      const value = values[spec.key];
      if (value !== undefined) out.set(csvColumn(spec), csvValue(spec.kind, value));
    }
    return out;
  });
  const columns = [...new Set(cells.flatMap((row) => [...row.keys()]))].sort((a, b) => a.localeCompare(b, 'en'));
  const zone = fmt.zoneName();
  const time = (iso: string | undefined) => (iso === undefined ? '' : fmt.sheetDateTime(Date.parse(iso)));
  const head = [
    'client',
    'network',
    `posted (${zone})`,
    'post',
    'comments in the inbox',
    `figures as of (${zone})`,
    `figures filled in from stored data of (${zone})`,
    `figures recovered from stored data of (${zone})`,
    ...columns,
    'link to the post',
    'post id on the network (to find it there)',
  ];
  const lines = [head.map(csvField).join(',')];
  for (const [index, s] of rows.entries()) {
    const row = cells[index];
    lines.push(
      [
        clientName,
        NETWORK_LABELS[s.post.platform],
        time(s.post.created),
        postWords(s.post, s.latest),
        s.commentCount,
        time(s.latest?.lastUpdated),
        time(s.latest?.backfilledFrom),
        time(s.latest?.recoveredFrom),
        ...columns.map((column) => row?.get(column)),
        s.post.url ?? '',
        s.post.socialPostId,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** "in 3 h", "in 12 min", for times ahead (next update); past ones say "due now". */
/**
 * A freshness time in words: a time ahead (the next update) never reads as past, so one already
 * passed is "due now", not "just now" or "2 min ago" (issue 27, item 15); other times as relative.
 */
export function freshnessWords(thenMs: number, nowMs: number, ahead: boolean, past: (then: number, now: number) => string): string {
  return ahead ? relativeAhead(thenMs, nowMs) : past(thenMs, nowMs);
}

export function relativeAhead(thenMs: number, nowMs: number): string {
  const diff = thenMs - nowMs;
  if (!Number.isFinite(diff)) return '';
  if (diff <= 60_000) return diff <= 0 ? 'due now' : 'in a minute';
  if (diff < 3_600_000) return `in ${Math.round(diff / 60_000)} min`;
  if (diff < 2 * 86_400_000) return `in ${Math.round(diff / 3_600_000)} h`;
  return `in ${Math.round(diff / 86_400_000)} days`;
}

/** A plain number as a list shows it: grouped, at most two decimals (a figure's own kind: metricFigures.ts formatFigure). */
export function formatMetric(value: number): string {
  return fmt.number(value, Number.isInteger(value) ? 0 : 2);
}

/** "+12", "−3", "no change". */
export function formatChange(delta: number): string {
  if (delta === 0) return 'no change';
  return `${delta > 0 ? '+' : '−'}${formatMetric(Math.abs(delta))}`;
}

export interface DataBadge {
  kind: 'backfilled' | 'recovered' | 'notOwned' | 'preBusiness' | 'notFound' | 'omitted';
  text: string;
  /** A longer explanation for the hover title. */
  detail: string;
}

function day(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? fmt.date(ms) : iso;
}

/** What the panel must say honestly about a post's numbers. */
export function dataBadges(platform: Network, latest: AnalyticsSnapshot | null, flags: PostDataFlags): DataBadge[] {
  const badges: DataBadge[] = [];
  if (flags.notFoundAt !== null) {
    badges.push({
      kind: 'notFound',
      text: 'Not found for this account',
      detail: `The service answered on ${day(flags.notFoundAt)} that this post is not found for this account (186): it may belong to someone else or be deleted. The numbers below, if any, are older.`,
    });
  }
  if (flags.notOwned) {
    badges.push({
      kind: 'notOwned',
      text: 'Video of another channel: metrics not available',
      detail: 'YouTube gives an account the numbers of its own videos only; this video belongs to another channel, so its counts show as zero.',
    });
  }
  if (flags.preBusiness) {
    badges.push({
      kind: 'preBusiness',
      text: 'Limited: posted before the business conversion',
      detail: 'Instagram has insights (reach, views, saves) only for posts made after the account became a business account; this one has public counts only.',
    });
  }
  if (latest?.backfilledFrom !== undefined) {
    badges.push({
      kind: 'backfilled',
      text: `Backfilled from ${day(latest.backfilledFrom)}`,
      detail: `The network no longer gives these numbers live; the service filled them in from data stored on ${day(latest.backfilledFrom)}.`,
    });
  }
  if (latest?.recoveredFrom !== undefined) {
    badges.push({
      kind: 'recovered',
      text: 'Recovered from stored data',
      detail: `The service recovered these numbers from data it stored on ${day(latest.recoveredFrom)}; they do not move any more.`,
    });
  }
  if (platform === 'twitter' && latest !== null && latest.metrics['nonPublicMetrics'] === undefined) {
    badges.push({
      kind: 'omitted',
      text: 'Metrics omitted: not your post',
      detail: 'X shows non-public and organic metrics only to the author of a post; this one is not the account’s own.',
    });
  }
  return badges;
}

/** What a panel says instead of numbers for a youtube video of another channel (the service answers zeros). */
export const NOT_OWNED_NOTE = 'No numbers: the service gives only zeros for a video of another channel. The details below are the video’s.';

/** A post's words: its text, else the title or caption its numbers carry (a post tracked by hand has no text of its own). */
export function postWords(post: { text: string }, latest: { metrics: Record<string, unknown> } | null): string {
  if (post.text !== '') return post.text;
  const title = latest?.metrics['title'] ?? latest?.metrics['post'] ?? latest?.metrics['caption'];
  return typeof title === 'string' ? title : '';
}
