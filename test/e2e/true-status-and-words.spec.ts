// Issue 19, items 1, 2, 3, 4 and 17, end to end: the real app in Chromium through the web host, on a
// sandbox the test started (its faults make the service unreachable or failing).
//   1. the sync line is derived from connectivity and every client's sync: never "Up to date" while
//      offline, paused or failing; it says since when (and whom);
//   2. errors read as sentences with what happens next (the one translator), with the service's code
//      behind "Details", never an operation name, an errno or an id;
//   3. cancelling an item whose earlier try may have been posted: "Checking whether it was posted…",
//      Cancel disabled with that reason, then "It was posted" / "Cancelled, nothing was posted";
//   4. `z` and the toolbar's Undo take back a send inside its undo window, then triage as before;
//  17. outbox cards say to whom, where and when, open their comment from inside, and queued items
//      can be edited until they leave.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import type { AppHost } from './support/appHost.ts';
import { conversationKey, messagesWithText, openWaitingConversation, storedConversation } from './support/directMessages.ts';
import { escapeRegExp, InboxPage } from './support/inboxPage.ts';
import { ordinaryPost, type TestSandbox } from './support/sandboxControl.ts';
import { outsideComment } from './support/outsideComment.ts';

// Offline spells, backoffs and a check after them take longer than a screen's default 30 s.
test.describe.configure({ timeout: 90_000 });

/** What no text on screen may hold: an operation name before a colon, an errno name, an id. */
const DEVELOPER_TEXT = /\b(user|reply|getComments|getConversation|sendMessage|listMessages|history)\s*:|\bE[A-Z]{4,}\b|UND_ERR|[0-9a-f]{8}-[0-9a-f]{4}-/u;

/** The sizes the issue was seen at. */
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 1024, height: 700 };

const syncStatus = (page: Page) => page.getByRole('group', { name: 'Sync status' });
const outboxView = (page: Page) => page.getByRole('navigation').getByRole('button', { name: /^Outbox/ });
const outboxCard = (page: Page, text: string) => page.getByRole('list', { name: 'Outbox' }).getByRole('article').filter({ hasText: text });

/** Injects an outside comment on an instagram post and waits until the app's store has it. */
async function instagramComment(sandbox: TestSandbox, app: AppHost, text: string, author: string) {
  const target = ordinaryPost(await sandbox.world(), 'instagram', { onlyNetwork: true });
  const made = await outsideComment(sandbox, app, target, text, author);
  return { ...made, author, client: target.profile.title };
}

/** Waits until the outbox item with this text waits after a try whose outcome is unknown (a 503 on a write, a lost answer). */
async function outcomeUnknown(app: AppHost, text: string): Promise<void> {
  await expect
    .poll(async () => (await app.call('outbox.list', {})).items.find((item) => item.text === text)?.state, { timeout: 20_000, intervals: [50] })
    .toBe('waiting');
}

test('item 1: the sync line is never "Up to date" while the service cannot be reached, the sync is paused, or it fails', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  await page.setViewportSize(WIDE);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const upToDate = page.getByRole('navigation').getByText('Up to date');
  await expect(upToDate).toBeVisible({ timeout: 20_000 });

  // The service goes away: the offline bar and the sync line agree, and the line says since when.
  const world = await sandbox.world();
  const anyClient = { profileId: world.profiles[0]!.refId };
  await sandbox.setFaults({ down: true });
  await app.call('sync.refresh', anyClient);
  await expect(inbox.offlineBar).toBeVisible({ timeout: 20_000 });
  await expect(upToDate).toHaveCount(0);
  await expect(syncStatus(page)).toContainText(/Offline since \d{1,2}[:.]\d{2}/);
  await screenshot(page, testInfo, 'sync-offline-1440');
  await page.setViewportSize(NARROW);
  await screenshot(page, testInfo, 'sync-offline-1024');
  await page.setViewportSize(WIDE);

  // Back: up to date again.
  await sandbox.clearFaults();
  await app.call('sync.refresh', anyClient);
  await expect(inbox.offlineBar).toBeHidden({ timeout: 30_000 });
  await expect(syncStatus(page)).toContainText('Up to date', { timeout: 20_000 });

  // Paused: says so, and since when.
  await syncStatus(page).getByRole('button', { name: 'Pause' }).click();
  await expect(syncStatus(page)).toContainText(/Sync paused since \d{1,2}[:.]\d{2}/);
  await syncStatus(page).getByRole('button', { name: 'Resume' }).click();
  await expect(syncStatus(page)).not.toContainText('paused');

  // The service fails (500) while reachable: the line says the sync fails, for which client, in words.
  const post = ordinaryPost(world, 'facebook');
  await sandbox.setFaults({ errorRate: 1, status: 500 });
  await app.call('sync.refresh', { postKey: `facebook:${post.post.socialId}` });
  await expect(syncStatus(page)).toContainText(/Sync failing since \d{1,2}[:.]\d{2}/, { timeout: 20_000 });
  // Every client fails (the fault is on every request): the line names the failing clients, two by name.
  await expect(syncStatus(page)).toContainText(new RegExp(`${escapeRegExp(post.profile.title)}|and \\d+ more`));
  await expect(syncStatus(page)).toContainText('The service is having trouble right now.');
  await expect(syncStatus(page)).not.toContainText('Up to date');
  expect(await syncStatus(page).innerText()).not.toMatch(DEVELOPER_TEXT);
  // Dismissing the words does not make the line say "Up to date" while it still fails.
  await syncStatus(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(syncStatus(page)).toContainText(/Sync failing since/);
  await screenshot(page, testInfo, 'sync-failing');
  await expectAccessible(page, testInfo, 'sync-failing');
  await sandbox.clearFaults();
});

test('item 2: a queued reply, a refused one and the account check say what happened in words, with the code behind Details', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  const comment = await instagramComment(sandbox, app, 'Do you deliver to Porto on Saturdays?', 'ana.porto');
  const inbox = new InboxPage(page);
  await inbox.open(app.url);

  // Unreachable: the card says so, and when it is tried next.
  await sandbox.setFaults({ down: true });
  const waiting = 'Yes, Saturdays until noon. (e2e words offline)';
  await inbox.replyTo(comment.text, waiting);
  const card = inbox.replyCard(waiting);
  // The connection is closed under the request, so it may have been posted: checked when the connection is back.
  await expect(card).toContainText(
    "Can't reach the service. When the connection is back, the app checks whether it was posted and sends it if not; next try in",
    {
      timeout: 30_000,
    },
  );
  expect(await card.innerText()).not.toMatch(DEVELOPER_TEXT);
  await screenshot(page, testInfo, 'words-offline');
  await page.getByRole('button', { name: /^Cancel$/ }).click();
  await sandbox.clearFaults();

  // Refused by the service (comments off on the post): the reason in words, the code behind Details.
  const world = await sandbox.world();
  const target = ordinaryPost(world, 'instagram', { onlyNetwork: true });
  const other = await instagramComment(sandbox, app, 'Is the blue one back in stock?', 'bea.blue');
  await sandbox.setComments(target.post, false);
  const refused = 'It is, since Monday. (e2e words refused)';
  await inbox.replyTo(other.text, refused);
  const failed = inbox.replyCard(refused);
  await expect(failed.getByText('Failed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(failed).toContainText('Edit it and send it again, or cancel it.');
  expect(await failed.innerText()).not.toMatch(DEVELOPER_TEXT);
  await failed.getByText('Details').click();
  await expect(failed).toContainText(/The service's code \d+/);
  await page.setViewportSize(WIDE);
  await screenshot(page, testInfo, 'words-refused-1440');
  await page.setViewportSize(NARROW);
  await screenshot(page, testInfo, 'words-refused-1024');
  await sandbox.setComments(target.post, true);

  // The account check against an address where nothing answers.
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const add = dialog.getByRole('region', { name: 'Add an account' });
  await add.getByLabel('Name').fill('Nowhere');
  await add.getByLabel('Service address').fill('http://127.0.0.1:9/api');
  await add.getByLabel('API key', { exact: true }).fill('some-key-123456');
  await add.getByRole('button', { name: 'Check and add' }).click();
  await expect(add.getByRole('alert')).toContainText("Can't reach the service. Check the address and your connection, then try again.", { timeout: 20_000 });
  expect(await add.getByRole('alert').innerText()).not.toMatch(DEVELOPER_TEXT);
  await screenshot(page, testInfo, 'words-account-check');
});

test('item 3: cancelling an item whose earlier try may have been posted checks first, then says what happened', async ({ page, app, sandbox }, testInfo) => {
  const world = await sandbox.world();
  const conversation = openWaitingConversation(world, 'facebook');
  const key = conversationKey(conversation);
  await storedConversation(app, key);
  const comment = await instagramComment(sandbox, app, 'Can I pick it up myself tomorrow?', 'carl.pickup');
  await page.setViewportSize(NARROW);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await outboxView(page).click();

  // A direct message the service answers 503 to: it may have been posted, so it is checked first.
  await sandbox.setFaults({ errorRate: 1, status: 503 });
  const message = 'We can hold it for you until Friday. (e2e check cancel)';
  await app.call('answer.send', { key: key, text: message });
  await outcomeUnknown(app, message);
  const dm = outboxCard(page, message);
  await dm.getByRole('button', { name: 'Cancel' }).click();
  await expect(dm).toContainText('Checking whether it was posted…');
  await expect(dm.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(dm.getByRole('button', { name: 'Cancel' })).toHaveAccessibleDescription(/Checking whether it was posted/);
  await expect(page.getByText(/Cannot cancel/)).toHaveCount(0);
  await screenshot(page, testInfo, 'cancel-checking');
  await expectAccessible(page, testInfo, 'cancel-checking');
  await sandbox.clearFaults();
  await expect(dm).toContainText('Cancelled, nothing was posted.', { timeout: 30_000 });
  expect(await messagesWithText(sandbox, message)).toHaveLength(0);

  // A reply whose answer was lost after the service applied it: the check finds it.
  await sandbox.setFaults({ dropAfterCommitRate: 1 });
  const reply = 'Of course, any time after ten. (e2e check posted)';
  await app.call('answer.send', { key: comment.key, text: reply });
  await outcomeUnknown(app, reply);
  await sandbox.setFaults({ errorRate: 1, status: 503 });
  const card = outboxCard(page, reply);
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText('Checking whether it was posted…');
  await expect(card.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await sandbox.clearFaults();
  await expect(card).toContainText('It was posted', { timeout: 30_000 });
  expect(await sandbox.repliesWithText(reply)).toHaveLength(1);
  expect(await page.locator('body').innerText()).not.toMatch(DEVELOPER_TEXT);
  await screenshot(page, testInfo, 'cancel-outcomes-1024');
  await page.setViewportSize(WIDE);
  await screenshot(page, testInfo, 'cancel-outcomes-1440');
});

test('item 4: z and the toolbar Undo take back a send inside its undo window; after it, z undoes triage as before', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  await app.call('settings.update', { undoSeconds: 30 });
  const first = await instagramComment(sandbox, app, 'Are the candles vegan?', 'dana.wax');
  const second = await instagramComment(sandbox, app, 'Do you ship candles abroad?', 'eli.abroad');
  const inbox = new InboxPage(page);
  await inbox.open(app.url);

  // Ctrl+Enter, then z: the reply is taken back and its text is in the composer again.
  const text = 'Yes, soy wax only. (e2e undo z)';
  const toolbarUndo = page.getByRole('group', { name: 'Current comment' }).getByRole('button', { name: /^Undo/ });
  await inbox.row(first.text).click();
  await inbox.reply.fill(text);
  await page.keyboard.press('Control+Enter');
  await expect(inbox.replyCard(text)).toBeVisible();
  await expect(toolbarUndo).toBeEnabled();
  await page.keyboard.press('z');
  await expect(inbox.reply).toHaveValue(text);
  await expect(inbox.replyCard(text)).toHaveCount(0);
  await page.setViewportSize(WIDE);
  await screenshot(page, testInfo, 'undo-send-z-1440');

  // The toolbar's Undo does the same.
  await inbox.reply.focus();
  await page.keyboard.press('Control+Enter');
  await expect(inbox.replyCard(text)).toBeVisible();
  await toolbarUndo.click();
  await expect(inbox.reply).toHaveValue(text);
  expect((await app.call('outbox.list', {})).items.filter((item) => item.text === text && item.state !== 'cancelled')).toHaveLength(0);

  // A send, then a triage action: z takes back the later one (the triage) first, then the send.
  await inbox.reply.focus();
  await page.keyboard.press('Control+Enter');
  await expect(inbox.replyCard(text)).toBeVisible();
  await inbox.row(second.text).click();
  await inbox.list.focus();
  await page.keyboard.press('e');
  await expect(inbox.row(second.text)).toHaveCount(0);
  await page.keyboard.press('z');
  await expect(inbox.row(second.text)).toBeVisible();
  await expect.poll(async () => (await app.call('outbox.list', {})).items.some((item) => item.text === text && item.state === 'queued')).toBe(true);
  await page.keyboard.press('z');
  await expect(inbox.reply).toHaveValue(text);
  expect(await sandbox.repliesWithText(text)).toHaveLength(0);
});

test('item 17: outbox cards say to whom, where and when, open their comment from inside, and a queued reply is edited until it leaves', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  const first = await instagramComment(sandbox, app, 'Is the mug dishwasher safe?', 'gil.mugs');
  const comment = await instagramComment(sandbox, app, 'Could you gift wrap the mug?', 'fay.gifts');
  const inbox = new InboxPage(page);
  await inbox.open(app.url);

  // Offline: the first reply waits for the connection, and the second, for the same client, waits behind it.
  await sandbox.setFaults({ down: true });
  const ahead = 'Yes, it is. (e2e outbox ahead)';
  await inbox.replyTo(first.text, ahead);
  await expect.poll(async () => (await app.call('outbox.list', {})).items.find((item) => item.text === ahead)?.state, { timeout: 20_000 }).toBe('waiting');
  const text = 'Happily, at no charge. (e2e outbox card)';
  await inbox.replyTo(comment.text, text);
  await expect(inbox.replyCard(text).getByText('Queued', { exact: true })).toBeVisible();

  await outboxView(page).click();
  const card = outboxCard(page, text);
  await expect(card).toContainText(`Your reply to ${comment.author}`);
  await expect(card).toContainText(comment.client);
  await expect(card).toContainText('Instagram');
  await expect(card).toContainText(/written \d{1,2}[:.]\d{2}/);
  await expect(card.getByRole('button', { name: 'Open the comment' })).toBeVisible();
  await page.setViewportSize(WIDE);
  await screenshot(page, testInfo, 'outbox-card-1440');
  await page.setViewportSize(NARROW);
  await screenshot(page, testInfo, 'outbox-card-1024');
  await expectAccessible(page, testInfo, 'outbox-card');

  // Edit while it waits: the new text goes, the old never does.
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(inbox.reply).toHaveValue(text);
  const edited = 'Happily, at no charge, with a ribbon. (e2e outbox edited)';
  await inbox.reply.fill(edited);
  await inbox.send.click();
  await expect(outboxCard(page, edited)).toBeVisible();
  await expect(outboxCard(page, text)).toHaveCount(0);
  await sandbox.clearFaults();
  await expect(outboxCard(page, edited).getByText('Sent', { exact: true })).toBeVisible({ timeout: 40_000 });
  expect(await sandbox.repliesWithText(edited)).toHaveLength(1);
  expect(await sandbox.repliesWithText(text)).toHaveLength(0);
  await screenshot(page, testInfo, 'outbox-card-sent');
});
