// The Posts view: a client's posts, newest first, each with its network, an excerpt, its date and a
// sparkline per key metric from the stored snapshots; the chosen post's metric panel beside it; and
// the CSV export of the client's posts and metrics for a date range.
import { useEffect, useRef, useState } from 'react';
import type { PostSummary } from '../../shared/domain/posts.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { flatLabel, formatMetric, keyMetrics, numericMetrics, postsCsv, seriesOf } from '../logic/postMetrics.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { usePostsStore } from '../stores/postsStore.ts';
import { profileColor, useProfilesStore } from '../stores/profilesStore.ts';
import { ClientDot } from './ClientDot.tsx';
import { useNow } from './hooks.ts';
import { MetricChart } from './MetricChart.tsx';
import { MetricPanel } from './MetricPanel.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

function PostRow({ summary, active, now }: { summary: PostSummary; active: boolean; now: number }) {
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
    <li ref={ref} className={`post-row${active ? ' is-current' : ''}`} data-post-key={summary.post.key}>
      <button type="button" className="post-row-button" aria-current={active ? 'true' : undefined} onClick={() => void openPanel(summary.post.key)}>
        <span className="post-row-head">
          <NetworkIcon network={summary.post.platform} size={16} />
          <span className="visually-hidden">{NETWORK_LABELS[summary.post.platform]} post, </span>
          <span className="post-row-date" title={exactTime(created)}>
            {relativeTime(created, now)}
          </span>
          {summary.commentCount > 0 && (
            <span className="post-row-comments">
              {summary.commentCount} {summary.commentCount === 1 ? 'comment' : 'comments'}
            </span>
          )}
        </span>
        <span className="post-row-text">{excerpt(summary.post.text) || '(no text)'}</span>
        <span className="post-row-metrics">
          {summary.latest === null && <span className="muted small">No metrics yet</span>}
          {keys.map((key) => {
            const series = history ? seriesOf(history, key) : { x: [], y: [] };
            return (
              <span key={key} className="post-row-metric">
                <span className="post-row-metric-label">{flatLabel(key).replace(/^Public metrics · /, '')}</span>
                <span className="post-row-metric-value">{formatMetric(latest[key] ?? 0)}</span>
                {series.x.length > 1 && <MetricChart kind="spark" x={series.x} y={series.y} label={`${flatLabel(key)}: trend over ${series.y.length} stored snapshots`} />}
              </span>
            );
          })}
        </span>
      </button>
    </li>
  );
}

function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function ExportForm({ profileTitle }: { profileTitle: string }) {
  const posts = usePostsStore((state) => state.posts);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  function exportNow() {
    const range = { from: from === '' ? null : Date.parse(`${from}T00:00:00`), to: to === '' ? null : Date.parse(`${to}T23:59:59.999`) };
    const slug = profileTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'client';
    downloadCsv(`${slug}-posts${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`, postsCsv(posts, range));
  }
  return (
    <form
      className="posts-export"
      aria-label="Export to CSV"
      onSubmit={(event) => {
        event.preventDefault();
        exportNow();
      }}
    >
      <span className="posts-export-hint">Posts made</span>
      <label>
        From <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label>
        To <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </label>
      <button type="submit" className="button small" disabled={posts.length === 0}>
        Export CSV
      </button>
    </form>
  );
}

export function PostsView() {
  const profiles = useProfilesStore((state) => state.profiles);
  const filterProfile = useInboxStore((state) => state.filter.profileId);
  const profileId = usePostsStore((state) => state.profileId);
  const posts = usePostsStore((state) => state.posts);
  const loading = usePostsStore((state) => state.loading);
  const error = usePostsStore((state) => state.error);
  const panelKey = usePostsStore((state) => state.panelKey);
  const load = usePostsStore((state) => state.load);
  const now = useNow(30_000);

  useEffect(() => {
    if (profileId !== null) return;
    const first = filterProfile ?? profiles[0]?.profileId;
    if (first !== undefined) void load(first);
  }, [profileId, filterProfile, profiles, load]);

  const profile = profiles.find((p) => p.profileId === profileId);
  return (
    <div className="panes posts-panes">
      <section className="list-pane" aria-label="Posts">
        <div className="toolbar">
          <div className="toolbar-top">
            <div className="toolbar-title">
              <h2>Posts</h2>
              <span className="toolbar-scope">Newest first · numbers kept on this computer, so they show offline</span>
            </div>
            <label className="posts-client">
              <span className="visually-hidden">Client</span>
              {profile && <ClientDot color={profileColor(profiles, profile.profileId)} />}
              <select value={profileId ?? ''} onChange={(event) => void load(event.target.value)}>
                {profiles.map((p) => (
                  <option key={p.profileId} value={p.profileId}>
                    {p.title}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="toolbar-bottom">
            <ExportForm profileTitle={profile?.title ?? 'client'} />
          </div>
        </div>
        <div className="list-scroller posts-scroller">
          {error !== null && <p className="notice">{error}</p>}
          {loading && posts.length === 0 && <p className="list-empty">Loading posts…</p>}
          {!loading && error === null && posts.length === 0 && <p className="list-empty">No posts for this client yet.</p>}
          <ul className="post-rows" aria-label={`Posts of ${profile?.title ?? 'the client'}`}>
            {posts.map((summary) => (
              <PostRow key={summary.post.key} summary={summary} active={summary.post.key === panelKey} now={now} />
            ))}
          </ul>
        </div>
      </section>
      <MetricPanel />
    </div>
  );
}
