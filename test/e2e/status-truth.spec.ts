// Issue 27, items 4 and 5, end to end: the real app in Chromium through the web host, on a sandbox
// the test started.
//   4. "Up to date" only once every client's first complete sync is done (before: "Fetching: 3 of 5
//      clients"), and on a later start not before a request of that start was answered (before, it
//      said "Up to date" at 1.3 s, then "Sync failing").
//   5. A client whose messaging is switched off is a setting, not a sync failure: the line stays
//      "Up to date", and that client's Messages view says what to do.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { AppHost } from './support/appHost.ts';

test.describe.configure({ timeout: 180_000 });

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 1024, height: 700 };

const syncStatus = (page: Page) => page.getByRole('group', { name: 'Sync status' });
const kindSwitch = (page: Page) => page.getByRole('group', { name: /Show comments, messages, reviews or all/ });

async function bothSizes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1440', WIDE],
    ['1024', NARROW],
  ] as const) {
    await page.setViewportSize(viewport);
    const path = `/tmp/h27truth/${name}-${size}.png`;
    await page.screenshot({ path });
    await testInfo.attach(`${name}-${size}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize(WIDE);
}

/** Every text the sync line shows from now on, kept in the page (a line shown for 100 ms is caught too). */
async function recordSyncLine(page: Page): Promise<void> {
  // A script string: it runs in the page, whose DOM the tests' types do not describe.
  await page.evaluate(`(() => {
    const seen = [];
    globalThis.syncLines = seen;
    const look = () => {
      const text = document.querySelector('.sync-text')?.textContent ?? '';
      if (text !== '' && seen.at(-1) !== text) seen.push(text);
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

const syncLines = (page: Page) => page.evaluate(() => (globalThis as unknown as { syncLines: string[] }).syncLines);

test('item 4: "Up to date" only after every client\'s first complete sync, and a later start is not "Up to date" before it is checked', async ({
  page,
  sandbox,
}, testInfo) => {
  // Each answer a little slow, so the first sync lasts long enough to be watched.
  await sandbox.setFaults({ latencyMs: 120 });
  const world = await sandbox.world();
  const messaging = new Set(world.profiles.filter((p) => p.messagingEnabled).map((p) => p.refId));
  const conversations = world.conversations.filter((c) => c.status === 'active' && messaging.has(c.profileRefId)).length;
  const app = new AppHost({ sandboxUrl: sandbox.url, undoSeconds: 1 });
  try {
    await app.start();
    await page.setViewportSize(WIDE);
    await page.goto(app.url);
    await recordSyncLine(page);
    await expect(syncStatus(page)).toContainText(/Fetching: \d of \d clients/, { timeout: 30_000 });
    await bothSizes(page, testInfo, 'sync-line-fetching');
    // Messages come after the comments: their view, while they are fetched (a picture, not a check:
    // how far the sync has come by now varies).
    await kindSwitch(page).getByRole('button', { name: 'Messages' }).click();
    await bothSizes(page, testInfo, 'messages-while-fetching');
    await kindSwitch(page).getByRole('button', { name: 'All', exact: true }).click();
    await expect(syncStatus(page)).toContainText('Up to date', { timeout: 150_000 });
    // When it says so, every client's comments and messages are in.
    const status = await app.call('status.get', {});
    for (const client of status.sync) {
      expect(client.firstFetched.comment, client.profileId).not.toBeNull();
      expect(client.firstFetched.conversation, client.profileId).not.toBeNull();
      expect(client.postsDone).toBe(client.postsTotal);
    }
    expect((await app.call('inbox.page', { filter: { kind: 'conversation' }, limit: 500 })).rows.length).toBe(conversations);
    const lines = await syncLines(page);
    expect(lines.indexOf('Up to date')).toBe(lines.length - 1);
    await bothSizes(page, testInfo, 'sync-line-up-to-date');

    // A later start with the service gone: the copy on this computer is whole, but not checked.
    await sandbox.setFaults({ down: true });
    await app.restart();
    await page.goto(app.url);
    await recordSyncLine(page);
    await expect(syncStatus(page)).toContainText(/Offline since/, { timeout: 30_000 });
    expect(await syncLines(page)).not.toContain('Up to date');
    await bothSizes(page, testInfo, 'sync-line-restart-offline');
    // The service answers again: checked, up to date.
    await sandbox.clearFaults();
    for (const profile of world.profiles) await app.call('sync.refresh', { profileId: profile.refId });
    await expect(syncStatus(page)).toContainText('Up to date', { timeout: 60_000 });
  } finally {
    await app.dispose();
  }
});

test('item 5: messaging switched off for a client keeps the status green, and its Messages view says what to do', async ({ page, app, sandbox }, testInfo) => {
  const world = await sandbox.world();
  // A client whose messages come today; its owner switches messaging off at the service.
  const client = world.profiles.find((profile) => profile.profileKey !== null && profile.messagingEnabled)!;
  await page.setViewportSize(WIDE);
  await page.goto(app.url);
  await expect(syncStatus(page)).toContainText('Up to date', { timeout: 30_000 });
  await recordSyncLine(page);
  const response = await fetch(`${sandbox.running.controlUrl}/messaging`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sandbox.running.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ profileRefId: client.refId, enabled: false }),
  });
  expect(response.ok).toBe(true);
  // "Refresh now" asks again; the core learns of the refusal (code 361) from its sync.
  await app.call('sync.refresh', { profileId: client.refId });
  await expect
    .poll(async () => (await app.call('inbox.messagingOff', {})).profiles.map((profile) => profile.profileId), { timeout: 30_000 })
    .toContain(client.refId);
  await page
    .getByRole('navigation')
    .getByRole('button', { name: new RegExp(`^${client.title}`) })
    .click();
  await kindSwitch(page).getByRole('button', { name: 'Messages' }).click();
  // The client's conversations stay; with them read, the view is empty only in Needs reply.
  await expect(syncStatus(page)).toContainText('Up to date');
  await expect(syncStatus(page)).not.toContainText(client.title);
  expect((await syncLines(page)).filter((line) => /failing/i.test(line))).toEqual([]);
  await bothSizes(page, testInfo, 'messaging-off-green');
});
