// Issue 21 (decision 0050): Esc in the Posts view closes the open panel first (here a cross-posted
// post's panel with every network), then the view. Before, Esc from a publication's panel left
// Posts at once. Screenshots of the open panel at both widths go to /tmp/h21f/ for a look.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PostsPage } from './support/postsPage.ts';

test.setTimeout(120_000);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/h21f/${name}.png` });
}

test('Esc closes a publication’s panel, then the Posts view', async ({ page, app }) => {
  await app.synced(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const posts = new PostsPage(page);
  await page.goto(app.url);
  const inbox = page.getByRole('listbox', { name: 'Inbox' });
  await expect(inbox).toBeVisible();
  await posts.openWithKeys();
  await posts.chooseClient('Bloom Bakery');
  const entry = posts.view.locator('[data-publication-key]').first();
  // Its networks' numbers, asked for now, so the panel's table has them.
  const postKeys = await entry.locator('[data-post-key]').evaluateAll((items) => items.map((item) => item.getAttribute('data-post-key') ?? ''));
  for (const postKey of postKeys) await app.call('sync.refresh', { postKey });
  await expect
    .poll(async () => (await Promise.all(postKeys.map((postKey) => app.call('posts.metrics', { postKey })))).filter((a) => a.latest === null).length, {
      timeout: 20_000,
    })
    .toBe(0);
  await entry.getByRole('button').first().click();
  const panel = page.getByRole('complementary', { name: 'Metrics on every network' });
  await expect(panel.getByRole('table')).toBeVisible();
  // The entry's networks show the numbers the panel read, not "No metrics yet" beside them.
  await expect(entry.getByText('No metrics yet')).toHaveCount(0);
  await shot(page, 'posts-publication-1440');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(panel.getByRole('table')).toBeVisible();
  await shot(page, 'posts-publication-1024');

  // The click left the focus on the entry's button: the first Esc lets go of it (as everywhere).
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(posts.view).toBeVisible();
  await expect(inbox).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(posts.view).toBeHidden();
  await expect(inbox).toBeVisible();
});
