// Metric panels in a freelancer's words (issue 19, item 9): rates as percentages, counts whole (an
// average too), one name per figure (X's impressions once), no ids or sizes among the numbers, one
// CSV column per figure whatever each network calls it, and "Refresh now" that says it is asking
// and then what came of it. The real app in Chromium through the web host, on the test's sandbox.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { AppHost } from './support/appHost.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { PostsPage } from './support/postsPage.ts';
import type { World, WorldPost } from './support/sandboxControl.ts';
import { createFormatter } from '../../src/shared/format/formatter.ts';

const keyOf = (post: WorldPost) => `${post.platform}:${post.socialId}`;

/** Asks for the posts' numbers now and waits until the store has them. */
async function metricsOf(app: AppHost, posts: WorldPost[]): Promise<void> {
  for (const post of posts) await app.call('sync.refresh', { postKey: keyOf(post) });
  await expect
    .poll(async () => (await Promise.all(posts.map((post) => app.call('posts.metrics', { postKey: keyOf(post) })))).filter((a) => a.latest === null).length, {
      timeout: 20_000,
    })
    .toBe(0);
}

/** An ordinary post of the client's own on a network, from a client with at least `count` of them there. */
function ordinary(world: World, platform: string, count = 1): WorldPost[] {
  const mine = world.posts.filter((p) => p.platform === platform && p.owned && p.flags.length === 0 && p.threadOf === undefined);
  const first = mine.find((p) => mine.filter((q) => q.profileRefId === p.profileRefId).length >= count);
  if (!first) throw new Error(`the sandbox world has no client with ${count} ordinary ${platform} posts`);
  return mine.filter((p) => p.profileRefId === first.profileRefId).slice(0, Math.max(count, 1));
}

function titleOf(world: World, post: WorldPost): string {
  const profile = world.profiles.find((p) => p.refId === post.profileRefId);
  if (!profile) throw new Error(`no profile ${post.profileRefId}`);
  return profile.title;
}

/** The panel's tiles as shown: name, value, kind. */
async function tiles(page: Page): Promise<{ label: string; value: string; kind: string }[]> {
  return page
    .getByRole('complementary', { name: 'Metrics' })
    .locator('.metric-tile')
    .evaluateAll((items) =>
      items.map((item) => ({
        label: item.querySelector('.metric-label')?.textContent ?? '',
        value: item.querySelector('.metric-value')?.textContent ?? '',
        kind: item.getAttribute('data-kind') ?? '',
      })),
    );
}

/** Nothing on the panel is named after an id, a link or a size. */
const NOT_A_FIGURE = /thumbnail|width|height|\bid\b|link|url/i;

test('a panel shows rates as percentages, whole counts, one name per figure and no sizes; X says Impressions once', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  const world = await sandbox.world();
  const [tiktok] = ordinary(world, 'tiktok');
  const [linkedin] = ordinary(world, 'linkedin');
  const [tweet] = ordinary(world, 'twitter');
  await metricsOf(app, [tiktok!, linkedin!, tweet!]);

  const posts = new PostsPage(page);
  await page.goto(app.url);
  await expect(page.getByRole('listbox', { name: 'Inbox' })).toBeVisible();
  await posts.openWithKeys();

  // TikTok: a rate, an average time, counts; no thumbnail width or height among them.
  await posts.chooseClient(titleOf(world, tiktok!));
  await posts.openPost(keyOf(tiktok!));
  const tiktokTiles = await tiles(page);
  expect(tiktokTiles.map((t) => t.label)).toEqual(expect.arrayContaining(['Views', 'Likes', 'Watched to the end', 'Average watch time']));
  expect(new Set(tiktokTiles.map((t) => t.label)).size).toBe(tiktokTiles.length);
  for (const tile of tiktokTiles) expect(tile.label).not.toMatch(NOT_A_FIGURE);
  expect(tiktokTiles.find((t) => t.label === 'Watched to the end')?.value).toMatch(/^\d{1,3}(\.\d)?%$/);
  expect(tiktokTiles.find((t) => t.label === 'Average watch time')?.value).toMatch(/^\d+ (s|min)$/);
  for (const tile of tiktokTiles.filter((t) => t.kind === 'count')) expect(tile.value).toMatch(/^\d{1,3}(,\d{3})*$/);
  await screenshot(page, testInfo, 'tiktok-figures');

  // LinkedIn: its engagement rate as a percentage.
  await posts.chooseClient(titleOf(world, linkedin!));
  await posts.openPost(keyOf(linkedin!));
  const linkedinTiles = await tiles(page);
  expect(linkedinTiles.find((t) => t.label === 'Engagement rate')?.value).toMatch(/^\d{1,3}(\.\d)?%$/);
  for (const tile of linkedinTiles.filter((t) => t.kind === 'count')) expect(tile.value).toMatch(/^\d{1,3}(,\d{3})*$/);

  // X: the author's own tweet has public, non-public and organic numbers, and Impressions once.
  await posts.chooseClient(titleOf(world, tweet!));
  await posts.openPost(keyOf(tweet!));
  const tweetTiles = await tiles(page);
  expect(tweetTiles.filter((t) => t.label === 'Impressions')).toHaveLength(1);
  expect(new Set(tweetTiles.map((t) => t.label)).size).toBe(tweetTiles.length);
  await screenshot(page, testInfo, 'x-figures');
  await expectAccessible(page, testInfo, 'x-figures');
});

test('the comparison shows whole counts, the average too, and a rate as a percentage', async ({ page, app, sandbox }, testInfo) => {
  const world = await sandbox.world();
  const group = ordinary(world, 'linkedin', 3);
  await metricsOf(app, group);
  const posts = new PostsPage(page);
  await page.goto(app.url);
  await expect(page.getByRole('listbox', { name: 'Inbox' })).toBeVisible();
  await posts.openWithKeys();
  await posts.chooseClient(titleOf(world, group[0]!));
  await posts.openPost(keyOf(group[0]!));
  const table = posts.comparison.getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
  const names = rows.map((row) => row[0]);
  expect(new Set(names).size).toBe(names.length);
  for (const row of rows) {
    const [name, mine, average] = row;
    if (name === 'Engagement rate') {
      expect(mine).toMatch(/^\d{1,3}(\.\d)?%$/);
      expect(average).toMatch(/^\d{1,3}(\.\d)?%/);
    } else {
      expect(mine, name).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(average, name).toMatch(/^\d{1,3}(,\d{3})*( \(of \d+ posts?\))?$/);
    }
  }
  expect(names).toContain('Engagement rate');
  await table.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'comparison-figures');
});

test('the CSV has one column per figure, whatever each network calls it, and no sizes', async ({ page, app, sandbox }, testInfo) => {
  const world = await sandbox.world();
  // The client with the most networks among its posts.
  const networksOf = (refId: string) => new Set(world.posts.filter((p) => p.profileRefId === refId && p.owned).map((p) => p.platform));
  const client = [...world.profiles].filter((p) => p.profileKey !== null).sort((a, b) => networksOf(b.refId).size - networksOf(a.refId).size)[0];
  if (!client) throw new Error('the sandbox world has no client profile');
  const { posts: summaries } = await app.call('posts.list', { profileId: client.refId });
  const perNetwork = [...new Map(summaries.map((s) => [s.post.platform, s])).values()];
  expect(perNetwork.length).toBeGreaterThanOrEqual(3);
  await metricsOf(
    app,
    perNetwork.map((s) => ({ platform: s.post.platform, socialId: s.post.socialPostId }) as WorldPost),
  );

  const posts = new PostsPage(page);
  await page.goto(app.url);
  await expect(page.getByRole('listbox', { name: 'Inbox' })).toBeVisible();
  await posts.openWithKeys();
  await posts.chooseClient(client.title);
  const [download] = await Promise.all([page.waitForEvent('download'), posts.view.getByRole('button', { name: 'Export CSV' }).click()]);
  const [head = ''] = readFileSync(await download.path(), 'utf8').split('\r\n');
  const columns = head.split(',').map((c) => c.replace(/^"|"$/g, ''));
  await testInfo.attach('csv-head', { body: head, contentType: 'text/plain' });
  expect(columns.filter((c) => c === 'Likes')).toHaveLength(1);
  for (const synonym of ['likes', 'likeCount', 'shares', 'shareCount', 'sharesCount', 'commentsCount', 'commentCount', 'thumbnailWidth', 'thumbnailHeight']) {
    expect(
      columns.some((c) => c === synonym || c.endsWith(`.${synonym}`)),
      synonym,
    ).toBe(false);
  }
  expect(new Set(columns).size).toBe(columns.length);
});

test('Refresh now says it is asking, then what came of it', async ({ page, app, sandbox }, testInfo) => {
  const world = await sandbox.world();
  const [post] = ordinary(world, 'linkedin');
  await metricsOf(app, [post!]);
  const posts = new PostsPage(page);
  await page.goto(app.url);
  await expect(page.getByRole('listbox', { name: 'Inbox' })).toBeVisible();
  await posts.openWithKeys();
  await posts.chooseClient(titleOf(world, post!));
  await posts.openPost(keyOf(post!));

  const status = posts.panel.getByTestId('metric-refresh-status');
  await expect(status).toHaveAttribute('role', 'status');
  const button = posts.panel.getByRole('button', { name: /^Refresh/ });
  await button.click();
  await expect(button).toHaveText('Refreshing…');
  await expect(button).toBeDisabled();
  await expect(status).toHaveText('Asking the service for this post’s numbers…');
  await screenshot(page, testInfo, 'refresh-asking');
  await expect(status).toHaveText(/^(Updated just now\.|No newer figures yet; the service updates them at .+\.)$/, { timeout: 20_000 });
  // The time newer figures come, as the app's own formatter writes it: a clock time today, the date
  // too when it falls on another day (at 23:57 the next update is after midnight). Any hour passes.
  const said = (await status.textContent()) ?? '';
  if (said !== 'Updated just now.') {
    const { latest } = await app.call('posts.metrics', { postKey: keyOf(post!) });
    const next = Date.parse(latest?.nextUpdate ?? '');
    const format = createFormatter({ locale: 'en-GB' });
    const at = (when: string) => `No newer figures yet; the service updates them at ${when}.`;
    expect([at(format.time(next)), at(format.dateTime(next))]).toContain(said);
  }
  await expect(button).toHaveText('Refresh now');
  await expect(button).toBeEnabled();
  await screenshot(page, testInfo, 'refresh-result');
});
