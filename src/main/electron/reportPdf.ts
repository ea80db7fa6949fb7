// The desktop app's PDF of the report: Chromium prints the page on screen (its print stylesheet makes
// it a document), the person picks where it goes in the system's save dialog, and the bytes are
// written there. The renderer only suggests a file name; it never gives a path: the name is reduced
// to a plain file name here, and the one path written to is the one the dialog answered.
import { writePdfFile } from '../core/app/pdfFile.ts';
import type { ReportPdfPort } from '../core/ports.ts';

/** What the print needs of a WebContents (Electron's printToPDF resolves to a Buffer). */
export interface PrintableContents {
  isDestroyed(): boolean;
  printToPDF(options: { printBackground: boolean; pageSize: 'A4'; preferCSSPageSize: boolean }): Promise<Uint8Array>;
}

/** Electron's dialog.showSaveDialog, for the window the report is in. */
export type ShowSaveDialog = (options: {
  title: string;
  defaultPath: string;
  filters: Array<{ name: string; extensions: string[] }>;
}) => Promise<{ canceled: boolean; filePath?: string | undefined }>;

export interface ReportPdfOptions {
  /** The main window's contents (the only sender the bridge accepts), or null when it is gone. */
  contents(): PrintableContents | null;
  showSaveDialog: ShowSaveDialog;
}

const FALLBACK_NAME = 'report';
const NAME_MAX = 120;

/**
 * A plain file name ending in .pdf: path separators, `..`, control and reserved characters become
 * '-', so a suggested name can never point outside the folder the dialog opens in.
 */
export function pdfFileName(suggested: string): string {
  const plain = suggested
    .replace(/\.pdf$/i, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\.{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, NAME_MAX);
  return `${plain === '' ? FALLBACK_NAME : plain}.pdf`;
}

export class ReportPdf implements ReportPdfPort {
  readonly #options: ReportPdfOptions;

  constructor(options: ReportPdfOptions) {
    this.#options = options;
  }

  async save(suggestedName: string): Promise<{ outcome: 'saved'; path: string } | { outcome: 'cancelled' }> {
    const contents = this.#options.contents();
    if (contents === null || contents.isDestroyed()) throw new Error('The window of the report is closed.');
    // Printed before the dialog opens: the page is what the person saw when they asked.
    const bytes = await contents.printToPDF({ printBackground: true, pageSize: 'A4', preferCSSPageSize: true });
    const answer = await this.#options.showSaveDialog({
      title: 'Save the report as PDF',
      defaultPath: pdfFileName(suggestedName),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
    if (answer.canceled || !answer.filePath) return { outcome: 'cancelled' };
    await writePdfFile(answer.filePath, bytes);
    return { outcome: 'saved', path: answer.filePath };
  }
}
