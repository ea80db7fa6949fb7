// Saved replies (issue 6): the person adds, edits and removes them (kept in the settings, so they
// survive a reload), and `{name}` is filled from the comment's author when one is used.
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { ordinaryPost } from './support/sandboxControl.ts';

test('saved replies are added, edited and removed, kept across a reload, and fill {name} from the author', async ({ page, app, sandbox }, testInfo) => {
  const target = ordinaryPost(await sandbox.world(), 'instagram');
  const made = await sandbox.injectComment({
    platform: 'instagram',
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: 'Do you ship to Norway?',
    from: { id: 'e2e-ingrid', username: 'Ingrid Dahl' },
  });
  await app.fetchComment(`instagram:${target.post.socialId}`, `instagram:${made.commentId}`);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.row('Do you ship to Norway?').click();

  const savedButton = page.getByRole('button', { name: 'Saved replies', exact: true });
  const savedList = page.getByRole('list', { name: 'Saved replies' });
  await savedButton.click();
  await expect(savedList.getByRole('button', { name: /Thank you so much, Ingrid!/ })).toBeVisible();
  await savedList.getByRole('button', { name: 'Edit saved replies…' }).click();

  const editor = page.getByRole('dialog', { name: 'Saved replies' });
  await expect(editor).toBeVisible();
  const titles = editor.getByRole('textbox', { name: 'Title' });
  const texts = editor.getByRole('textbox', { name: 'Text' });
  const before = await titles.count();
  // Edit the first, remove the second, add one.
  await titles.first().fill('Warm thanks');
  await texts.first().fill('Thanks a lot, {name}, that made our day!');
  const secondTitle = await titles.nth(1).inputValue();
  await editor.getByRole('button', { name: `Remove ${secondTitle}` }).click();
  await editor.getByRole('button', { name: 'Add a saved reply' }).click();
  // An empty one is not saved: the problem is said.
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('alert')).toContainText('needs a title');
  await titles.last().fill('Shipping');
  await texts.last().fill('Hi {name}, yes: we ship to all of Europe in 3 to 5 days.');
  await screenshot(page, testInfo, 'saved-replies-editor');
  await expectAccessible(page, testInfo, 'saved-replies-editor');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'saved-replies-editor-dark');
  await expectAccessible(page, testInfo, 'saved-replies-editor-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toHaveCount(0);

  // Kept in the settings: still there after a reload, in the new order and words.
  await page.reload();
  await inbox.row('Do you ship to Norway?').click();
  await savedButton.click();
  const choices = savedList.getByRole('button').filter({ hasNotText: 'Edit saved replies…' });
  await expect(choices).toHaveCount(before);
  await expect(savedList.getByRole('button', { name: /Warm thanks/ })).toContainText('Thanks a lot, Ingrid, that made our day!');
  await expect(savedList.getByRole('button', { name: new RegExp(secondTitle) })).toHaveCount(0);
  await screenshot(page, testInfo, 'saved-replies-list');
  await savedList.getByRole('button', { name: /Shipping/ }).click();
  await expect(inbox.reply).toHaveValue('Hi Ingrid, yes: we ship to all of Europe in 3 to 5 days.');
});
