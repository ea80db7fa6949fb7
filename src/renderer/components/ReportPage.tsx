// One A4 page of the client report, on screen as printed: a fixed-size sheet with the footer (client,
// period, "1 / 2"). Chromium's print supports no @page margin boxes, so the page carries its own
// number: every sheet is exactly one printed page (reports.css sizes it and breaks after it), and
// what does not fit a sheet goes to the next one by design, never by the printer's choice.
import type { ReactNode } from 'react';

export interface PageFooter {
  client: string;
  period: string;
  total: number;
}

export function ReportPage({ number, footer, label, children }: { number: number; footer: PageFooter; label: string; children: ReactNode }) {
  return (
    <section className="report-page" aria-label={label} data-page={number}>
      <div className="report-page-body">{children}</div>
      <footer className="report-page-footer">
        <span>
          {footer.client} · {footer.period}
        </span>
        <span className="report-page-number">
          {number} / {footer.total}
        </span>
      </footer>
    </section>
  );
}
