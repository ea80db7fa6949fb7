// Two people on one team workspace (issue 22), each in their own web host and their own browser
// page: while Ann types a reply, Bob's open comment says "Ann is replying", and no longer once she
// clears it; when both answer the same comment, Ann's goes and Bob's card says "Ann answered …: send
// yours too?", with Send anyway (two replies in the sandbox's ledger) or Discard (one).
// The two choices are long forms (@long, decision 0080 fourth round): `npm test` makes their
// assertions through the same card (OutboxCard, wherever it is shown) and the same commands in
// team-held-reply.spec.ts (the held card on the comment, at both sizes, and Discard: Ann's reply the
// only one) and team-conversations.spec.ts (Send anyway: Sent, both in the ledger), and the core's
// in Vitest's test/integration/team/team-choices.test.ts (send anyway; discard, nothing later).
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import type { TestSandbox } from './support/sandboxControl.ts';
import { answerableComment, bobRepliesAfterAnn } from './support/heldReply.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

/** Screenshots at both sizes into the test's output and /tmp/h22p, for a person to look at. */
async function shots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, testInfo, `${name}-${size.width}`);
    await page.screenshot({ path: `/tmp/h22p/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(SIZES[0]!);
}

/** Bob opens the comment, Ann's reply goes first, then Bob sends his from the composer: his is held. */
async function bobLosesTheClaim(page: Page, sandbox: TestSandbox, texts: { ann: string; bob: string }) {
  team = await startTeamHosts(sandbox);
  const row = await answerableComment(team);
  const inbox = await bobRepliesAfterAnn(page, team, row, texts);
  const card = inbox.replyCard(texts.bob);
  await expect(card).toContainText(/Ann answered (just now|\d+ min ago): send yours too\?/, { timeout: 15_000 });
  return { inbox, card };
}

test('Bob sees “Ann is replying” on the comment while Ann types, and not once she clears it', async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  team = await startTeamHosts(sandbox);
  const row = await answerableComment(team);
  const label = row.text.slice(0, 40);
  await page.setViewportSize(SIZES[0]!);
  const bobInbox = new InboxPage(page);
  await bobInbox.open(team.bob.url);
  await bobInbox.needsReplyView.click();
  await bobInbox.row(label).click();
  const presence = page.locator('.thread-head').getByRole('status');
  await expect(presence).toHaveText('');

  // Ann, on her own computer (her own host), starts typing a reply to the same comment.
  const annPage = await page.context().newPage();
  await annPage.setViewportSize(SIZES[0]!);
  const annInbox = new InboxPage(annPage);
  await annInbox.open(team.ann.url);
  await annInbox.needsReplyView.click();
  await annInbox.row(label).click();
  await annInbox.reply.pressSequentially('Thanks for asking, ');
  await expect(presence).toHaveText('Ann is replying', { timeout: 15_000 });
  await shots(page, testInfo, 'team-presence');
  // And Ann's own screen does not tell her about herself.
  await expect(annPage.locator('.thread-head').getByRole('status')).toHaveText('');

  await annInbox.reply.fill('');
  await expect(presence).toHaveText('', { timeout: 15_000 });
  await annPage.close();
});

test('the held reply’s choice: Send anyway puts Bob’s reply beside Ann’s', { tag: '@long' }, async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  const texts = { ann: 'Ann: your order left this morning.', bob: 'Bob: it should be with you tomorrow.' };
  const { card } = await bobLosesTheClaim(page, sandbox, texts);
  await expect(card).toContainText('Held');
  await shots(page, testInfo, 'team-held-reply');
  await card.getByRole('button', { name: 'Send anyway' }).click();
  await expect(card).toContainText('Sent', { timeout: 15_000 });
  const replies = (await sandbox.ledger()).filter((entry) => entry.kind === 'comment.reply' && (entry.text === texts.ann || entry.text === texts.bob));
  expect(replies.map((entry) => entry.text).sort()).toEqual([texts.ann, texts.bob].sort());
});

test('the held reply’s choice: Discard leaves Ann’s reply the only one', { tag: '@long' }, async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  const texts = { ann: 'Ann: we have sent the refund.', bob: 'Bob: the refund is on its way.' };
  const { card } = await bobLosesTheClaim(page, sandbox, texts);
  // The Outbox view lists it first, with the same choice.
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /^Outbox/ })
    .click();
  const listed = page.getByRole('list', { name: 'Outbox' }).getByRole('article').filter({ hasText: texts.bob });
  await expect(listed).toContainText(/Ann answered (just now|\d+ min ago): send yours too\?/);
  await shots(page, testInfo, 'team-held-in-outbox');
  await listed.getByRole('button', { name: 'Discard' }).click();
  await expect(card).toHaveCount(0);
  // Nothing goes later either: the outbox has had turns enough to send it.
  await page.waitForTimeout(2_000);
  const replies = (await sandbox.ledger()).filter((entry) => entry.kind === 'comment.reply' && (entry.text === texts.ann || entry.text === texts.bob));
  expect(replies.map((entry) => entry.text)).toEqual([texts.ann]);
});
