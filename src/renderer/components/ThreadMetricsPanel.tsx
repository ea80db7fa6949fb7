// A twitter thread's metrics: each tweet's numbers side by side and, for the counts, their sum. The
// service answers each tweet on its own (rule 2 of analytics by Social Post ID), so the sum is ours,
// and only counts are added (logic/threadMetrics.ts says which). All from the store, so it shows
// offline with its age, like a post's panel.
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { figureSpec, formatFigure } from '../logic/metricFigures.ts';
import { dataBadges } from '../logic/postMetrics.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { ADDITIVE_TWITTER_METRICS, oldestUpdate, threadMetricRows } from '../logic/threadMetrics.ts';
import { usePostsStore, type PostMetrics } from '../stores/postsStore.ts';
import { usePostThreadsStore } from '../stores/postThreadsStore.ts';
import { useNow } from './hooks.ts';
import { NetworkIcon } from './NetworkIcon.tsx';
import './postThreads.css';
import { DataBadgeList } from './DataBadgeList.tsx';
import { useRefreshNow, type Freshness } from './useRefreshNow.ts';
import { cutGraphemes } from '../../shared/format/graphemes.ts';

/** The thread's freshness for "Refresh now": the newest fetch and update of any tweet, the soonest next update. */
function threadFreshness(tweets: readonly PostMetrics[] | null): Freshness | null {
  const latest = (tweets ?? []).flatMap((t) => (t.latest === null ? [] : [t.latest]));
  if (latest.length === 0) return null;
  return {
    fetchedAt: Math.max(...latest.map((l) => l.fetchedAt)),
    lastUpdated: Math.max(...latest.map((l) => Date.parse(l.lastUpdated))),
    nextUpdate: Math.min(...latest.map((l) => Date.parse(l.nextUpdate))),
  };
}

function When({ iso, now }: { iso: string; now: number }) {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return <span>{iso}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={exactTime(ms)}>
      {relativeTime(ms, now)}
    </time>
  );
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return cutGraphemes(line, 160);
}

/** A figure's one name (logic/metricFigures.ts): "Impressions", "Organic likes". */
const nameOf = (key: string) => figureSpec('twitter', key)?.name ?? key;
const kindOf = (key: string) => figureSpec('twitter', key)?.kind ?? 'count';

const SUMMED_WORDS = ADDITIVE_TWITTER_METRICS.map((key) => nameOf(key).toLowerCase()).join(', ');

function TweetList({ tweets, now }: { tweets: PostMetrics[]; now: number }) {
  const openPanel = usePostsStore((state) => state.openPanel);
  return (
    <ol className="thread-tweets" aria-label="The tweets of the thread">
      {tweets.map((tweet, index) => {
        const badges = dataBadges(tweet.post.platform, tweet.latest, tweet.flags);
        const created = Date.parse(tweet.post.created);
        return (
          <li key={tweet.post.key} className="thread-tweet" data-post-key={tweet.post.key}>
            <span className="thread-tweet-place">Tweet {index + 1}</span>
            <span className="thread-tweet-time" title={exactTime(created)}>
              {relativeTime(created, now)}
            </span>
            <p className="thread-tweet-text">{excerpt(tweet.post.text) || '(no text)'}</p>
            <DataBadgeList badges={badges} label={`About the numbers of tweet ${index + 1}`} />
            {tweet.latest === null && <span className="metric-note">No numbers yet for this tweet.</span>}
            <button type="button" className="button ghost small thread-tweet-open" onClick={() => void openPanel(tweet.post.key)}>
              Open tweet {index + 1} alone
            </button>
          </li>
        );
      })}
    </ol>
  );
}

function SumTable({ tweets }: { tweets: PostMetrics[] }) {
  const rows = threadMetricRows(tweets.map((t) => ({ key: t.post.key, latest: t.latest })));
  if (rows.length === 0) return <p className="notice">No numbers yet: the app asks the service for each tweet on its schedule.</p>;
  return (
    <div className="thread-table-scroll">
      <table className="thread-table" aria-labelledby="thread-sum-heading">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            {tweets.map((tweet, index) => (
              <th key={tweet.post.key} scope="col" className="thread-number">
                Tweet {index + 1}
              </th>
            ))}
            <th scope="col" className="thread-number">
              Sum
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            return (
              <tr key={row.key} data-metric={row.key}>
                <th scope="row">{nameOf(row.key)}</th>
                {row.perTweet.map((value, index) => (
                  <td key={tweets[index]?.post.key ?? index} className="thread-number" data-tweet={index + 1}>
                    {value === null ? <span title="This tweet has no such number">—</span> : formatFigure(kindOf(row.key), value)}
                  </td>
                ))}
                <td className="thread-number thread-sum" data-sum={row.sum === null ? 'none' : String(row.sum)}>
                  {row.sum === null ? (
                    <span className="thread-not-summed" title="Not a count: adding it up would mean nothing">
                      not summed
                    </span>
                  ) : (
                    <>
                      {formatFigure(kindOf(row.key), row.sum)}
                      {row.missing > 0 && (
                        <span className="thread-partial">
                          {' '}
                          of {tweets.length - row.missing} {tweets.length - row.missing === 1 ? 'tweet' : 'tweets'}
                        </span>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ThreadMetricsPanel() {
  const headKey = usePostThreadsStore((state) => state.openHeadKey);
  const thread = usePostThreadsStore((state) => state.threads.find((t) => t.headKey === state.openHeadKey));
  const tweets = usePostThreadsStore((state) => state.tweets);
  const error = usePostThreadsStore((state) => state.error);
  const closeThread = usePostThreadsStore((state) => state.closeThread);
  const refreshThread = usePostThreadsStore((state) => state.refreshThread);
  const tweetsNow = usePostThreadsStore((state) => state.tweetsNow);
  const errorNow = usePostThreadsStore((state) => state.errorNow);
  const ungroupOpen = usePostThreadsStore((state) => state.ungroupOpen);
  const now = useNow(30_000);
  const refresh = useRefreshNow(headKey, refreshThread, () => threadFreshness(tweetsNow()), errorNow);
  if (headKey === null) return null;
  const count = thread?.keys.length ?? tweets?.length ?? 0;
  const oldest = tweets ? oldestUpdate(tweets.map((t) => ({ key: t.post.key, latest: t.latest }))) : null;
  const fetched = tweets?.map((t) => t.latest?.fetchedAt).filter((t): t is number => t !== undefined) ?? [];
  return (
    <aside className="thread metric-panel thread-metrics" aria-label="Thread metrics" data-thread-head={headKey}>
      <header className="thread-head">
        <NetworkIcon network="twitter" size={18} />
        <h2 className="thread-client">
          Thread of {count} tweets<span className="visually-hidden"> on {NETWORK_LABELS.twitter}</span>
        </h2>
        <button type="button" className="button ghost small metric-refresh" disabled={refresh.busy} aria-busy={refresh.busy} onClick={() => void refresh.run()}>
          {refresh.busy ? 'Refreshing…' : 'Refresh now'}
        </button>
        <button type="button" className="icon-button close" aria-label="Close the thread’s metrics" title="Close" onClick={closeThread}>
          ×
        </button>
      </header>
      <div className="thread-body">
        <p className="metric-refresh-status muted small" role="status" data-testid="metric-refresh-status">
          {refresh.busy ? 'Asking the service for each tweet’s numbers…' : (refresh.message ?? '')}
        </p>
        {error !== null && <p className="notice">{error}</p>}
        {tweets === null && error === null && <p className="muted">Loading…</p>}
        {tweets !== null && (
          <div className="metric-body">
            <p className="metric-freshness" data-testid="thread-freshness">
              Each tweet’s numbers are asked for on its own; the sums add up the counts of the {count} tweets.
              {oldest !== null && (
                <>
                  {' '}
                  The oldest were updated by the service <When iso={oldest} now={now} />
                  {fetched.length > 0 && (
                    <>
                      , fetched <When iso={new Date(Math.min(...fetched)).toISOString()} now={now} />
                    </>
                  )}
                  .
                </>
              )}
            </p>
            {thread?.announced != null && thread.announced > count && (
              <p className="notice">
                The tweets announce a thread of {thread.announced}; {count} of them are in the inbox, so the sums cover those {count} only.
              </p>
            )}
            <TweetList tweets={tweets} now={now} />
            <p className="thread-origin">
              {thread?.manual === true ? 'You grouped these tweets.' : 'Found from the tweets’ “k/n” and 🧵 markers, written within minutes of each other.'}{' '}
              <button type="button" className="button ghost small" onClick={() => void ungroupOpen()}>
                {thread?.manual === true ? 'Ungroup' : 'Not a thread: ungroup'}
              </button>
            </p>
            <section className="metric-section" aria-labelledby="thread-sum-heading">
              <h3 className="metric-heading" id="thread-sum-heading">
                Each tweet and the sum
              </h3>
              <SumTable tweets={tweets} />
              <p className="metric-note">
                Summed: counts ({SUMMED_WORDS}). Never summed: rates, averages and text. “—”: that tweet has no such number (not fetched yet, or X gives it only
                to the author).
              </p>
            </section>
          </div>
        )}
      </div>
    </aside>
  );
}
