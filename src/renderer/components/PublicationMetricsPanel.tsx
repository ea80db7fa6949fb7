// One publication's metrics (decision 0051): a post sent through the service to several networks,
// each network's numbers in a column of its own and the total beside them. The service answers each
// network's post on its own, so the total is ours, and only counts are added (publicationMetrics.ts).
// All from the store, so it shows offline with its age, like a post's panel.
import { wordList } from '../../shared/format/formatter.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { fmt } from '../logic/format.ts';
import { formatFigure } from '../logic/metricFigures.ts';
import { dataBadges, postWords } from '../logic/postMetrics.ts';
import { publicationRows } from '../logic/publicationMetrics.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { usePostsStore, type PostMetrics } from '../stores/postsStore.ts';
import { usePublicationStore } from '../stores/publicationStore.ts';
import { DataBadgeList } from './DataBadgeList.tsx';
import { useNow } from './hooks.ts';
import { NetworkIcon } from './NetworkIcon.tsx';
import './postThreads.css';
import './publications.css';
import { useRefreshNow, type Freshness } from './useRefreshNow.ts';

const NETWORKS_NOUN = { one: 'network', other: 'networks' };

/** The publication's freshness for "Refresh now": the newest fetch and update of any network, the soonest next update. */
function publicationFreshness(members: readonly PostMetrics[] | null): Freshness | null {
  const latest = (members ?? []).flatMap((m) => (m.latest === null ? [] : [m.latest]));
  if (latest.length === 0) return null;
  return {
    fetchedAt: Math.max(...latest.map((l) => l.fetchedAt)),
    lastUpdated: Math.max(...latest.map((l) => Date.parse(l.lastUpdated))),
    nextUpdate: Math.min(...latest.map((l) => Date.parse(l.nextUpdate))),
  };
}

function NetworkTable({ members }: { members: PostMetrics[] }) {
  const rows = publicationRows(members.map((m) => ({ platform: m.post.platform, latest: m.latest })));
  if (rows.length === 0) return <p className="notice">No numbers yet: the app asks the service for each network’s post on its schedule.</p>;
  return (
    <div className="thread-table-scroll">
      {/* Past three networks the columns show their icons alone (their names stay for screen readers), so the total fits at 1024 px. */}
      <table className={`thread-table publication-table${members.length > 3 ? ' is-many' : ''}`} aria-labelledby="publication-table-heading">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            {members.map((member) => (
              <th key={member.post.key} scope="col" className="thread-number" data-network={member.post.platform}>
                <span className="publication-column">
                  <NetworkIcon network={member.post.platform} size={13} />
                  <span className="publication-column-name">{NETWORK_LABELS[member.post.platform]}</span>
                </span>
              </th>
            ))}
            <th scope="col" className="thread-number">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-metric={row.name}>
              <th scope="row">{row.name}</th>
              {row.perNetwork.map((value, index) => (
                <td key={members[index]?.post.key ?? index} className="thread-number" data-network={members[index]?.post.platform}>
                  {value === null ? <span title="This network has no such number">—</span> : formatFigure(row.kind, value)}
                </td>
              ))}
              <td
                className="thread-number thread-sum"
                data-total={row.total === null ? 'none' : String(row.total)}
                title={
                  row.total !== null && row.present < members.length ? `The ${row.present} of the ${members.length} networks that have this number` : undefined
                }
              >
                {row.total === null ? (
                  <span className="thread-not-summed" title="Not a count: adding it up would mean nothing">
                    not added
                  </span>
                ) : (
                  formatFigure(row.kind, row.total)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NetworkPosts({ members, now }: { members: PostMetrics[]; now: number }) {
  const openPanel = usePostsStore((state) => state.openPanel);
  return (
    <ul className="publication-network-list" aria-label="Each network’s post">
      {members.map((member) => {
        const name = NETWORK_LABELS[member.post.platform];
        const badges = dataBadges(member.post.platform, member.latest, member.flags);
        const updated = member.latest === null ? Number.NaN : Date.parse(member.latest.lastUpdated);
        return (
          <li key={member.post.key} className="publication-network" data-network={member.post.platform}>
            <NetworkIcon network={member.post.platform} size={14} />
            <span className="publication-network-name">{name}</span>
            <span className="publication-network-age muted small">
              {Number.isFinite(updated) ? (
                <>
                  updated <span title={exactTime(updated)}>{relativeTime(updated, now)}</span>
                </>
              ) : (
                'no numbers yet'
              )}
            </span>
            <button type="button" className="button ghost small" onClick={() => void openPanel(member.post.key)}>
              Open {name} alone
            </button>
            {badges.length > 0 && <DataBadgeList badges={badges} label={`About the numbers on ${name}`} />}
          </li>
        );
      })}
    </ul>
  );
}

export function PublicationMetricsPanel() {
  const openKey = usePublicationStore((state) => state.openKey);
  const members = usePublicationStore((state) => state.members);
  const error = usePublicationStore((state) => state.error);
  const close = usePublicationStore((state) => state.close);
  const refreshPublication = usePublicationStore((state) => state.refresh);
  const membersNow = usePublicationStore((state) => state.membersNow);
  const errorNow = usePublicationStore((state) => state.errorNow);
  const now = useNow(30_000);
  const refresh = useRefreshNow(openKey, refreshPublication, () => publicationFreshness(membersNow()), errorNow);
  if (openKey === null) return null;
  const first = members?.[0];
  const names = wordList((members ?? []).map((m) => NETWORK_LABELS[m.post.platform]));
  const created = first === undefined ? Number.NaN : Date.parse(first.post.created);
  const words = (members ?? []).map((m) => postWords(m.post, m.latest)).find((text) => text.trim() !== '') ?? '';
  return (
    <aside className="thread metric-panel publication-metrics" aria-label="Metrics on every network" data-publication-key={openKey}>
      <header className="thread-head">
        <span className="publication-icons" aria-hidden="true">
          {(members ?? []).map((m) => (
            <NetworkIcon key={m.post.key} network={m.post.platform} size={16} />
          ))}
        </span>
        <h2 className="thread-client">
          {members === null ? 'The post on every network' : `On ${fmt.count(members.length, NETWORKS_NOUN)}`}
          {names !== '' && <span className="visually-hidden">: {names}</span>}
        </h2>
        <button type="button" className="button ghost small metric-refresh" disabled={refresh.busy} aria-busy={refresh.busy} onClick={() => void refresh.run()}>
          {refresh.busy ? 'Refreshing…' : 'Refresh now'}
        </button>
        <button type="button" className="icon-button close" aria-label="Close the post’s metrics" title="Close" onClick={close}>
          ×
        </button>
      </header>
      <div className="thread-body">
        <p className="metric-refresh-status muted small" role="status">
          {refresh.busy ? 'Asking the service for each network’s numbers…' : (refresh.message ?? '')}
        </p>
        {error !== null && <p className="notice">{error}</p>}
        {members === null && error === null && <p className="muted">Loading…</p>}
        {members !== null && (
          <div className="metric-body">
            <section className="publication-post" aria-label="The post">
              <p className="publication-post-text">{words || '(no text)'}</p>
              {Number.isFinite(created) && (
                <p className="muted small">
                  Posted <span title={exactTime(created)}>{relativeTime(created, now)}</span> to {names}, as one post through the service.
                </p>
              )}
            </section>
            <section className="metric-section" aria-labelledby="publication-table-heading">
              <h3 className="metric-heading" id="publication-table-heading">
                Each network and the total
              </h3>
              <NetworkTable members={members} />
              <p className="metric-note">
                Total: the counts added up over the networks that have them. Never added: rates and watch times. “—”: that network has no such number, or none
                yet.
              </p>
            </section>
            <NetworkPosts members={members} now={now} />
          </div>
        )}
      </div>
    </aside>
  );
}
