// Issue 11, finding 8, as the person sees it: the web host keeps added keys in memory only, so after
// a restart an added account's key is gone. The app asks for it in words, with a button that opens
// Settings → Accounts; the key is entered again there, and the notice goes away (it does not stay
// on screen once the problem is solved), in this page and in one opened later.
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { freshPost, TestSandbox } from './support/sandboxControl.ts';

test.setTimeout(120_000);

const NOTICE = 'An API key is needed';

test('a key gone after a restart: the notice asks for it, opens Settings → Accounts, and goes away once the key is replaced', async ({
  page,
  app,
}, testInfo) => {
  const studio = await TestSandbox.start();
  try {
    const added = await app.call('accounts.add', { title: 'Studio', baseUrl: studio.url, apiKey: studio.running.apiKey });
    const accountId = added.account.accountId;
    await app.restart();
    await expect.poll(async () => (await app.call('status.get', {})).keyProblem?.accountId ?? null, { timeout: 30_000 }).toBe(accountId);

    const inbox = new InboxPage(page);
    await inbox.open(app.url);
    const notice = page.getByRole('region', { name: NOTICE });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('“Studio” cannot sync until its key is entered again.');
    await expect(notice).toContainText('The API key of “Studio” is missing. Enter the key again in Settings → Accounts → Replace keys.');
    await expect(notice).not.toContainText('Unexpected');
    // The sync line does not repeat it in a cut-off line of its own.
    await expect(page.getByRole('navigation').getByText(/is missing/)).toHaveCount(0);
    await screenshot(page, testInfo, 'key-problem');
    await expectAccessible(page, testInfo, 'key-problem');

    await notice.getByRole('button', { name: 'Open Settings → Accounts' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings).toBeVisible();
    await expect(settings.getByRole('tab', { name: 'Accounts and keys' })).toHaveAttribute('aria-selected', 'true');
    // At the account's card, on the form where the key goes, its field focused.
    const card = settings.getByRole('listitem', { name: /Studio/ });
    await expect(card.getByRole('button', { name: 'Replace keys' })).toHaveAttribute('aria-expanded', 'true');
    const form = card.getByRole('form', { name: 'Replace the keys of Studio' });
    await expect(form.getByLabel(/New API key/)).toBeFocused();
    await page.keyboard.type(studio.running.apiKey);
    await form.getByRole('button', { name: 'Save keys' }).click();
    await expect(card.getByText('Keys updated.')).toBeVisible();
    await settings.getByRole('button', { name: 'Close settings' }).click();

    await expect(page.getByRole('region', { name: NOTICE })).toHaveCount(0);
    await expect(page.getByText(/is missing/)).toHaveCount(0);
    expect((await app.call('status.get', {})).keyProblem).toBeNull();
    // A page opened now is not told either.
    await inbox.open(app.url);
    await expect(inbox.rows.first()).toBeVisible();
    await expect(page.getByRole('region', { name: NOTICE })).toHaveCount(0);
    await expect(page.getByText(/is missing/)).toHaveCount(0);
  } finally {
    await studio.close();
  }
});

test('a passing sync problem: said in the sync line, gone once the sync brings comments again, or when dismissed', async ({ page, app, sandbox }) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const { post } = await freshPost(sandbox, 'facebook');
  const postKey = `facebook:${post.socialId}`;
  const nav = page.getByRole('navigation', { name: 'Inbox navigation' });
  // Issue 19: in the translator's words, no longer "getComments failed: … (HTTP 500)".
  const problem = nav.getByText('The service is having trouble right now.');

  await sandbox.setFaults({ errorRate: 1, status: 500 });
  await app.call('sync.refresh', { postKey });
  await expect(problem).toBeVisible({ timeout: 20_000 });
  await problem.scrollIntoViewIfNeeded();
  // The service answers again and the sync brings a new comment: the problem is over, and said no more.
  await sandbox.clearFaults();
  await sandbox.injectComment({ platform: 'facebook', socialPostId: post.socialId, comment: 'Is the shop open on Sunday?' });
  await app.call('sync.refresh', { postKey });
  await expect(inbox.row('Is the shop open on Sunday?')).toBeVisible({ timeout: 20_000 });
  await expect(problem).toHaveCount(0);

  // Or the person has read it.
  await sandbox.setFaults({ errorRate: 1, status: 500 });
  await app.call('sync.refresh', { postKey });
  await expect(problem).toBeVisible({ timeout: 20_000 });
  await nav.getByRole('button', { name: 'Dismiss' }).click();
  await expect(problem).toHaveCount(0);
  await sandbox.clearFaults();
});
