// Issue 27, item 2: answering one comment marks only that one "Replied". A reply to marcus_studio,
// who wrote under the_real_arjun's comment, took the_real_arjun out of Needs reply and marked him
// "Replied". Here through the screen: Bob answers marcus_studio from the reply box; once the sync
// has read the reply back, the_real_arjun is still in Needs reply, without "Replied".
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';
import { ordinaryPost } from './support/sandboxControl.ts';
import { asThread } from '../support/itemReads.ts';

test('a reply to a comment under another comment marks only the one it answers', async ({ page, app, sandbox }) => {
  const target = ordinaryPost(await sandbox.world(), 'instagram');
  const postKey = `instagram:${target.post.socialId}`;
  const arjun = await sandbox.injectComment({
    platform: 'instagram',
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: 'Do you service carbon frames?',
    from: { id: 'e2e-arjun', username: 'the_real_arjun' },
  });
  const marcus = await sandbox.injectComment({
    platform: 'instagram',
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: 'Same question, and how long does it take?',
    from: { id: 'e2e-marcus', username: 'marcus_studio' },
    parentCommentId: arjun.commentId,
  });
  await app.fetchComment(postKey, `instagram:${arjun.commentId}`);
  await app.fetchComment(postKey, `instagram:${marcus.commentId}`);

  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.needsReplyView.click();
  await expect(inbox.row('Do you service carbon frames?')).toBeVisible();
  await inbox.row('Same question, and how long does it take?').click();
  const text = '@marcus_studio Yes, carbon too: about a week.';
  await inbox.reply.fill(text);
  await inbox.send.click();
  await expect(inbox.replyCard(text)).toContainText('Sent', { timeout: 20_000 });
  await expect.poll(async () => (await sandbox.repliesWithText(text)).length).toBe(1);

  // The sync reads the reply back under marcus_studio's comment.
  await app.call('sync.refresh', { postKey });
  await expect
    .poll(async () => (await app.call('inbox.item', { key: `instagram:${marcus.commentId}` }).then(asThread)).thread.comment.replied, { timeout: 20_000 })
    .toBe(true);
  // A fresh list: the_real_arjun still waits for an answer, and is not marked "Replied".
  await page.reload();
  await inbox.needsReplyView.click();
  const arjunRow = inbox.row('Do you service carbon frames?');
  await expect(arjunRow).toBeVisible();
  await expect(arjunRow).not.toContainText('Replied');
  await expect(inbox.row('Same question, and how long does it take?')).toHaveCount(0);
  expect((await app.call('inbox.item', { key: `instagram:${arjun.commentId}` }).then(asThread)).thread.comment.replied).toBe(false);
  await page.screenshot({ path: '/tmp/h27target/reply-marks-one-1440x900.png' });
});
