// The held reply is said where Bob is (issue 27, item 12), with two web hosts on one team: Ann's
// reply goes first; Bob's, sent from the comment he has open, is held. A toast says so with Open;
// the open comment shows the held card, which quotes what Ann sent so Bob can judge, with Discard
// and Send anyway as equals; the history says "Your reply was held: Ann had answered" (not "You
// held a reply") and Ann's line says she sent hers (not "waiting to be sent").
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { answerableComment, bobRepliesAfterAnn } from './support/heldReply.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

const SHOTS = '/tmp/h28held';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

/** Screenshots at both sizes into /tmp/h28held, for a person to look at. */
async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('Bob is told where he is that his reply was held, sees what Ann sent, and chooses between equals', async ({ page, sandbox }) => {
  test.setTimeout(150_000);
  team = await startTeamHosts(sandbox);
  const row = await answerableComment(team);
  const texts = { ann: 'Ann: your parcel left this morning, tracking to follow.', bob: 'Bob: it should be with you tomorrow.' };
  const inbox = await bobRepliesAfterAnn(page, team, row, texts);

  // Where Bob is: a toast that says his reply was held and why, with Open.
  const toast = page.locator('.toast');
  await expect(toast).toContainText(`Your reply to ${row.authorName} was held: Ann had answered.`, { timeout: 20_000 });
  await shots(page, 'held-reply-toast');
  await toast.getByRole('button', { name: 'Open' }).click();

  // On the comment itself: the held card, quoting Ann's reply.
  const card = inbox.replyCard(texts.bob);
  await expect(card).toContainText('Held');
  await expect(card).toContainText(/Ann answered (just now|\d+ min ago): send yours too\?/);
  // The row it was opened from says the same word as the card (it once said "Failed" here).
  const listRow = inbox.row(row.text.slice(0, 40));
  await expect(listRow).toContainText('Held');
  await expect(listRow).not.toContainText('Failed');
  const quote = card.locator('figure');
  await expect(quote).toContainText('Ann’s reply', { timeout: 15_000 });
  await expect(quote).toContainText(texts.ann);
  // Discard and Send anyway are equals: neither is the primary button.
  const sendAnyway = card.getByRole('button', { name: 'Send anyway' });
  const discard = card.getByRole('button', { name: 'Discard' });
  await expect(sendAnyway).toBeVisible();
  await expect(discard).toBeVisible();
  await expect(sendAnyway).not.toHaveClass(/primary/);
  await expect(discard).not.toHaveClass(/primary/);

  // The history in plain words that stay true.
  const history = page.getByRole('list', { name: 'History' });
  await expect(history).toContainText('Your reply was held: Ann had answered', { timeout: 15_000 });
  await expect(history).toContainText(/ann sent a reply/i);
  await expect(history).not.toContainText('held a reply');
  await expect(history).not.toContainText('waiting to be sent');
  await shots(page, 'held-reply-on-the-comment');
  await history.scrollIntoViewIfNeeded();
  await shots(page, 'held-reply-history');

  await discard.click();
  await expect(card).toHaveCount(0);
  const replies = (await sandbox.ledger()).filter((entry) => entry.kind === 'comment.reply' && (entry.text === texts.ann || entry.text === texts.bob));
  expect(replies.map((entry) => entry.text)).toEqual([texts.ann]);
});
