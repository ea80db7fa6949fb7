// Two people on one team workspace (issue 22), each in their own web host on their own data folder:
// what one marks done leaves the other's Needs reply list without a reload, by replication through
// the team's sync server alone (the hosts share nothing else but the sandbox they both read).
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

// Long form only (@long, decision 0080 fourth round): in `npm test`, item-state-live.spec.ts shows a
// list dropping rows on the "item state changed" event without a reload, one-target-team.spec.ts
// shows Ann's done reaching Bob's screen through the team server, and Vitest's
// test/integration/team/two-cores.test.ts the replicated triage in the other core's store, its
// event, and team.status.
test('a comment Ann marks done leaves Bob’s Needs reply list on his own computer', { tag: '@long' }, async ({ page, sandbox }, testInfo) => {
  test.setTimeout(90_000);
  team = await startTeamHosts(sandbox);
  const { ann, bob } = team;
  expect((await bob.call('team.status', {})).joined).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  const inbox = new InboxPage(page);
  await inbox.open(bob.url);
  await inbox.needsReplyView.click();
  const { rows } = await bob.call('inbox.page', { filter: { view: 'needsReply' }, limit: 2 });
  const [first] = rows;
  if (!first) throw new Error('the sandbox world has no comment that needs a reply');
  const label = first.text.slice(0, 40);
  const before = await inbox.row(label).count();
  expect(before).toBeGreaterThan(0);

  await ann.call('inbox.triage', { keys: [first.key], done: true });
  await expect(inbox.row(label)).toHaveCount(before - 1, { timeout: 15_000 });
  const onBob = await bob.call('inbox.page', { filter: { view: 'done' }, limit: 500 });
  expect(onBob.rows.map((row) => row.key)).toContain(first.key);
  await screenshot(page, testInfo, 'team-done-on-other-host');
});
