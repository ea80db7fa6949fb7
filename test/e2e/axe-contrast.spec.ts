// Issue 27, item 17: 4.5:1 everywhere, in both themes. axe was clean on the inbox, Posts, Reports and
// Settings but found color-contrast in the open thread (an earlier comment of the thread, its times
// and likes; your own reply; the "Your account" badge) and, in dark mode, the report's selects.
// These scans cover the open thread at both sizes and both themes, and Posts, Reports and Settings
// again in the dark theme.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';

/** Opens, with j, the first row whose thread shows an earlier comment above the one answered. */
async function openThreadWithParents(page: Page, inbox: InboxPage): Promise<void> {
  await inbox.rows.first().click();
  for (let step = 0; step < 40; step += 1) {
    if ((await page.locator('.comment-ancestor').count()) > 0) return;
    await inbox.list.focus();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
  }
  throw new Error('no thread in the first 40 rows answers an earlier comment');
}

// `npm test` scans at 1440x900, every screen and both themes; the open thread again at 1024x700 is
// tagged @long and runs in `npm run test:e2e:long` (and `npm run test:e2e`): decision 0080.
for (const size of [
  { width: 1440, height: 900, tag: [] as string[] },
  { width: 1024, height: 700, tag: ['@long'] },
]) {
  test(`the open thread reads at 4.5:1 in both themes at ${size.width}x${size.height}`, { tag: size.tag }, async ({ page, app }, testInfo) => {
    // Eight axe scans of whole screens: slow on a loaded machine, so more time than one journey.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const inbox = new InboxPage(page);
    await inbox.open(app.url);
    // Your own reply in the thread, with its badge.
    // A comment the app can answer (not one answered on its network).
    const answerable = inbox.rows.filter({ hasNotText: /Answer on/ }).first();
    await answerable.click();
    await inbox.reply.fill('Thanks, we will look into it today.');
    await inbox.send.click();
    await expect(page.locator('.comment.is-own').first()).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, testInfo, `thread-own-reply-${size.width}`);

    await openThreadWithParents(page, inbox);
    await expectAccessible(page, testInfo, `thread-parents-${size.width}`);

    // Dark: the same thread, then Posts, Reports and Settings.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Command' }).fill('theme dark');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page, testInfo, `dark-thread-${size.width}`);
    await screenshot(page, testInfo, `dark-thread-${size.width}`);
    // The other screens' colours do not change with the width: scanned once, at the wider size.
    if (size.width !== 1440) return;
    await inbox.list.focus();
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(
      page
        .getByRole('region', { name: 'Posts' })
        .or(page.getByRole('heading', { name: 'Posts' }))
        .first(),
    ).toBeVisible();
    await expectAccessible(page, testInfo, `dark-posts-${size.width}`);
    await page.keyboard.press('g');
    await page.keyboard.press('r');
    await expect(page.getByRole('combobox', { name: 'Client' })).toBeVisible();
    await expectAccessible(page, testInfo, `dark-reports-${size.width}`);
    await page.keyboard.press('Control+,');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expectAccessible(page, testInfo, `dark-settings-${size.width}`);
  });
}
