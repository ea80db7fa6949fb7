// axe on the screen as it is now: no violation of serious or critical impact is allowed (issue 6,
// "Accessibility"). Every result is attached to the test, so the lesser ones can be read too.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export interface AxeSummary {
  screen: string;
  violations: { id: string; impact: string | null | undefined; help: string; nodes: { target: string; summary: string | undefined }[] }[];
}

export async function expectAccessible(page: Page, testInfo: TestInfo, screen: string): Promise<AxeSummary> {
  const results = await new AxeBuilder({ page }).analyze();
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
