// The report's "Comments / Direct messages" table (appendix): each kind's volume and response times
// apart, with the period before's beside them. Shown when the report has direct messages (kindFigures
// decides). Its columns and cells are kindTable's: the figures reportFigureDefinitions.ts defines,
// the same the page 1 headlines and the CSV's kind rows read. The target as "answered on time of
// answered", never a blended share.
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import type { Formatter } from '../../shared/format/formatter.ts';
import { kindTable } from '../logic/reportFigures.ts';

export function ReportKinds({ report, format }: { report: ClientReport; format: Formatter }) {
  const table = kindTable(report, format);
  if (table.rows.length === 0) return null;
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
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(({ kind, words, cells }) => (
            <tr key={kind} data-kind={kind}>
              <th scope="row">{words}</th>
              {cells.map((cell) => (
                <td key={cell.key} data-figure={`${kind}-${cell.key}`}>
                  {cell.value}
                  {cell.before !== null && <span className="report-kind-before"> ({cell.before} before)</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
