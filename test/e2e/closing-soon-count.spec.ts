// Closing soon (g c) like the other views (issue 27, item 15): the sidebar counts its direct messages,
// and Select all (Shift+A, or the toolbar's button) picks every one of them, so one key finishes them
// all and one undo puts them back. The real app in Chromium through the web host, on a sandbox the
// test started, through the accessibility contract only (support/inboxPage.ts).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { conversationKey, messagingClients, storedConversation } from './support/directMessages.ts';
import { InboxPage } from './support/inboxPage.ts';

// A journey takes 10 to 30 s with the machine to itself; a busy machine can double that.
test.describe.configure({ timeout: 90_000 });

const closingSoonView = (page: Page) => page.getByRole('navigation').getByRole('button', { name: /^Closing soon/ });

test('Closing soon shows its count in the sidebar, and Select all picks every one of its conversations', async ({ page, app, sandbox }, testInfo) => {
  const world = await sandbox.world();
  for (const { conversations } of messagingClients(world)) {
    for (const conversation of conversations.filter((c) => c.status === 'active')) await storedConversation(app, conversationKey(conversation));
  }
  const expected = (await app.call('inbox.closingSoon', {})).rows;
  // The list is one answer of at most 50: the seeded world keeps under that (and under what a tall
  // window shows at once), so the list is all of it.
  expect(expected.length).toBeGreaterThan(1);
  expect(expected.length).toBeLessThan(25);
  const count = expected.length;

  const inbox = new InboxPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await inbox.open(app.url);
  await expect(closingSoonView(page)).toHaveAccessibleName(new RegExp(`^Closing soon\\s*${count}$`));
  await screenshot(page, testInfo, 'closing-soon-count-1440x900');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(closingSoonView(page)).toHaveAccessibleName(new RegExp(`^Closing soon\\s*${count}$`));
  await screenshot(page, testInfo, 'closing-soon-count-1024x700');
  // Tall enough that every row is in the (virtualised) list at once.
  await page.setViewportSize({ width: 1440, height: 2400 });

  await closingSoonView(page).click();
  await expect(page.getByRole('heading', { name: 'Closing soon' })).toBeVisible();
  await expect(inbox.rows).toHaveCount(count);
  // The toolbar's Select all works here as in every view; Shift+A is the same command.
  const selectAll = page.getByRole('button', { name: /^Select all/ });
  await expect(selectAll).toBeEnabled();
  await inbox.list.focus();
  await inbox.key('Shift+A');
  const selection = page.getByRole('group', { name: 'Selected comments' });
  await expect(selection).toContainText(`${count} selected`);
  // Every row is picked: there is nothing more to select.
  await expect(selection.getByRole('button', { name: 'Select all in this view' })).toHaveCount(0);
  await screenshot(page, testInfo, 'closing-soon-select-all');

  // e finishes every one of them: the list, the core's list and the count are empty.
  await inbox.key('e');
  await expect(inbox.rows).toHaveCount(0);
  await expect.poll(async () => (await app.call('inbox.closingSoon', {})).rows.length).toBe(0);
  await expect(closingSoonView(page)).toHaveAccessibleName(/^Closing soon$/);

  // One undo puts them all back, and the count with them.
  await inbox.key('z');
  await expect(inbox.rows).toHaveCount(count);
  await expect(closingSoonView(page)).toHaveAccessibleName(new RegExp(`^Closing soon\\s*${count}$`));

  // The toolbar's button does what Shift+A does.
  await selectAll.click();
  await expect(selection).toContainText(`${count} selected`);
});
