// Issue 20, "Ready on the 1st": the web host started on a fresh data folder prepares last month's
// report of every client of the seeded world by itself once its first sync is done (today is on or
// after the 1st of this month, so last month is due); the Reports view lists them by month, a CSV
// downloads with the kept figures, and "Export all" (in a browser: one CSV of every client) too.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';

test.setTimeout(120_000);

/** Last month on this machine's clock (the clients count in the system's zone until they say otherwise). */
function lastMonth(now = new Date()): { key: string; name: string; from: string; to: string } {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const key = `${first.getFullYear()}-${pad(first.getMonth() + 1)}`;
  return {
    key,
    name: new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(first.getFullYear(), first.getMonth(), 15, 12),
    ),
    from: `${key}-01`,
    to: `${key}-${pad(last.getDate())}`,
  };
}

test("last month's reports are prepared without asking, listed by month, and download as CSV", async ({ page, app }, testInfo) => {
  const month = lastMonth();
  const { profiles } = await app.call('profiles.list', {});
  const reports = await expect
    .poll(async () => (await app.call('reports.prepared.list', {})).reports.length, { timeout: 60_000, intervals: [1_000] })
    .toBe(profiles.length)
    .then(async () => (await app.call('reports.prepared.list', {})).reports);
  expect(new Set(reports.map((report) => report.month))).toEqual(new Set([month.key]));

  await new InboxPage(page).open(app.url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  const list = page.getByRole('region', { name: 'Prepared reports' });
  await list.scrollIntoViewIfNeeded();
  const group = list.getByRole('region', { name: `${month.name} reports` });
  await expect(group.getByRole('heading', { name: month.name })).toBeVisible();
  await expect(group.getByTestId('prepared-report')).toHaveCount(profiles.length);
  for (const profile of profiles) await expect(group.getByTestId('prepared-report').filter({ hasText: profile.title })).toHaveCount(1);

  mkdirSync('/tmp/h20b', { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await group.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/h20b/prepared-reports-${width}.png` });
  }
  await expectAccessible(page, testInfo, 'prepared-reports');

  // One client's CSV: its kept figures, its month.
  const first = reports.find((report) => report.clientTitle === profiles[0]!.title)!;
  const kept = (await app.call('reports.prepared.get', { month: month.key, profileId: first.profileId })).report;
  const downloading = page.waitForEvent('download');
  await group.getByTestId('prepared-report').filter({ hasText: first.clientTitle }).getByRole('button', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${first.clientTitle} – ${month.name} report.csv`);
  const csvPath = testInfo.outputPath('prepared.csv');
  await download.saveAs(csvPath);
  const csv = readFileSync(csvPath, 'utf8');
  expect(csv).toContain(`${month.from} to ${month.to}`);
  const received = csv.split('\r\n').find((row) => row.startsWith('Summary,Received,'));
  expect(received?.split(',')[2]).toBe(String(kept.report.current.totals.received));

  // "Open" shows the kept figures in the report view (whose Export PDF prints them), whatever the store holds now.
  const other = reports.find((report) => report.profileId !== first.profileId)!;
  const otherKept = (await app.call('reports.prepared.get', { month: other.month, profileId: other.profileId })).report;
  await group.getByTestId('prepared-report').filter({ hasText: other.clientTitle }).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('report-client')).toHaveText(other.clientTitle);
  await expect(page.locator('[data-figure="received"]')).toHaveText(String(otherKept.report.current.totals.received));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(month.from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(month.to);

  // "Prepare again" asks first, then replaces that one report (its row says so).
  const row = list.getByTestId('prepared-report').filter({ hasText: other.clientTitle });
  await row.getByRole('button', { name: 'Prepare again…' }).click();
  await expect(row.getByText('Replace it with today’s figures?')).toBeVisible();
  await row.screenshot({ path: '/tmp/h20b/prepared-reports-confirm.png' });
  await row.getByRole('button', { name: 'Prepare again', exact: true }).click();
  await expect(row).toContainText('prepared again');
  const replaced = (await app.call('reports.prepared.list', {})).reports;
  expect(replaced.find((report) => report.profileId === other.profileId)).toMatchObject({ preparedAgain: true });
  expect(replaced.filter((report) => report.profileId !== other.profileId)).toEqual(reports.filter((report) => report.profileId !== other.profileId));

  // "Export all" in a browser: one CSV with every client of the month.
  const exporting = page.waitForEvent('download');
  await group.getByRole('button', { name: 'Export all' }).click();
  const all = await exporting;
  expect(all.suggestedFilename()).toBe(`${month.name} reports.csv`);
  const allPath = testInfo.outputPath('all.csv');
  await all.saveAs(allPath);
  const combined = readFileSync(allPath, 'utf8');
  for (const profile of profiles) expect(combined).toContain(`"Client","${profile.title}"`);

  // Settings → App says where they are kept (the web host's data folder) and offers no other folder.
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'App' }).click();
  await expect(settings.getByText('Prepared reports are kept in')).toContainText(join(app.dataDir, 'reports'));
  await expect(settings.getByRole('button', { name: 'Change folder…' })).toHaveCount(0);
  await settings.screenshot({ path: '/tmp/h20b/settings-reports-folder.png' });
});
