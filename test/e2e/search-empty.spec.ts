// Issue 27, item 15: a search that finds nothing is not a success: "No comments match …" without
// the green check that says "all done" (the inbox at zero keeps it).
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';

test('a search that finds nothing shows no success check', async ({ page, app }) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await page
    .getByRole('searchbox')
    .or(page.getByPlaceholder(/Search everything/))
    .first()
    .fill('zzqxnothingmatchesthis');
  const empty = page.locator('.list-empty');
  await expect(empty).toContainText(/No .* match “zzqxnothingmatchesthis”/);
  await expect(empty.locator('.empty-mark')).toHaveCount(0);
});
