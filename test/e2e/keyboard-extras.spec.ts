// Issue 19, "beyond the anchors": what keyboard users expect. After a send the next item opens (a
// setting, on by default); a snooze can wake at a picked day and time; a saved reply is inserted
// from the keyboard (`;` from the list, Ctrl+; in the reply box).
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { ordinaryPost } from './support/sandboxControl.ts';

test('after a send the next item opens (on by default, a setting)', async ({ page, app, sandbox }) => {
  // The app's own default is on; the test host turns it off for the older journeys, so this one turns it back on.
  expect((await app.call('settings.update', { autoAdvance: true })).autoAdvance).toBe(true);
  const target = ordinaryPost(await sandbox.world(), 'instagram');
  const made = await sandbox.injectComment({
    platform: 'instagram',
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: 'Do you ship to Leeds?',
    from: { id: 'e2e-leeds', username: 'leeds.reader' },
  });
  await app.fetchComment(`instagram:${target.post.socialId}`, `instagram:${made.commentId}`);
  const other = await sandbox.injectComment({
    platform: 'instagram',
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: 'Is there a student discount?',
    from: { id: 'e2e-student', username: 'student.reader' },
  });
  await app.fetchComment(`instagram:${target.post.socialId}`, `instagram:${other.commentId}`);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const thread = page.getByRole('complementary', { name: 'Conversation' });
  await inbox.row('Do you ship to Leeds?').click();
  await expect(thread).toContainText('Do you ship to Leeds?');
  await inbox.reply.fill('We do, within two days.');
  await page.keyboard.press('Control+Enter');
  // The next item is open and selected; the one answered is not.
  await expect(inbox.selected).not.toContainText('Do you ship to Leeds?');
  await expect(thread).not.toContainText('Do you ship to Leeds?');
  const nextText = (await inbox.selected.locator('.row-text').innerText()).trim();
  await expect(
    page
      .getByRole('complementary', { name: 'Conversation' })
      .or(page.getByRole('complementary').filter({ hasText: nextText.slice(0, 20) }))
      .first(),
  ).toContainText(nextText.slice(0, 20));

  // Off in Settings: the answered item stays open.
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'App' }).click();
  const setting = settings.getByRole('checkbox', { name: 'After sending, open the next comment or conversation' });
  await expect(setting).toBeChecked();
  await setting.click();
  await expect(setting).not.toBeChecked();
  await expect(settings.getByText('Saved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await inbox.row('Is there a student discount?').click();
  await inbox.reply.fill('Yes, ten percent.');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('article').filter({ hasText: 'Yes, ten percent.' })).toBeVisible();
  await expect(inbox.selected).toContainText('Is there a student discount?');
  await expect(thread).toContainText('Is there a student discount?');
});

test('a snooze can wake at a picked day and time, starting at tomorrow 9:00', async ({ page, app }, testInfo) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.list.focus();
  const first = await inbox.selected.locator('.row-text').innerText();

  // h, then the last number: a day and time, starting at tomorrow 9:00; a time in the past is refused.
  await inbox.key('h');
  const menu = page.getByRole('dialog', { name: /^Snooze .+ until$/ });
  const choices = await menu.getByRole('group', { name: 'When it comes back' }).getByRole('button').count();
  await inbox.key(String(choices));
  const field = menu.getByLabel('Until');
  await expect(field).toBeFocused();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await expect(field).toHaveValue(`${day}T09:00`);
  await field.fill('2020-01-01T09:00');
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('alert')).toHaveText('Pick a time later than now.');
  await expectAccessible(page, testInfo, 'snooze-pick');
  await field.fill(`${day}T10:30`);
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(page.locator('.toast')).toContainText('Snoozed until');
  await expect(page.locator('.toast')).toContainText('10:30');
  await expect(inbox.row(first)).toHaveCount(0);
});

test('a saved reply goes in from the keyboard: ; from the list, Ctrl+; in the reply box', async ({ page, app }) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);

  // ; on a comment: its composer opens with the saved replies, the first focused; ↓ and Enter insert the second.
  // The first comment the app can answer (a YouTube, Threads or Bluesky one is answered on its network).
  await inbox.rows
    .filter({ hasNotText: /Answer on/ })
    .first()
    .click();
  await inbox.list.focus();
  await inbox.key(';');
  const saved = page.getByRole('list', { name: 'Saved replies' });
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(saved).toBeHidden();
  await expect(inbox.reply).toBeFocused();
  await expect(inbox.reply).toHaveValue(/thanks for asking! We’ve sent you a direct message/);
  // Ctrl+; in the reply box opens them again; Esc goes back to the text.
  await page.keyboard.press('Control+;');
  await expect(saved.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(saved).toBeHidden();
  await expect(inbox.reply).toBeFocused();
});
