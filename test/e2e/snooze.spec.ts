// Snooze with a choice (issue 6): `h` or the Snooze button opens a small menu (later today,
// tomorrow morning, next week); the comment leaves Needs reply and waits in Snoozed.
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';

test('h and the Snooze button offer later today, tomorrow and next week; the choice moves the comment to Snoozed', async ({ page, app }, testInfo) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await expect(inbox.rows.first()).toBeVisible();
  await inbox.list.focus();
  const menu = page.getByRole('dialog', { name: /^Snooze .+ until$/ });
  const textOf = (row: ReturnType<typeof inbox.row>) => row.locator('.row-text').innerText();
  const first = await textOf(inbox.selected);
  const second = await textOf(inbox.rows.nth(1));
  const loaded = async (text: string) => inbox.row(text).count();
  const firstCount = await loaded(first);

  await inbox.key('h');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: /Tomorrow morning/ })).toBeVisible();
  await expect(menu.getByRole('button', { name: /Next week/ })).toBeVisible();
  await expect(menu.getByRole('button', { name: /Later today|Tomorrow morning/ }).first()).toBeFocused();
  await screenshot(page, testInfo, 'snooze-menu');
  await expectAccessible(page, testInfo, 'snooze-menu');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'snooze-menu-dark');
  await expectAccessible(page, testInfo, 'snooze-menu-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Esc leaves without snoozing.
  await inbox.key('Escape');
  await expect(menu).toHaveCount(0);
  await expect(inbox.selected).toContainText(first);

  // From the keyboard: h, then the number of "Tomorrow morning" (1, or 2 when "Later today" is offered).
  await inbox.key('h');
  const laterOffered = (await menu.getByRole('button', { name: /Later today/ }).count()) === 1;
  await inbox.key(laterOffered ? '2' : '1');
  await expect(menu).toHaveCount(0);
  await expect(page.getByText(/Snoozed until tomorrow morning/)).toBeVisible();
  await expect.poll(() => loaded(first)).toBe(firstCount - 1);
  await expect(inbox.selected).toContainText(second);

  // By mouse: the toolbar's button, then "Next week", on the row that took its place.
  await page
    .getByRole('group', { name: 'Current comment' })
    .getByRole('button', { name: /^Snooze/ })
    .click();
  await menu.getByRole('button', { name: /Next week/ }).click();
  await expect(menu).toHaveCount(0);
  await expect(page.getByText(/Snoozed until next week/)).toBeVisible();

  await page
    .getByRole('navigation')
    .getByRole('button', { name: /^Snoozed/ })
    .click();
  await expect(inbox.rows).toHaveCount(2);
  await expect(inbox.row(first)).toContainText('Snoozed');
  await expect(inbox.row(second)).toContainText('Snoozed');
  await screenshot(page, testInfo, 'snoozed-view');
});
