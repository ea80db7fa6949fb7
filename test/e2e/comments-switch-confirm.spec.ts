// Issue 19, item 5: one click on "Comments on" must not change a client's live post. The switch asks
// first, naming the post and the client; "Keep comments on" changes nothing (nothing reaches the
// service); once comments are off, the composer says so before anything is typed and offers no Send.
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { ordinaryPost } from './support/sandboxControl.ts';

test.setTimeout(90_000);

test('turning comments off asks first, naming the post and the client; then the composer says comments are off', async ({ page, app, sandbox }, testInfo) => {
  const target = ordinaryPost(await sandbox.world(), 'instagram', { onlyNetwork: true });
  const postKey = `instagram:${target.post.socialId}`;
  const made = await sandbox.injectComment({
    platform: 'instagram',
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: 'Can I still book for Saturday?',
    from: { id: 'e2e-saturday', username: 'saturday.booker' },
  });
  await app.fetchComment(postKey, `instagram:${made.commentId}`);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.row('Can I still book for Saturday?').click();
  const post = page.getByRole('region', { name: 'The post' });
  const toggle = post.getByRole('checkbox', { name: 'Comments on' });
  await expect(toggle).toBeChecked();
  const postText = ((await post.locator('.post-text').textContent()) ?? '').trim();
  const ledgerBefore = (await sandbox.ledger()).at(-1)?.seq ?? 0;
  const puts = async () => (await sandbox.ledger(ledgerBefore)).filter((entry) => entry.method === 'PUT' && entry.path.endsWith('/post'));

  // One click asks: the question names the client and the post's words.
  await toggle.click();
  const ask = page.getByRole('alertdialog', { name: /Turn comments off/ });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(target.profile.title);
  await expect(ask).toContainText(postText.slice(0, 20));
  await screenshot(page, testInfo, 'comments-off-asks');
  await expectAccessible(page, testInfo, 'comments-off-asks');

  // Keep them on: nothing changed, nothing was sent.
  await ask.getByRole('button', { name: 'Keep comments on' }).click();
  await expect(ask).toBeHidden();
  await expect(toggle).toBeChecked();
  expect(await puts()).toHaveLength(0);

  // Asked again and confirmed: sent once, the switch shows off.
  await toggle.click();
  await ask.getByRole('button', { name: 'Turn comments off' }).click();
  await expect(toggle).not.toBeChecked({ timeout: 15_000 });
  await expect.poll(async () => (await puts()).length, { timeout: 15_000 }).toBe(1);

  // The composer says so before a word is typed, and there is no way to send.
  const note = page.getByText(/Comments are off on this post/);
  await expect(note).toBeVisible();
  await expect(inbox.reply).toBeDisabled();
  await expect(inbox.send).toBeDisabled();
  await screenshot(page, testInfo, 'composer-comments-off');
  await expectAccessible(page, testInfo, 'composer-comments-off');
});
