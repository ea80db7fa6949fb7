// axe on the screen as it is now: no violation of serious or critical impact is allowed (issue 6,
// "Accessibility"). Every result is attached to the test, so the lesser ones can be read too.
//
// axe runs in the page itself (`axe.run(document)`), injected once per document: the same rules,
// options and results as @axe-core/playwright's AxeBuilder (whose axe-core this is), without what
// AxeBuilder adds on every scan, namely injecting the 600 kB script again and finishing the run in a
// new blank page. Measured on the inbox (4 alternations, same results rule by rule): 6.2 s a scan
// with AxeBuilder, 2.5 s this way; the suite runs about seventy scans (docs/decisions/0080).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page, type TestInfo } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** The axe-core that @axe-core/playwright depends on (and would inject). */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/** Injects axe into each frame that does not have it yet (a new page, after a reload or navigation). */
async function injectAxe(frames: Frame[]): Promise<void> {
  for (const frame of frames) {
    if (!(await frame.evaluate<boolean>('typeof window.axe === "object"'))) await frame.evaluate(AXE_SOURCE);
  }
}

/** Every axe rule on the whole page, as AxeBuilder({ page }).analyze() runs them. */
export async function runAxe(page: Page): Promise<AxeResults> {
  await injectAxe(page.frames());
  // A string, evaluated in the page (Node's types have no `window`); evaluate awaits the promise.
  return page.evaluate<AxeResults>('window.axe.run(document)');
}

export interface AxeSummary {
  screen: string;
  violations: { id: string; impact: string | null | undefined; help: string; nodes: { target: string; summary: string | undefined }[] }[];
}

export async function expectAccessible(page: Page, testInfo: TestInfo, screen: string): Promise<AxeSummary> {
  const results = await runAxe(page);
  const summary: AxeSummary = {
    screen,
    violations: results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    })),
  };
  await testInfo.attach(`axe-${screen}`, { body: JSON.stringify(summary, null, 2), contentType: 'application/json' });
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} element(s): ${v.nodes
          .slice(0, 6)
          .map((n) => n.target.join(' '))
          .join(', ')})`,
    );
  // Soft: the journey goes on (and its other checks run); the test still fails at the end.
  expect.soft(blocking, `axe on the ${screen} screen`).toEqual([]);
  return summary;
}

/** A full-page screenshot under test-results/, attached to the report (kept for passing tests too). */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
