// One post's metrics on one network: every field of that network in plain words, each number with
// its change since the user last looked (kept by the core, so it survives a restart) and a small
// chart of the stored snapshots; honest badges (backfilled, recovered, not owned, …); when the
// numbers were updated and will be next; a comparison with another post or the client's average;
// a PNG of it all to send to a client. All from the store, so offline it shows the same, with its age.
// The numbers are the network's figures (logic/metricFigures.ts): one name each, counts whole, rates
// as percentages, no ids, links or sizes among them.
import { withKey } from '../commands/commandKeys.ts';
import { useRef, useState } from 'react';
import type { AnalyticsSnapshot } from '../../shared/domain/posts.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { FIGURE_GROUPS, FIGURES, figureSeries, figureValues, formatFigure, formatFigureChange, type FigureSpec } from '../logic/metricFigures.ts';
import { dataBadges, freshnessWords, metricLabel, metricValueWords, NOT_OWNED_NOTE, postWords } from '../logic/postMetrics.ts';
import { panelPngContent, panelPngFileName } from '../logic/panelPng.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { usePostsStore, type PostMetrics } from '../stores/postsStore.ts';
import { profileTitle, useProfilesStore } from '../stores/profilesStore.ts';
import { offlineAccounts, useStatusStore } from '../stores/statusStore.ts';
import { useNow } from './hooks.ts';
import { MetricChart } from './MetricChart.tsx';
import { MetricComparison } from './MetricComparison.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import { downloadBlob } from './downloadBlob.ts';
import { comparisonOnPanel, panelPng } from './panelPngCanvas.ts';
import { DataBadgeList } from './DataBadgeList.tsx';
import { useRefreshNow, type Freshness } from './useRefreshNow.ts';

function When({ iso, now, ahead = false }: { iso: string; now: number; ahead?: boolean }) {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return <span>{iso || 'unknown'}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={exactTime(ms)}>
      {freshnessWords(ms, now, ahead, relativeTime)}
    </time>
  );
}

function MetricTile({ spec, value, before, history }: { spec: FigureSpec; value: number; before: number | undefined; history: AnalyticsSnapshot[] }) {
  const series = figureSeries(history, spec.key);
  const delta = before === undefined ? null : value - before;
  const change = delta === null ? null : formatFigureChange(spec.kind, delta);
  const shown = formatFigure(spec.kind, value);
  return (
    <li className="metric-tile" data-metric={spec.key} data-kind={spec.kind}>
      <span className="metric-label">{spec.name}</span>
      <span className="metric-value">{shown}</span>
      {change !== null && delta !== null && (
        <span className={`metric-change${change === 'no change' ? '' : delta > 0 ? ' is-up' : ' is-down'}`} title="Since you last looked">
          {change} since you last looked
        </span>
      )}
      {series.x.length > 1 ? (
        <MetricChart
          kind="chart"
          figure={spec.kind}
          x={series.x}
          y={series.y}
          label={`${spec.name} over time: ${series.y.length} stored snapshots, latest ${shown}`}
        />
      ) : (
        <span className="metric-note">One snapshot so far: the chart starts with the next change.</span>
      )}
    </li>
  );
}

function NumberGrid({
  specs,
  numbers,
  before,
  history,
}: {
  specs: readonly FigureSpec[];
  numbers: Record<string, number>;
  before: Record<string, number> | null;
  history: AnalyticsSnapshot[];
}) {
  const shown = specs.filter((spec) => numbers[spec.key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <ul className="metric-grid">
      {shown.map((spec) => (
        <MetricTile key={spec.key} spec={spec} value={numbers[spec.key] ?? 0} before={before?.[spec.key]} history={history} />
      ))}
    </ul>
  );
}

function describe(value: unknown, key = ''): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  if (typeof value === 'string') return metricValueWords(key, value);
  return JSON.stringify(value);
}

function isLink(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('https://');
}

/** Fields that say nothing to a person: ids, the embed and thumbnail addresses (a thumbnail's size is a number, so never shown here). */
const HIDDEN_DETAILS = new Set(['entities', 'itemId', 'embedUrl', 'thumbnailUrl']);

/** The descriptive fields (strings, lists): caption, channel, tags, links; a link the service sends twice, once. */
function Details({ metrics, now }: { metrics: Record<string, unknown>; now: number }) {
  const seen = new Set<string>();
  const entries = Object.entries(metrics).filter(([key, value]) => {
    if (HIDDEN_DETAILS.has(key) || !(typeof value === 'string' || Array.isArray(value)) || value === '') return false;
    const said = `${metricLabel(key)}\n${describe(value, key)}`;
    if (seen.has(said)) return false;
    seen.add(said);
    return true;
  });
  if (entries.length === 0) return null;
  return (
    <dl className="metric-details">
      {entries.map(([key, value]) => (
        <div key={key} className="metric-detail">
          <dt>{metricLabel(key)}</dt>
          <dd>
            {key === 'created' && typeof value === 'string' ? (
              <When iso={value} now={now} />
            ) : isLink(value) ? (
              <a href={value} target="_blank" rel="noreferrer noopener">
                {value}
              </a>
            ) : (
              describe(value, key)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface Entities {
  urls?: { url: string; expandedUrl?: string; displayUrl?: string }[];
  hashtags?: { tag: string }[];
  mentions?: { username: string }[];
}

function TwitterEntities({ entities }: { entities: Entities | undefined }) {
  const urls = entities?.urls ?? [];
  const hashtags = entities?.hashtags ?? [];
  const mentions = entities?.mentions ?? [];
  return (
    <section className="metric-section" aria-label="Links, hashtags and mentions">
      <h3 className="metric-heading">Links, hashtags and mentions</h3>
      {urls.length + hashtags.length + mentions.length === 0 ? (
        <p className="muted small">This post has no links, hashtags or mentions.</p>
      ) : (
        <dl className="metric-details">
          {urls.length > 0 && (
            <div className="metric-detail">
              <dt>Links</dt>
              <dd className="entity-list">
                {urls.map((u) => (
                  <a key={u.url} href={u.expandedUrl ?? u.url} target="_blank" rel="noreferrer noopener">
                    {u.displayUrl ?? u.url}
                  </a>
                ))}
              </dd>
            </div>
          )}
          {hashtags.length > 0 && (
            <div className="metric-detail">
              <dt>Hashtags</dt>
              <dd className="entity-list">
                {hashtags.map((h) => (
                  <a key={h.tag} href={`https://x.com/hashtag/${encodeURIComponent(h.tag)}`} target="_blank" rel="noreferrer noopener">
                    #{h.tag}
                  </a>
                ))}
              </dd>
            </div>
          )}
          {mentions.length > 0 && (
            <div className="metric-detail">
              <dt>Mentions</dt>
              <dd className="entity-list">
                {mentions.map((m) => (
                  <a key={m.username} href={`https://x.com/${encodeURIComponent(m.username)}`} target="_blank" rel="noreferrer noopener">
                    @{m.username}
                  </a>
                ))}
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

export function PanelBody({ data, now }: { data: PostMetrics; now: number }) {
  const { post, latest, history } = data;
  const seenBefore = usePostsStore((state) => state.seenBefore[post.key] ?? null);
  const profiles = useProfilesStore((state) => state.profiles);
  const connectivity = useStatusStore((state) => state.connectivity);
  const accountId = profiles.find((p) => p.profileId === post.profileId)?.accountId;
  const offline = accountId !== undefined && offlineAccounts(connectivity).includes(accountId);
  const badges = dataBadges(post.platform, latest, data.flags);
  const numbers = latest ? figureValues(post.platform, latest.metrics) : {};
  const before = seenBefore ? figureValues(post.platform, seenBefore.snapshot.metrics) : null;
  const created = Date.parse(post.created);

  return (
    <div className="metric-body">
      <section className="post-card" aria-label="The post">
        <div className="post-head">
          <NetworkIcon network={post.platform} size={18} label />
          <span className="post-meta" title={exactTime(created)}>
            {profileTitle(profiles, post.profileId)} · {relativeTime(created, now)}
          </span>
          {post.url && (
            <a className="post-link" href={post.url} target="_blank" rel="noreferrer noopener">
              Open on {NETWORK_LABELS[post.platform]}
            </a>
          )}
        </div>
        <p className="post-text">{postWords(post, latest)}</p>
      </section>

      <DataBadgeList badges={badges} />

      {latest === null ? (
        <p className="notice">
          {data.flags.notFoundAt !== null
            ? 'No metrics: the service does not find this post for this account.'
            : offline
              ? 'Offline, and no metrics were stored for this post yet.'
              : 'No metrics yet: the app asks the service for them on its schedule.'}
        </p>
      ) : (
        <>
          {/* Figures from before the service stopped finding the post (deleted after its first read): said, not hidden. */}
          {data.flags.notFoundAt !== null && (
            <p className="notice">The service no longer finds this post for this account: the numbers below are the last it gave.</p>
          )}
          <p className={`metric-freshness${offline ? ' is-offline' : ''}`} data-testid="metric-freshness">
            {offline && (
              <strong>
                Offline: stored numbers, fetched <When iso={new Date(latest.fetchedAt).toISOString()} now={now} />.{' '}
              </strong>
            )}
            Updated by the service <When iso={latest.lastUpdated} now={now} />; next update <When iso={latest.nextUpdate} now={now} ahead />.
            {!offline && (
              <>
                {' '}
                Fetched <When iso={new Date(latest.fetchedAt).toISOString()} now={now} />.
              </>
            )}{' '}
            {history.length} stored {history.length === 1 ? 'snapshot' : 'snapshots'}.
            {seenBefore !== null && (
              <span className="metric-seen" data-testid="metric-seen">
                {' '}
                Changes are since you last looked (<When iso={new Date(seenBefore.at).toISOString()} now={now} />
                ).
              </span>
            )}
          </p>
          {post.platform === 'twitter' ? (
            <>
              {FIGURE_GROUPS.map(({ group, label }) => {
                const present = latest.metrics[group] !== undefined;
                return (
                  <section key={group} className="metric-section" aria-label={label}>
                    <h3 className="metric-heading">{label}</h3>
                    {present ? (
                      <NumberGrid specs={FIGURES.twitter.filter((spec) => spec.group === group)} numbers={numbers} before={before} history={history} />
                    ) : (
                      <p className="muted small">Metrics omitted: not your post. X gives these only to the post’s author.</p>
                    )}
                  </section>
                );
              })}
              <TwitterEntities entities={latest.metrics['entities'] as Entities | undefined} />
            </>
          ) : (
            <section className="metric-section" aria-label="Numbers">
              <h3 className="metric-heading">Numbers</h3>
              {data.flags.notOwned ? (
                <p className="muted small">{NOT_OWNED_NOTE}</p>
              ) : (
                <NumberGrid specs={FIGURES[post.platform]} numbers={numbers} before={before} history={history} />
              )}
            </section>
          )}
          {!data.flags.notOwned && <MetricComparison key={post.key} data={data} clientTitle={profileTitle(profiles, post.profileId)} />}
          <section className="metric-section" aria-label="About the post">
            <h3 className="metric-heading">About the post</h3>
            <Details metrics={latest.metrics} now={now} />
          </section>
        </>
      )}
    </div>
  );
}

function freshnessOf(latest: AnalyticsSnapshot | null): Freshness | null {
  return latest === null ? null : { fetchedAt: latest.fetchedAt, lastUpdated: Date.parse(latest.lastUpdated), nextUpdate: Date.parse(latest.nextUpdate) };
}

export function MetricPanel() {
  const panelKey = usePostsStore((state) => state.panelKey);
  const panel = usePostsStore((state) => state.panel);
  const error = usePostsStore((state) => state.panelError);
  const closePanel = usePostsStore((state) => state.closePanel);
  const refreshPanel = usePostsStore((state) => state.refreshPanel);
  const panelLatestNow = usePostsStore((state) => state.panelLatestNow);
  const panelErrorNow = usePostsStore((state) => state.panelErrorNow);
  const seenBeforeNow = usePostsStore((state) => state.seenBeforeNow);
  const profiles = useProfilesStore((state) => state.profiles);
  const now = useNow(30_000);
  const element = useRef<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const refresh = useRefreshNow(panelKey, refreshPanel, () => freshnessOf(panelLatestNow()), panelErrorNow);

  async function exportPng() {
    if (panel === null || element.current === null) return;
    setExporting(true);
    setExportError(null);
    try {
      const { post } = panel;
      const clientTitle = profileTitle(profiles, post.profileId);
      const seenBefore = seenBeforeNow(post.key);
      const content = panelPngContent({ ...panel, clientTitle, seenBefore, now: Date.now(), comparison: comparisonOnPanel(element.current) });
      downloadBlob(panelPngFileName(clientTitle, post), await panelPng(element.current, content));
    } catch (error) {
      setExportError(`The picture could not be made: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(false);
    }
  }

  if (panelKey === null) {
    return (
      <aside className="thread thread-empty" aria-label="Metrics">
        <div className="thread-placeholder">
          <span className="placeholder-title">No post open</span>
          <span>Choose a post to see its numbers, how they moved, and how fresh they are.</span>
        </div>
      </aside>
    );
  }
  return (
    <aside ref={element} className="thread metric-panel" aria-label="Metrics" data-post-key={panel?.post.key}>
      <header className="thread-head">
        {panel && <NetworkIcon network={panel.post.platform} size={18} />}
        <h2 className="thread-client">{panel ? `Metrics on ${NETWORK_LABELS[panel.post.platform]}` : 'Metrics'}</h2>
        <button type="button" className="button ghost small metric-refresh" disabled={refresh.busy} aria-busy={refresh.busy} onClick={() => void refresh.run()}>
          {refresh.busy ? 'Refreshing…' : 'Refresh now'}
        </button>
        <button type="button" className="button ghost small metric-export" disabled={panel === null || exporting} onClick={() => void exportPng()}>
          {exporting ? 'Exporting…' : 'Export PNG'}
        </button>
        <button type="button" className="icon-button close" aria-label="Close the metrics" title={withKey('Close', 'back')} onClick={closePanel}>
          ×
        </button>
      </header>
      <div className="thread-body">
        <p className="metric-refresh-status muted small" role="status" data-testid="metric-refresh-status">
          {refresh.busy ? 'Asking the service for this post’s numbers…' : (refresh.message ?? '')}
        </p>
        {error !== null && <p className="notice">{error}</p>}
        {exportError !== null && (
          <p className="notice" role="alert">
            {exportError}
          </p>
        )}
        {panel === null && error === null && <p className="muted">Loading…</p>}
        {panel !== null && <PanelBody data={panel} now={now} />}
      </div>
    </aside>
  );
}
