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
import { DAILY_ROWS_PER_PAGE, dayColumns, sheetsOf, VOLUME_DAYS_ON_FIRST_PAGE, VOLUME_DAYS_PER_PAGE } from '../logic/reportSheets.ts';
import { ReportDetailPage, TopPostList } from './ReportDetailPage.tsx';
import { ReportGrowthNetwork } from './ReportGrowth.tsx';
import { ReportKinds } from './ReportKinds.tsx';
import { ReportPage, type PageFooter } from './ReportPage.tsx';
import { ReportSummaryPage, type ReportBranding } from './ReportSummaryPage.tsx';

export type { ReportBranding } from './ReportSummaryPage.tsx';

function VolumeByDay({ days, continued, format }: { days: ClientReport['byDay']; continued: boolean; format: Formatter }) {
  return (
    <section className="report-section" aria-label={`Comments and messages received per day${continued ? ', continued' : ''}`}>
      <h3>Comments and messages received per day{continued ? ' (continued)' : ''}</h3>
      <div className="report-day-columns">
        {dayColumns(days).map((column, index) => (
          <table key={index} className="report-table report-day-table">
            <tbody>
              {column.map((day) => (
                <tr key={day.day} data-day={day.day}>
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
  // A month's days fit under the first table; a longer period's go on sheets of their own.
  const volumeApart = report.byDay.length > VOLUME_DAYS_ON_FIRST_PAGE;
  const pages: { label: string; body: ReactNode }[] = [
    {
      label: 'Appendix: volume',
      body: (
        <>
          <h2 className="report-appendix-title">Appendix</h2>
          <ReportKinds report={report} format={format} />
          {!volumeApart && <VolumeByDay days={report.byDay} continued={false} format={format} />}
        </>
      ),
    },
  ];
  if (volumeApart) {
    sheetsOf(report.byDay, VOLUME_DAYS_PER_PAGE).forEach((days, index) => {
      pages.push({
        label: `Appendix: received per day${index > 0 ? ` from ${days[0]?.day ?? ''}` : ''}`,
        body: <VolumeByDay days={days} continued={index > 0} format={format} />,
      });
    });
  }
  if (report.topPosts.length > 0) {
    pages.push({ label: 'Appendix: top posts', body: <TopPostList report={report} format={format} count={report.topPosts.length} /> });
  }
  for (const network of networks) {
    const ofNetwork = figures.filter((figure) => figure.network === network);
    pages.push({ label: `Appendix: ${NETWORK_LABELS[network]} growth`, body: <ReportGrowthNetwork network={network} figures={ofNetwork} format={format} /> });
    if (!ofNetwork.some((figure) => figure.series.length >= 2)) continue;
    const table = dailyTable(ofNetwork);
    sheetsOf(table.days, DAILY_ROWS_PER_PAGE).forEach((days, index) => {
      pages.push({
        label: `Appendix: ${NETWORK_LABELS[network]} day by day${index > 0 ? ` from ${days[0] ?? ''}` : ''}`,
        body: <DailyTable network={network} figures={table.figures} days={days} continued={index > 0} format={format} />,
      });
    });
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
