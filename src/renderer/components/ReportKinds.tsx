// The report's "Comments / Direct messages" table: each kind's volume and response times apart,
// with the period before's beside them. Shown when the report has direct messages (kindFigures
// decides, and the CSV's rows come from the same list).
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import { formatDuration, formatShare, kindFigures } from '../logic/reportFigures.ts';

export function ReportKinds({ report }: { report: ClientReport }) {
  const rows = kindFigures(report);
  if (rows.length === 0) return null;
  return (
    <section className="report-section report-keep" aria-labelledby="report-kinds">
      <h3 id="report-kinds">Comments / Direct messages</h3>
      <p className="muted small">
        A direct message counts once per turn: the person&apos;s first message since the account last wrote, answered by the account&apos;s next message.
      </p>
      <table className="report-table report-kinds">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Received</th>
            <th scope="col">Answered</th>
            <th scope="col">Median first response</th>
            <th scope="col">90 % answered within</th>
            <th scope="col">Within target</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ kind, words, now, before }) => (
            <tr key={kind} data-kind={kind}>
              <th scope="row">{words}</th>
              <td data-figure={`${kind}-received`}>
                {now?.totals.received ?? 0} <span className="report-kind-before">({before?.totals.received ?? 0} before)</span>
              </td>
              <td data-figure={`${kind}-answered`}>{now?.totals.answered ?? 0}</td>
              <td data-figure={`${kind}-median`}>
                {formatDuration(now?.firstResponse.medianMs ?? null)}{' '}
                <span className="report-kind-before">({formatDuration(before?.firstResponse.medianMs ?? null)} before)</span>
              </td>
              <td data-figure={`${kind}-p90`}>{formatDuration(now?.firstResponse.p90Ms ?? null)}</td>
              <td data-figure={`${kind}-within-target`}>{formatShare(now?.target?.share ?? null)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
