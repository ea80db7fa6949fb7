// Every end-to-end test runs the real app through the web host, started with the real command line
// (`npm run web`), on a port the OS picks, so tests never collide on a port; pages open the address
// it printed, token and all. The host builds the renderer itself when out/renderer is missing.
//
// Two ways to get the app:
// - `webHost` (per worker): its own data folder and its own embedded sandbox, for tests that only
//   look at the host itself.
// - `sandbox` + `app` (per test): a sandbox the test started in the worker (so it sets faults,
//   injects outside comments and reads the ledger), and a web host whose built-in sandbox account
//   uses it (`--sandbox-url`), on a fresh data folder, restartable on the same folder. Both start in
//   well under a second and the first sync of the seeded world takes about one more.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { AppHost } from './support/appHost.ts';
import { TestSandbox } from './support/sandboxControl.ts';
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

export interface TestFixtures {
  /**
   * `--poll-hot-ms` for the test's app (`test.use({ pollHotMs: 1_000 })`): how often its sync asks for
   * the comments of a post of the last day. Default: the app's own (30 s).
   */
  pollHotMs: number | undefined;
  /** The test's own sandbox (a large rate limit), closed after the test. */
  sandbox: TestSandbox;
  /** The app on the test's sandbox, started and through its first sync; replies wait 1 s for undo. */
  app: AppHost;
}

export const test = base.extend<TestFixtures, { webHost: WebHost; rendererUrl: string }>({
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

  pollHotMs: [undefined, { option: true }],

  sandbox: async ({}, use) => {
    const sandbox = await TestSandbox.start();
    try {
      await use(sandbox);
    } finally {
      await sandbox.close();
    }
  },
  app: [
    async ({ sandbox, pollHotMs }, use, testInfo) => {
      const app = new AppHost({ sandboxUrl: sandbox.url, undoSeconds: 1, ...(pollHotMs === undefined ? {} : { pollHotMs }) });
      try {
        await app.start();
        await app.synced();
        // What the sync reads of direct messages: the active conversations of profiles with messaging on.
        const world = await sandbox.world();
        const messaging = new Set(world.profiles.filter((p) => p.messagingEnabled).map((p) => p.refId));
        await app.conversationsSynced(world.conversations.filter((c) => c.status === 'active' && messaging.has(c.profileRefId)).length);
        await use(app);
      } finally {
        if (testInfo.status !== testInfo.expectedStatus && app.dataDir) {
          const log = (() => {
            try {
              return app.process.stderr();
            } catch {
              return '';
            }
          })();
          if (log) await testInfo.attach('web-host-stderr', { body: log, contentType: 'text/plain' });
        }
        await app.dispose();
      }
    },
    { timeout: 60_000 },
  ],
});

export { expect } from '@playwright/test';
