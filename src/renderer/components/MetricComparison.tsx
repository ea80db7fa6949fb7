// "Compare with": a post's numbers against the client's average on the same network, or against
// another post of the client there. A table with headers (metric, this post, the other, the
// difference in words), so a screen reader reads each cell with its row and column. The client's
// posts come from the store (posts.list), so this works offline too. The panel keys it by post, so
// another post starts again from the average.
import { useEffect, useState } from 'react';
import type { PostSummary } from '../../shared/domain/posts.ts';
import { call } from '../api/bridge.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { averagePool, compareNumbers, comparablePosts, postChoiceLabel } from '../logic/postComparison.ts';
import { figureSpec, figureValues, formatFigure } from '../logic/metricFigures.ts';
import type { PostMetrics } from '../stores/postsStore.ts';
import { fmt } from '../logic/format.ts';

const AVERAGE = 'average';

function plural(count: number, one: string, many: string): string {
  return fmt.count(count, { one, other: many });
}

export function MetricComparison({ data, clientTitle }: { data: PostMetrics; clientTitle: string }) {
  const { post, latest } = data;
  const [choice, setChoice] = useState(AVERAGE);
  const [summaries, setSummaries] = useState<PostSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The client's posts, read again when the panel shows newer numbers (theirs may have moved too).
  useEffect(() => {
    let current = true;
    void call('posts.list', { profileId: post.profileId }).then((result) => {
      if (!current) return;
      if (result.ok) {
        setSummaries(result.data.posts);
        setError(null);
      } else setError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [post.profileId, post.key, latest?.id]);

  if (latest === null) return null;
  const network = NETWORK_LABELS[post.platform];
  const mine = figureValues(post.platform, latest.metrics);
  const specOf = (key: string) => figureSpec(post.platform, key);
  const kindOf = (key: string) => specOf(key)?.kind ?? 'count';
  const others = summaries === null ? [] : comparablePosts(summaries, post);
  const pool = summaries === null ? null : averagePool(summaries, post);
  const chosen = choice === AVERAGE ? null : (others.find((s) => s.post.key === choice) ?? null);
  const rows = pool === null ? [] : compareNumbers(mine, chosen ? figureValues(chosen.post.platform, chosen.latest?.metrics ?? {}) : pool.means, kindOf);
  const poolCount = pool?.posts.length ?? 0;
  const otherHeading = chosen ? 'Other post' : `Average of ${plural(poolCount, 'post', 'posts')}`;
  const caption = chosen
    ? `This post against another ${network} post of ${clientTitle}: ${postChoiceLabel(chosen.post)}`
    : `This post against the average of ${plural(poolCount, `other ${network} post`, `other ${network} posts`)} of ${clientTitle} with stored numbers${
        pool !== null && pool.leftOut > 0
          ? ` (${plural(pool.leftOut, 'video of another channel', 'videos of other channels')} left out: no numbers of their own)`
          : ''
      }.`;

  return (
    <section className="metric-section metric-compare" aria-label="Comparison">
      <h3 className="metric-heading">Comparison</h3>
      <label className="metric-compare-choice">
        Compare with{' '}
        <select value={chosen ? choice : AVERAGE} onChange={(event) => setChoice(event.target.value)}>
          <option value={AVERAGE}>The client’s average on {network}</option>
          {others.length > 0 && (
            <optgroup label={`Another ${network} post of ${clientTitle}`}>
              {others.map((s) => (
                <option key={s.post.key} value={s.post.key}>
                  {postChoiceLabel(s.post)}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      {error !== null && <p className="notice">{error}</p>}
      {summaries === null && error === null && <p className="muted small">Reading the client’s posts…</p>}
      {pool !== null && poolCount === 0 && !chosen ? (
        <p className="muted small" data-testid="compare-empty">
          Nothing to compare with yet: {clientTitle} has no other {network} post with stored numbers.
        </p>
      ) : (
        pool !== null && (
          <table className="metric-compare-table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Metric</th>
                <th scope="col">This post</th>
                <th scope="col">{otherHeading}</th>
                <th scope="col">Difference</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} data-compare={row.key}>
                  <th scope="row">{specOf(row.key)?.name ?? row.key}</th>
                  <td className="metric-compare-number">{formatFigure(kindOf(row.key), row.mine)}</td>
                  <td className="metric-compare-number">
                    {row.other === null ? '—' : formatFigure(kindOf(row.key), row.other)}
                    {row.otherCount !== null && row.otherCount !== poolCount && (
                      <span className="metric-compare-count"> (of {plural(row.otherCount, 'post', 'posts')})</span>
                    )}
                  </td>
                  <td className={`metric-compare-difference is-${row.direction}`}>{row.difference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
    </section>
  );
}
