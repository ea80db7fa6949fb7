// Issue 11, finding 1, as the person sees it: the inbox's file is damaged between two starts (one
// page of the sync cursors overwritten with garbage, or the whole file cut to 0 bytes). The app
// starts anyway, says in words what happened and that the accounts and unsent replies are safe,
// refills the inbox from the service, and the notice goes away for good once dismissed.
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { overwritePage, pagesOf, truncateTo } from '../support/sqlitePages.ts';
import { expect, test } from './fixtures.ts';
import type { AppHost } from './support/appHost.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';

test.setTimeout(120_000);

const NOTICE = 'The inbox was rebuilt';

async function needsReplyCount(app: AppHost): Promise<number> {
  return (await app.call('inbox.page', { filter: { view: 'needsReply' }, limit: 500 })).rows.length;
}

async function damagedStartJourney(page: Page, app: AppHost, testInfo: TestInfo, name: string, damage: (file: string) => void, said: RegExp) {
  const accountsBefore = (await app.call('accounts.list', {})).accounts.map((account) => account.title);
  const rowsBefore = await needsReplyCount(app);
  expect(rowsBefore).toBeGreaterThan(0);
  await app.stop();
  damage(join(app.dataDir, 'inbox.sqlite'));
  await app.start();

  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const notice = page.getByRole('region', { name: NOTICE });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(said);
  await expect(notice).toContainText('Your accounts and unsent replies are safe.');
  await expect(notice).toContainText('fetched again from the service');

  // The accounts are still there, and the inbox fills again from the service.
  expect((await app.call('accounts.list', {})).accounts.map((account) => account.title)).toEqual(accountsBefore);
  await expect.poll(() => needsReplyCount(app), { timeout: 30_000 }).toBe(rowsBefore);
  await expect(inbox.rows.first()).toBeVisible();

  await screenshot(page, testInfo, name);
  await expectAccessible(page, testInfo, name);

  // Dismissed once, it stays away, in this page and in one opened later.
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  expect((await app.call('status.get', {})).storeRecovery).toBeNull();
  await inbox.open(app.url);
  await expect(inbox.rows.first()).toBeVisible();
  await expect(page.getByRole('region', { name: NOTICE })).toHaveCount(0);
}

test('a damaged page of the sync cursors: the app starts, says so in words, refills, and the notice can be dismissed', async ({ page, app }, testInfo) => {
  await damagedStartJourney(
    page,
    app,
    testInfo,
    'store-damaged-page',
    (file) => {
      const pages = pagesOf(file, 'sync_cursors');
      expect(pages.length).toBeGreaterThan(0);
      overwritePage(file, pages[0]!);
    },
    /The inbox's saved copy on this computer was damaged, so a fresh one was started \(the old file is kept as inbox\.sqlite[^)]*\)/,
  );
});

// Long form only (@long, decision 0080 fourth round): the journey above with another damage. In
// `npm test`: the journey above, and test/chaos/store-pages.test.ts's "emptied (0 bytes)" (the app
// starts, tells it, keeps the accounts and the waiting reply).
test(
  'a store file cut to 0 bytes: the app starts, says so in words, refills, and the notice can be dismissed',
  { tag: '@long' },
  async ({ page, app }, testInfo) => {
    await damagedStartJourney(
      page,
      app,
      testInfo,
      'store-emptied',
      (file) => truncateTo(file, 0),
      /The inbox's saved copy on this computer (was damaged|was missing)/,
    );
  },
);
