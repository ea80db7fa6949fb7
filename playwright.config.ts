// End-to-end tests: the built renderer in Chromium. Playwright never downloads a browser here
// (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD); it drives the system's Chromium when there is one.
import { defineConfig, devices } from '@playwright/test';
import { systemChromium } from './scripts/systemChromium.ts';
import { useNodeCompileCache } from './test/setup/compileCache.ts';

// Before the workers start: the web hosts they spawn inherit it.
useNodeCompileCache();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  forbidOnly: !!process.env['CI'],
  retries: 0,
  // Tests, not files, are handed out to the workers: a file's tests share nothing (each starts its own
  // sandbox and hosts through fixtures, or in the test and closes them in afterEach; no beforeAll, no
  // serial mode), and by file the last one ran alone on one worker while the other sat idle (the
  // quiet CI of 2026-11-29: true-status-and-words.spec.ts's last four tests, about 35 s; decision 0080).
  fullyParallel: true,
  // Two on the 2-core machine: a third was measured on a quiet .ci/run and gained nothing, the
  // suite is CPU-bound there (decision 0080, third round).
  workers: 2,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // The app writes dates and numbers in the system's locale (src/renderer/logic/format.ts): the
    // tests read them in en-GB unless a test sets another (test.use({ locale, timezoneId })).
    locale: 'en-GB',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: systemChromium(),
          // The machine's network is closed: without these Chromium keeps dialling Google's
          // services. --no-sandbox because CI runs as root.
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
});
