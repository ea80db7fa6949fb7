// Live updates (issue 32, decision 0072): two people's web hosts on one team workspace whose server
// has the events database, the test HTTPS front standing in for the team's Caddy route, and the
// client profile's `comments` events registered there. The comment is made on the profile's
// oldest post, which the sync asks about only every few hours: it shows in both hosts' lists
// because its event made the polling host read the post at once and share it.
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

// Long form only (@long, decision 0080 fourth round): `npm test` makes every one of its assertions in
// team-live-updates-settings.spec.ts (the same comment on the oldest post, in both hosts' lists within
// the same 20 s, through the same event path once registered); the event path itself is Vitest's
// test/integration/team/live-event-path.test.ts and live-two-cores.test.ts.
test(
  'with live updates on, an outside comment shows in both hosts’ lists without waiting for a poll',
  { tag: '@long' },
  async ({ page, sandbox }, testInfo) => {
    test.setTimeout(120_000);
    team = await startTeamHosts(sandbox, { live: true });
    const world = await sandbox.world();
    const profile = world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('facebook'))!;
    await sandbox.api('POST', '/hook/webhook', profile, { action: 'comments', url: team.liveUrl, secret: 'e2e-signing-secret' });
    const open = world.posts.filter((p) => p.profileRefId === profile.refId && p.platform === 'facebook' && p.owned && !p.flags.includes('commentsDisabled'));
    const { posts } = await team.ann.call('posts.list', { profileId: profile.refId });
    const oldest = posts
      .map((summary) => summary.post)
      .filter((post) => open.some((p) => p.socialId === post.socialPostId))
      .sort((a, b) => String(a.created).localeCompare(String(b.created)))[0]!;
    const text = `Live question ${Date.now()}`;
    await sandbox.injectComment({ platform: 'facebook', socialPostId: oldest.socialPostId, profileRefId: profile.refId, comment: text });
    await page.setViewportSize({ width: 1440, height: 900 });
    const inbox = new InboxPage(page);
    for (const host of [team.ann, team.bob]) {
      await inbox.open(host.url);
      await expect(inbox.row(text.slice(0, 30))).toHaveCount(1, { timeout: 20_000 });
    }
    await screenshot(page, testInfo, 'live-comment-on-second-host');
  },
);
