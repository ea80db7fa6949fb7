// Issue 27, item 7: "the appendix runs off its page". The Instagram day-by-day table printed over
// the footer and its Day column wrapped ("Oct" under "30"). Here the seeded client's report with its
// appendix is printed by Chromium and read back with poppler's word boxes (pdftotext -bbox): on every
// page every word sits above the footer's line, each day of a daily table is one line, and every
// day of every network's table is printed on a sheet that carries the table's header.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { NETWORK_LABELS } from '../../src/renderer/logic/networkLabels.ts';
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';
import { showClientReport } from './support/reportPage.ts';

test.setTimeout(120_000);

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  yMax: number;
}

/** Every page's words with their boxes, as poppler reads the PDF. */
function pagesOf(pdf: string): Word[][] {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return html
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/gu)].map((match) => ({
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        yMax: Number(match[3]),
        text: match[4] ?? '',
      })),
    );
}

/** On every page every word sits above the footer's line (the line ending with the page number "n / total"). */
function expectClearOfFooters(pages: Word[][]): void {
  for (const [index, words] of pages.entries()) {
    const total = words.findLast((word) => word.text === String(pages.length));
    expect(total, `page ${index + 1} has its number`).toBeDefined();
    const footerTop = Math.min(...words.filter((word) => Math.abs(word.yMin - (total?.yMin ?? 0)) < 1).map((word) => word.yMin));
    const over = words.filter((word) => word.yMin < footerTop - 0.5 && word.yMax > footerTop - 4);
    expect(
      over.map((word) => word.text),
      `page ${index + 1}: words on the footer's line`,
    ).toEqual([]);
    const below = words.filter((word) => word.yMin > footerTop + 12);
    expect(
      below.map((word) => word.text),
      `page ${index + 1}: words under the footer`,
    ).toEqual([]);
  }
}

/** Below this (in PDF points from the top of an A4 page, 842 high) only the footer prints. */
const FOOTER_ZONE = 780;

const MONTHS = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)$/u;

/** The day labels of a page ("30 Oct"), each checked to be on one line: the month's word on its number's line. */
function dayLabels(words: Word[]): Word[] {
  const numbers: Word[] = [];
  for (const [at, word] of words.entries()) {
    if (!MONTHS.test(word.text)) continue;
    const number = words[at - 1];
    // The footer's period ("2 Jul – 29 Nov 2026") is no day of a table.
    if (number === undefined || !/^\d{1,2}$/u.test(number.text) || number.yMin > FOOTER_ZONE) continue;
    expect(Math.abs(number.yMin - word.yMin), `"${number.text} ${word.text}" on one line`).toBeLessThan(1);
    numbers.push(number);
  }
  return numbers;
}

test('the appendix printed: every table above the footer, a day on one line, long tables with their header on each sheet', async ({ page, app }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await new InboxPage(page).open(app.url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  const { profileId, from, to } = await showClientReport(page, 'Bloom Bakery', 'last-30');
  const core = await app.call('report.get', { profileId, from, to });
  await page.getByLabel('Include the appendix').check();
  const pdf = testInfo.outputPath('report-appendix.pdf');
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const shots = process.env.REPORT_SHOTS_DIR;
  if (shots !== undefined) {
    mkdirSync(shots, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '70', pdf, `${shots}/appendix`]);
  }

  const pages = pagesOf(pdf);
  expect(pages.length).toBeGreaterThan(2);
  expectClearOfFooters(pages);

  // Each network's day-by-day table: its days, each printed once, day and month on one line, on sheets with the header.
  const networks = core.growth.collected ? core.growth.networks.filter((network) => network.series.length >= 2) : [];
  expect(networks.length).toBeGreaterThan(0);
  for (const network of networks) {
    const label = NETWORK_LABELS[network.network];
    const sheets = pages.filter((words) =>
      words
        .map((word) => word.text)
        .join(' ')
        .includes(`${label}: day by day`),
    );
    expect(sheets.length, `${label}'s daily table printed`).toBeGreaterThan(0);
    let days = 0;
    for (const words of sheets) {
      // The header on every sheet of the table.
      expect(words.some((word) => word.text === 'Day')).toBe(true);
      days += dayLabels(words).filter((number) => number.xMin < 60).length;
    }
    expect(days, `${label}: every day of its table`).toBe(network.series.length);
  }

  // A long period (150 days): "received per day" goes on sheets of its own, each titled, every day once, none on a footer.
  const toDay = new Date(`${to}T12:00:00Z`);
  const longFrom = new Date(toDay.getTime() - 149 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(longFrom);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(longFrom);
  const long = await app.call('report.get', { profileId, from: longFrom, to });
  expect(long.byDay).toHaveLength(150);
  await expect(page.getByRole('region', { name: 'Comments and messages received per day, continued' })).toBeVisible();
  const longPdf = testInfo.outputPath('report-long.pdf');
  await page.pdf({ path: longPdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const longPages = pagesOf(longPdf);
  expectClearOfFooters(longPages);
  const volumeSheets = longPages.filter((words) =>
    words
      .map((word) => word.text)
      .join(' ')
      .includes('Comments and messages received per day'),
  );
  expect(volumeSheets.length).toBeGreaterThan(1);
  expect(volumeSheets.reduce((sum, words) => sum + dayLabels(words).length, 0)).toBe(150);
});
