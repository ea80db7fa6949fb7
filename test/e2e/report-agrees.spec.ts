// Issue 27, item 6: "the report disagrees with itself". Page 1 said "Typical first answer 1 h 7 min"
// beside a chart where most answers came "under 1 h", the appendix said "Median first response 0 s"
// (direct messages "90 % answered within 0 s") and the CSV had a median of 0 and another of 67. The
// cause: answers given before the client's opening take 0 business minutes; page 1 left them out, the
// rest counted them. Here the seeded client's report is read as the client gets it (page 1, the chart,
// the appendix) and as the freelancer exports it (the CSV), each figure against the core's answers in
// hours (beforeOpening), which is the one definition they all follow now.
import { readFileSync } from 'node:fs';
import { createFormatter } from '../../src/shared/format/formatter.ts';
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';
import { showClientReport } from './support/reportPage.ts';

test.setTimeout(120_000);

test('page 1, the chart, the appendix and the CSV give one typical first answer', async ({ page, app }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await new InboxPage(page).open(app.url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  const { profileId, from, to } = await showClientReport(page, 'Bloom Bakery', 'last-30');
  const core = await app.call('report.get', { profileId, from, to });
  const locale = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale);
  const format = createFormatter({ locale, timeZone: core.settings.timeZone });
  const inHours = core.current.beforeOpening;
  expect(inHours, 'the seeded client counts business hours').toBeDefined();
  if (inHours === undefined) return;
  // The seeded world answers at every hour: some answers come before opening, the trap of the issue.
  expect(inHours.answered).toBeGreaterThan(0);
  expect(inHours.inHours.medianMs).not.toBeNull();
  const typical = format.duration(inHours.inHours.medianMs ?? 0);

  // Page 1.
  await expect(page.locator('[data-figure="median"]')).toHaveText(typical);

  // The chart: every answer once, those before opening a bar of their own.
  const bars = page.locator('svg.report-bars g[data-bar]');
  await expect(bars.first()).toBeVisible();
  const values = await bars.evaluateAll((groups) =>
    groups.map((group) => ({ key: group.getAttribute('data-bar'), count: Number((group.querySelectorAll('text')[1]?.textContent ?? '').replace(/\D/g, '')) })),
  );
  expect(values.reduce((sum, bar) => sum + bar.count, 0)).toBe(core.current.totals.answered);
  expect(values[0]).toEqual({ key: 'before-opening', count: inHours.answered });

  // The appendix: each kind's typical time and 90 % time by the same rule, never the "0 s" of answers before opening.
  await page.getByLabel('Include the appendix').check();
  for (const kind of core.current.byKind ?? []) {
    const own = kind.beforeOpening?.inHours;
    expect(own, `${kind.kind}: its answers in hours`).toBeDefined();
    await expect(page.locator(`[data-figure="${kind.kind}-typical"]`)).toContainText(own?.medianMs == null ? '—' : format.duration(own.medianMs));
    await expect(page.locator(`[data-figure="${kind.kind}-ninety"]`)).toHaveText(own?.p90Ms == null ? '—' : format.duration(own.p90Ms));
  }
  await expect(page.locator('.report-kinds')).not.toContainText(/(^|\s)0 s/u);

  // The CSV: one typical time, the page's, in minutes; no second median beside it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csvPath = testInfo.outputPath('report.csv');
  await (await downloading).saveAs(csvPath);
  const summary = readFileSync(csvPath, 'utf8')
    .split('\r\n')
    .filter((line) => line.startsWith('Summary,') && /median|typical/iu.test(line));
  expect(summary).toHaveLength(1);
  expect(summary[0]?.split(',')[2]).toBe(String(Math.round((inHours.inHours.medianMs ?? 0) / 60_000)));
});
