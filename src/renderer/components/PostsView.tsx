// The Posts view: a client's posts, newest first, each with its network, an excerpt, its date and a
// sparkline per key metric from the stored snapshots; the chosen post's metric panel beside it; and
// the CSV export of the client's posts and metrics for a date range. A twitter thread is one entry
// ("Thread of 3 tweets") whose panel shows each tweet and the sums; a post sent to several networks
// is one entry (PublicationRow.tsx) whose panel shows each network and the total; a post the service
// does not list (a video of another channel) can be tracked by its link and removed again.
import { useEffect, useRef, useState } from 'react';
import type { PostSummary } from '../../shared/domain/posts.ts';
import type { PostThread } from '../../shared/domain/twitterThreads.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { postEntries } from '../logic/postEntries.ts';
import { formatMetric, numericMetrics, postsCsv } from '../logic/postMetrics.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { usePostsStore } from '../stores/postsStore.ts';
import { usePostThreadsStore } from '../stores/postThreadsStore.ts';
import { usePublicationStore } from '../stores/publicationStore.ts';
import { chooseClient } from '../stores/choices.ts';
import { profileColor, useProfilesStore } from '../stores/profilesStore.ts';
import { downloadBlob } from './downloadBlob.ts';
import { ClientDot } from './ClientDot.tsx';
import { useNow } from './hooks.ts';
import { MetricPanel } from './MetricPanel.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import { excerpt, PostRow } from './PostRow.tsx';
import { PublicationMetricsPanel } from './PublicationMetricsPanel.tsx';
import { PublicationRow } from './PublicationRow.tsx';
import { ThreadMetricsPanel } from './ThreadMetricsPanel.tsx';
import { TrackPostForm } from './TrackPostForm.tsx';

/** The bar that makes a thread of the chosen tweets. */
function GroupBar() {
  const count = usePostThreadsStore((state) => state.selected.length);
  const error = usePostThreadsStore((state) => state.editError);
  const groupSelected = usePostThreadsStore((state) => state.groupSelected);
  const cancelSelecting = usePostThreadsStore((state) => state.cancelSelecting);
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
      new Blob([postsCsv(posts, range, profileTitle)], { type: 'text/csv;charset=utf-8' }),
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
  const publicationOpen = usePublicationStore((state) => state.openKey !== null);
  const selecting = usePostThreadsStore((state) => state.selecting);
  const startSelecting = usePostThreadsStore((state) => state.startSelecting);
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
              <button type="button" className="button small" onClick={startSelecting}>
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
            {postEntries(posts, threads).map((entry) =>
              entry.kind === 'post' ? (
                <PostRow key={entry.summary.post.key} summary={entry.summary} active={entry.summary.post.key === panelKey} now={now} />
              ) : entry.kind === 'publication' ? (
                <PublicationRow key={`publication:${entry.publicationKey}`} publicationKey={entry.publicationKey} members={entry.members} now={now} />
              ) : (
                <ThreadRow key={`thread:${entry.thread.headKey}`} thread={entry.thread} members={entry.members} now={now} />
              ),
            )}
          </ul>
        </div>
      </section>
      {publicationOpen ? <PublicationMetricsPanel /> : threadOpen ? <ThreadMetricsPanel /> : <MetricPanel />}
    </div>
  );
}
