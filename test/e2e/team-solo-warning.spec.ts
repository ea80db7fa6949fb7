// Solo multi-device mode ("just my own devices", issue 22) while the team server cannot be reached:
// a reply goes out, and its own card says it went without checking the other devices, also after
// the app is restarted. The host joins a workspace at an address where nothing listens (a port the
// test took from the system and let go), so every claim finds the server unreachable.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { AppHost } from './support/appHost.ts';
import { InboxPage } from './support/inboxPage.ts';

const SHOTS = '/tmp/h22d';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];
const WARNING = 'Sent without checking your other devices: the team server could not be reached.';

let host: AppHost | null = null;
test.afterEach(async () => {
  await host?.dispose();
  host = null;
});

/** A loopback port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port from the system');
  return address.port;
}

async function shots(page: Page, testInfo: TestInfo, name: string, inView: ReturnType<Page['locator']>): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await inView.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png` });
    await screenshot(page, testInfo, `${name}-${size.width}`);
  }
  await page.setViewportSize(SIZES[0]!);
}

test('in solo mode, a reply sent while the team server is away says so on its own card', async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  const port = await closedPort();
  host = new AppHost({
    sandboxUrl: sandbox.url,
    undoSeconds: 1,
    team: { syncUrl: `http://127.0.0.1:${port}/agency`, member: 'ann', device: 'laptop', password: 'ann-password' },
  });
  await host.start();
  await host.synced();
  await host.call('team.setMode', { mode: 'solo' });
  const { rows } = await host.call('inbox.page', { filter: { kind: 'comment', view: 'needsReply' }, limit: 50 });
  const row = rows.find((candidate) => ['facebook', 'instagram', 'twitter'].includes(candidate.platform));
  if (!row) throw new Error('the sandbox world has no comment to answer');

  await page.setViewportSize(SIZES[0]!);
  const inbox = new InboxPage(page);
  await inbox.open(host.url);
  await inbox.needsReplyView.click();
  await inbox.row(row.text.slice(0, 40)).first().click();
  const text = 'Thanks! Sent while the team server was away.';
  await inbox.reply.fill(text);
  await inbox.send.click();
  const card = inbox.replyCard(text);
  await expect(card).toContainText('Sent', { timeout: 15_000 });
  await expect(card).toContainText(WARNING);
  expect(await sandbox.repliesWithText(text)).toHaveLength(1);
  // Once the reply is read back into the thread, the thread shows it in place of the card: it says it too.
  const delivered = page.getByRole('article', { name: 'Your reply: Sent' }).filter({ hasText: text });
  await expect(delivered).toContainText(WARNING, { timeout: 15_000 });
  await shots(page, testInfo, 'solo-sent-unchecked', delivered);

  // After a restart the Outbox view still says it, on the same reply.
  await host.restart();
  await inbox.open(host.url);
  await page
    .getByRole('navigation')
    .getByRole('button', { name: /^Outbox/ })
    .click();
  const listed = page.getByRole('list', { name: 'Outbox' }).getByRole('article').filter({ hasText: text });
  await expect(listed).toContainText(WARNING);
  await shots(page, testInfo, 'solo-sent-unchecked-outbox', listed);
});
