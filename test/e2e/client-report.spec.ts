// Issue 14, "The client report": the report of a client of the seeded world, with the numbers the
// core computed; the same report after a restart of the app while the service is down (it comes
// from the store); its CSV holds the numbers of the page; its PDF (Chromium's print of the page with
// the print stylesheet) has a first page that is not blank (rendered to PNG by poppler's pdftoppm).
// Issue 20 changed what the page shows, and these assertions with it: the headline figures are
// received / answered on time of answered / typical first answer / not answered yet (no blended
// "within target" share); comments and messages apart and every growth figure are in the appendix;
// the settings' words are the footnote's and the target's label.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { inkOf, readPng } from './support/pngPixels.ts';
import { NETWORK_LABELS } from '../../src/renderer/logic/networkLabels.ts';

test.setTimeout(120_000);

const FIGURES = ['received', 'on-target', 'median', 'waiting'] as const;

async function openReports(page: Page, url: string): Promise<void> {
  await new InboxPage(page).open(url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Client report' })).toBeVisible();
}

async function figures(page: Page): Promise<Record<(typeof FIGURES)[number], string>> {
  const entries = await Promise.all(
    FIGURES.map(async (figure) => [figure, (await page.locator(`[data-figure="${figure}"]`).textContent())?.trim() ?? ''] as const),
  );
  return Object.fromEntries(entries) as Record<(typeof FIGURES)[number], string>;
}

/** A number as the page writes it ("1,204"). */
function number(text: string): number {
  return Number(text.replace(/[^\d]/gu, ''));
}

/** The on-target figure as the page writes it: "86 of 103" (numbers in the page's locale, here under 1,000 or grouped). */
function onTarget(split: { answeredOnTime: number; answeredLate: number } | null | undefined): string {
  if (split == null) return '—';
  const words = (n: number) => n.toLocaleString('en-US');
  return `${words(split.answeredOnTime)} of ${words(split.answeredOnTime + split.answeredLate)}`;
}

/** The CSV's "this period" value of a figure of a section. */
function csvValue(csv: string, section: string, name: string): string | undefined {
  const line = csv.split('\r\n').find((row) => row.startsWith(`${section},${name},`));
  return line?.split(',')[2];
}

test('a client report from the store: its numbers, the same offline after a restart, its CSV and its PDF', async ({ page, app, sandbox }, testInfo) => {
  await openReports(page, app.url);
  const period = page.getByLabel('Period', { exact: true });
  await expect(period).toHaveValue('last-month');
  const client = (await page.getByTestId('report-client').textContent())?.trim() ?? '';
  expect(client).not.toBe('');

  // The last 30 days of the seeded world: every figure as the core computes it.
  await period.selectOption('last-30');
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const profileId = await page.getByLabel('Client', { exact: true }).inputValue();
  await expect.poll(async () => number((await figures(page)).received), { timeout: 15_000 }).toBeGreaterThan(0);
  const core = await app.call('report.get', { profileId, from, to });
  const shown = await figures(page);
  expect(number(shown.received)).toBe(core.current.totals.received);
  expect(shown['on-target']).toBe(onTarget(core.current.targetSplit));
  expect(number(shown.waiting)).toBe(core.current.totals.unanswered);
  expect(core.current.totals.answered).toBeGreaterThan(0);
  for (const channel of core.current.byChannel) {
    await expect(page.locator(`tr[data-network="${channel.network}"][data-kind="${channel.kind}"] td`).nth(1)).toHaveText(String(channel.received));
  }
  // The appendix: comments and direct messages apart, every growth figure.
  await page.getByLabel('Include the appendix').check();
  // Direct messages are items too (one per turn of a conversation), shown apart from comments.
  const messages = core.current.byKind?.find((figures) => figures.kind === 'conversation');
  if (messages !== undefined) await expect(page.locator('[data-figure="conversation-received"]')).toContainText(`${messages.totals.received}`);
  // The sync read the client's account figures today: each figure of each network on a row of its own.
  expect(core.growth.collected).toBe(true);
  if (core.growth.collected) {
    for (const network of core.growth.networks) {
      for (const figure of Object.keys(network.last.figures)) {
        await expect(page.locator(`tr[data-growth="${network.network}-${figure}"]`)).toBeVisible();
        // Each figure has its tile; from the second day on, drawn by the app's one chart (uPlot on a canvas).
        const tile = page.locator(`[data-growth-chart="${network.network}-${figure}"]`);
        await expect(tile).toBeVisible();
        if (network.series.filter((day) => day.figures[figure] !== undefined).length >= 2) await expect(tile.locator('canvas').first()).toBeVisible();
        else await expect(tile).toContainText('one reading so far');
      }
    }
  }
  await screenshot(page, testInfo, 'client-report');
  // The page scrolls inside its view: the growth charts get a picture of their own.
  const growthPath = testInfo.outputPath('client-report-growth.png');
  await page.getByRole('heading', { name: 'Account growth' }).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: growthPath });
  await testInfo.attach('client-report-growth', { path: growthPath, contentType: 'image/png' });
  await expectAccessible(page, testInfo, 'client-report');

  // The client's settings: every hour counts, a target of 1 hour; the report is computed again with them.
  await page.getByRole('button', { name: /business hours and target/ }).click();
  const form = page.getByRole('form', { name: 'Report settings' });
  // The zone is picked from a list (issue 27): no free text to mistype.
  await form.getByLabel('Time zone').selectOption('Europe/London');
  await form.getByLabel('Count business hours only').uncheck();
  await form.getByLabel('Target in hours').fill('1');
  await form.getByLabel('Target clock').selectOption('wall');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Times are counted in every hour of the day').first()).toBeVisible();
  await expect(page.getByText('Answered within 1 hour', { exact: true })).toBeVisible();
  const saved = await app.call('report.settings.get', { profileId });
  expect(saved.settings).toEqual({ timeZone: 'Europe/London', businessHours: null, responseTarget: { minutes: 60, clock: 'wall' } });
  const wall = await app.call('report.get', { profileId, from, to });
  await expect(page.locator('[data-figure="on-target"]')).toHaveText(onTarget(wall.current.targetSplit));
  const shownWall = await figures(page);
  expect(number(shownWall.received)).toBe(wall.current.totals.received);

  // The CSV: every figure of the page, the same numbers.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  const csvPath = testInfo.outputPath('report.csv');
  await download.saveAs(csvPath);
  const csv = readFileSync(csvPath, 'utf8');
  expect(csv).toContain(`period,${from} to ${to}`);
  expect(csvValue(csv, 'Summary', 'Received')).toBe(String(number(shownWall.received)));
  expect(csvValue(csv, 'Summary', 'Answered')).toBe(String(wall.current.totals.answered));
  expect(csvValue(csv, 'Summary', 'Answered on time')).toBe(String(wall.current.targetSplit?.answeredOnTime ?? ''));
  expect(csvValue(csv, 'Summary', 'Answered late')).toBe(String(wall.current.targetSplit?.answeredLate ?? ''));
  // On every hour no answer comes before opening: the typical first answer is the median of all.
  expect(csvValue(csv, 'Summary', 'Typical first answer (minutes)')).toBe(
    wall.current.firstResponse.medianMs === null ? '' : String(Math.round(wall.current.firstResponse.medianMs / 60_000)),
  );
  for (const channel of wall.current.byChannel) {
    const network = channel.network === 'reddit' ? 'Reddit' : NETWORK_LABELS[channel.network];
    const name = channel.kind === 'conversation' ? `${network} direct messages received` : `${network} received`;
    expect(csvValue(csv, 'Volume by network', name)).toBe(String(channel.received));
  }
  const wallMessages = wall.current.byKind?.find((figures) => figures.kind === 'conversation');
  if (wallMessages !== undefined) {
    expect(csvValue(csv, 'Comments and direct messages', 'Direct messages: received')).toBe(String(wallMessages.totals.received));
    expect((await page.locator('[data-figure="conversation-answered"]').textContent())?.trim()).toBe(String(wallMessages.totals.answered));
  }
  if (wall.growth.collected) {
    for (const network of wall.growth.networks) {
      for (const [figure, value] of Object.entries(network.last.figures)) {
        expect(csvValue(csv, 'Account growth', `${network.network} ${figure} last day (${network.last.day})`)).toBe(String(value));
        expect(csvValue(csv, 'Account growth by day', `${network.network} ${figure} ${network.last.day}`)).toBe(String(value));
      }
    }
  }
  const days = csv.split('\r\n').filter((row) => row.startsWith('Volume by day,'));
  expect(days.reduce((sum, row) => sum + Number(row.split(',')[2]), 0)).toBe(wall.current.totals.received);

  // The service down and the app restarted: the same report, from the store.
  await sandbox.setFaults({ down: true });
  await app.restart();
  await openReports(page, app.url);
  await page.getByLabel('Client', { exact: true }).selectOption(profileId);
  await page.getByLabel('Period', { exact: true }).selectOption('last-30');
  await expect.poll(async () => (await figures(page)).received, { timeout: 15_000 }).toBe(shownWall.received);
  const offline = await figures(page);
  expect([offline.received, offline['on-target'], offline.median, offline.waiting]).toEqual([
    shownWall.received,
    shownWall['on-target'],
    shownWall.median,
    shownWall.waiting,
  ]);
  await expect(new InboxPage(page).offlineBar).toBeVisible({ timeout: 15_000 });

  // The web host cannot save a PDF itself: "Export PDF" asks the bridge, hears 'unsupported' and prints.
  await page.evaluate(() => {
    const tab = globalThis as unknown as { printed: number; print(): void };
    tab.printed = 0;
    tab.print = () => (tab.printed += 1);
  });
  await page.getByRole('button', { name: 'Export PDF' }).click();
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);

  // The PDF: Chromium's print of the page; its first page (the cover) and its second (the figures) drawn.
  const pdfPath = testInfo.outputPath('report.pdf');
  await page.pdf({ path: pdfPath, format: 'A4', printBackground: true });
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
  const prefix = testInfo.outputPath('report-page');
  for (const pageNumber of [1, 2]) {
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', String(pageNumber), '-l', String(pageNumber), pdfPath, prefix]);
  }
  const pngs = readdirSync(dirname(prefix))
    .filter((name) => name.startsWith('report-page') && name.endsWith('.png'))
    .sort();
  expect(pngs).toHaveLength(2);
  for (const [index, name] of pngs.entries()) {
    const path = `${dirname(prefix)}/${name}`;
    const { inkShare, colours } = inkOf(readPng(readFileSync(path)));
    expect(inkShare, `ink on PDF page ${index + 1}`).toBeGreaterThan(0.002);
    expect(colours, `colours on PDF page ${index + 1}`).toBeGreaterThan(2);
    await testInfo.attach(`pdf-page-${index + 1}`, { path, contentType: 'image/png' });
  }
});
