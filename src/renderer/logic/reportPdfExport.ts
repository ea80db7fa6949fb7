// What the Reports view does with the answer of report.exportPdf: the desktop app saved the PDF
// itself (or the person cancelled its dialog); the web host cannot, so the browser prints the page
// with its print stylesheet. A failure is shown, not printed over: the person may try again.
import type { CommandOutput } from '../../shared/bridge/contract.ts';
import type { BridgeResult } from '../../shared/bridge/result.ts';

export type PdfExportStep = { kind: 'print-in-browser' } | { kind: 'note'; text: string };

export function pdfExportStep(result: BridgeResult<CommandOutput<'report.exportPdf'>>): PdfExportStep {
  if (!result.ok) return { kind: 'note', text: `The PDF could not be saved: ${result.error.message}` };
  switch (result.data.outcome) {
    case 'unsupported':
      return { kind: 'print-in-browser' };
    case 'cancelled':
      return { kind: 'note', text: '' };
    case 'saved':
      return { kind: 'note', text: `Saved to ${result.data.path}` };
  }
}
