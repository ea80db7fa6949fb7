import { describe, expect, it } from 'vitest';
import { pdfExportStep } from '../../../src/renderer/logic/reportPdfExport.ts';

describe('pdfExportStep', () => {
  it('prints in the browser when the host cannot save a PDF (the web host)', () => {
    expect(pdfExportStep({ ok: true, data: { outcome: 'unsupported' } })).toEqual({ kind: 'print-in-browser' });
  });

  it('says where the desktop app saved it, and nothing after a cancel', () => {
    expect(pdfExportStep({ ok: true, data: { outcome: 'saved', path: '/home/a/report.pdf' } })).toEqual({ kind: 'note', text: 'Saved to /home/a/report.pdf' });
    expect(pdfExportStep({ ok: true, data: { outcome: 'cancelled' } })).toEqual({ kind: 'note', text: '' });
  });

  it('shows a failure instead of printing over it', () => {
    expect(pdfExportStep({ ok: false, error: { code: 'internal', message: 'Something went wrong' } })).toEqual({
      kind: 'note',
      text: 'The PDF could not be saved: Something went wrong',
    });
  });
});
