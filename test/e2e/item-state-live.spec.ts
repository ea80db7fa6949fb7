// A change of an item's state made elsewhere shows without a reload (issue 21): another client of
// the same core (another window, here the test's own bridge connection) marks comments done and
// labels one; the window's list follows from the "item state changed" event alone.
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';

test('comments marked done in another window leave this window’s Needs reply list without a reload', async ({ page, app }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.needsReplyView.click();
  await expect(inbox.rows.first()).toBeVisible();
  const { rows } = await app.call('inbox.page', { filter: { view: 'needsReply' }, limit: 3 });
  expect(rows.length).toBe(3);
  const [first, second, kept] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
  await expect(inbox.row(first.text.slice(0, 40))).toHaveCount(1);
  await expect(inbox.row(second.text.slice(0, 40))).toHaveCount(1);
  // Texts repeat in the sandbox's world: the third row's text is counted, not assumed unique.
  const keptCount = await inbox.row(kept.text.slice(0, 40)).count();
  expect(keptCount).toBeGreaterThan(0);
  await screenshot(page, testInfo, 'live-state-before');

  await app.call('inbox.triage', { keys: [first.key, second.key], done: true });
  await expect(inbox.row(first.text.slice(0, 40))).toHaveCount(0);
  await expect(inbox.row(second.text.slice(0, 40))).toHaveCount(0);
  await expect(inbox.row(kept.text.slice(0, 40))).toHaveCount(keptCount);
  await screenshot(page, testInfo, 'live-state-after');
  await page.setViewportSize({ width: 1024, height: 700 });
  await screenshot(page, testInfo, 'live-state-after-narrow');
});
