// A post's numbers against another post's or against the client's average on the same network.
// Pure: the panel hands in the client's post list (posts.list, from the store) and shows the rows.
//
// Which posts make the average: the same client, the same network, with stored numbers, the post
// itself left out (it is the one being measured), and youtube videos of other channels left out
// (the service gives them as zeros, which would drag the average down). Each metric is averaged
// over the posts that have it: an instagram post from before the business conversion has no reach,
// and counting it as 0 would be a lie.
import type { PostSummary, PostView } from '../../shared/domain/posts.ts';
import { fmt } from './format.ts';
import { type FigureKind, figureValues, formatFigureChange } from './metricFigures.ts';
import { cutGraphemes } from '../../shared/format/graphemes.ts';

export interface AveragePool {
  /** The posts the average is made of. */
  posts: PostSummary[];
  /** Per metric: the mean and how many posts have that metric. */
  means: Record<string, { mean: number; count: number }>;
  /** Posts of the client on the network left out because their numbers are not theirs (youtube, another channel). */
  leftOut: number;
}

type PostRef = Pick<PostView, 'key' | 'profileId' | 'platform'>;

/** The client's other posts on the post's network that have numbers: the average's posts, and the choices of "another post". */
export function comparablePosts(summaries: readonly PostSummary[], post: PostRef): PostSummary[] {
  return summaries.filter(
    (s) => s.post.profileId === post.profileId && s.post.platform === post.platform && s.post.key !== post.key && s.latest !== null && !s.flags.notOwned,
  );
}

export function averagePool(summaries: readonly PostSummary[], post: PostRef): AveragePool {
  const posts = comparablePosts(summaries, post);
  const leftOut = summaries.filter(
    (s) => s.post.profileId === post.profileId && s.post.platform === post.platform && s.post.key !== post.key && s.latest !== null && s.flags.notOwned,
  ).length;
  const sums: Record<string, { sum: number; count: number }> = {};
  for (const summary of posts) {
    for (const [key, value] of Object.entries(figureValues(summary.post.platform, summary.latest?.metrics ?? {}))) {
      const entry = sums[key] ?? { sum: 0, count: 0 };
      entry.sum += value;
      entry.count += 1;
      sums[key] = entry;
    }
  }
  const means: AveragePool['means'] = {};
  for (const [key, { sum, count }] of Object.entries(sums)) means[key] = { mean: sum / count, count };
  return { posts, means, leftOut };
}

export interface ComparisonRow {
  key: string;
  mine: number;
  /** null when the other side has no such number. */
  other: number | null;
  /** For an average: how many posts have this metric. */
  otherCount: number | null;
  direction: 'higher' | 'lower' | 'same' | 'none';
  /** The difference in plain words: "+120 · 35% higher", "−4 · 8% lower", "the same". */
  difference: string;
}

/** A share as people say it, in the app's formatter: "35%", "2.5%", "less than 0.1%". */
export function formatPercent(share: number): string {
  const ratio = Math.abs(share);
  if (ratio > 0 && ratio < 0.001) return `less than ${fmt.percent(0.001, 1)}`;
  return fmt.percent(ratio, ratio < 0.1 ? 1 : 0);
}

/** How this post's number stands against the other one; a count's difference is whole, as the table shows it. */
export function describeDifference(mine: number, other: number | null, kind: FigureKind = 'count'): Pick<ComparisonRow, 'direction' | 'difference'> {
  if (other === null) return { direction: 'none', difference: 'not measured there' };
  const amount = formatFigureChange(kind, mine - other);
  // Averages carry fractions: compare what is shown.
  if (amount === 'no change') return { direction: 'same', difference: 'the same' };
  const delta = mine - other;
  const direction = delta > 0 ? 'higher' : 'lower';
  if (other === 0) return { direction, difference: `${amount} · the other is 0` };
  return { direction, difference: `${amount} · ${formatPercent(delta / Math.abs(other))} ${direction}` };
}

/** One row per number of this post, in its order; the other side's number, or the average's. `kindOf` says how each figure reads. */
export function compareNumbers(
  mine: Record<string, number>,
  other: Record<string, number> | AveragePool['means'],
  kindOf: (key: string) => FigureKind = () => 'count',
): ComparisonRow[] {
  return Object.entries(mine).map(([key, value]) => {
    const entry = other[key];
    const otherValue = entry === undefined ? null : typeof entry === 'number' ? entry : entry.mean;
    const otherCount = entry !== undefined && typeof entry !== 'number' ? entry.count : null;
    return { key, mine: value, other: otherValue, otherCount, ...describeDifference(value, otherValue, kindOf(key)) };
  });
}

/** A post as a choice in the "Compare with" list: its date and the start of its text. */
export function postChoiceLabel(post: Pick<PostView, 'created' | 'text'>): string {
  const ms = Date.parse(post.created);
  const date = Number.isFinite(ms) ? fmt.date(ms) : post.created;
  const text = post.text.replace(/\s+/g, ' ').trim();
  const excerpt = text === '' ? '(no text)' : cutGraphemes(text, 60);
  return `${date} · ${excerpt}`;
}
