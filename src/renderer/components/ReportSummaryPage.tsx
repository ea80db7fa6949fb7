// Page 1 of the client report: the cover and the summary. The client's name and picture, the
// freelancer's name and logo (Settings), the period in words, the four headline figures each with
// the period before and one sentence saying what it means, the on-target figure in one line, and the
// definitions in a footnote.
import { ReportReviews } from './reviews/ReportReviews.tsx';
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import type { Formatter } from '../../shared/format/formatter.ts';
import { beforeOpeningWords, comparesWithBefore, definitions, headlines, onTargetWords, periodWords, preparedWords } from '../logic/reportWords.ts';
import './report-summary.css';

/** Who prepared the report: the freelancer's name and logo (a data: URL), from Settings; either may be empty. */
export interface ReportBranding {
  name: string;
  logo: string | null;
}

function initials(name: string): string {
  return Array.from(name.trim().split(/\s+/u).slice(0, 2), (word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

export function ReportSummaryPage({ report, format, branding }: { report: ClientReport; format: Formatter; branding: ReportBranding }) {
  const onTarget = onTargetWords(report.current, format);
  const early = beforeOpeningWords(report.current, format);
  return (
    <>
      <header className="report-brand">
        {branding.logo !== null ? <img className="report-brand-logo" src={branding.logo} alt="" /> : null}
        {branding.name !== '' && <span className="report-brand-name">Prepared by {branding.name}</span>}
      </header>
      <div className="report-cover">
        <span className="report-client-mark" aria-hidden="true">
          {initials(report.clientTitle)}
        </span>
        <div>
          <p className="report-cover-kicker">Community report</p>
          <h1 className="report-cover-client" data-testid="report-client">
            {report.clientTitle}
          </h1>
          <p className="report-cover-period" data-testid="report-period">
            {periodWords(report, format)}
          </p>
        </div>
      </div>
      <section className="report-headlines" aria-label="Summary">
        {headlines(report, format).map((figure) => (
          <div key={figure.key} className="report-headline" data-testid={figure.key}>
            <span className="report-headline-label">{figure.label}</span>
            <span className="report-headline-value" data-figure={figure.key}>
              {figure.value}
            </span>
            {figure.before !== null && <span className="report-headline-before">period before: {figure.before}</span>}
            <p className="report-headline-meaning">{figure.meaning}</p>
          </div>
        ))}
      </section>
      {onTarget !== null && (
        <p className="report-on-target" data-testid="on-target">
          {onTarget}.{early !== null && <span className="report-on-target-early"> {early}.</span>}
        </p>
      )}
      <ReportReviews report={report} format={format} now={report.current.asOf} />
      <p className="report-before-note" data-testid="report-prepared">
        {comparesWithBefore(report) && `Period before: ${format.dayRange(report.previous.period.start, report.previous.period.end)}. `}
        {preparedWords(report, format)}.
      </p>
      <p className="report-footnote">{definitions(report, format)}</p>
    </>
  );
}
