// Issue 19: a new user's first hour, at 1440×900 and at 1024×700. Open the app, look at the inbox,
// open a comment, reply, undo, triage, switch to Messages, then Posts, Reports, Settings, the command
// palette and the help. On every screen: the sidebar's footer in view, the inbox toolbar's buttons
// on one row, nothing scrolling sideways, axe clean (no serious or critical violation); a screenshot
// of each step is attached to the test's results.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { rowsOf, sidewaysScroll } from './support/layoutProbe.ts';
import { ordinaryPost } from './support/sandboxControl.ts';

test.setTimeout(120_000);

// `npm test` walks it at 1440×900, which holds every kind of check; the same walk at 1024×700 is
// tagged @long and runs in `npm run test:e2e:long` (and `npm run test:e2e`): decision 0080.
const SIZES = [
  { width: 1440, height: 900, tag: [] },
  { width: 1024, height: 700, tag: ['@long'] },
] as const;

/** What every screen of the journey must hold, checked softly so the walk goes on and reports all. */
async function look(page: Page, testInfo: TestInfo, step: string, options: { axe?: boolean } = {}): Promise<void> {
  const size = page.viewportSize();
  const name = `${size?.width ?? 0}x${size?.height ?? 0}-${step}`;
  await screenshot(page, testInfo, name);
  const settings = page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Settings' });
  const box = await settings.boundingBox();
  expect.soft(box !== null && box.y + box.height <= (size?.height ?? 0), `${step}: the sidebar's footer is in view`).toBe(true);
  expect.soft(await sidewaysScroll(page), `${step}: nothing scrolls sideways`).toEqual([]);
  const actions = page.getByRole('group', { name: /^Current/ }).getByRole('button');
  if ((await actions.count()) > 0) expect.soft(await rowsOf(actions), `${step}: the toolbar's buttons are one row`).toBe(1);
  if (options.axe !== false) await expectAccessible(page, testInfo, name);
}

for (const size of SIZES) {
  test(`the first hour at ${size.width}×${size.height}`, { tag: [...size.tag] }, async ({ page, app, sandbox }, testInfo) => {
    // Long enough to undo by hand; a comment the app can answer, so the reply goes through.
    await app.call('settings.update', { undoSeconds: 20 });
    const target = ordinaryPost(await sandbox.world(), 'instagram');
    const made = await sandbox.injectComment({
      platform: 'instagram',
      socialPostId: target.post.socialId,
      profileRefId: target.profile.refId,
      comment: 'Are you open on Sunday mornings?',
      from: { id: 'e2e-sunday', username: 'sunday.walker' },
    });
    await app.fetchComment(`instagram:${target.post.socialId}`, `instagram:${made.commentId}`);
    await page.setViewportSize({ width: size.width, height: size.height });
    const inbox = new InboxPage(page);

    // Open: the inbox, the sandbox notice, the footer.
    await inbox.open(app.url);
    await expect(page.getByText(/built-in sandbox|Sandbox/).first()).toBeVisible();
    await look(page, testInfo, '01-inbox');

    // Open a comment.
    await inbox.row('Are you open on Sunday mornings?').click();
    await expect(page.getByRole('complementary', { name: 'Conversation' })).toContainText('Are you open on Sunday mornings?');
    await look(page, testInfo, '02-comment');

    // Reply, then undo: the text comes back to the reply box.
    await inbox.reply.fill('Yes, from 9 every Sunday.');
    await page.keyboard.press('Control+Enter');
    const card = inbox.replyCard('Yes, from 9 every Sunday.');
    await expect(card).toBeVisible();
    await look(page, testInfo, '03-reply-queued');
    await card.getByRole('button', { name: /^Undo/ }).click();
    await expect(inbox.reply).toHaveValue('Yes, from 9 every Sunday.');
    await look(page, testInfo, '04-reply-undone');

    // Triage from the keyboard: done, and undone again.
    await inbox.reply.fill('');
    await page.keyboard.press('Escape');
    await inbox.list.focus();
    await inbox.key('e');
    await expect(page.locator('.toast')).toContainText('Marked done');
    await look(page, testInfo, '05-triaged');
    await inbox.key('z');
    await expect(inbox.row('Are you open on Sunday mornings?')).toBeVisible();

    // Messages.
    await page
      .getByRole('group', { name: /^Show comments, messages, reviews or all/ })
      .getByRole('button', { name: 'Messages' })
      .click();
    await expect(inbox.rows.first()).toBeVisible();
    await look(page, testInfo, '06-messages');

    // Posts, Reports, Settings: by the keyboard.
    await inbox.list.focus();
    await inbox.key('g');
    await inbox.key('p');
    await expect(page.getByRole('region', { name: 'Posts' })).toBeVisible();
    await look(page, testInfo, '07-posts');
    await inbox.key('g');
    await inbox.key('r');
    await expect(page.getByRole('heading', { name: 'Client report' })).toBeVisible();
    await expect(page.getByText('Reading the store…')).toHaveCount(0);
    await look(page, testInfo, '08-reports');
    await inbox.key('g');
    await inbox.key('s');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await look(page, testInfo, '09-settings');
    await inbox.key('Escape');

    // The palette and the help.
    await inbox.key('Control+k');
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
    await look(page, testInfo, '10-palette');
    await inbox.key('Escape');
    await inbox.key('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await look(page, testInfo, '11-help');
  });
}
