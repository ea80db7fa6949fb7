// Page 2 of the client report: response times, volume by network, the top posts (a cross-posted post
// once, with its networks), who is still waiting (the person, the network, their first words, how
// long) and the account growth in a compact table. Sized for one A4 sheet: the lists are cut to what
// fits, and the appendix has the rest.
import type { ClientReport, ResponsivenessView, TopPost } from '../../shared/domain/clientReport.ts';
import { cutAtWord, type Formatter } from '../../shared/format/formatter.ts';
import { kindView } from '../kinds/kindViews.ts';
import { NETWORK_LABELS } from '../logic/networkLabels.ts';
import { postWords } from '../logic/postMetrics.ts';
import { responseBars } from '../logic/reportFigureDefinitions.ts';
import { comparesWithBefore, PAGE_TWO_POSTS, PAGE_TWO_WAITING, waitingLines } from '../logic/reportWords.ts';
import { NetworkIcon } from './NetworkIcon.tsx';
import { ReportGrowthSummary } from './ReportGrowth.tsx';
import { ReportTeam } from './ReportTeam.tsx';

const ENGAGEMENT = { one: 'engagement', other: 'engagements' };
const COMMENT = { one: 'comment', other: 'comments' };

/**
 * Horizontal bars, this period over the period before, in SVG (attributes, no inline style: the CSP
 * holds). The bars are responseBars': the answers before opening first, then the others by their
 * time, the same answers the typical first answer on page 1 is the median of.
 */
export function Distribution({ report, format }: { report: ClientReport; format: Formatter }) {
  const now = report.current;
  const compare = comparesWithBefore(report);
  const bars = responseBars(now, report.previous);
  const max = Math.max(1, ...bars.map((bar) => bar.count), ...(compare ? bars.map((bar) => bar.before) : []));
  const rowHeight = 22;
  const barWidth = 150;
  return (
    <section className="report-section" aria-labelledby="report-distribution">
      <h3 id="report-distribution">Response times</h3>
      <svg className="report-bars" viewBox={`0 0 ${barWidth + 140} ${bars.length * rowHeight}`} role="img" aria-label="Answered items by response time">
        {bars.map((bar, index) => {
          const y = index * rowHeight;
          return (
            <g key={bar.key} data-bar={bar.key}>
              <text x="0" y={y + 13} className="report-bar-label">
                {bar.label}
              </text>
              <rect x="100" y={y + 3} width={Math.max(1, (bar.count / max) * barWidth)} height="10" className="report-bar-now" />
              {compare && <rect x="100" y={y + 15} width={Math.max(1, (bar.before / max) * barWidth)} height="4" className="report-bar-before" />}
              <text x={108 + (bar.count / max) * barWidth} y={y + 12} className="report-bar-value">
                {format.number(bar.count)}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="report-small">
        Time to the first answer{now.counts === 'business' ? ', in business hours' : ''}
        {compare ? (
          <>
            : <span className="report-swatch report-swatch-now" /> this period <span className="report-swatch report-swatch-before" /> period before.
          </>
        ) : (
          '.'
        )}
      </p>
    </section>
  );
}

function VolumeByNetwork({ report, format }: { report: ClientReport; format: Formatter }) {
  const { current, previous } = report;
  const compare = comparesWithBefore(report);
  return (
    <section className="report-section" aria-labelledby="report-networks">
      <h3 id="report-networks">Volume by network</h3>
      {current.byChannel.length === 0 ? (
        <p className="report-small">Nothing received in this period.</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Network</th>
              <th scope="col">Received</th>
              <th scope="col">Answered</th>
              <th scope="col">Waiting</th>
              <th scope="col">Hidden</th>
              {compare && <th scope="col">Before</th>}
            </tr>
          </thead>
          <tbody>
            {current.byChannel.map((channel) => (
              <tr key={`${channel.network}-${channel.kind}`} data-network={channel.network} data-kind={channel.kind}>
                <td className="report-network">
                  {channel.network !== 'reddit' && <NetworkIcon network={channel.network} size={12} />}
                  {channel.network === 'reddit' ? 'Reddit' : NETWORK_LABELS[channel.network]}
                  {kindView(channel.kind).words.report.channel}
                </td>
                <td>{format.number(channel.received)}</td>
                <td>{format.number(channel.answered)}</td>
                <td>{format.number(channel.unanswered)}</td>
                <td>{format.number(channel.hidden)}</td>
                {compare && (
                  <td>{format.number(previous.byChannel.find((other) => other.network === channel.network && other.kind === channel.kind)?.received ?? 0)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A post's networks in words: "Instagram, Facebook and Threads". */
function networkList(post: TopPost): string {
  const names = (post.networks ?? [post.platform]).map((network) => NETWORK_LABELS[network]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

export function TopPostList({ report, format, count }: { report: ClientReport; format: Formatter; count: number }) {
  const awaiting = report.postsAwaitingFigures ?? 0;
  return (
    <section className="report-section" aria-labelledby={`report-posts-${count}`}>
      <h3 id={`report-posts-${count}`}>Top posts by engagement</h3>
      {report.topPosts.length === 0 ? (
        <p className="report-small">
          {awaiting > 0 ? 'The networks have not reported figures for this period’s posts yet.' : 'No post was published in this period.'}
        </p>
      ) : (
        <ol className="report-posts">
          {report.topPosts.slice(0, count).map((post) => (
            <li key={post.postKey} className="report-post" data-post={post.postKey}>
              <span className="report-post-text">{cutAtWord(postWords(post, post.latest), 110) || '(no text)'}</span>
              <span className="report-post-figures">
                {(post.networks ?? [post.platform]).map((network) => (
                  <NetworkIcon key={network} network={network} size={11} />
                ))}{' '}
                {networkList(post)} · {format.dayMonth(Date.parse(post.created))} · <strong>{format.count(post.engagement ?? 0, ENGAGEMENT)}</strong> ·{' '}
                {format.count(post.commentsInPeriod, COMMENT)} in the period
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function StillWaiting({ view, format }: { view: ResponsivenessView; format: Formatter }) {
  const lines = waitingLines(view, format, PAGE_TWO_WAITING);
  if (lines.length === 0) return null;
  return (
    <section className="report-section" aria-labelledby="report-waiting">
      <h3 id="report-waiting">Still waiting for an answer</h3>
      <ul className="report-waiting">
        {lines.map((line) => (
          <li key={line.key} data-testid="waiting-item">
            <strong>{line.who}</strong> <span className="report-muted">({line.where})</span> {line.words} <span className="report-waiting-age">{line.age}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReportDetailPage({ report, format }: { report: ClientReport; format: Formatter }) {
  return (
    <>
      <div className="report-two-columns">
        <Distribution report={report} format={format} />
        <VolumeByNetwork report={report} format={format} />
      </div>
      <ReportTeam report={report} format={format} />
      <TopPostList report={report} format={format} count={PAGE_TWO_POSTS} />
      <StillWaiting view={report.current} format={format} />
      <ReportGrowthSummary report={report} format={format} />
    </>
  );
}
