// Every end-to-end test runs the real app through the web host: one `npm run web` per Playwright
// worker (its own data folder, its own embedded sandbox, a port the OS picks, so tests never collide
// on a port), started with the real command line; pages open the address it printed, token and all.
// The host builds the renderer itself when out/renderer is missing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startWebProcess } from './webHostProcess.ts';

export interface WebHost {
  /** The printed address: http://127.0.0.1:<port>/?token=<token>. */
  url: string;
  /** http://127.0.0.1:<port>, without the token. */
  origin: string;
  port: number;
  token: string;
  /** The host's log so far (stderr). */
  stderr(): string;
}

export const test = base.extend<object, { webHost: WebHost; rendererUrl: string }>({
  webHost: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'e2e-web-'));
      const host = await startWebProcess(['--port', '0', '--data-dir', dataDir]);
      try {
        await use(host);
      } finally {
        await host.stop('SIGTERM');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  /** The app's page, as a person opens it. */
  rendererUrl: [async ({ webHost }, use) => use(webHost.url), { scope: 'worker' }],
});

export { expect } from '@playwright/test';
