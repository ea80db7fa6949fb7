// Issue 19, item 12: every view, client, setting and action can be reached from the command palette
// and from the keyboard, and `?` lists the keys the palette shows.
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';

test('the palette reaches Reports, Settings and every client; g r opens Reports; ? lists every key the palette shows', async ({ page, app }, testInfo) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const field = palette.getByRole('combobox', { name: 'Command' });
  const reports = page.getByRole('heading', { name: 'Client report' });

  // Reports by the palette.
  await inbox.list.focus();
  await page.keyboard.press('Control+k');
  await field.fill('reports');
  await expect(palette.getByRole('option', { name: /Reports/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(reports).toBeVisible();

  // Back to the inbox, then Settings by the palette.
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(reports).toBeHidden();
  await page.keyboard.press('Control+k');
  await field.fill('settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Every client of the sidebar is in the palette.
  await page.keyboard.press('Control+k');
  const clients = await page
    .getByRole('navigation')
    .getByRole('region', { name: 'Clients' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.querySelector('.side-label')?.textContent ?? ''));
  for (const client of clients.filter((name) => name !== 'All clients')) {
    await field.fill(client);
    await expect(palette.getByRole('option', { name: new RegExp(client.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first()).toBeVisible();
  }
  // The palette's keys, as the options show them.
  await field.fill('');
  const hints = await palette.getByRole('option').locator('kbd').allTextContents();
  await page.keyboard.press('Escape');

  // g r: the report, from the keyboard alone.
  await inbox.list.focus();
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(reports).toBeVisible();

  // ? lists every key the palette shows, g r among them.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  const listed = (await help.locator('kbd').allTextContents()).map((key) => key.trim());
  expect(listed).toContain('g r');
  expect(listed).toContain('g s');
  const clientRange = listed.includes('1 … 9');
  const missing = [...new Set(hints)].filter((hint) => !listed.includes(hint) && !(clientRange && /^[1-9]$/.test(hint)));
  expect(missing, 'keys the palette shows but ? does not list').toEqual([]);
  await expectAccessible(page, testInfo, 'help');
});
