// The report's "Comments / Direct messages" table (appendix): each kind's volume and response times
// apart, with the period before's beside them. Shown when the report has direct messages (kindFigures
// decides, and the CSV's rows come from the same list). The target as "answered on time of answered",
// never a blended share.
import type { ClientReport, KindFigures } from '../../shared/domain/clientReport.ts';
import type { Formatter } from '../../shared/format/formatter.ts';
import { formatDuration, kindFigures } from '../logic/reportFigures.ts';

function onTime(figures: KindFigures | null, format: Formatter): string {
  if (figures?.target == null) return '—';
  return `${format.number(figures.target.within)} of ${format.number(figures.totals.answered)}`;
}

export function ReportKinds({ report, format }: { report: ClientReport; format: Formatter }) {
  const rows = kindFigures(report);
  if (rows.length === 0) return null;
  return (
    <section className="report-section" aria-labelledby="report-kinds">
      <h3 id="report-kinds">Comments / Direct messages</h3>
      <p className="report-small">
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
            <th scope="col">Answered within target</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ kind, words, now, before }) => (
            <tr key={kind} data-kind={kind}>
              <th scope="row">{words}</th>
              <td data-figure={`${kind}-received`}>
                {format.number(now?.totals.received ?? 0)} <span className="report-kind-before">({format.number(before?.totals.received ?? 0)} before)</span>
              </td>
              <td data-figure={`${kind}-answered`}>{format.number(now?.totals.answered ?? 0)}</td>
              <td data-figure={`${kind}-median`}>
                {formatDuration(now?.firstResponse.medianMs ?? null, format)}{' '}
                <span className="report-kind-before">({formatDuration(before?.firstResponse.medianMs ?? null, format)} before)</span>
              </td>
              <td data-figure={`${kind}-p90`}>{formatDuration(now?.firstResponse.p90Ms ?? null, format)}</td>
              <td data-figure={`${kind}-on-time`}>{onTime(now, format)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
