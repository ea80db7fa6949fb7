// Issue 19, item 11: the layout at 1440×900 and 1024×700. The sidebar's footer (sync status, theme,
// help, settings, the sandbox notice) is always in view; at 1024 the sidebar is a column of icons,
// the view's title is one line, the triage buttons one row, nothing scrolls sideways, and a toast
// never sits on a control.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { controlsCutOff, controlsUnderToast, pageHeight, rowsFullyShown, rowsOf, sidewaysScroll } from './support/layoutProbe.ts';
import { PostsPage } from './support/postsPage.ts';

async function inViewport(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box, 'the element has a box').not.toBeNull();
  if (!box || !size) return;
  expect(box.y + box.height, 'its bottom is above the fold').toBeLessThanOrEqual(size.height);
  expect(box.x + box.width, 'its right edge is on screen').toBeLessThanOrEqual(size.width);
}

test('at 1440×900 the sidebar footer is in view on first launch', async ({ page, app }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const nav = page.getByRole('navigation', { name: 'Inbox navigation' });
  await inViewport(page, nav.getByRole('button', { name: 'Settings' }));
  await inViewport(page, nav.getByRole('button', { name: 'Keyboard shortcuts' }));
  await inViewport(page, nav.getByText(/built-in sandbox/));
  await inViewport(page, nav.getByRole('button', { name: 'Connect your account' }));
  await screenshot(page, testInfo, 'layout-1440');
});

test('at 1024×700 the sidebar is icons, the title one line, the toolbar one row, nothing scrolls sideways, toasts cover nothing', async ({
  page,
  app,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const nav = page.getByRole('navigation', { name: 'Inbox navigation' });
  const navBox = await nav.boundingBox();
  expect(navBox?.width ?? 0, 'the sidebar is a column of icons').toBeLessThan(90);
  // Still named for a screen reader, and the footer still in view.
  await expect(nav.getByRole('button', { name: /^Needs reply/ })).toBeVisible();
  await inViewport(page, nav.getByRole('button', { name: 'Settings' }));
  await inViewport(page, nav.getByRole('button', { name: 'Connect your account' }));

  await inbox.rows.first().click();
  const title = page.getByRole('heading', { name: 'Needs reply', level: 2 });
  const titleBox = await title.boundingBox();
  expect(titleBox?.height ?? 99, 'the title is one line').toBeLessThan(30);
  const actions = page.getByRole('group', { name: /^Current/ }).getByRole('button');
  expect(await rowsOf(actions), 'the triage buttons are one row').toBe(1);
  const fullyShown = await rowsFullyShown(inbox.list);
  expect(fullyShown, 'more than five rows in view').toBeGreaterThan(5);
  expect(await sidewaysScroll(page)).toEqual([]);
  // Every control of the toolbar inside it (none cut off at the list's edge).
  const outside = await controlsCutOff(page.locator('.list-pane .toolbar'));
  expect(outside, 'toolbar controls cut off').toEqual([]);
  expect(await pageHeight(page), 'the page is no taller than the window').toBeLessThanOrEqual(700);

  await page.keyboard.press('u');
  await expect(page.locator('.toast')).toBeVisible();
  expect(await controlsUnderToast(page)).toEqual([]);
  await screenshot(page, testInfo, 'layout-1024-inbox');

  // The Posts view with a post's metrics open: no sideways scroll either.
  const posts = new PostsPage(page);
  await posts.openWithKeys();
  // The export's dates and its button on one row (they took three rows with Posts' own toolbar).
  const exportForm = page.getByRole('form', { name: 'Export to CSV' });
  expect(await rowsOf(exportForm.locator('input, button')), 'the export is one row').toBe(1);
  await posts.view.locator('[data-post-key]').first().getByRole('button').first().click();
  await expect(posts.panel).toBeVisible();
  expect(await sidewaysScroll(page)).toEqual([]);
  await screenshot(page, testInfo, 'layout-1024-posts');
});

test('at 1280×720 the toolbar filters stay on one row beside an open comment', async ({ page, app }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.rows.first().click();
  expect(await rowsOf(page.locator('.list-pane .filters > *')), 'the filters are one row').toBe(1);
  expect(await controlsCutOff(page.locator('.list-pane .toolbar'))).toEqual([]);
});
