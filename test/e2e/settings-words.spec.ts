// Issue 27, item 15: Settings in a freelancer's words. The account the sidebar calls "Up to date" is
// not "Not checked yet"; no raw address; no "Primary profile"; the clients' keys counted as clients;
// in a browser, no "Notify me of new comments" that nothing would ever send.
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';

test('Settings names the account, its service and its clients as the sidebar does', async ({ page, app }) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const nav = page.getByRole('navigation', { name: 'Inbox navigation' });
  await expect(nav.getByText('Up to date')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+,');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const card = settings.getByRole('listitem').filter({ hasText: 'Built-in sandbox' }).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('Online');
  await expect(card).not.toContainText('Not checked yet');
  await expect(card).toContainText('Sample clients and comments, on this computer');
  await expect(card).not.toContainText(/https?:\/\//);
  await expect(settings).not.toContainText('Primary profile');
  await expect(settings).not.toContainText(/\d+ kept/);
  await page.screenshot({ path: '/tmp/h27polish/settings-accounts-1440.png' });

  await settings.getByRole('tab', { name: 'App' }).click();
  await expect(settings.getByRole('checkbox', { name: 'Notify me of new comments' })).toHaveCount(0);
  await expect(settings.getByText(/Notices of new comments come from the desktop app/)).toBeVisible();
});
