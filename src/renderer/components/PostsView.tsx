// The Posts view: a client's posts, newest first, each with its network, an excerpt, its date and a
// sparkline per key metric from the stored snapshots; the chosen post's metric panel beside it; and
// the CSV export of the client's posts and metrics for a date range. A twitter thread is one entry
// ("Thread of 3 tweets") whose panel shows each tweet and the sums; a post the service does not list
// (a video of another channel) can be tracked by its link and removed again.
import { useEffect, useRef, useState } from 'react';
import type { PostSummary } from '../../shared/domain/posts.ts';
import type { PostThread } from '../../shared/domain/twitterThreads.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { figureSpec } from '../logic/metricFigures.ts';
import { flatLabel, formatMetric, keyMetrics, numericMetrics, postsCsv, postWords, seriesOf } from '../logic/postMetrics.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { usePostsStore } from '../stores/postsStore.ts';
import { usePostThreadsStore } from '../stores/postThreadsStore.ts';
import { chooseClient } from '../stores/choices.ts';
import { profileColor, useProfilesStore } from '../stores/profilesStore.ts';
import { downloadBlob } from './downloadBlob.ts';
import { ClientDot } from './ClientDot.tsx';
import { useNow } from './hooks.ts';
import { MetricChart } from './MetricChart.tsx';
import { MetricPanel } from './MetricPanel.tsx';
import { CommentsSwitch } from './CommentsSwitch.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import { ThreadMetricsPanel } from './ThreadMetricsPanel.tsx';
import { TrackPostForm } from './TrackPostForm.tsx';

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** A post's words: its text, else (a post tracked by hand, whose text no list gave) the title its numbers carry. */
function StopTracking({ summary }: { summary: PostSummary }) {
  const [error, setError] = useState<string | null>(null);
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
        onClick={() => void usePostThreadsStore.getState().untrack(summary.post.key).then(setError)}
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

/** The bar that makes a thread of the chosen tweets. */
function GroupBar() {
  const count = usePostThreadsStore((state) => state.selected.length);
  const error = usePostThreadsStore((state) => state.editError);
  const { groupSelected, cancelSelecting } = usePostThreadsStore.getState();
  return (
    <div className="thread-group-bar" role="group" aria-label="Make a thread">
      <span>
        Tick the thread’s tweets: <strong>{count}</strong> chosen.
      </span>
      <button type="button" className="button small primary" disabled={count < 2} onClick={() => void groupSelected()}>
        Group as a thread
      </button>
      <button type="button" className="button ghost small" onClick={cancelSelecting}>
        Cancel
      </button>
      {error !== null && (
        <p className="notice thread-group-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function PostRow({ summary, active, now }: { summary: PostSummary; active: boolean; now: number }) {
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
    <li ref={ref} className={`post-row${active ? ' is-current' : ''}`} data-post-key={summary.post.key}>
      <button type="button" className="post-row-button" aria-current={active ? 'true' : undefined} onClick={() => void openPanel(summary.post.key)}>
        <span className="post-row-head">
          <NetworkIcon network={summary.post.platform} size={16} />
          <span className="visually-hidden">{NETWORK_LABELS[summary.post.platform]} post, </span>
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
        <span className="post-row-text">{excerpt(postWords(summary.post, summary.latest)) || '(no text)'}</span>
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

/** The numbers a thread's row shows: the sum of its tweets' (counts only, as its panel). */
const THREAD_ROW_METRICS = [
  { key: 'publicMetrics.impressionCount', label: 'Impressions' },
  { key: 'publicMetrics.likeCount', label: 'Likes' },
] as const;

function ThreadRow({ thread, members, now }: { thread: PostThread; members: PostSummary[]; now: number }) {
  const active = usePostThreadsStore((state) => state.openHeadKey === thread.headKey);
  const openThread = usePostThreadsStore((state) => state.openThread);
  const head = members.find((m) => m.post.key === thread.headKey) ?? members[0];
  const ref = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  if (head === undefined) return null;
  const created = Date.parse(head.post.created);
  const comments = members.reduce((total, m) => total + m.commentCount, 0);
  const withNumbers = members.filter((m) => m.latest !== null);
  return (
    <li ref={ref} className={`post-row post-row-thread${active ? ' is-current' : ''}`} data-thread-head={thread.headKey}>
      <button type="button" className="post-row-button" aria-current={active ? 'true' : undefined} onClick={() => void openThread(thread.headKey)}>
        <span className="post-row-head">
          <NetworkIcon network="twitter" size={16} />
          <span className="visually-hidden">{NETWORK_LABELS.twitter} </span>
          <span className="post-row-tag">Thread of {thread.keys.length} tweets</span>
          <span className="post-row-date" title={exactTime(created)}>
            {relativeTime(created, now)}
          </span>
          {comments > 0 && (
            <span className="post-row-comments">
              {comments} {comments === 1 ? 'comment' : 'comments'}
            </span>
          )}
        </span>
        <span className="post-row-text">{excerpt(head.post.text) || '(no text)'}</span>
        <span className="post-row-metrics">
          {withNumbers.length === 0 && <span className="muted small">No metrics yet</span>}
          {withNumbers.length > 0 &&
            THREAD_ROW_METRICS.map(({ key, label }) => {
              const values = withNumbers.map((m) => numericMetrics(m.latest?.metrics ?? {})[key]).filter((v): v is number => v !== undefined);
              if (values.length === 0) return null;
              return (
                <span key={key} className="post-row-metric">
                  <span className="post-row-metric-label">{label}, all tweets</span>
                  <span className="post-row-metric-value">{formatMetric(values.reduce((t, v) => t + v, 0))}</span>
                </span>
              );
            })}
        </span>
      </button>
    </li>
  );
}

/** The list's entries: each post, except a thread's tweets, which make one entry where its newest tweet is. */
function listEntries(
  posts: readonly PostSummary[],
  threads: readonly PostThread[],
): ({ kind: 'post'; summary: PostSummary } | { kind: 'thread'; thread: PostThread; members: PostSummary[] })[] {
  const threadOf = new Map<string, PostThread>();
  for (const thread of threads) for (const key of thread.keys) threadOf.set(key, thread);
  const byKey = new Map(posts.map((summary) => [summary.post.key, summary]));
  const placed = new Set<string>();
  const entries: ({ kind: 'post'; summary: PostSummary } | { kind: 'thread'; thread: PostThread; members: PostSummary[] })[] = [];
  for (const summary of posts) {
    const thread = threadOf.get(summary.post.key);
    if (thread === undefined) {
      entries.push({ kind: 'post', summary });
      continue;
    }
    if (placed.has(thread.headKey)) continue;
    placed.add(thread.headKey);
    const members = thread.keys.map((key) => byKey.get(key)).filter((m): m is PostSummary => m !== undefined);
    entries.push({ kind: 'thread', thread, members });
  }
  return entries;
}

function ExportForm({ profileTitle }: { profileTitle: string }) {
  const posts = usePostsStore((state) => state.posts);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  function exportNow() {
    const range = { from: from === '' ? null : Date.parse(`${from}T00:00:00`), to: to === '' ? null : Date.parse(`${to}T23:59:59.999`) };
    const slug =
      profileTitle
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'client';
    downloadBlob(
      `${slug}-posts${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`,
      new Blob([postsCsv(posts, range)], { type: 'text/csv;charset=utf-8' }),
    );
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
  const threads = usePostThreadsStore((state) => (state.profileId === profileId ? state.threads : []));
  const threadOpen = usePostThreadsStore((state) => state.openHeadKey !== null);
  const selecting = usePostThreadsStore((state) => state.selecting);
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
              <select value={profileId ?? ''} onChange={(event) => chooseClient(event.target.value)}>
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
            {profile && <TrackPostForm key={profile.profileId} profileId={profile.profileId} linked={profile.linkedNetworks} />}
            {profile?.linkedNetworks.includes('twitter') === true && !selecting && (
              <button type="button" className="button small" onClick={() => usePostThreadsStore.getState().startSelecting()}>
                Group tweets into a thread…
              </button>
            )}
          </div>
          {selecting && <GroupBar />}
        </div>
        <div className="list-scroller posts-scroller">
          {error !== null && <p className="notice">{error}</p>}
          {loading && posts.length === 0 && <p className="list-empty">Loading posts…</p>}
          {!loading && error === null && posts.length === 0 && <p className="list-empty">No posts for this client yet.</p>}
          <ul className="post-rows" aria-label={`Posts of ${profile?.title ?? 'the client'}`}>
            {listEntries(posts, threads).map((entry) =>
              entry.kind === 'post' ? (
                <PostRow key={entry.summary.post.key} summary={entry.summary} active={entry.summary.post.key === panelKey} now={now} />
              ) : (
                <ThreadRow key={`thread:${entry.thread.headKey}`} thread={entry.thread} members={entry.members} now={now} />
              ),
            )}
          </ul>
        </div>
      </section>
      {threadOpen ? <ThreadMetricsPanel /> : <MetricPanel />}
    </div>
  );
}
