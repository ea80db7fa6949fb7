// Direct messages in a team (issue 22), two people each in their own window on their own web host:
// Ann assigns a conversation to Bob and writes a note in its pane; Bob's window lists it in Assigned
// to me and shows both in the conversation's team part. Both answer the same turn of a
// conversation: Ann's goes, Bob's card says "Ann answered …: send yours too?", and Send anyway puts
// both messages in the sandbox's ledger. Screenshots at 1440×900 and 1024×700 into /tmp/h22d.
import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { conversationKey, messagesWithText, openWaitingConversation, storedConversation } from './support/directMessages.ts';
import { InboxPage } from './support/inboxPage.ts';
import type { TestSandbox } from './support/sandboxControl.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

const SHOTS = '/tmp/h22d';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

const chat = (page: Page) => page.getByRole('complementary', { name: 'Conversation' });
const teamPart = (page: Page) => chat(page).getByRole('region', { name: 'Team' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

/** Screenshots at both sizes, with `inView` (when given) scrolled into sight, for a person to look at. */
async function shots(page: Page, testInfo: TestInfo, name: string, inView?: ReturnType<Page['locator']>): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    if (inView) await inView.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png` });
    await screenshot(page, testInfo, `${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0]!);
}

/** A facebook conversation waiting for an answer, its window open a day more, in both hosts' stores: its key, person and client. */
async function waitingConversation(sandbox: TestSandbox, hosts: TeamHosts) {
  const world = await sandbox.world();
  const key = conversationKey(openWaitingConversation(world, 'facebook'));
  const stored = await storedConversation(hosts.ann, key);
  await storedConversation(hosts.bob, key);
  const client = world.profiles.find((profile) => profile.refId === stored.row.profileId);
  if (!client) throw new Error(`no client profile ${stored.row.profileId} in the sandbox world`);
  return { key, person: stored.row.conversation?.name ?? stored.row.authorName, client: client.title };
}

/** Opens the conversation from the list: its client, Needs reply, Messages, the person's row. */
async function openConversation(inbox: InboxPage, client: string, person: string): Promise<void> {
  const { page } = inbox;
  await inbox.client(client).click();
  await inbox.needsReplyView.click();
  await page
    .getByRole('group', { name: /Show comments, messages, reviews or all/ })
    .getByRole('button', { name: 'Messages' })
    .click();
  await inbox.row(person).first().click();
  await expect(chat(page).getByRole('region', { name: 'The person' })).toContainText(person);
}

test('Ann assigns a conversation to Bob with a note; Bob sees it in Assigned to me, with the note and the history', async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  team = await startTeamHosts(sandbox);
  const { ann, bob } = team;
  const { person, client } = await waitingConversation(sandbox, team);

  // Ann's window: the conversation open, `a` and Bob, then her note in the pane.
  await page.setViewportSize(SIZES[0]!);
  const annInbox = new InboxPage(page);
  await annInbox.open(ann.url);
  await expect(page.getByRole('button', { name: /Assigned to me/ })).toBeVisible();
  await openConversation(annInbox, client, person);
  await expect(teamPart(page)).toContainText('Not assigned to anyone');
  await annInbox.list.focus();
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: /^Assign .+ to$/ });
  await dialog.getByRole('button', { name: 'bob', exact: true }).click();
  await expect(teamPart(page)).toContainText('Assigned to bob');
  const note = 'Asked about a refund twice; Bob knows the order';
  await teamPart(page).getByRole('textbox', { name: 'Note for the team' }).fill(note);
  await teamPart(page).getByRole('button', { name: 'Save note' }).click();
  const annHistory = teamPart(page).getByRole('list', { name: 'History' });
  await expect(annHistory).toContainText('You assigned this to bob on laptop');
  await expect(annHistory).toContainText('You added a note on laptop');
  await shots(page, testInfo, 'ann-conversation-assigned', teamPart(page));

  // Bob's window: Assigned to me lists the conversation; its pane shows the note and the history.
  const bobPage = await page.context().newPage();
  await bobPage.setViewportSize(SIZES[0]!);
  const bobInbox = new InboxPage(bobPage);
  await bobInbox.open(bob.url);
  await bobPage.getByRole('button', { name: /Assigned to me/ }).click();
  await expect(bobInbox.row(person)).toHaveCount(1, { timeout: 15_000 });
  await expect(bobInbox.row(person)).toContainText('Assigned to you');
  await shots(bobPage, testInfo, 'bob-conversation-in-assigned-to-me');
  await bobInbox.row(person).click();
  await expect(chat(bobPage).getByRole('region', { name: 'The person' })).toContainText(person);
  await expect(teamPart(bobPage)).toContainText('Assigned to you');
  await expect(teamPart(bobPage).getByRole('textbox', { name: 'Note for the team' })).toHaveValue(note);
  await expect(teamPart(bobPage).getByText('ann wrote it last on laptop')).toBeVisible();
  const bobHistory = teamPart(bobPage).getByRole('list', { name: 'History' });
  await expect(bobHistory).toContainText('ann assigned this to you on laptop');
  await expect(bobHistory).toContainText('ann added a note on laptop');
  // The newest message is still in sight above the team part.
  await expect(chat(bobPage).getByRole('list', { name: 'Messages' }).getByRole('listitem').last()).toBeInViewport();
  await shots(bobPage, testInfo, 'bob-conversation-note-and-history', teamPart(bobPage));
  await bobPage.close();
});

test('both answer the same turn of a conversation: Bob’s message is held, and Send anyway sends it beside Ann’s', async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  team = await startTeamHosts(sandbox);
  const { ann, bob } = team;
  const { key, person, client } = await waitingConversation(sandbox, team);
  const texts = { ann: 'Ann: your refund went out this morning.', bob: 'Bob: the refund is on its way to you.' };

  // Bob has the conversation open; Ann's message goes first, from her computer.
  await page.setViewportSize(SIZES[0]!);
  const inbox = new InboxPage(page);
  await inbox.open(bob.url);
  await openConversation(inbox, client, person);
  const sent = (await ann.call('answer.send', { key: key, text: texts.ann })).item;
  await expect.poll(async () => (await ann.call('outbox.list', {})).items.find((item) => item.id === sent.id)?.state, { timeout: 15_000 }).toBe('sent');

  // Bob answers the same turn: his message is held, with who answered.
  await messageBox(page).fill(texts.bob);
  await inbox.send.click();
  const card = chat(page).getByRole('article').filter({ hasText: texts.bob });
  await expect(card).toContainText(/Ann answered (just now|\d+ min ago): send yours too\?/, { timeout: 15_000 });
  await expect(card).toContainText('Held');
  expect(await messagesWithText(sandbox, texts.bob)).toHaveLength(0);
  await shots(page, testInfo, 'bob-held-message', card);

  await card.getByRole('button', { name: 'Send anyway' }).click();
  await expect(card).toContainText('Sent', { timeout: 15_000 });
  expect(await messagesWithText(sandbox, texts.ann)).toHaveLength(1);
  expect(await messagesWithText(sandbox, texts.bob)).toHaveLength(1);
  // The conversation's history says it in messages.
  await expect(teamPart(page).getByRole('list', { name: 'History' })).toContainText('You chose to send your answer although someone had answered first');
  await shots(page, testInfo, 'bob-message-sent-anyway', teamPart(page));
});
