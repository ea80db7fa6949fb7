// The Chromium a script or the end-to-end tests drive when the machine has one: CHROMIUM_PATH, else
// the system's `chromium` on the PATH (Debian's package here: Playwright never downloads a browser on
// this machine). Undefined when neither: the caller falls back to Playwright's own browser.
import { execFileSync } from 'node:child_process';

export function systemChromium(): string | undefined {
  if (process.env['CHROMIUM_PATH']) return process.env['CHROMIUM_PATH'];
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
