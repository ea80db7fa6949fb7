// Issue 19, item 13: the client chosen in the sidebar follows you into Posts and Reports (and a client
// chosen there is the sidebar's too); a post's panel closes when its post leaves the list; the
// chosen client and the report's period survive a reload.
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';
import { PostsPage } from './support/postsPage.ts';

const chosen = (select: Locator) => select.locator('option:checked');

test('the chosen client follows you between the inbox, Posts and Reports; panels close with their list; choices survive a reload', async ({ page, app }) => {
  const inbox = new InboxPage(page);
  const posts = new PostsPage(page);
  await inbox.open(app.url);
  const nav = page.getByRole('navigation', { name: 'Inbox navigation' });
  const reportClient = page.getByRole('combobox', { name: 'Client' });
  const period = page.getByRole('combobox', { name: 'Period' });

  // Chosen in the sidebar, shown in Posts; chosen again while Posts was closed, still shown.
  await inbox.client('Bloom Bakery').click();
  await inbox.list.focus();
  await posts.openWithKeys();
  await expect(chosen(posts.clientSelect)).toHaveText('Bloom Bakery');
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await inbox.client('Spoke & Chain Cycles').click();
  await inbox.list.focus();
  await posts.openWithKeys();
  await expect(chosen(posts.clientSelect)).toHaveText('Spoke & Chain Cycles');

  // A post's panel, then another client chosen in Posts: the panel closes, the sidebar follows.
  await posts.view.locator('[data-post-key]').first().getByRole('button').first().click();
  await expect(posts.panel).toHaveAttribute('data-post-key', /./);
  await posts.chooseClient('Harbor Lane Studio');
  await expect(posts.panel).not.toHaveAttribute('data-post-key', /./);
  await expect(posts.panel).toContainText('No post open');
  await expect(inbox.client('Harbor Lane Studio')).toHaveAttribute('aria-current', 'true');

  // Reports opens on the same client; a client chosen there is the sidebar's.
  await nav.getByRole('button', { name: 'Reports' }).click();
  await expect(chosen(reportClient)).toHaveText('Harbor Lane Studio');
  await reportClient.selectOption({ label: 'Bloom Bakery' });
  await expect(inbox.client('Bloom Bakery')).toHaveAttribute('aria-current', 'true');
  await period.selectOption('last-30');
  await expect(chosen(period)).toHaveText('Last 30 days');

  // A reload keeps the client and the period.
  await page.reload();
  await expect(inbox.client('Bloom Bakery')).toHaveAttribute('aria-current', 'true');
  await nav.getByRole('button', { name: 'Reports' }).click();
  await expect(chosen(reportClient)).toHaveText('Bloom Bakery');
  await expect(chosen(period)).toHaveText('Last 30 days');
});

test('an open comment closes when the list switches to Messages, or to another network, and so leaves it', async ({ page, app }) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const thread = page.getByRole('complementary', { name: 'Conversation' });
  const kinds = page.getByRole('group', { name: /^Show comments, messages, reviews or all/ });
  await kinds.getByRole('button', { name: 'Comments' }).click();
  await inbox.rows.first().click();
  await expect(thread).not.toContainText('No conversation open');
  await kinds.getByRole('button', { name: 'Messages' }).click();
  await expect(thread).toContainText('No conversation open');

  // A Facebook conversation open, then Instagram chosen: it closes too.
  await page.getByRole('navigation').getByRole('button', { name: 'Facebook' }).click();
  await inbox.rows.first().click();
  await expect(thread).not.toContainText('No conversation open');
  await page.getByRole('navigation').getByRole('button', { name: 'Instagram' }).click();
  await expect(thread).toContainText('No conversation open');
});
