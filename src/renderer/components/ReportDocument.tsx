// The client report as a document: a computed report in, A4 pages out. Two pages by default (the
// cover and summary; the details), and on request an appendix: comments and messages apart, every
// day's volume, every top post, and per network every account figure and its daily table. Rendered
// from the report alone (props, no store), so a report prepared earlier renders from its stored
// figures exactly as it was.
import type { ReactNode } from 'react';
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import type { Formatter } from '../../shared/format/formatter.ts';
import type { Network } from '../../shared/networks.ts';
import { NETWORK_LABELS } from '../logic/networkLabels.ts';
import { growthFigures, type GrowthFigure } from '../logic/reportFigures.ts';
import { periodWords } from '../logic/reportWords.ts';
import { ReportDetailPage, TopPostList } from './ReportDetailPage.tsx';
import { ReportGrowthNetwork } from './ReportGrowth.tsx';
import { ReportKinds } from './ReportKinds.tsx';
import { ReportPage, type PageFooter } from './ReportPage.tsx';
import { ReportSummaryPage, type ReportBranding } from './ReportSummaryPage.tsx';

export type { ReportBranding } from './ReportSummaryPage.tsx';

function VolumeByDay({ report, format }: { report: ClientReport; format: Formatter }) {
  // Three columns of days: a month fits a third of a page.
  const columns = [0, 1, 2].map((column) => report.byDay.filter((_, index) => Math.floor((index * 3) / report.byDay.length) === column));
  return (
    <section className="report-section" aria-labelledby="report-days">
      <h3 id="report-days">Comments and messages received per day</h3>
      <div className="report-day-columns">
        {columns.map((days, column) => (
          <table key={column} className="report-table report-day-table">
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <td>{format.dayMonth(Date.parse(`${day.day}T12:00:00Z`))}</td>
                  <td>{format.number(day.received)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}

/**
 * How many days one sheet of a daily table holds: a row is one line (the day never wraps), about
 * 5.3 mm at the table's size, and a sheet has about 245 mm under its title and header. A longer
 * period goes on as many sheets as it needs, the header repeated on each, never under the footer.
 */
export const DAILY_ROWS_PER_PAGE = 40;

/** The days of a network's figures, oldest first, and the figures that have any (a column of dashes says nothing). */
function dailyTable(figures: GrowthFigure[]): { days: string[]; figures: GrowthFigure[] } {
  const shown = figures.filter((figure) => figure.series.length > 0);
  return { days: [...new Set(shown.flatMap((figure) => figure.series.map((point) => point.day)))].sort(), figures: shown };
}

/** One sheet of one network's figures day by day: a row a day, a column a figure, the header on every sheet. */
function DailyTable({
  network,
  figures,
  days,
  continued,
  format,
}: {
  network: Network;
  figures: GrowthFigure[];
  days: string[];
  continued: boolean;
  format: Formatter;
}) {
  const value = (figure: GrowthFigure, day: string) => figure.series.find((point) => point.day === day)?.value;
  return (
    <section className="report-section" aria-label={`${NETWORK_LABELS[network]} day by day${continued ? ', continued' : ''}`}>
      <h3>
        {NETWORK_LABELS[network]}: day by day{continued ? ' (continued)' : ''}
      </h3>
      <table className="report-table report-daily-table">
        <thead>
          <tr>
            <th scope="col">Day</th>
            {figures.map((figure) => (
              <th key={figure.figure} scope="col">
                {figure.words}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day} data-day={day}>
              <td className="report-daily-day">{format.dayMonth(Date.parse(`${day}T12:00:00Z`))}</td>
              {figures.map((figure) => {
                const v = value(figure, day);
                return <td key={figure.figure}>{v === undefined ? '—' : format.number(v, 2)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The appendix's pages, each one sheet: the figures apart, then per network its growth and its daily table on as many sheets as it takes. */
function appendixPages(report: ClientReport, format: Formatter): { label: string; body: ReactNode }[] {
  const figures = growthFigures(report.growth);
  const networks = [...new Set(figures.map((figure) => figure.network))];
  const pages: { label: string; body: ReactNode }[] = [
    {
      label: 'Appendix: volume',
      body: (
        <>
          <h2 className="report-appendix-title">Appendix</h2>
          <ReportKinds report={report} format={format} />
          <VolumeByDay report={report} format={format} />
        </>
      ),
    },
  ];
  if (report.topPosts.length > 0) {
    pages.push({ label: 'Appendix: top posts', body: <TopPostList report={report} format={format} count={report.topPosts.length} /> });
  }
  for (const network of networks) {
    const ofNetwork = figures.filter((figure) => figure.network === network);
    pages.push({ label: `Appendix: ${NETWORK_LABELS[network]} growth`, body: <ReportGrowthNetwork network={network} figures={ofNetwork} format={format} /> });
    if (!ofNetwork.some((figure) => figure.series.length >= 2)) continue;
    const table = dailyTable(ofNetwork);
    for (let first = 0; first < table.days.length; first += DAILY_ROWS_PER_PAGE) {
      const continued = first > 0;
      pages.push({
        label: `Appendix: ${NETWORK_LABELS[network]} day by day${continued ? ` from ${table.days[first] ?? ''}` : ''}`,
        body: (
          <DailyTable
            network={network}
            figures={table.figures}
            days={table.days.slice(first, first + DAILY_ROWS_PER_PAGE)}
            continued={continued}
            format={format}
          />
        ),
      });
    }
  }
  return pages;
}

export function ReportDocument({
  report,
  format,
  branding,
  appendix,
}: {
  report: ClientReport;
  format: Formatter;
  branding: ReportBranding;
  appendix: boolean;
}) {
  const extra = appendix ? appendixPages(report, format) : [];
  const footer: PageFooter = { client: report.clientTitle, period: periodWords(report, format), total: 2 + extra.length };
  return (
    <div className="report-document">
      <ReportPage number={1} footer={footer} label="Page 1: summary">
        <ReportSummaryPage report={report} format={format} branding={branding} />
      </ReportPage>
      <ReportPage number={2} footer={footer} label="Page 2: details">
        <ReportDetailPage report={report} format={format} />
      </ReportPage>
      {extra.map((page, index) => (
        <ReportPage key={page.label} number={3 + index} footer={footer} label={page.label}>
          {page.body}
        </ReportPage>
      ))}
    </div>
  );
}
