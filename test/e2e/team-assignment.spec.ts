// Assignment and notes between two people of one team (issue 22), each in their own window on
// their own web host: Ann assigns a comment to Bob with `a` in her window; it shows in Bob's
// "Assigned to me" in his; Bob writes a note on it, and Ann's open comment shows it; the history
// in both windows names both decisions. Screenshots of both windows at 1440×900 and 1024×700.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

const SHOTS = '/tmp/h22a';

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The open item's team part, where there is one, in sight (the pane scrolls at 1024 px).
    const part = page.getByRole('region', { name: 'Team' });
    if ((await part.count()) > 0) await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('Ann assigns a comment to Bob; it is in Bob’s Assigned to me; his note and the history show in Ann’s window', async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  team = await startTeamHosts(sandbox);
  const { ann, bob } = team;
  const { rows } = await ann.call('inbox.page', { filter: { view: 'needsReply', kind: 'comment' }, limit: 1 });
  const [first] = rows;
  if (!first) throw new Error('the sandbox world has no comment that needs a reply');
  const label = first.text.slice(0, 40);

  // Ann's window: the comment opened, then `a` and Bob.
  await page.setViewportSize({ width: 1440, height: 900 });
  const annInbox = new InboxPage(page);
  await annInbox.open(ann.url);
  await expect(page.getByRole('button', { name: /Assigned to me/ })).toBeVisible();
  await annInbox.needsReplyView.click();
  await annInbox.row(label).first().click();
  await expect(page.getByRole('region', { name: 'Team' })).toContainText('Not assigned to anyone');
  await annInbox.list.focus();
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: /^Assign .+ to$/ });
  await expect(dialog.getByRole('button', { name: /ann \(you\)/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'bob', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Team' })).toContainText('Assigned to bob');
  await expect(annInbox.row(label).first()).toContainText('Assigned to bob');

  // Bob's window: Assigned to me lists it.
  const bobPage = await page.context().newPage();
  await bobPage.setViewportSize({ width: 1440, height: 900 });
  const bobInbox = new InboxPage(bobPage);
  await bobInbox.open(bob.url);
  await bobPage.getByRole('button', { name: /Assigned to me/ }).click();
  await expect(bobInbox.row(label)).toHaveCount(1, { timeout: 15_000 });
  await expect(bobInbox.row(label)).toContainText('Assigned to you');
  await shots(bobPage, 'bob-assigned-to-me');

  // Bob's note on it.
  // From the keyboard: n takes him to the note, Ctrl Enter saves it.
  await bobInbox.row(label).click();
  await bobInbox.list.focus();
  await bobPage.keyboard.press('n');
  const note = bobPage.getByRole('textbox', { name: 'Note for the team' });
  await expect(note).toBeFocused();
  await bobPage.keyboard.type('Wants a refund for the late order; be kind');
  await bobPage.keyboard.press('Control+Enter');
  await expect(bobPage.getByRole('list', { name: 'History' })).toContainText('You added a note on desktop');

  // Ann's window: the note and the history, without a reload.
  await expect(page.getByRole('textbox', { name: 'Note for the team' })).toHaveValue('Wants a refund for the late order; be kind', { timeout: 15_000 });
  const history = page.getByRole('list', { name: 'History' });
  await expect(history).toContainText('You assigned this to bob on laptop');
  await expect(history).toContainText('bob added a note on desktop');
  await expect(page.getByText('bob wrote it last on desktop')).toBeVisible();
  await shots(page, 'ann-note-and-history');
  // The help lists the team's keys in a team.
  await annInbox.list.focus();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Assign to a member of the team (or to nobody)');
  await page.screenshot({ path: `${SHOTS}/ann-help-1440x900.png` });
  await page.keyboard.press('Escape');
  await shots(bobPage, 'bob-note-and-history');
  await screenshot(page, testInfo, 'team-assignment-ann');
  await screenshot(bobPage, testInfo, 'team-assignment-bob');
  await bobPage.close();
});

test('a done and a snooze made at once: both people are told which stands, once', async ({ page, sandbox }) => {
  test.setTimeout(120_000);
  team = await startTeamHosts(sandbox);
  const { ann, bob } = team;
  const { rows } = await ann.call('inbox.page', { filter: { view: 'needsReply', kind: 'comment' }, limit: 1 });
  const [first] = rows;
  if (!first) throw new Error('the sandbox world has no comment that needs a reply');
  await page.setViewportSize({ width: 1440, height: 900 });
  await new InboxPage(page).open(ann.url);
  await expect(page.getByRole('button', { name: /Assigned to me/ })).toBeVisible();
  // Three days ahead, at 9:00 on the machine's clock (the web host's and the browser's).
  const until = new Date();
  until.setDate(until.getDate() + 3);
  until.setHours(9, 0, 0, 0);
  // At the same moment, on two computers: neither has seen the other's decision.
  await Promise.all([
    ann.call('inbox.triage', { keys: [first.key], done: true }),
    bob.call('inbox.triage', { keys: [first.key], snoozedUntil: until.getTime() }),
  ]);
  const notice = page.getByRole('region', { name: 'Decided at the same time' });
  await expect(notice).toContainText(/^bob snoozed .+’s comment while you marked it done: it stays snoozed until /, { timeout: 15_000 });
  await shots(page, 'ann-notice');
  const bobPage = await page.context().newPage();
  await bobPage.setViewportSize({ width: 1440, height: 900 });
  await new InboxPage(bobPage).open(bob.url);
  await expect(bobPage.getByRole('region', { name: 'Decided at the same time' })).toContainText(
    /^ann marked .+’s comment done while you snoozed it: it stays snoozed until /,
  );
  // Dismissed, it is not told again, in a new window either.
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: /Assigned to me/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Decided at the same time' })).toHaveCount(0);
  await bobPage.close();
});
