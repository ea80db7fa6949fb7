// Deleting a comment from the thread pane (issue 6): where the network allows it, after a
// confirmation, gone from the list and from the service; TikTok's rule (own comments only) shown
// before anyone tries, with no button on someone else's TikTok comment.
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import type { AppHost } from './support/appHost.ts';
import { InboxPage } from './support/inboxPage.ts';
import { ordinaryPost, type TestSandbox } from './support/sandboxControl.ts';
import type { Network } from '../../src/shared/networks.ts';

async function outsideComment(sandbox: TestSandbox, app: AppHost, platform: Network, text: string, author: string) {
  const target = ordinaryPost(await sandbox.world(), platform);
  const made = await sandbox.injectComment({
    platform,
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: text,
    from: { id: `e2e-${author}`, username: author },
  });
  await app.fetchComment(`${platform}:${target.post.socialId}`, `${platform}:${made.commentId}`);
  /** The post's comments as the service answers GET /comments/:socialPostId. */
  const serviceComments = async () =>
    JSON.stringify(
      await sandbox.api('GET', `/comments/${encodeURIComponent(target.post.socialId)}?searchPlatformId=true&platform=${platform}`, target.profile),
    );
  return { text, serviceComments };
}

test('an outside facebook comment deleted from the thread pane leaves the list and the service', async ({ page, app, sandbox }, testInfo) => {
  const comment = await outsideComment(sandbox, app, 'facebook', 'Buy cheap followers at spam-followers.example now', 'spam.bot');
  expect(await comment.serviceComments()).toContain(comment.text);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);

  await inbox.row(comment.text).click();
  const thread = page.getByRole('complementary', { name: 'Conversation' });
  // The rule is there before trying; the first click only asks.
  await expect(thread.getByText(/Deletes this comment on Facebook for everyone/)).toBeVisible();
  await thread.getByRole('button', { name: 'Delete comment…' }).click();
  const confirm = thread.getByRole('group', { name: 'Confirm deleting on Facebook' });
  await expect(confirm).toBeVisible();
  expect(await comment.serviceComments()).toContain(comment.text);
  await screenshot(page, testInfo, 'delete-confirm');
  await expectAccessible(page, testInfo, 'delete-confirm');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'delete-confirm-dark');
  await expectAccessible(page, testInfo, 'delete-confirm-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await confirm.getByRole('button', { name: 'Delete on Facebook' }).click();
  await expect(inbox.row(comment.text)).toHaveCount(0);
  await expect.poll(() => comment.serviceComments()).not.toContain(comment.text);
  // Still gone after a reload: the store let it go too.
  await page.reload();
  await expect(inbox.rows.first()).toBeVisible();
  await expect(inbox.row(comment.text)).toHaveCount(0);
  await screenshot(page, testInfo, 'deleted');
});

test("someone else's tiktok comment has no delete button, and says why", async ({ page, app, sandbox }, testInfo) => {
  const comment = await outsideComment(sandbox, app, 'tiktok', 'First! Where is the song from?', 'tt.fan');
  const inbox = new InboxPage(page);
  await inbox.open(app.url);

  await inbox.row(comment.text).click();
  const thread = page.getByRole('complementary', { name: 'Conversation' });
  await expect(thread.getByText(/TikTok lets an account delete only its own comments/)).toBeVisible();
  await expect(thread.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await screenshot(page, testInfo, 'tiktok-no-delete');
  await expectAccessible(page, testInfo, 'tiktok-no-delete');
});
