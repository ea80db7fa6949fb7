// Issue 27, item 9: the palette reaches every Settings section and every report action by the words
// a freelancer types ("team", "business hours", "logo", "pdf", "csv"). Before, each said "No command matches".
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';

test('typing team, logo, business hours, csv and pdf in the palette opens that section or runs that action', async ({ page, app }) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  // The browser's print dialog would stop the page: count the prints instead.
  await page.evaluate(() => {
    const window = globalThis as unknown as { prints: number; print: () => void };
    window.prints = 0;
    window.print = () => {
      window.prints += 1;
    };
  });
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const field = palette.getByRole('combobox', { name: 'Command' });
  const settings = page.getByRole('dialog', { name: 'Settings' });
  async function type(words: string) {
    await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
    await page.keyboard.press('Control+k');
    await field.fill(words);
    await expect(palette.getByRole('option').first()).not.toHaveText('No command matches');
    await page.keyboard.press('Enter');
  }

  // How the palette lists them, at both sizes (looked at: /tmp/h27polish).
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await page.keyboard.press('Control+k');
    await field.fill('settings');
    await expect(palette.getByRole('option', { name: /Settings: team/ })).toBeVisible();
    await page.screenshot({ path: `/tmp/h27polish/palette-${size.width}x${size.height}.png` });
    await page.keyboard.press('Escape');
  }

  await type('team');
  await expect(settings.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
  // Settings open: the palette moves it to another section.
  await page.keyboard.press('Control+k');
  await field.fill('logo');
  await page.keyboard.press('Enter');
  await expect(settings.getByRole('tab', { name: 'App' })).toHaveAttribute('aria-selected', 'true');
  await expect(settings.getByText(/logo/i).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await type('webhooks');
  await expect(settings.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');

  await type('business hours');
  await expect(page.getByRole('heading', { name: 'Client report' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Business days and hours' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await type('csv');
  expect((await downloading).suggestedFilename()).toMatch(/report\.csv$/);

  await type('pdf');
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as { prints: number }).prints)).toBe(1);

  await type('appendix');
  await expect(page.getByRole('checkbox', { name: 'Include the appendix' })).toBeChecked();
});
