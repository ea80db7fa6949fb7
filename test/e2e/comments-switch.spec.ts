// Issue 7, "Post comments on/off": turning comments off while the service is down is queued like a
// reply: the post says so (in the thread and in the Posts view), the wish survives a restart of the
// app, and when the service is back it is sent once; then the network refuses a new comment on the
// post. Screenshots of each state and axe (no serious or critical violation) on each screen.
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { PostsPage } from './support/postsPage.ts';
import type { Page } from '@playwright/test';
import type { AppHost } from './support/appHost.ts';
import { ordinaryPost, type TestSandbox } from './support/sandboxControl.ts';

const QUEUED = 'Comments off: queued, will be sent when the connection is back';

// Offline, a restart and the return of the service take longer than a screen's default 30 s.
test.setTimeout(120_000);

/**
 * An outside comment on an instagram post made through the service (so its comments can be turned
 * off), in the app's store, opened in the thread pane: the post card and its comments switch.
 */
async function openOutsideComment(page: Page, app: AppHost, sandbox: TestSandbox, text: string, author: string) {
  const target = ordinaryPost(await sandbox.world(), 'instagram', { onlyNetwork: true });
  const postKey = `instagram:${target.post.socialId}`;
  const made = await sandbox.injectComment({
    platform: 'instagram',
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: text,
    from: { id: `e2e-${author}`, username: author },
  });
  await app.fetchComment(postKey, `instagram:${made.commentId}`);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.row(text).click();
  const post = page.getByRole('region', { name: 'The post' });
  return { postKey, target, inbox, post, toggle: post.getByRole('checkbox', { name: 'Comments on' }) };
}

test('comments turned off while offline are queued, survive a restart, are sent once when back, and a comment is then refused', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  const { postKey, target, inbox, post, toggle } = await openOutsideComment(page, app, sandbox, 'Is the linen one back in stock?', 'linen.lover');
  await expect(toggle).toBeChecked();
  const ledgerBefore = (await sandbox.ledger()).at(-1)?.seq ?? 0;

  // Offline: the switch answers "queued", with Cancel; nothing reaches the service.
  await sandbox.setFaults({ down: true });
  await toggle.click();
  // Issue 19: the switch asks first, naming the post and the client.
  await page.getByRole('alertdialog', { name: 'Turn comments off?' }).getByRole('button', { name: 'Turn comments off' }).click();
  await expect(post.getByRole('status').filter({ hasText: QUEUED })).toBeVisible({ timeout: 15_000 });
  await expect(toggle).not.toBeChecked();
  await expect(post.getByRole('button', { name: 'Cancel turning comments off' })).toBeVisible();
  await screenshot(page, testInfo, 'comments-off-queued');
  await expectAccessible(page, testInfo, 'comments-off-queued');
  // While offline the queue keeps trying: between tries the change reads 'queued', during one 'sending'.
  await expect
    .poll(
      async () =>
        (await app.call('posts.commentsChanges', {})).posts.map((p) => [p.key, p.disableComments, p.commentsChange?.enabled, p.commentsChange?.state]),
      {
        timeout: 15_000,
      },
    )
    .toEqual([[postKey, false, false, 'queued']]);

  // The Posts view shows the same state on the post.
  await post.getByRole('button', { name: 'Metrics' }).click();
  const posts = new PostsPage(page);
  await expect(posts.view).toBeVisible();
  const row = posts.view.locator(`[data-post-key="${postKey}"]`);
  await expect(row.getByRole('status').filter({ hasText: QUEUED })).toBeVisible();
  await screenshot(page, testInfo, 'posts-view-queued');
  await expectAccessible(page, testInfo, 'posts-view-queued');

  // A restart of the app while still offline: the wish is still there and still shown.
  await app.restart();
  await inbox.open(app.url);
  await inbox.row('Is the linen one back in stock?').click();
  await expect(post.getByRole('status').filter({ hasText: QUEUED })).toBeVisible({ timeout: 15_000 });
  await expect(toggle).not.toBeChecked();
  expect((await sandbox.ledger(ledgerBefore)).filter((entry) => entry.method === 'PUT' && entry.path.endsWith('/post'))).toHaveLength(0);

  // The service is back: the change is sent once and the post shows comments off, with nothing pending.
  await sandbox.clearFaults();
  await expect(inbox.offlineBar).toBeHidden({ timeout: 30_000 });
  await expect(post.getByRole('status').filter({ hasText: QUEUED })).toBeHidden({ timeout: 30_000 });
  await expect(toggle).not.toBeChecked();
  await expect.poll(async () => (await app.call('posts.commentsChanges', {})).posts.length, { timeout: 10_000 }).toBe(0);
  const puts = (await sandbox.ledger(ledgerBefore)).filter((entry) => entry.method === 'PUT' && entry.path.endsWith('/post'));
  expect(puts).toHaveLength(1);
  expect(puts[0]?.ids).toContain(target.post.serviceId);
  await screenshot(page, testInfo, 'comments-off-sent');
  await expectAccessible(page, testInfo, 'comments-off-sent');

  // The network refuses a new comment on the post now: HTTP 400 with the sandbox's code 110.
  const refusal = await sandbox
    .injectComment({ platform: 'instagram', socialPostId: target.post.socialId, profileRefId: target.profile.refId, comment: 'One more question?' })
    .then(
      () => null,
      (error: unknown) => String(error),
    );
  expect(refusal).toMatch(/answered 400/);
  expect(refusal).toMatch(/"code":\s*110/);
  expect(refusal).toMatch(/Comments are disabled on this instagram post/);

  // The Posts view says so on the post too.
  await post.getByRole('button', { name: 'Metrics' }).click();
  await expect(posts.view.locator(`[data-post-key="${postKey}"]`).getByText('Comments off', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'posts-view-comments-off');
});

test('a change the service refuses shows Failed with its message; Cancel takes it back', async ({ page, app, sandbox }, testInfo) => {
  const { target, post, toggle } = await openOutsideComment(page, app, sandbox, 'Do you gift wrap?', 'gift.giver');

  // Every answer of the service is a 400 for a moment: the change fails at once, with its message.
  await sandbox.setFaults({ errorRate: 1, status: 400 });
  await toggle.click();
  // Issue 19: the switch asks first, naming the post and the client.
  await page.getByRole('alertdialog', { name: 'Turn comments off?' }).getByRole('button', { name: 'Turn comments off' }).click();
  const failure = post.getByRole('alert').filter({ hasText: /^Failed: / });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(post.getByRole('button', { name: 'Retry' })).toBeVisible();
  await screenshot(page, testInfo, 'comments-off-failed');
  await expectAccessible(page, testInfo, 'comments-off-failed');

  // Retry while it still refuses: failed again. Then Cancel: the post keeps comments on.
  await post.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await post.getByRole('button', { name: 'Cancel turning comments off' }).click();
  await expect(failure).toBeHidden();
  await expect(toggle).toBeChecked();
  await sandbox.clearFaults();
  expect((await app.call('posts.commentsChanges', {})).posts).toHaveLength(0);
  const world = await sandbox.world();
  expect(world.posts.find((p) => p.platform === 'instagram' && p.socialId === target.post.socialId)?.flags).not.toContain('commentsDisabled');
});
