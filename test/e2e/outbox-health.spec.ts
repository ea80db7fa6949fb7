// Issue 11, finding 7: damage to an outbox file is told, not hidden. Two replies wait in their undo
// window; the app quits; a row some broken build wrote is put in the outbox file and a
// page of the file is overwritten with garbage; the app starts again. The person sees, in words,
// which account's outbox was damaged and what the app did, opens the list of rows set aside, copies
// the text of one; the replies that could be read go out once.
import { DatabaseSync } from 'node:sqlite';
import { outboxFileOf } from '../../src/main/core/app/accountRuntime.ts';
import { pageDamage } from '../chaos/support/outboxDamage.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';

const BROKEN_TEXT = 'Please call me back about the linen order before Friday';

test.setTimeout(120_000);

test('a damaged outbox file: the app says what happened, lists the set-aside rows, copies a text, sends the rest once', async ({
  page,
  app,
  sandbox,
  context,
}, testInfo) => {
  const [account] = (await app.call('accounts.list', {})).accounts;
  const rows = (await app.call('inbox.page', { filter: { view: 'needsReply' }, limit: 500 })).rows.filter(
    (row) => !row.byAccount && (row.platform === 'facebook' || row.platform === 'instagram'),
  );
  expect(rows.length).toBeGreaterThanOrEqual(2);

  // A long undo window: the replies are still in the outbox, never tried, when the app quits.
  await app.call('settings.update', { undoSeconds: 20 });
  const texts = ['Thanks, it ships Monday', 'Yes, in all sizes'];
  for (const [i, text] of texts.entries()) await app.call('answer.send', { key: rows[i]!.key, text });
  await app.stop();

  const file = outboxFileOf(app.dataDir, account!.accountId);
  const db = new DatabaseSync(file);
  db.prepare("INSERT INTO items (id, account_id, request, answers, state) VALUES ('broken', ?, ?, 'facebook:x', 'nonsense')").run(
    account!.accountId,
    JSON.stringify({ to: 'socialComment', comment: BROKEN_TEXT }),
  );
  db.close();
  pageDamage('sqlite_autoindex_items_1', 0).apply(file, [], 'items');

  await app.start();
  // A new start is a new port: the clipboard is granted to the page's origin as it is now.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.process.origin });
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  const notice = page.getByRole('region', { name: 'Outbox problems' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`The reply outbox of “${account!.title}” was damaged on disk.`);
  await expect(notice).toContainText('A fresh one was started and the damaged file was kept as');
  await expect(notice).toContainText('2 replies could be read back (2 still to send)');

  await notice.getByRole('button', { name: /Show the set-aside rows/ }).click();
  const list = notice.getByRole('list', { name: 'Set-aside rows' });
  const broken = list.getByRole('listitem').filter({ hasText: BROKEN_TEXT });
  await expect(broken).toBeVisible();
  await expect(broken).toContainText('Why: read back from a damaged outbox file, but request.commentId is not a non-empty text');
  await broken.getByRole('button', { name: 'Copy text' }).click();
  await expect(broken.getByRole('button', { name: 'Copied' })).toBeVisible();
  // A string, not a function: this file is type-checked without the DOM's types.
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(BROKEN_TEXT);

  await screenshot(page, testInfo, 'outbox-health');
  await expectAccessible(page, testInfo, 'outbox-health');

  // When their undo window ends, the replies read back go out, each once; the set-aside one never.
  for (const text of texts) await expect.poll(async () => (await sandbox.repliesWithText(text)).length, { timeout: 30_000 }).toBe(1);
  expect((await sandbox.repliesWithText(BROKEN_TEXT)).length).toBe(0);
});
