// Settings → Team → Live updates (issue 32 item 2, decision 0083) in Chromium on two web hosts of one
// team whose server has the events database and the test HTTPS front standing in for Caddy's route:
// Ann types the event address once and turns live updates on from the screen (the command draws the
// button), every client says it is on, a comment made through the sandbox's control call on the
// client's oldest post (polled only every few hours) shows in both hosts' lists, her panel says
// "Last event …", and "Turn off live updates" removes the registration from the sandbox. The address's secret
// path never shows on screen. Screenshots at 1440×900 and 1024×700 in /tmp/live32.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

const SHOTS = '/tmp/live32';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await screenshot(page, testInfo, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

test('live updates turned on from Settings → Team bring a comment to both hosts, say when the last event came, and are taken back', async ({
  page,
  sandbox,
}, testInfo) => {
  test.setTimeout(180_000);
  team = await startTeamHosts(sandbox, { live: true });
  const liveUrl = team.liveUrl!;
  const secretPath = new URL(liveUrl).pathname.split('/').at(-1)!;
  const world = await sandbox.world();
  const profile = world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('facebook'))!;
  const { profiles } = await team.ann.call('profiles.list', {});
  const title = profiles.find((p) => p.profileId === profile.refId)!.title;

  // Ann: Settings → Team → Live updates, the address typed once, turned on.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(team.ann.url);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Team' }).click();
  const section = page.getByRole('region', { name: 'Live updates' });
  const clients = section.getByRole('list', { name: 'Live updates per client' });
  const line = clients.getByRole('listitem').filter({ hasText: title });
  await expect(line).toContainText('Off', { timeout: 30_000 });
  await section.getByLabel('Event address from your team server').fill(liveUrl);
  await section.getByRole('button', { name: 'Turn on live updates' }).click();
  await expect(section.getByRole('status')).toContainText('Live updates are on', { timeout: 60_000 });
  await expect(line).toContainText('On for new comments and messages');
  await expect(line).toContainText('No event yet');
  await expect(section.getByLabel('Event address from your team server')).toHaveValue('');
  expect(await page.content()).not.toContain(secretPath);
  // The service has it for the client's comments and messages.
  const hooks = (await sandbox.api('GET', '/hook/webhook', profile)) as Record<string, unknown>;
  expect([hooks.comments, hooks.messages]).toEqual([liveUrl, liveUrl]);
  await expectAccessible(page, testInfo, 'settings-team-live-updates');
  await section.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'live-updates-on-1440');
  await page.setViewportSize({ width: 1024, height: 700 });
  await section.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'live-updates-on-1024');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A comment through the sandbox's control call, on the client's oldest post (polled every few hours).
  const open = world.posts.filter((p) => p.profileRefId === profile.refId && p.platform === 'facebook' && p.owned && !p.flags.includes('commentsDisabled'));
  const { posts } = await team.ann.call('posts.list', { profileId: profile.refId });
  const oldest = posts
    .map((summary) => summary.post)
    .filter((post) => open.some((p) => p.socialId === post.socialPostId))
    .sort((a, b) => String(a.created).localeCompare(String(b.created)))[0]!;
  const text = `Live from settings ${Date.now()}`;
  await sandbox.injectComment({ platform: 'facebook', socialPostId: oldest.socialPostId, profileRefId: profile.refId, comment: text });

  // Both hosts' lists show it (Bob's in a second window; Ann's Settings stays open).
  const bobPage = await page.context().newPage();
  await bobPage.setViewportSize({ width: 1440, height: 900 });
  const bobInbox = new InboxPage(bobPage);
  await bobInbox.open(team.bob.url);
  await expect(bobInbox.row(text.slice(0, 30))).toHaveCount(1, { timeout: 20_000 });
  // Ann's panel: the last event, within its few seconds' refresh.
  await expect(line).toContainText('Last event', { timeout: 20_000 });
  await expect(line).not.toContainText('No event yet');
  await shoot(page, testInfo, 'live-updates-last-event-1440');
  await page.setViewportSize({ width: 1024, height: 700 });
  await section.scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'live-updates-last-event-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  const annInbox = new InboxPage(page);
  await page.keyboard.press('Escape');
  await expect(annInbox.row(text.slice(0, 30))).toHaveCount(1, { timeout: 20_000 });
  await bobPage.close();

  // Taken back: the client says Off and the sandbox holds no registration of it.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(line).toContainText('On for new comments and messages', { timeout: 30_000 });
  await section.getByRole('button', { name: 'Turn off live updates' }).click();
  await expect(section.getByRole('status')).toContainText('Live updates are off', { timeout: 60_000 });
  await expect(line).toContainText('Off');
  const after = (await sandbox.api('GET', '/hook/webhook', profile)) as Record<string, unknown>;
  expect(after.comments ?? null).toBeNull();
  expect(after.messages ?? null).toBeNull();
  await shoot(page, testInfo, 'live-updates-off-1440');
});
