// Issue 27, item 8: "the Prepared list and the PDF give the same report two different times". The
// web host (on UTC) prepares last month's reports by itself; the browser runs in New York. The list
// says when each was prepared on the user's clock; opened, the report (what its PDF prints) says the
// same time, on the same clock.
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';

test.setTimeout(120_000);
test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

test('a prepared report says the same "prepared" time in the list and on its first page', async ({ page, app }) => {
  const { profiles } = await app.call('profiles.list', {});
  await expect.poll(async () => (await app.call('reports.prepared.list', {})).reports.length, { timeout: 60_000, intervals: [1_000] }).toBe(profiles.length);
  await page.setViewportSize({ width: 1440, height: 900 });
  await new InboxPage(page).open(app.url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  const item = page.getByRole('region', { name: 'Prepared reports' }).getByTestId('prepared-report').filter({ hasText: 'Bloom Bakery' });
  await item.scrollIntoViewIfNeeded();
  const facts = (await item.locator('.prepared-facts').textContent()) ?? '';
  const listed = /prepared (?:again )?(.+)$/u.exec(facts)?.[1]?.trim();
  expect(listed, facts).toBeTruthy();
  await item.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('report-client')).toHaveText('Bloom Bakery');
  await expect(page.locator('.report-before-note')).toContainText(`Prepared ${listed ?? ''}`);
});
