// Issue 27, item 1, alone: what a key acts on is what is open. The walk of the issue: open the
// fourth comment of Needs reply, press j, j, e, z. Before, the highlight was on one comment and the
// pane on another, and `h` snoozed the highlighted one ("Snooze until…" did not say which). Now the
// highlight and the pane stay on one item, `h`'s menu names it, and the snooze goes to it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

/** The walk's screen at both sizes, into /tmp/h27target for a person to look at. */
async function shots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `/tmp/h27target/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('open the fourth comment, j, j, e, z: the highlight and the pane stay on one item, and h snoozes that one, naming it', async ({ page, app }) => {
  await page.setViewportSize(SIZES[0]!);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.needsReplyView.click();
  await page
    .getByRole('group', { name: /^Show comments, messages, reviews or all/ })
    .getByRole('button', { name: 'Comments' })
    .click();
  await expect(page.getByRole('heading', { name: 'Needs reply' })).toBeVisible();
  await expect.poll(() => inbox.rows.count()).toBeGreaterThan(6);
  const pane = page.getByRole('complementary', { name: 'Conversation' });
  const paneText = pane.locator('.comment-main .comment-text');
  const paneAuthor = pane.locator('.comment-main .comment-author');
  const highlighted = inbox.selected.locator('.row-text');

  await inbox.rows.nth(3).click();
  await expect(paneText).toHaveText((await highlighted.innerText()).trim());
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('e');
  await expect(page.getByText('Marked done', { exact: true })).toBeVisible();
  await page.keyboard.press('z');
  await expect(page.getByText(/^Undone: marked done/)).toBeVisible();

  // One item: the highlighted row is the one in the pane.
  await expect(paneText).toHaveText((await highlighted.innerText()).trim());
  const reading = (await paneText.innerText()).trim();
  const author = (await paneAuthor.innerText()).trim();
  await shots(page, 'one-target-after-undo');

  await page.keyboard.press('h');
  const menu = page.getByRole('dialog', { name: `Snooze ${author}’s comment until` });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('heading')).toHaveText(`Snooze ${author}’s comment until…`);
  await shots(page, 'one-target-snooze-menu');
  await page.keyboard.press('1');
  await expect(menu).toHaveCount(0);

  // The core snoozed the comment that was in the pane, and only it.
  await expect
    .poll(async () => (await app.call('inbox.page', { filter: { view: 'snoozed', kind: 'comment' }, limit: 50 })).rows.map((row) => row.text))
    .toEqual([reading]);
  await shots(page, 'one-target-after-snooze');
});
