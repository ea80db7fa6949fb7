// The client report in a team (issue 22, responsiveness per member): Bob answers a comment from his
// own computer; Ann's report of that client, on hers, says who answered in the client's words
// ("Answered by bob: 1 reply, typically within …"), on the page and in the printed PDF (still two
// pages), timed to the network's confirmation that Bob's device saw.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createFormatter } from '../../src/shared/format/formatter.ts';
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

const SHOTS = '/tmp/h22m';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

const flat = (text: string) => text.replace(/[\s\u2009\u202f]+/gu, ' ').trim();

test('Ann’s client report names Bob’s reply, sent from his own computer, on the page and printed', async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  team = await startTeamHosts(sandbox, { undoSeconds: 0 });
  const { ann, bob } = team;
  const { rows } = await bob.call('inbox.page', { filter: { view: 'needsReply', kind: 'comment' }, limit: 50 });
  // A comment the service answers by its id (made in the network or by the service: Instagram's are).
  const comment = rows.find((row) => row.platform === 'instagram');
  if (!comment) throw new Error('the sandbox world has no comment that needs a reply');
  const { item } = await bob.call('answer.send', { key: comment.key, text: 'Thank you! Bob from the studio here.' });
  await expect.poll(async () => (await bob.call('outbox.list', {})).items.find((sent) => sent.id === item.id)?.state, { timeout: 20_000 }).toBe('sent');

  await page.setViewportSize({ width: 1440, height: 900 });
  await new InboxPage(page).open(ann.url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Client report' })).toBeVisible();
  await page.getByLabel('Client', { exact: true }).selectOption(comment.profileId);
  await page.getByLabel('Period', { exact: true }).selectOption('last-30');
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  // Bob's status reaches Ann's device through the team's server; the report shows it once it is there.
  await expect
    .poll(async () => (await ann.call('report.get', { profileId: comment.profileId, from, to })).byMember?.map((member) => member.member), { timeout: 20_000 })
    .toContain('bob');
  const report = await ann.call('report.get', { profileId: comment.profileId, from, to });
  const bobs = report.byMember?.find((member) => member.member === 'bob');
  expect(bobs).toMatchObject({ repliesSent: 1, firstReplies: 1 });
  const locale = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale);
  const format = createFormatter({ locale, timeZone: report.settings.timeZone });
  // In business hours, a first answer before the opening is said as such (never "within 0 s").
  const line =
    bobs?.beforeOpening === 1
      ? 'Answered by bob: 1 reply, 1 comment or message answered before opening hours.'
      : `Answered by bob: 1 reply, typically within ${format.duration(bobs?.firstReplyMedianMs ?? Number.NaN)}.`;
  // The page asks again when it is shown: reload the report view by choosing the period once more.
  await page.getByLabel('Period', { exact: true }).selectOption('last-month');
  await page.getByLabel('Period', { exact: true }).selectOption('last-30');
  const section = page.getByRole('region', { name: 'Who answered' });
  await expect(section.getByTestId('report-member')).toHaveText([line], { timeout: 15_000 });

  mkdirSync(SHOTS, { recursive: true });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/team-report-1440.png` });
  await page.setViewportSize({ width: 1024, height: 700 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/team-report-1024.png` });

  // Printed as the client gets it: still two pages, the line on the details page.
  const pdfPath = testInfo.outputPath('team-report.pdf');
  await page.pdf({ path: pdfPath, format: 'A4', printBackground: true, preferCSSPageSize: true });
  const pages = Number(/Pages:\s+(\d+)/u.exec(execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' }))?.[1]);
  expect(pages).toBe(2);
  const second = flat(execFileSync('pdftotext', ['-f', '2', '-l', '2', '-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' }));
  expect(second).toContain(flat(line));
  execFileSync('pdftoppm', ['-f', '2', '-l', '2', '-r', '80', '-png', pdfPath, `${SHOTS}/team-report-print`]);
});
