// Removing the business's reply to a review (issue 31's leftovers, item 1; decision 0086): the real
// app in Chromium through the web host, on a sandbox the test started. A review the business
// answered opens in its pane with its reply; "Remove your reply to this review…" (the palette, from
// the keyboard, or the button under the reply) asks first, naming the client and the network, with
// the focus on "Keep the reply"; Esc keeps it; z inside the undo window takes a removal back; a yes
// queues one DELETE, which the sandbox's ledger has exactly once, and once it went the reply is gone
// from the pane. Then the same with the service down until after the removal was queued.
import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import type { AppHost } from './support/appHost.ts';
import { InboxPage } from './support/inboxPage.ts';
import { newReview, reviewArrived } from './support/reviews.ts';
import type { TestSandbox } from './support/sandboxControl.ts';

test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/reviews31';
const kindSwitch = (page: Page) => page.getByRole('group', { name: /Show comments, messages/ });
const pane = (page: Page) => page.getByRole('complementary', { name: 'Review' });
const businessReply = (page: Page) => pane(page).getByRole('region', { name: 'The reply of Bloom Bakery' });
const question = (page: Page) => page.getByRole('alertdialog', { name: 'Remove Bloom Bakery’s reply from Google?' });
const removalCard = (page: Page) => pane(page).getByRole('article', { name: /^Remov(ing|ed) your reply/ });
const replyCard = (page: Page, text: string) => pane(page).getByRole('article').filter({ hasText: text });

/** Both sizes' pictures land in the test's output and in /tmp/reviews31 (looked at by hand). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await screenshot(page, testInfo, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * A one-star Google review of Bloom Bakery, made now through the control call and answered by the
 * app (its one reply in the ledger), then read again until the store shows the business's reply.
 */
async function answeredReview(app: AppHost, sandbox: TestSandbox, reviewer: string, reply: string): Promise<{ id: string; key: string }> {
  const made = await newReview(sandbox, { platform: 'gmb', rating: 1, review: 'Cold bread, rude staff.', reviewer: { name: reviewer } });
  const key = `review:gmb:${made.id}`;
  const profileId = made.profileRefId;
  await reviewArrived(app, profileId, key);
  await app.call('answer.send', { key, text: reply });
  await expect.poll(async () => (await sandbox.ledger()).filter((e) => e.kind === 'review.reply' && e.ids[0] === made.id).length, { timeout: 20_000 }).toBe(1);
  await expect
    .poll(
      async () => {
        await app.call('sync.refresh', { profileId });
        return (await app.call('inbox.item', { key })).row.review?.reply?.text ?? null;
      },
      { timeout: 20_000 },
    )
    .toBe(reply);
  return { id: made.id, key };
}

async function removals(sandbox: TestSandbox, reviewId: string) {
  return (await sandbox.ledger()).filter((entry) => entry.kind === 'review.replyDelete' && entry.ids[0] === reviewId);
}

/** Bloom Bakery's reviews in All (an answered review needs no reply), the reviewer's opened from the keyboard. */
async function openFromKeyboard(inbox: InboxPage, reviewer: string): Promise<void> {
  const { page } = inbox;
  await inbox.client('Bloom Bakery').click();
  await inbox.list.focus();
  await inbox.key('g');
  await inbox.key('a');
  await kindSwitch(page).getByRole('button', { name: 'Reviews' }).click();
  const row = inbox.row(reviewer);
  await expect(row).toBeVisible();
  await inbox.list.focus();
  for (let i = 0; i < 30 && (await row.getAttribute('aria-selected')) !== 'true'; i++) await inbox.key('j');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await inbox.key('Enter');
  await expect(businessReply(page)).toBeVisible();
}

/** The command from the palette, reached from the keyboard. */
async function removeFromPalette(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command' }).fill('remove your reply');
  await expect(palette.getByRole('option', { name: /Remove your reply to this review/ })).toBeVisible();
  await page.keyboard.press('Enter');
}

test('the business’s reply to a review is removed from the keyboard after asking, undone with z, and removed once', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  const reviewer = 'Hannah Schmidt';
  const reply = 'Hannah, we are sorry about the bread: please ask for Tom next time.';
  const review = await answeredReview(app, sandbox, reviewer, reply);
  // A long undo window while z is tried (the fixture's is 1 s).
  await app.call('settings.update', { undoSeconds: 20 });
  const inbox = new InboxPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await inbox.open(app.url);
  await openFromKeyboard(inbox, reviewer);
  await expect(businessReply(page)).toContainText(reply);

  // It asks first: the client and the network named, the safe answer focused; Esc keeps the reply.
  await removeFromPalette(page);
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText('Everyone who reads the review on Google stops seeing it.');
  await expect(question(page).getByRole('button', { name: 'Keep the reply' })).toBeFocused();
  await shot(page, testInfo, 'review-remove-ask-1440');
  await expectAccessible(page, testInfo, 'review-remove-ask');
  await page.setViewportSize({ width: 1024, height: 700 });
  await shot(page, testInfo, 'review-remove-ask-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeHidden();
  await expect(businessReply(page)).toBeVisible();

  // Yes (Tab to it, Enter), then z inside the undo window: nothing leaves.
  await removeFromPalette(page);
  await expect(question(page).getByRole('button', { name: 'Keep the reply' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(question(page).getByRole('button', { name: 'Remove from Google' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(removalCard(page)).toBeVisible();
  await expect(removalCard(page)).toContainText('Queued');
  await inbox.key('z');
  await expect(page.getByText('Undone: your reply stays on the review')).toBeVisible();
  await expect(removalCard(page)).toBeHidden();
  await app.call('settings.update', { undoSeconds: 1 });

  // Again, from the button on the reply: one DELETE, and the reply leaves the pane.
  await pane(page).getByRole('button', { name: 'Remove reply…' }).click();
  await question(page).getByRole('button', { name: 'Remove from Google' }).click();
  await expect.poll(async () => (await removals(sandbox, review.id)).length, { timeout: 30_000 }).toBe(1);
  await expect(businessReply(page)).toBeHidden({ timeout: 15_000 });
  await expect(removalCard(page)).toHaveAccessibleName('Removed your reply to Hannah Schmidt: Removed');
  // The reply's own card left with it; the list's row no longer says it was answered.
  await expect(replyCard(page, reply)).toBeHidden();
  await expect(inbox.row(reviewer)).not.toContainText('Sent');
  await expect(pane(page)).toContainText('Reply publicly as Bloom Bakery on Google');
  await page.setViewportSize({ width: 1024, height: 700 });
  await shot(page, testInfo, 'review-removed-1024');
  // Still one, a while later; the sandbox's review has no reply left.
  await page.waitForTimeout(1_500);
  expect(await removals(sandbox, review.id)).toHaveLength(1);
  const listed = (await (
    await fetch(`${sandbox.running.controlUrl}/reviews?platform=gmb`, { headers: { authorization: `Bearer ${sandbox.running.apiKey}` } })
  ).json()) as { id: string; answered: boolean }[];
  expect(listed.find((entry) => entry.id === review.id)?.answered).toBe(false);
});

test('with the service down until after the removal was queued, the reply is removed exactly once', async ({ page, app, sandbox }, testInfo) => {
  const reviewer = 'Oskar Lindqvist';
  const reply = 'Oskar, thank you: we have spoken with the morning team.';
  const review = await answeredReview(app, sandbox, reviewer, reply);
  const inbox = new InboxPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await inbox.open(app.url);
  await openFromKeyboard(inbox, reviewer);

  await sandbox.setFaults({ down: true });
  await pane(page).getByRole('button', { name: 'Remove reply…' }).click();
  await question(page).getByRole('button', { name: 'Remove from Google' }).click();
  await expect(removalCard(page)).toBeVisible();
  await expect(inbox.offlineBar).toBeVisible({ timeout: 20_000 });
  // Queued while offline, and said so; the reply still shows, since it has not left.
  await expect(removalCard(page)).toContainText('Queued');
  await expect(businessReply(page)).toBeVisible();
  await shot(page, testInfo, 'review-remove-offline-1440');
  expect(await removals(sandbox, review.id)).toEqual([]);

  await sandbox.clearFaults();
  await expect.poll(async () => (await removals(sandbox, review.id)).length, { timeout: 45_000 }).toBe(1);
  await expect(businessReply(page)).toBeHidden({ timeout: 20_000 });
  await page.setViewportSize({ width: 1024, height: 700 });
  await shot(page, testInfo, 'review-remove-offline-done-1024');
  await page.waitForTimeout(1_500);
  expect(await removals(sandbox, review.id)).toHaveLength(1);
});
