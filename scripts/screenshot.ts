// Redraws docs/images/inbox.png, the README's picture of the inbox: the web host on a fresh data
// folder with its embedded sandbox (the seeded world), the page in the system's Chromium at
// 1280×800, after the first sync, with the first comment open. Run after `npm run build`:
//   npx node scripts/screenshot.ts [output.png]
// The host and the browser are stopped at the end, and the temporary data folder removed.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { systemChromium } from './systemChromium.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const OUTPUT = resolve(process.argv[2] ?? join(REPO_ROOT, 'docs/images/inbox.png'));
const URL_LINE = /^http:\/\/127\.0\.0\.1:\d+\/\?token=\S+$/m;

/** `npm run web -- --port 0 --data-dir DIR`, with this same Node; resolves with the printed address. */
function startWebHost(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'src/main/web/cli.ts', '--port', '0', '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = URL_LINE.exec(out);
      if (line) done({ child, url: line[0] });
    });
    child.once('exit', (code) => fail(new Error(`the web host exited (${code}) before printing its address`)));
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inbox-screenshot-'));
  const host = await startWebHost(dataDir);
  const executablePath = systemChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    await page.goto(host.url);
    const rows = page.getByRole('listbox', { name: 'Inbox' }).getByRole('option');
    // The first sync of the seeded world fills the list within a few seconds.
    await rows.first().waitFor({ timeout: 60_000 });
    // The sync line says "Up to date" once every profile's first sync is done (the counts settle).
    await page.getByText('Up to date').waitFor({ timeout: 60_000 });
    await page.getByRole('listbox', { name: 'Inbox' }).focus();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Reply' }).waitFor({ timeout: 10_000 });
    await page.mouse.move(0, 0);
    await page.waitForTimeout(500); // Let the thread pane's fonts and relative times settle.
    await page.screenshot({ path: OUTPUT });
    console.log(`${OUTPUT} (${Math.round(statSync(OUTPUT).size / 1024)} KB)`);
  } finally {
    await browser.close();
    host.child.kill('SIGTERM');
    await new Promise((done) => host.child.once('close', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
