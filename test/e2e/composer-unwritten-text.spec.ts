// The composer says why a text of invisible characters only cannot go out (issue 18); Send stays
// off, and a real text after it turns Send back on. A broken character (a lone surrogate) cannot be
// typed through the browser's automation (it arrives as U+FFFD): the composer's rule for it is
// unit-tested (composerRules.test.ts), and the bridge refuses both (test/chaos/bridge-hostile-texts.test.ts).
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { ordinaryPost } from './support/sandboxControl.ts';

test('the composer refuses a text of invisible characters only, and says why', async ({ page, app, sandbox }, testInfo) => {
  const target = ordinaryPost(await sandbox.world(), 'instagram', { onlyNetwork: true });
  const made = await sandbox.injectComment({
    platform: target.post.platform,
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: 'Do you ship to Lisbon?',
    from: { id: 'e2e-unwritten', username: 'rita.lisbon' },
  });
  await app.fetchComment(`${target.post.platform}:${target.post.socialId}`, `${target.post.platform}:${made.commentId}`);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.row('Do you ship to Lisbon?').click();

  await inbox.reply.fill('\u200B\u200D\u2060');
  await expect(page.getByText('This reply holds only invisible characters: write something the person can read.')).toBeVisible();
  await expect(inbox.send).toBeDisabled();
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, testInfo, `composer-invisible-${width}`);
  }
  await expectAccessible(page, testInfo, 'composer-invisible');

  await inbox.reply.fill('Yes, we do 📦');
  await expect(page.getByText(/invisible characters|broken character/)).toHaveCount(0);
  await expect(inbox.send).toBeEnabled();
});
