// A post's row in the Posts view: alone, or one network's post within a publication's entry
// (PublicationRow.tsx). Its `data-post-key` is how a test, and the list, find a network's post.
import { useEffect, useRef, useState } from 'react';
import type { PostSummary } from '../../shared/domain/posts.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { figureSpec } from '../logic/metricFigures.ts';
import { flatLabel, formatMetric, keyMetrics, numericMetrics, postWords, seriesOf } from '../logic/postMetrics.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { usePostsStore } from '../stores/postsStore.ts';
import { usePostThreadsStore } from '../stores/postThreadsStore.ts';
import { CommentsSwitch } from './CommentsSwitch.tsx';
import { MetricChart } from './MetricChart.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import { cutGraphemes } from '../../shared/format/graphemes.ts';

export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return cutGraphemes(line, 140);
}

/** A post tracked by hand: takes it out of the list again. */
function StopTracking({ summary }: { summary: PostSummary }) {
  const [error, setError] = useState<string | null>(null);
  const untrack = usePostThreadsStore((state) => state.untrack);
  return (
    <div className="post-row-actions">
      {error !== null && (
        <span className="notice" role="alert">
          {error}
        </span>
      )}
      <button
        type="button"
        className="button ghost small"
        title="It leaves this list with its stored numbers; track it again any time"
        onClick={() => void untrack(summary.post.key).then(setError)}
      >
        Stop tracking
      </button>
    </div>
  );
}

/** While the user makes a thread by hand: a tweet's "part of the thread" box. */
function SelectTweet({ summary }: { summary: PostSummary }) {
  const selected = usePostThreadsStore((state) => state.selected.includes(summary.post.key));
  const toggle = usePostThreadsStore((state) => state.toggleSelected);
  const created = Date.parse(summary.post.created);
  return (
    <label className="post-row-select">
      <input type="checkbox" checked={selected} onChange={() => toggle(summary.post.key)} />
      Part of the thread<span className="visually-hidden">: the tweet of {exactTime(created)}</span>
    </label>
  );
}

/**
 * A post's row: its network, date, words, key numbers with their trend, and its comments switch.
 * Within a publication's entry (`inPublication`) the words are the entry's, said once above, so the
 * row names its network instead.
 */
export function PostRow({ summary, active, now, inPublication = false }: { summary: PostSummary; active: boolean; now: number; inPublication?: boolean }) {
  const selecting = usePostThreadsStore((state) => state.selecting && summary.post.platform === 'twitter');
  const history = usePostsStore((state) => state.histories[summary.post.key]);
  const openPanel = usePostsStore((state) => state.openPanel);
  const created = Date.parse(summary.post.created);
  const latest = summary.latest ? numericMetrics(summary.latest.metrics) : {};
  const keys = keyMetrics(summary.post.platform, latest);
  const ref = useRef<HTMLLIElement | null>(null);
  // Opened from a thread, the post may be far down the list: bring it into view.
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <li ref={ref} className={`post-row${inPublication ? ' post-row-network-post' : ''}${active ? ' is-current' : ''}`} data-post-key={summary.post.key}>
      <button type="button" className="post-row-button" aria-current={active ? 'true' : undefined} onClick={() => void openPanel(summary.post.key)}>
        <span className="post-row-head">
          <NetworkIcon network={summary.post.platform} size={16} />
          {inPublication ? (
            <span className="post-row-network">{NETWORK_LABELS[summary.post.platform]}</span>
          ) : (
            <span className="visually-hidden">{NETWORK_LABELS[summary.post.platform]} post, </span>
          )}
          <span className="post-row-date" title={exactTime(created)}>
            {relativeTime(created, now)}
          </span>
          {summary.post.trackedAt != null && <span className="post-row-tag">Tracked by hand</span>}
          {summary.commentCount > 0 && (
            <span className="post-row-comments">
              {summary.commentCount} {summary.commentCount === 1 ? 'comment' : 'comments'}
            </span>
          )}
        </span>
        {!inPublication && <span className="post-row-text">{excerpt(postWords(summary.post, summary.latest)) || '(no text)'}</span>}
        <span className="post-row-metrics">
          {summary.latest === null && <span className="muted small">No metrics yet</span>}
          {summary.latest !== null && summary.flags.notOwned && <span className="muted small">Video of another channel: no numbers</span>}
          {!summary.flags.notOwned &&
            keys.map((key) => {
              const series = history ? seriesOf(history, key) : { x: [], y: [] };
              const name = figureSpec(summary.post.platform, key)?.name ?? flatLabel(key);
              return (
                <span key={key} className="post-row-metric">
                  <span className="post-row-metric-label">{name}</span>
                  <span className="post-row-metric-value">{formatMetric(latest[key] ?? 0)}</span>
                  {series.x.length > 1 && (
                    <MetricChart kind="spark" x={series.x} y={series.y} label={`${name}: trend over ${series.y.length} stored snapshots`} />
                  )}
                </span>
              );
            })}
        </span>
      </button>
      <CommentsSwitch post={summary.post} compact />
      {summary.post.trackedAt != null && <StopTracking summary={summary} />}
      {selecting && <SelectTweet summary={summary} />}
    </li>
  );
}
