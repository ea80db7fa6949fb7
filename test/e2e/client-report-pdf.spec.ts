// Issue 20, "the client report a freelancer sends without editing": a seeded client's last 30 days
// printed by Chromium (page.pdf() with the print stylesheet) on a fresh data directory, read back
// through poppler (pdfinfo, pdftotext): two pages, the client, the period and the headline figures
// on page 1, a page number on every page, the title, no top post twice, no "1 comments", no ISO
// timestamp, the waiting items quoting their words, growth over more than one day. With the
// appendix: more pages, each numbered.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createFormatter, cutAtWord } from '../../src/shared/format/formatter.ts';
import { PAGE_TWO_WAITING, WAITING_WORDS } from '../../src/renderer/logic/reportWords.ts';
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';
import { showClientReport } from './support/reportPage.ts';

test.setTimeout(120_000);

const SHOTS = process.env.REPORT_SHOTS_DIR;

function pdfInfo(path: string): Record<string, string> {
  const text = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  return Object.fromEntries(
    text.split('\n').flatMap((line) => (line.includes(':') ? [[line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]] : [])),
  );
}

/** One page's text, whitespace collapsed (pdftotext breaks lines where the layout does). */
function pageText(path: string, pageNumber: number): string {
  const text = execFileSync('pdftotext', ['-f', String(pageNumber), '-l', String(pageNumber), '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  return text.replace(/[\s\u2009\u202f]+/gu, ' ').trim();
}

/** The text as pdftotext gives it, for matching words the page printed. */
const flat = (text: string) => text.replace(/[\s\u2009\u202f]+/gu, ' ').trim();

/** The numbered entries of page 2's top posts ("1. …" up to "2. ", the last up to the next heading), exactly `count` of them. */
function topPostEntries(pageTwo: string, count: number): string[] {
  const start = pageTwo.indexOf('Top posts by engagement');
  expect(start).toBeGreaterThanOrEqual(0);
  const end = pageTwo.indexOf('Still waiting for an answer', start);
  const section = pageTwo.slice(start, end < 0 ? undefined : end);
  const marks = Array.from({ length: count + 1 }, (_, index) => section.indexOf(` ${index + 1}. `));
  expect(
    marks.slice(0, count).every((at, index) => at >= 0 && (index === 0 || at > (marks[index - 1] ?? 0))),
    'entries numbered 1 to the count, in order',
  ).toBe(true);
  expect(marks[count], `no entry ${count + 1}`).toBe(-1);
  return marks.slice(0, count).map((at, index) => section.slice(at + ` ${index + 1}. `.length, index + 1 < count ? marks[index + 1] : undefined).trim());
}

test('the report of a seeded client printed: two pages a freelancer can send as they are', async ({ page, app }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The freelancer's name and logo, chosen in Settings (main keeps the logo, the page gets a data: URL).
  await new InboxPage(page).open(app.url);
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'App' }).click();
  await dialog.getByLabel('Your name or business').fill('Sam Lee Social');
  await dialog.getByLabel('Your name or business').blur();
  await expect.poll(async () => (await app.call('settings.get', {})).reportName).toBe('Sam Lee Social');
  await dialog.getByLabel(/Your logo/).setInputFiles('resources/icon.png');
  const logo = `data:image/png;base64,${readFileSync('resources/icon.png').toString('base64')}`;
  await expect.poll(async () => (await app.call('settings.get', {})).reportLogo).toBe(logo);
  await expect(dialog.getByRole('img', { name: 'Your logo as reports show it' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Client report' })).toBeVisible();
  await expect(page.getByText('Prepared by Sam Lee Social')).toBeVisible();
  expect(await page.locator('.report-brand-logo').evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  const { profileId, from, to } = await showClientReport(page, 'Bloom Bakery', 'last-30');
  const core = await app.call('report.get', { profileId, from, to });
  const clientName = core.clientTitle;
  await page.screenshot({ path: testInfo.outputPath('report-1440.png') });
  if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/report-1440.png` });

  // The page's own words, as the browser's locale writes them (the formatter the page uses).
  const locale = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale);
  const format = createFormatter({ locale, timeZone: core.settings.timeZone });
  const period = flat(format.dayRange(core.current.period.start, core.current.period.end));

  const pdfPath = testInfo.outputPath('report.pdf');
  await page.pdf({ path: pdfPath, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const info = pdfInfo(pdfPath);
  const pages = Number(info.Pages);
  expect(pages).toBeLessThanOrEqual(2);
  expect(pages).toBe(2);
  expect(info.Title).toBe(`${clientName} – ${period} report`);
  if (SHOTS !== undefined) copyFileSync(pdfPath, `${SHOTS}/report.pdf`);

  const first = pageText(pdfPath, 1);
  const second = pageText(pdfPath, 2);
  const all = `${first} ${second}`;
  // Page 1: the client, the period, the four headline figures with the period before.
  expect(first).toContain(clientName);
  expect(first).toContain(period);
  expect(first).toContain('Prepared by Sam Lee Social');
  // pdftotext reads the two columns of figures row by row: each label, value and period before is there.
  expect(first).toContain('Comments and messages received');
  expect(first).toContain(` ${format.number(core.current.totals.received)} `);
  // The period before only when the client's figures cover it (issue 27: "period before: 1" beside 542 was a first month).
  if (core.figuresSince == null || core.figuresSince <= core.previous.period.start) {
    expect(first).toContain(`period before: ${format.number(core.previous.totals.received)}`);
  } else {
    expect(first).not.toContain('period before:');
    expect(first).toContain('so there is no period before to compare with');
  }
  const split = core.current.targetSplit;
  expect(split).toBeTruthy();
  if (split) {
    const answered = split.answeredOnTime + split.answeredLate;
    const waiting = split.unansweredOverdue + split.unansweredPending;
    // One honest figure: on time of answered, and the not answered apart (never one blended share).
    expect(first).toContain(`${format.number(split.answeredOnTime)} of ${format.number(answered)} answered within`);
    if (waiting > 0) expect(first).toContain(`${format.number(waiting)} not answered yet`);
    expect(first).not.toMatch(/Within target \d+ ?%/u);
  }
  expect(first).toContain('Typical first answer');
  expect(first).toContain('Not answered yet');
  // A page number on every page, and the footer's client and period.
  expect(first).toMatch(new RegExp(`1 ?/ ?${pages}$`, 'u'));
  expect(second).toMatch(new RegExp(`2 ?/ ?${pages}$`, 'u'));
  expect(second).toContain(`${clientName} · ${period}`);

  // No "1 comments"-style plurals, no ISO timestamps or days in prose.
  expect(all).not.toMatch(/(?<![\d,.])1 (comments|messages|engagements|posts|answers|items|days|hours|business hours)\b/u);
  expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}/u);
  expect(all).not.toMatch(/\bUTC\b|\d{2}:\d{2}:\d{2}/u);

  // Top posts: a cross-posted post once (its networks named together), texts cut at a word. A client
  // may publish the same words twice (the seed reuses its texts): two publications, two entries, each
  // told apart by its day and figures; so each post is counted by its own entry, not by its words.
  expect(core.topPosts.length).toBeGreaterThan(0);
  const shown = core.topPosts.slice(0, 5);
  const entries = topPostEntries(second, shown.length);
  for (const [rank, post] of shown.entries()) {
    // Its first words up to any emoji (pdftotext writes emoji its own way).
    const words = flat(cutAtWord(post.text, 110))
      .split(' ')
      .filter((_, index, all) => all.slice(0, index + 1).every((word) => /^[\p{L}\p{N}#@'’.,:!?&-]+$/u.test(word)))
      .slice(0, 5)
      .join(' ');
    expect(words.length).toBeGreaterThan(0);
    const figures = `${format.dayMonth(Date.parse(post.created))} · ${format.number(post.engagement ?? 0)} engagement`;
    const itsEntry = (entry: string) => entry.startsWith(words) && entry.includes(figures);
    expect(itsEntry(entries[rank] ?? ''), `top post ${rank + 1} is "${words}" (${figures}), printed: "${entries[rank]}"`).toBe(true);
    expect(entries.filter(itsEntry).length, `top post "${words}" (${figures}) printed once`).toBe(1);
    // Its words nowhere else on the page than at the start of an entry.
    expect(second.split(words).length - 1, `"${words}" only in top posts`).toBe(entries.filter((entry) => entry.startsWith(words)).length);
  }
  expect(new Set(shown.map((post) => post.text)).size).toBe(shown.length);
  expect(core.topPosts.some((post) => (post.networks ?? []).length > 1)).toBe(true);

  // Still waiting: the person and the first words of what they wrote.
  const waitingItems = core.current.slowestUnanswered.slice(0, PAGE_TWO_WAITING);
  expect(waitingItems.length).toBeGreaterThan(0);
  const onPage = page.getByTestId('waiting-item');
  await expect(onPage).toHaveCount(waitingItems.length);
  for (const [index, item] of waitingItems.entries()) {
    expect(item.text, `the store's words of ${item.id}`).toBeTruthy();
    const quote = `“${flat(cutAtWord(item.text ?? '', WAITING_WORDS))}”`;
    await expect(onPage.nth(index)).toContainText(quote);
    // In the PDF too, where pdftotext can read it in order (emoji it places elsewhere).
    if (/^[\p{L}\p{N}\s.,!?'’-]+$/u.test(item.text ?? '')) expect(second).toContain(quote);
    if (item.author !== undefined) expect(second).toContain(item.author);
  }
  expect(second.split('“').length - 1).toBeGreaterThanOrEqual(waitingItems.length);

  // Growth from the first day: the account's past month, from the service's daily figures.
  expect(core.growth.collected).toBe(true);
  if (core.growth.collected) expect(Math.max(...core.growth.networks.map((network) => network.series.length))).toBeGreaterThan(1);
  const span = (await page.getByTestId('growth-span').textContent()) ?? '';
  const [, fromDay, toDay] = /Daily figures from (.+) to (.+)\./u.exec(span) ?? [];
  expect(fromDay).toBeTruthy();
  expect(fromDay).not.toBe(toDay);
  expect(second).toContain(flat(span));

  // The same page at 1024 × 700, then with the appendix: more pages, each numbered.
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: testInfo.outputPath('report-1024.png') });
  if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/report-1024.png` });
  await page.getByLabel('Include the appendix').check();
  const withAppendix = testInfo.outputPath('report-appendix.pdf');
  await page.pdf({ path: withAppendix, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const appendixPages = Number(pdfInfo(withAppendix).Pages);
  expect(appendixPages).toBeGreaterThan(2);
  for (let n = 1; n <= appendixPages; n++) expect(pageText(withAppendix, n), `page ${n}`).toMatch(new RegExp(`${n} ?/ ?${appendixPages}$`, 'u'));
  if (SHOTS !== undefined) {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(withAppendix, `${SHOTS}/report-appendix.pdf`);
  }

  // The chosen client and period are remembered: the page opened again shows them.
  await new InboxPage(page).open(app.url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  await expect(page.getByLabel('Client', { exact: true })).toHaveValue(profileId);
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('last-30');
  await expect(page.getByTestId('report-client')).toHaveText(clientName);
});
