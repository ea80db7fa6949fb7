// What the inbox says is true (issue 19, items 6, 7, 8, 14, 15 and 16): the real app in Chromium
// through the web host, on a sandbox the test started. Counts are the view's exact count and every
// badge says what it counts; a sent reply shows once; a comment that cannot be answered from the app
// says where to answer it; a client with messaging off says so; a search shows why a row matched;
// a conversation keeps the person and the countdown in view, leaves Closing soon once answered, and
// its countdown reads the same in the list and the pane.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { AppHost } from './support/appHost.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { conversationKey, messagesWithText, messagingClients, personWrites, storedConversation } from './support/directMessages.ts';
import { escapeRegExp, InboxPage } from './support/inboxPage.ts';
import { ordinaryPost, type TestSandbox } from './support/sandboxControl.ts';
import { outsideComment } from './support/outsideComment.ts';
import { asThread } from '../support/itemReads.ts';

test.describe.configure({ timeout: 90_000 });

const SCREEN = { width: 1440, height: 900 };
const NARROW = { width: 1024, height: 700 };

const pane = (page: Page) => page.getByRole('complementary', { name: 'Conversation' });
const kindSwitch = (page: Page) => page.getByRole('group', { name: /Show comments, messages, reviews or all/ });

test('the list header shows the exact count of the view, the sidebar the same, and a client at inbox zero shows no badge', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  const world = await sandbox.world();
  const client = world.profiles.find((p) => p.profileKey !== null);
  if (!client) throw new Error('the sandbox world has no client profile');
  const counts = await app.call('inbox.counts', {});
  const total = counts.total.needsReply;
  const mine = counts.byProfile[client.refId]?.needsReply ?? 0;
  // More than a page of the list (200): a count of loaded rows would say "200+".
  expect(total).toBeGreaterThan(250);

  const inbox = new InboxPage(page);
  await page.setViewportSize(SCREEN);
  await inbox.open(app.url);
  const format = (value: number) => value.toLocaleString('en-US');
  await expect(page.getByText(`All clients · ${format(total)}`, { exact: true })).toBeVisible();
  await expect(inbox.needsReplyView).toHaveAccessibleName(`Needs reply ${format(total)}`);
  // Each client's badge counts what needs a reply, and says so.
  await expect(inbox.client(client.title)).toHaveAccessibleName(new RegExp(`^${escapeRegExp(client.title)}\\s*${format(mine)} need a reply$`));
  await expect(
    inbox
      .client(client.title)
      .locator('[title]')
      .filter({ hasText: format(mine) }),
  ).toHaveAttribute('title', /need a reply/);

  await inbox.client(client.title).click();
  await expect(page.getByText(`${client.title} · ${format(mine)}`, { exact: true })).toBeVisible();
  await inbox.expectNeedsReply(mine);
  await screenshot(page, testInfo, 'counts-client');
  await page.setViewportSize(NARROW);
  await screenshot(page, testInfo, 'counts-client-narrow');

  // Inbox zero for the client: every badge of it is gone, the header says 0.
  await inbox.list.focus();
  await inbox.key('Shift+A');
  await expect(page.getByRole('group', { name: 'Selected comments' })).toContainText('in this view selected');
  await inbox.key('e');
  await expect(inbox.rows).toHaveCount(0);
  await inbox.expectNeedsReply(0);
  await expect(page.getByText(`${client.title} · 0`, { exact: true })).toBeVisible();
  await expect(inbox.client(client.title)).toHaveAccessibleName(new RegExp(`^${escapeRegExp(client.title)}$`));
  // Views say what their badge counts: none is left for this client.
  const views = page.getByRole('navigation').getByRole('list').first();
  await expect(views.locator('.side-count')).toHaveCount(0);
  await screenshot(page, testInfo, 'counts-client-zero');
  await expectAccessible(page, testInfo, 'counts-zero');
});

test('a sent reply shows once in its thread, with its delivery state beside it', async ({ page, app, sandbox }, testInfo) => {
  const target = ordinaryPost(await sandbox.world(), 'instagram');
  const comment = await outsideComment(sandbox, app, target, 'Do you ship the linen apron to Norway?', 'nora.outside');
  const replyText = 'We do, shipping to Norway takes four days. (e2e once)';
  const inbox = new InboxPage(page);
  await page.setViewportSize(SCREEN);
  await inbox.open(app.url);
  await inbox.replyTo(comment.text, replyText);
  await expect(inbox.replyCard(replyText).getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  // The account's reply comes back from the network as a comment of the thread.
  await expect
    .poll(async () => (await app.call('inbox.item', { key: comment.key }).then(asThread)).thread.replies.some((r) => r.byAccount && r.text === replyText), {
      timeout: 20_000,
    })
    .toBe(true);
  await expect(pane(page).getByText(replyText, { exact: true })).toHaveCount(1, { timeout: 10_000 });
  await expect(pane(page).getByRole('list', { name: 'Comments' }).getByText(replyText, { exact: true })).toBeVisible();
  await expect(inbox.replyCard(replyText).getByText('Sent', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'reply-once');
  await page.setViewportSize(NARROW);
  await screenshot(page, testInfo, 'reply-once-narrow');
  await expectAccessible(page, testInfo, 'reply-once');
});

test('a Threads comment says to answer it on Threads, and r says why instead of opening a composer that cannot send', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  const target = ordinaryPost(await sandbox.world(), 'threads');
  const comment = await outsideComment(sandbox, app, target, 'Will the workshop be recorded for those who cannot come?', 'theo.threads');
  const inbox = new InboxPage(page);
  await page.setViewportSize(SCREEN);
  await inbox.open(app.url);
  await inbox.search.fill('workshop recorded');
  await expect(inbox.row(comment.text)).toBeVisible();
  await expect(inbox.row(comment.text)).toContainText('Answer on Threads');
  await inbox.list.focus();
  await inbox.key('r');
  await expect(page.locator('.toast-region')).toContainText(/can’t be answered from the app/);
  await expect(inbox.reply).toHaveCount(0);
  const answer = pane(page).getByRole('link', { name: /Answer on Threads/ });
  await expect(answer).toBeVisible();
  await expect(answer).toHaveAttribute('href', /^https:\/\//);
  await screenshot(page, testInfo, 'answer-on-threads');
  await page.setViewportSize(NARROW);
  await screenshot(page, testInfo, 'answer-on-threads-narrow');
  await expectAccessible(page, testInfo, 'answer-on-threads');
});

test('a client with messaging off says so in Messages, with how to turn it on', async ({ page, app, sandbox }, testInfo) => {
  const world = await sandbox.world();
  const off = world.profiles.find((p) => !p.messagingEnabled);
  if (!off) throw new Error('the sandbox world has no client with messaging off');
  // The sync learns it from the service's refusal of the client's conversations.
  await expect.poll(async () => (await app.call('inbox.messagingOff', {})).profiles.map((p) => p.profileId), { timeout: 20_000 }).toContain(off.refId);
  const inbox = new InboxPage(page);
  await page.setViewportSize(SCREEN);
  await inbox.open(app.url);
  await inbox.client(off.title).click();
  await kindSwitch(page).getByRole('button', { name: 'Messages' }).click();
  await expect(page.getByText(/^Messaging is off for this client’s (Facebook|Instagram|X)/)).toBeVisible();
  await expect(page.getByText(/Messaging Active/)).toBeVisible();
  await expect(page.getByText('Inbox zero: nothing needs a reply.')).toHaveCount(0);
  await screenshot(page, testInfo, 'messaging-off');
  await page.setViewportSize(NARROW);
  await screenshot(page, testInfo, 'messaging-off-narrow');
  await expectAccessible(page, testInfo, 'messaging-off');
});

test('search highlights the matching words, and in a conversation shows the message that matched', async ({ page, sandbox }, testInfo) => {
  const world = await sandbox.world();
  const [client] = messagingClients(world);
  if (!client) throw new Error('the sandbox world has no client with direct messages');
  const matched = 'Is the saffron honey cake available without nuts?';
  const written = await personWrites(sandbox, {
    platform: 'instagram',
    profileRefId: client.profile.refId,
    message: matched,
    from: { id: 'e2e-person-odile', name: 'Odile Marchand', username: 'odile.m' },
  });
  // A later message that does not match: the row's last message is not why it matched.
  await personWrites(sandbox, {
    platform: 'instagram',
    profileRefId: client.profile.refId,
    conversationId: written.conversationId,
    message: 'Thanks in advance!',
  });
  const app = new AppHost({ sandboxUrl: sandbox.url, undoSeconds: 1 });
  try {
    await app.start();
    await app.synced();
    await storedConversation(app, `dm:instagram:${written.conversationId}`, 'Thanks in advance!');
    const inbox = new InboxPage(page);
    await page.setViewportSize(SCREEN);
    await inbox.open(app.url);
    await inbox.search.fill('saffron');
    await expect(inbox.rows).toHaveCount(1);
    const row = inbox.rows.first();
    await expect(row).toContainText(matched);
    await expect(row).not.toContainText('Thanks in advance!');
    await expect(row.locator('mark')).toHaveText(['saffron']);
    // Opened, the conversation shows that message with the word marked.
    await row.click();
    const matchedMessage = pane(page).getByRole('listitem').filter({ hasText: matched });
    await expect(matchedMessage.locator('mark')).toHaveText(['saffron']);
    await expect(matchedMessage).toBeInViewport();
    // A comment: the words it matched are marked in its text.
    const target = ordinaryPost(world, 'facebook');
    const made = await sandbox.injectComment({
      platform: 'facebook',
      socialPostId: target.post.socialId,
      profileRefId: target.profile.refId,
      comment: 'The pistachio loaf was gone by noon, will you bake more pistachio loaves?',
      from: { id: 'e2e-pistachio', username: 'pia.outside' },
    });
    await app.fetchComment(`facebook:${target.post.socialId}`, `facebook:${made.commentId}`);
    await inbox.search.fill('pistachio loa');
    // The open conversation is no result of this search: its row stays, marked, until the person
    // moves (decision 0068); the one result is the comment.
    await expect(inbox.row('Odile Marchand')).toContainText('Not in this view any more');
    const results = inbox.rows.filter({ hasNotText: 'Not in this view any more' });
    await expect(results).toHaveCount(1);
    await expect(results.first().locator('mark')).toHaveText(['pistachio', 'loaf', 'pistachio', 'loaves']);
    // The header counts the search's results, not the kept row.
    await expect(page.getByText('All clients · 1', { exact: true })).toBeVisible();
    await screenshot(page, testInfo, 'search-highlight');
    await page.setViewportSize(NARROW);
    await screenshot(page, testInfo, 'search-highlight-narrow');
    await expectAccessible(page, testInfo, 'search-highlight');
  } finally {
    await app.dispose();
  }
});

/** Opens Closing soon and its first conversation; the conversation's row. */
async function openClosingSoon(page: Page, app: AppHost, sandbox: TestSandbox) {
  const world = await sandbox.world();
  for (const { conversations } of messagingClients(world))
    for (const c of conversations.filter((c) => c.status === 'active')) await storedConversation(app, conversationKey(c));
  const [first] = (await app.call('inbox.closingSoon', {})).rows;
  if (!first) throw new Error('nothing closes soon in the seeded world');
  const inbox = new InboxPage(page);
  await page.setViewportSize(SCREEN);
  await inbox.open(app.url);
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /^Closing soon/ })
    .click();
  await expect(inbox.rows.first()).toContainText(first.authorName);
  await inbox.list.focus();
  await inbox.key('Enter');
  await expect(pane(page).getByRole('region', { name: 'Reply window' })).toContainText(/Reply window closes in \d/);
  return { inbox, first };
}

test("the list's countdown and the pane's read one clock", async ({ page, app, sandbox }, testInfo) => {
  // The page's own clock, so the test moves it instead of waiting up to a real minute; until then it
  // runs at the real pace, so the app opens and syncs as usual.
  await page.clock.install();
  await openClosingSoon(page, app, sandbox);
  // When the pane's countdown turns a minute, the row's turns with it.
  const countdowns = () =>
    page.locator('body').evaluate((body) => ({
      pane: body.querySelector('.reply-window-countdown')?.textContent ?? '',
      row: body.querySelector('[role="option"][aria-selected="true"] .badge-window')?.textContent ?? '',
    }));
  const before = await countdowns();
  // A second at a time, every timer of the page firing as in real time, and a look after each: a
  // row on a slower timer of its own would still read the old minute when the pane turns.
  let turned = before;
  for (let second = 0; second < 65 && turned.pane === before.pane; second++) {
    await page.clock.runFor(1_000);
    turned = await countdowns();
  }
  expect(turned.pane).not.toBe(before.pane);
  expect(turned.row).toBe(`Closes in ${turned.pane}`);
  await screenshot(page, testInfo, 'closing-soon-one-clock');
});

test('an answered conversation leaves Closing soon, and its urgent badge with it', async ({ page, app, sandbox }, testInfo) => {
  const { inbox, first } = await openClosingSoon(page, app, sandbox);
  const text = 'Yes, we can hold it for you until Saturday. (e2e closing)';
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  // Sent once the undo window has passed: the service has it.
  await expect.poll(async () => (await messagesWithText(sandbox, text)).length, { timeout: 20_000 }).toBe(1);
  // The core has it out of Closing soon at once.
  await expect.poll(async () => (await app.call('inbox.closingSoon', {})).rows.map((row) => row.key), { timeout: 10_000 }).not.toContain(first.key);
  // While it is open its row stays where it was (decision 0068: nothing moves under the person's
  // hands), marked, without its urgent badge, and not counted in the header.
  const answered = inbox.row(first.authorName);
  await expect(answered).toContainText('Not in this view any more', { timeout: 10_000 });
  await expect(answered).not.toContainText('Closes in');
  const left = (await app.call('inbox.closingSoon', {})).rows.length;
  await expect(page.getByText(`All clients · ${left}`, { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'closing-soon-answered');
  // The person moves on: the answered conversation leaves Closing soon.
  await inbox.list.focus();
  await inbox.key('Escape');
  await expect(inbox.row(first.authorName)).toHaveCount(0);
  await expect(page.getByText(`All clients · ${left}`, { exact: true })).toBeVisible();
});

const longMessage = (n: number) => `Message ${n} of a long conversation about a wedding cake order, with a few more words to fill a line.`;

test('a long conversation opens with the person and the reply window pinned above its messages', async ({ page, sandbox }, testInfo) => {
  const world = await sandbox.world();
  const [client] = messagingClients(world);
  if (!client) throw new Error('the sandbox world has no client with direct messages');
  // The person writes thirty times before the app starts: its first sync brings the whole conversation.
  const written = await personWrites(sandbox, {
    platform: 'facebook',
    profileRefId: client.profile.refId,
    message: 'Message 1 of a long conversation about a wedding cake order.',
    from: { id: 'e2e-person-long', name: 'Lorenzo Lungo', username: 'lorenzo.l' },
  });
  for (let n = 2; n <= 30; n += 1)
    await personWrites(sandbox, {
      platform: 'facebook',
      profileRefId: client.profile.refId,
      conversationId: written.conversationId,
      message: longMessage(n),
    });
  const app = new AppHost({ sandboxUrl: sandbox.url, undoSeconds: 1 });
  try {
    await app.start();
    await app.synced();
    await storedConversation(app, `dm:facebook:${written.conversationId}`, longMessage(30));
    const inbox = new InboxPage(page);
    await page.setViewportSize(NARROW);
    await inbox.open(app.url);
    await inbox.client(client.profile.title).click();
    await kindSwitch(page).getByRole('button', { name: 'Messages' }).click();
    await inbox.row('Lorenzo Lungo').first().click();
    await expect(pane(page).getByText(/Message 30 of a long/)).toBeInViewport();
    await expect(pane(page).getByRole('region', { name: 'The person' })).toBeInViewport();
    await expect(pane(page).getByRole('region', { name: 'Reply window' })).toBeInViewport();
    await screenshot(page, testInfo, 'long-conversation-narrow');
    await page.setViewportSize(SCREEN);
    await expect(pane(page).getByRole('region', { name: 'The person' })).toBeInViewport();
    await screenshot(page, testInfo, 'long-conversation');
  } finally {
    await app.dispose();
  }
});
