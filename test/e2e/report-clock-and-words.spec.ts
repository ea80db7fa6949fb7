// Issue 27, items 8 and 13. Two clocks: the web host's process runs on UTC while the browser runs in
// New York; the report said "Prepared … 11:05 PM" and "(GMT+00:00)" while the user's clock read
// 6:05 PM, and a new client's business hours were a free-text "UTC". And the client's PDF showed the
// tool's insides ("0 answered from this app (timed by the network's confirmation), 102 elsewhere",
// "no figures yet from TikTok", "13 posts … are not ranked", "none answered", "period before: 1"
// beside 542, "Aug 31 – Sep 30" before October). Here: the user's zone is the new client's, named on
// the report, the Prepared time is on the user's clock, the zone is picked from a list; the printed
// report reads as outcomes, and a calendar month is compared with the calendar month before.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { createFormatter } from '../../src/shared/format/formatter.ts';
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';

test.setTimeout(120_000);
test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

const MINUTE = 60_000;

/** The Reports view on the seeded Bloom Bakery's last 30 days, its figures in. */
async function openBloom(page: Page, url: string): Promise<void> {
  await new InboxPage(page).open(url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  const client = page.getByLabel('Client', { exact: true });
  const bloom = await client.locator('option', { hasText: 'Bloom Bakery' }).getAttribute('value');
  if (bloom !== null) await client.selectOption(bloom);
  await page.getByLabel('Period', { exact: true }).selectOption('last-30');
  await expect
    .poll(async () => Number(((await page.locator('[data-figure="received"]').textContent()) ?? '').replace(/\D/g, '')), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

test('a report read in New York from a host on UTC: the user’s clock, a zone named and picked from a list', async ({ page, app }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const before = Date.now();
  await openBloom(page, app.url);
  const after = Date.now();
  const profileId = await page.getByLabel('Client', { exact: true }).inputValue();

  // The new client counts its business hours in the user's zone, not the host process's.
  expect((await app.call('report.settings.get', { profileId })).settings.timeZone).toBe('America/New_York');
  const footnote = page.locator('.report-footnote');
  await expect(footnote).toContainText('New York time');
  await expect(page.locator('.report-document')).not.toContainText('GMT+00:00');

  // "Prepared …" on the user's clock: one of the minutes the report was made in, as New York reads it.
  const newYork = createFormatter({ locale: 'en-US', timeZone: 'America/New_York' });
  const minutes = new Set<string>();
  for (let at = before - MINUTE; at <= after + MINUTE; at += 30_000) minutes.add(newYork.dateTime(at));
  const prepared = (await page.locator('.report-before-note').textContent()) ?? '';
  expect(
    [...minutes].some((words) => prepared.includes(`Prepared ${words}`)),
    `"${prepared}" on New York's clock (${[...minutes].join(' | ')})`,
  ).toBe(true);

  // The zone is picked from a list; another zone is named on the report.
  await page.getByRole('button', { name: /business hours and target/ }).click();
  const form = page.getByRole('form', { name: 'Report settings' });
  const zone = form.getByLabel('Time zone');
  expect(await zone.evaluate((element) => element.tagName)).toBe('SELECT');
  await expect(zone).toHaveValue('America/New_York');
  const shots = process.env.REPORT_SHOTS_DIR;
  if (shots !== undefined) {
    await zone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/settings-zone-1440.png` });
    await page.setViewportSize({ width: 1024, height: 700 });
    await zone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/settings-zone-1024.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('report-client').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/report-new-york-1440.png` });
  }
  await zone.selectOption('Europe/London');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(footnote).toContainText('London time');
  expect((await app.call('report.settings.get', { profileId })).settings.timeZone).toBe('Europe/London');
});

test('the printed report reads as outcomes, and a calendar month is compared with the calendar month before', async ({ page, app }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openBloom(page, app.url);
  const profileId = await page.getByLabel('Client', { exact: true }).inputValue();
  // The printed report: outcomes, caveats in the footnote in the client's words.
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const core = await app.call('report.get', { profileId, from, to });
  const pdf = testInfo.outputPath('report.pdf');
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/gu, ' ');
  for (const insides of ['from this app', 'elsewhere', 'timed by', 'no figures yet from', 'not ranked', 'none answered', 'seen by the sync']) {
    expect(text, `the PDF says "${insides}"`).not.toContain(insides);
  }
  if ((core.postsAwaitingFigures ?? 0) > 0) expect(text).toContain('Top posts are ranked on the figures the networks had reported');
  // The seeded client's figures begin inside the period before: no "period before" figure beside this period's.
  if (core.figuresSince != null && core.figuresSince > core.previous.period.start) {
    expect(text).not.toContain('period before:');
    expect(text).toContain('so there is no period before to compare with');
  }

  // A calendar month is compared with the calendar month before, on the client's calendar.
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const month = await app.call('report.get', { profileId, from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) });
  const clientZone = createFormatter({ locale: 'en-GB', timeZone: month.settings.timeZone });
  const monthBefore = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
  expect(clientZone.dayKey(month.previous.period.start)).toBe(monthBefore);
  expect(clientZone.dayKey(month.previous.period.end - 1)).toBe(new Date(first.getTime() - 86_400_000).toISOString().slice(0, 10));
});
