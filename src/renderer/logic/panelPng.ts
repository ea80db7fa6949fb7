// What a PNG of a post's metric panel says, ready to send to a client: the post, its client and
// network, the honest-data badges, every number with its label and change, and exact dates (a
// picture is read days later, so "3 min ago" would be wrong by then). Pure: the drawing is in
// components/panelPngCanvas.ts; this decides the words and wraps them.
import type { AnalyticsSnapshot, PostDataFlags, PostSeen, PostView } from '../../shared/domain/posts.ts';
import { NETWORK_LABELS } from './composerRules.ts';
import { fmt } from './format.ts';
import { FIGURE_GROUPS, FIGURES, figureValues, formatFigure, formatFigureChange, type FigureSpec } from './metricFigures.ts';
import { dataBadges, NOT_OWNED_NOTE } from './postMetrics.ts';
import { exactTime, relativeTime } from './relativeTime.ts';

export interface PngTile {
  /** The flattened metric key: the drawing finds the panel's chart of it by this. */
  key: string;
  label: string;
  value: string;
  /** "+12 since you last looked"; null before a second look. */
  change: string | null;
}

export interface PngGroup {
  heading: string;
  tiles: PngTile[];
  /** Said instead of tiles when the group is empty (X's non-public numbers of someone else's post). */
  note: string | null;
}

/** The panel's comparison table, as it shows it: caption, column headings, rows of cells. */
export interface PngComparison {
  caption: string;
  headers: string[];
  rows: string[][];
}

export interface PanelPngContent {
  title: string;
  /** "Client · posted 12 Nov 2026, 14:02" */
  byline: string;
  text: string;
  url: string | null;
  badges: string[];
  dates: string[];
  groups: PngGroup[];
  comparison: PngComparison | null;
  footer: string;
}

export interface PanelPngInput {
  post: PostView;
  latest: AnalyticsSnapshot | null;
  flags: PostDataFlags;
  history: readonly AnalyticsSnapshot[];
  clientTitle: string;
  seenBefore: PostSeen | null;
  now: number;
  /** The comparison the panel shows, if any. */
  comparison?: PngComparison | null;
}

function exact(iso: string | number): string {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  return Number.isFinite(ms) ? exactTime(ms) : String(iso);
}

export function panelPngContent({ post, latest, flags, history, clientTitle, seenBefore, now, comparison = null }: PanelPngInput): PanelPngContent {
  const network = NETWORK_LABELS[post.platform];
  const numbers = latest ? figureValues(post.platform, latest.metrics) : {};
  const before = seenBefore ? figureValues(post.platform, seenBefore.snapshot.metrics) : null;
  const tiles = (specs: readonly FigureSpec[]): PngTile[] =>
    specs
      .filter((spec) => numbers[spec.key] !== undefined)
      .map((spec) => {
        const value = numbers[spec.key] ?? 0;
        const was = before?.[spec.key];
        return {
          key: spec.key,
          label: spec.name,
          value: formatFigure(spec.kind, value),
          change: was === undefined ? null : `${formatFigureChange(spec.kind, value - was)} since you last looked`,
        };
      });
  let groups: PngGroup[] = [];
  if (latest !== null) {
    groups =
      post.platform === 'twitter'
        ? FIGURE_GROUPS.map(({ group, label }) => {
            const present = latest.metrics[group] !== undefined;
            return {
              heading: label,
              tiles: present ? tiles(FIGURES.twitter.filter((spec) => spec.group === group)) : [],
              note: present ? null : 'Metrics omitted: not your post. X gives these only to the post’s author.',
            };
          })
        : flags.notOwned
          ? [{ heading: 'Numbers', tiles: [], note: NOT_OWNED_NOTE }]
          : [{ heading: 'Numbers', tiles: tiles(FIGURES[post.platform]), note: null }];
  }
  const dates: string[] = [];
  if (latest === null) {
    dates.push(flags.notFoundAt !== null ? 'No metrics: the service does not find this post for this account.' : 'No metrics stored for this post yet.');
  } else {
    dates.push(`Updated by the service ${exact(latest.lastUpdated)} · next update ${exact(latest.nextUpdate)}`);
    dates.push(`Fetched ${exact(latest.fetchedAt)} · ${history.length} stored ${history.length === 1 ? 'snapshot' : 'snapshots'}`);
    if (seenBefore !== null) dates.push(`Changes since you last looked, ${relativeTime(seenBefore.at, now)} (${exact(seenBefore.at)})`);
  }
  return {
    title: `Metrics on ${network}`,
    byline: `${clientTitle} · posted ${exact(post.created)}`,
    text: post.text,
    url: post.url,
    badges: dataBadges(post.platform, latest, flags).map((badge) => badge.text),
    dates,
    groups,
    comparison: comparison !== null && comparison.rows.length > 0 ? comparison : null,
    footer: `Exported from Social Inbox on ${exact(now)}`,
  };
}

/**
 * Words broken into lines no wider than `maxWidth` (by `measure`, the canvas's), at most `maxLines`;
 * the last line ends in "…" when text was left over. A word wider than a line is cut.
 */
export function wrapLines(text: string, maxWidth: number, measure: (s: string) => number, maxLines: number): string[] {
  const words = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  const lines: string[] = [];
  let line = '';
  let rest = 0;
  for (; rest < words.length; rest++) {
    const word = words[rest] as string;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line !== '') {
      lines.push(line);
      if (lines.length === maxLines) break;
    }
    line = cut(word, maxWidth, measure);
  }
  if (lines.length < maxLines && line !== '') {
    lines.push(line);
    rest = words.length;
  }
  if (rest < words.length && lines.length > 0) {
    const last = lines.length - 1;
    lines[last] = cut(`${lines[last] as string}…`, maxWidth, measure, true);
  }
  return lines;
}

function cut(text: string, maxWidth: number, measure: (s: string) => number, ellipsis = false): string {
  if (measure(text) <= maxWidth) return text;
  let end = text.length - (ellipsis ? 1 : 0);
  while (end > 1 && measure(`${text.slice(0, end)}…`) > maxWidth) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** "studio-north-linkedin-2026-11-12-metrics.png" */
export function panelPngFileName(clientTitle: string, post: Pick<PostView, 'platform' | 'created'>): string {
  const slug =
    clientTitle
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'client';
  const ms = Date.parse(post.created);
  const day = Number.isFinite(ms) ? fmt.dayKey(ms) : 'post';
  return `${slug}-${post.platform}-${day}-metrics.png`;
}
