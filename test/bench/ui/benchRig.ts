// What every UI bench starts the same way: a sandbox whose service is down (the store's seeded data is
// all the page shows, so no sync moves rows during a measure) and a Chromium without background work.
import { chromium, type Browser } from '@playwright/test';
import { systemChromium } from '../../../scripts/systemChromium.ts';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.ts';

/** A sandbox with a large rate limit whose service answers "down" to every request. */
export async function startDownSandbox(): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000 });
  await fetch(`${sandbox.controlUrl}/faults`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ down: true }),
  });
  return sandbox;
}

/** The system's Chromium (Playwright's own when there is none), with no GPU, sync or update checks. */
export async function launchBenchChromium(): Promise<Browser> {
  const executablePath = systemChromium();
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
