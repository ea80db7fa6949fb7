// Issue 21, item 5: a post sent through the service to several networks (one publication, decision
// 0051) is one entry in Posts, with its networks; opening it shows each network's numbers side by
// side and the total; each network's post stays one click away. The report's top posts show it once,
// with its networks; "Group by post" in the inbox makes one group of its comments.
import type { Page } from '@playwright/test';
import { figureValues } from '../../src/renderer/logic/metricFigures.ts';
import type { PostSummary } from '../../src/shared/domain/posts.ts';
import { NETWORKS } from '../../src/shared/networks.ts';
import { expect, test } from './fixtures.ts';
import type { AppHost } from './support/appHost.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { PostsPage } from './support/postsPage.ts';

test.setTimeout(120_000);

const CLIENT = 'Bloom Bakery';
const LABELS: Record<string, string> = {
  bluesky: 'Bluesky',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  threads: 'Threads',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};

/** The client's publications on three or more networks, as the core lists its posts. */
async function crossPosts(app: AppHost): Promise<{ profileId: string; groups: Map<string, PostSummary[]>; all: PostSummary[] }> {
  const { profiles } = await app.call('profiles.list', {});
  const profile = profiles.find((p) => p.title === CLIENT);
  if (!profile) throw new Error(`no client ${CLIENT}`);
  const { posts } = await app.call('posts.list', { profileId: profile.profileId });
  const groups = new Map<string, PostSummary[]>();
  for (const summary of posts) {
    const key = summary.post.publicationKey ?? summary.post.key;
    groups.set(key, [...(groups.get(key) ?? []), summary]);
  }
  return { profileId: profile.profileId, groups, all: posts };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/h21p/${name}.png` });
}

test('a cross-posted post is one entry in Posts, with its networks, per-network columns and the total', async ({ page, app }, testInfo) => {
  await app.synced(60_000);
  const { groups } = await crossPosts(app);
  const [publicationKey, found] = [...groups].find(([, group]) => group.length >= 3) ?? [];
  if (publicationKey === undefined || found === undefined) throw new Error(`${CLIENT} has no post on three networks`);
  // The entry lists its networks in the app's one order of networks.
  const members = [...found].sort((a, b) => NETWORKS.indexOf(a.post.platform) - NETWORKS.indexOf(b.post.platform));
  // Its numbers, asked for now, so the table has them.
  for (const member of members) await app.call('sync.refresh', { postKey: member.post.key });
  await expect
    .poll(async () => (await Promise.all(members.map((m) => app.call('posts.metrics', { postKey: m.post.key })))).filter((a) => a.latest === null).length, {
      timeout: 20_000,
    })
    .toBe(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  const posts = new PostsPage(page);
  await page.goto(app.url);
  await expect(page.getByRole('listbox', { name: 'Inbox' })).toBeVisible();
  await posts.openWithKeys();
  await posts.chooseClient(CLIENT);

  // One entry, naming its networks; each network's post is a row inside it, none a row of its own.
  const entry = posts.view.locator(`[data-publication-key="${publicationKey}"]`);
  await expect(entry).toHaveCount(1);
  const networks = members.map((m) => LABELS[m.post.platform] ?? m.post.platform);
  await expect(entry.getByRole('button').first()).toContainText(`${members.length} networks`);
  await expect(entry.getByRole('list', { name: `The post on ${networks.slice(0, -1).join(', ')} and ${networks.at(-1)}` })).toBeVisible();
  for (const member of members) {
    await expect(entry.locator(`[data-post-key="${member.post.key}"]`)).toHaveCount(1);
    await expect(posts.view.locator(`ul.post-rows > li[data-post-key="${member.post.key}"]`)).toHaveCount(0);
  }
  // No publication of the client is listed twice.
  const keys = await posts.view
    .locator('ul.post-rows > li')
    .evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-publication-key') ?? item.getAttribute('data-post-key') ?? item.getAttribute('data-thread-head')),
    );
  expect(new Set(keys).size).toBe(keys.length);

  // Opened: a column per network and the total; each row's total is the sum of the networks' counts.
  await entry.getByRole('button').first().click();
  const panel = page.getByRole('complementary', { name: 'Metrics on every network' });
  await expect(panel).toHaveAttribute('data-publication-key', publicationKey);
  const table = panel.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Metric', ...networks, 'Total']);
  const metrics = await Promise.all(members.map((m) => app.call('posts.metrics', { postKey: m.post.key })));
  const likes = metrics.map((m) => figureValues(m.post.platform, m.latest?.metrics ?? {}));
  const likeValues = likes.map((values) => Object.entries(values).find(([key]) => /^(likeCount|likes)$/.test(key))?.[1]);
  const likeRow = table.locator('tr[data-metric="Likes"]');
  await expect(likeRow.locator('td[data-network]')).toHaveText(likeValues.map((v) => (v === undefined ? '—' : v.toLocaleString('en-GB'))));
  await expect(likeRow.locator('td[data-total]')).toHaveAttribute('data-total', String(likeValues.reduce<number>((sum, v) => sum + (v ?? 0), 0)));
  await shot(page, 'posts-publication-1440');
  await screenshot(page, testInfo, 'publication-panel');
  await expectAccessible(page, testInfo, 'publication-panel');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(table).toBeVisible();
  await shot(page, 'posts-publication-1024');

  // One network's post alone: its own panel.
  const second = members[1]!;
  await panel.getByRole('button', { name: `Open ${LABELS[second.post.platform]} alone` }).click();
  await expect(posts.panel).toHaveAttribute('data-post-key', second.post.key);
  await expect(entry.locator(`[data-post-key="${second.post.key}"]`)).toHaveClass(/is-current/);
});

test('the report’s top posts show a cross-posted post once, with its networks', async ({ page, app }) => {
  await app.synced(60_000);
  const { profileId, all } = await crossPosts(app);
  const publicationOf = new Map(all.map((summary) => [summary.post.key, summary.post.publicationKey ?? summary.post.key]));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(app.url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Client report' })).toBeVisible();
  await page.getByLabel('Client', { exact: true }).selectOption(profileId);
  await page.getByLabel('Period', { exact: true }).selectOption('last-30');
  await page.getByLabel('Include the appendix').check();
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const core = await app.call('report.get', { profileId, from, to });
  const crossPosted = core.topPosts.find((post) => (post.networks ?? []).length >= 2);
  if (!crossPosted) throw new Error('no cross-posted post among the top posts');
  // Once on the page (page 2 and the appendix each list it once), with its networks in words.
  const shown = page.locator(`.report-posts`).first().locator(`[data-post="${crossPosted.postKey}"]`);
  await expect(shown).toHaveCount(1);
  const names = (crossPosted.networks ?? []).map((n) => LABELS[n]);
  await expect(shown).toContainText(`${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
  // No publication twice in a list of top posts.
  for (const list of await page.locator('.report-posts').all()) {
    const keys = await list.locator('[data-post]').evaluateAll((items) => items.map((item) => item.getAttribute('data-post') ?? ''));
    const publications = keys.map((key) => publicationOf.get(key) ?? key);
    expect(new Set(publications).size).toBe(publications.length);
  }
  await shown.scrollIntoViewIfNeeded();
  await shot(page, 'report-top-posts-1440');
  await page.setViewportSize({ width: 1024, height: 700 });
  await shown.scrollIntoViewIfNeeded();
  await shot(page, 'report-top-posts-1024');
});

// Long form only (@long, decision 0080 fourth round): select-post.spec.ts turns "Group by post" on and
// checks a group that names two networks at least; what this one adds is its screenshot.
test('“Group by post” makes one group of a cross-posted post’s comments, with its networks', { tag: '@long' }, async ({ page, app }) => {
  await app.synced(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(app.url);
  const inbox = page.getByRole('listbox', { name: 'Inbox' });
  await expect(inbox).toBeVisible();
  await page.getByRole('checkbox', { name: 'Group by post' }).check();
  const headers = page.locator('.group-header');
  await expect(headers.first()).toBeVisible();
  const withNetworks = page.locator('.group-header .group-networks');
  await expect(withNetworks.first()).toBeVisible();
  expect((await withNetworks.first().getAttribute('data-networks'))?.split(' ').length).toBeGreaterThanOrEqual(2);
  await shot(page, 'inbox-grouped-1440');
});
