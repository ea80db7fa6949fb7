// The rig of the held-reply journeys (issues 22 and 27): two hosts of one team answer the same
// comment, Ann's reply goes first, then Bob sends his from the comment he has open, so the team holds
// it. `team-presence-and-held.spec.ts` and `team-held-reply.spec.ts` start the same way from here;
// what each then expects of Bob's screen stays in the spec.
import { expect, type Page } from '@playwright/test';
import type { InboxRow } from '../../../src/shared/domain/inbox.ts';
import { InboxPage } from './inboxPage.ts';
import type { TeamHosts } from './teamHosts.ts';

/** A comment in Bob's Needs reply that both hosts have and the service replies to. */
export async function answerableComment(hosts: TeamHosts): Promise<InboxRow> {
  const { rows } = await hosts.bob.call('inbox.page', { filter: { kind: 'comment', view: 'needsReply' }, limit: 50 });
  const row = rows.find((candidate) => ['facebook', 'instagram', 'twitter'].includes(candidate.platform));
  if (!row) throw new Error('the sandbox world has no comment to answer');
  await expect
    .poll(async () => (await hosts.ann.call('inbox.page', { filter: { kind: 'comment', view: 'needsReply' }, limit: 50 })).rows.some((r) => r.key === row.key))
    .toBe(true);
  return row;
}

/** Bob opens the comment at 1440×900, Ann's reply is sent first, then Bob sends his from the composer. */
export async function bobRepliesAfterAnn(page: Page, hosts: TeamHosts, row: InboxRow, texts: { ann: string; bob: string }): Promise<InboxPage> {
  const { ann, bob } = hosts;
  await page.setViewportSize({ width: 1440, height: 900 });
  const inbox = new InboxPage(page);
  await inbox.open(bob.url);
  await inbox.needsReplyView.click();
  await inbox.row(row.text.slice(0, 40)).click();
  await expect(inbox.reply).toBeVisible();
  const sent = (await ann.call('answer.send', { key: row.key, text: texts.ann })).item;
  await expect.poll(async () => (await ann.call('outbox.list', {})).items.find((item) => item.id === sent.id)?.state, { timeout: 15_000 }).toBe('sent');
  await inbox.reply.fill(texts.bob);
  await inbox.send.click();
  return inbox;
}
