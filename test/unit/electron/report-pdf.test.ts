// The desktop PDF of the report against a fake WebContents and a fake save dialog (no Electron here);
// the file is really written, in a temp folder.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfFileName, ReportPdf, type PrintableContents, type ShowSaveDialog } from '../../../src/main/electron/reportPdf.ts';

const PDF_BYTES = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff]);
const folders: string[] = [];

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  folders.push(made);
  return made;
}

afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

function rig(answer: { canceled: boolean; filePath?: string }, destroyed = false) {
  const printed: unknown[] = [];
  const asked: Array<Parameters<ShowSaveDialog>[0]> = [];
  const contents: PrintableContents = {
    isDestroyed: () => destroyed,
    printToPDF: (options) => {
      printed.push(options);
      return Promise.resolve(PDF_BYTES);
    },
  };
  const pdf = new ReportPdf({
    contents: () => contents,
    showSaveDialog: (options) => {
      asked.push(options);
      return Promise.resolve(answer);
    },
  });
  return { pdf, printed, asked };
}

describe('ReportPdf', () => {
  it('saves the bytes printToPDF returned to the path the dialog chose', async () => {
    const target = join(folder(), 'Bakery October.pdf');
    const { pdf, printed, asked } = rig({ canceled: false, filePath: target });
    expect(await pdf.save('report-Bakery-2026-10-01-2026-10-31')).toEqual({ outcome: 'saved', path: target });
    expect(new Uint8Array(readFileSync(target))).toEqual(PDF_BYTES);
    expect(printed).toEqual([{ printBackground: true, pageSize: 'A4', preferCSSPageSize: true }]);
    expect(asked).toEqual([
      { title: 'Save the report as PDF', defaultPath: 'report-Bakery-2026-10-01-2026-10-31.pdf', filters: [{ name: 'PDF', extensions: ['pdf'] }] },
    ]);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const dir = folder();
    const { pdf } = rig({ canceled: true, filePath: join(dir, 'x.pdf') });
    expect(await pdf.save('report')).toEqual({ outcome: 'cancelled' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('treats a dialog answer without a path as a cancel', async () => {
    const { pdf } = rig({ canceled: false });
    expect(await pdf.save('report')).toEqual({ outcome: 'cancelled' });
  });

  it('refuses when the window is gone, before any dialog opens', async () => {
    const { pdf, asked, printed } = rig({ canceled: false, filePath: join(folder(), 'x.pdf') }, true);
    await expect(pdf.save('report')).rejects.toThrow('The window of the report is closed.');
    expect(asked).toEqual([]);
    expect(printed).toEqual([]);
  });

  it('offers only a plain file name in the dialog, whatever name the renderer sent', async () => {
    const dir = folder();
    const { pdf, asked } = rig({ canceled: true });
    await pdf.save(`../../${dir}/evil`);
    expect(asked[0]?.defaultPath).not.toMatch(/[/\\]|\.\./);
    expect(existsSync(join(dir, 'evil.pdf'))).toBe(false);
  });
});

describe('pdfFileName', () => {
  it.each([
    ['report-Bakery-2026-10-01-2026-10-31', 'report-Bakery-2026-10-01-2026-10-31.pdf'],
    ['Bakery & Co. October', 'Bakery & Co. October.pdf'],
    ['already.pdf', 'already.pdf'],
    ['../../etc/passwd', 'etc-passwd.pdf'],
    ['..\\..\\Windows\\win.ini', 'Windows-win.ini.pdf'],
    ['/absolute/path', 'absolute-path.pdf'],
    ['C:\\Users\\x', 'C-Users-x.pdf'],
    ['a..b', 'a-b.pdf'],
    ['..', 'report.pdf'],
    ['', 'report.pdf'],
    ['line\nbreak\u0000', 'line-break.pdf'],
    ['what?<is>"this"|*', 'what-is-this.pdf'],
  ])('%j becomes %j', (suggested, expected) => {
    expect(pdfFileName(suggested)).toBe(expected);
  });

  it('keeps a long name short', () => {
    expect(pdfFileName('x'.repeat(500))).toBe(`${'x'.repeat(120)}.pdf`);
  });
});
