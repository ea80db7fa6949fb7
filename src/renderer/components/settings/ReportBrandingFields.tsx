// Your name and logo on the client reports' cover. The logo is an image file the person picks: read
// here as a data: URL and kept by main in the settings (checked there: PNG, JPEG or WebP by its
// bytes, at most 256 KB), so the report page shows it under the CSP's img-src 'self' data:.
import { useState } from 'react';
import { REPORT_LOGO_MAX_BYTES, type Settings } from '../../../shared/settings.ts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function ReportBrandingFields({ settings, save }: { settings: Settings; save: (patch: Partial<Settings>) => Promise<void> }) {
  const [name, setName] = useState(settings.reportName);
  const [problem, setProblem] = useState('');
  return (
    <fieldset className="settings-branding">
      <legend>On client reports</legend>
      <label>
        Your name or business
        <input
          type="text"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => name.trim() !== settings.reportName && void save({ reportName: name.trim() })}
        />
      </label>
      <label>
        Your logo (PNG, JPEG or WebP, under 256 KB)
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file === undefined) return;
            if (file.size > REPORT_LOGO_MAX_BYTES) {
              setProblem('That image is over 256 KB: pick a smaller one.');
              return;
            }
            setProblem('');
            void readAsDataUrl(file).then(
              (url) => save({ reportLogo: url }),
              (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
            );
          }}
        />
      </label>
      {problem !== '' && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
      {settings.reportLogo !== null && (
        <p className="settings-branding-logo">
          <img src={settings.reportLogo} alt="Your logo as reports show it" height={40} />
          <button type="button" className="button ghost small" onClick={() => void save({ reportLogo: null })}>
            Remove the logo
          </button>
        </p>
      )}
    </fieldset>
  );
}
