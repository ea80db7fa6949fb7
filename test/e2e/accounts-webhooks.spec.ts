// Issue 7's journeys for accounts, webhooks and post comments on/off: the real app in Chromium
// through the web host, on sandboxes the test started, through the settings screen as a person uses
// it. Each journey saves screenshots and runs axe (no serious or critical violation) on each screen.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox } from '../../src/sandbox/index.ts';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../../src/shared/networks.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { ordinaryPost } from './support/sandboxControl.ts';

/** Console errors of the page (a CSP violation is one): none may appear on these screens. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function openSettings(page: Page, url: string) {
  await new InboxPage(page).open(url);
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver on loopback over HTTPS, with a self-signed certificate made by openssl. */
async function httpsReceiver(): Promise<{ url: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-hook-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
    stdio: 'ignore',
  });
  const deliveries: Delivery[] = [];
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/hooks/social-inbox`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}

test('an account is added only once the service accepts its key: wrong key and plan without comments are told apart', async ({ page, app }, testInfo) => {
  // The person's own service account (a second sandbox, another world) and one on a plan without comments.
  const studio = await startSandbox({ port: 0, seed: 7, apiKey: 'studio-key-7731' });
  const basic = await startSandbox({ port: 0, seed: 8, plan: 'basic', apiKey: 'basic-key-0001' });
  // Six screens with axe on each, two extra sandboxes and a sandbox reset: longer than a usual journey.
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  try {
    const dialog = await openSettings(page, app.url);
    const sandboxCard = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Built-in sandbox/ }) });
    await expect(dialog.getByRole('note', { name: 'Security of the keys' })).toContainText(
      /stored in the system keychain|kept in memory only: no keyring found/i,
    );
    await expect(sandboxCard.getByRole('button', { name: 'Reset the sandbox' })).toBeVisible();
    const add = dialog.getByRole('region', { name: 'Add an account' });
    await expect(add.getByLabel('Service address')).toHaveValue('https://api.ayrshare.com/api');
    await screenshot(page, testInfo, 'settings-accounts');
    await expectAccessible(page, testInfo, 'settings-accounts');

    await add.getByLabel('Name').fill('Studio');
    await add.getByLabel('Service address').fill(studio.url);
    await add.getByLabel('API key', { exact: true }).fill('not-the-key');
    await add.getByRole('button', { name: 'Check and add' }).click();
    await expect(add.getByRole('alert')).toContainText('wrong key');

    await add.getByLabel('Service address').fill(basic.url);
    await add.getByLabel('API key', { exact: true }).fill(basic.apiKey);
    await add.getByRole('button', { name: 'Check and add' }).click();
    await expect(add.getByRole('alert')).toContainText('plan does not include the comments operations');
    await screenshot(page, testInfo, 'add-account-refused');
    await expectAccessible(page, testInfo, 'add-account-refused');

    // With the account's X key pair (from the service's dashboard; here the studio sandbox's world).
    const studioWorld = (await fetch(`${studio.controlUrl}/world`, { headers: { authorization: `Bearer ${studio.apiKey}` } }).then((r) => r.json())) as {
      profiles: { title: string; profileKey: string | null }[];
      xCredentials: { key: string; secret: string };
    };
    await add.getByLabel('Service address').fill(studio.url);
    await add.getByLabel('API key', { exact: true }).fill(studio.apiKey);
    await add.getByLabel('X API key').fill(studioWorld.xCredentials.key);
    await add.getByLabel('X API secret').fill(studioWorld.xCredentials.secret);
    await add.getByRole('button', { name: 'Check and add' }).click();
    await expect(add.getByRole('status')).toContainText('Added Studio', { timeout: 15_000 });
    await expect(add.getByLabel('API key', { exact: true })).toHaveValue('');
    await expect(add.getByLabel('X API key')).toHaveValue('');

    const card = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Studio', exact: true }) });
    await expect(card.getByText('•••• 7731')).toBeVisible();
    // The X pair is kept (masked), and no key is ever shown back.
    await expect(card.getByRole('definition').nth(1)).toHaveText(/^•••• /);
    for (const secret of [studio.apiKey, studioWorld.xCredentials.key, studioWorld.xCredentials.secret]) {
      await expect(page.locator('body')).not.toContainText(secret);
    }
    const accounts = await app.call('accounts.list', {});
    expect(accounts.accounts.map((a) => a.title)).toContain('Studio');

    // A client profile of the new account is renamed; the sidebar follows.
    const first = studioWorld.profiles[0]?.title ?? '';
    const nameField = card.getByLabel(`Name of ${first}`);
    await nameField.fill('Renamed client');
    await nameField.press('Enter');
    await expect(page.getByRole('navigation').getByRole('button', { name: /Renamed client/ })).toBeVisible();

    // A client profile's Profile-Key (from the service's dashboard): kept, shown back by its last 4 only.
    const client = studioWorld.profiles.find((p) => p.profileKey !== null);
    if (!client?.profileKey) throw new Error('the studio world has no client profile');
    await card.getByLabel(`Profile-Key of ${client.title}`).fill(client.profileKey);
    await card.getByRole('button', { name: 'Save key' }).first().click();
    await expect(card.getByText(`Profile-Key •••• ${client.profileKey.slice(-4)}`)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(client.profileKey);

    // A new client profile through the service (the studio's plan allows it).
    await card.getByLabel('New client profile').fill('Northside Florist');
    await card.getByRole('button', { name: 'Create through the service' }).click();
    await expect(card.getByText('Profile “Northside Florist” created.')).toBeVisible();
    await expect(card.getByLabel('Name of Northside Florist')).toBeVisible();
    // Its Profile-Key came from the service and is kept: nothing to paste.
    await expect(card.getByLabel('Profile-Key of Northside Florist')).toHaveCount(0);
    await screenshot(page, testInfo, 'account-added');
    await expectAccessible(page, testInfo, 'account-added');

    // The app's own settings, in the dark theme.
    await dialog.getByRole('tab', { name: 'App' }).click();
    await dialog.getByLabel('Theme').selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect((await app.call('settings.get', {})).theme).toBe('dark');
    await screenshot(page, testInfo, 'settings-app-dark');
    await expectAccessible(page, testInfo, 'settings-app-dark');
    await dialog.getByRole('tab', { name: 'Accounts and keys' }).click();
    await screenshot(page, testInfo, 'settings-accounts-dark');
    await expectAccessible(page, testInfo, 'settings-accounts-dark');

    // The built-in sandbox starts again from a fresh world.
    await sandboxCard.getByRole('button', { name: 'Reset the sandbox' }).click();
    await expect(sandboxCard.getByRole('status')).toContainText('The sandbox was reset', { timeout: 15_000 });
    // Removed, it can be brought back.
    await sandboxCard.getByRole('button', { name: 'Remove account' }).click();
    await sandboxCard.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(sandboxCard).toHaveCount(0);
    expect((await app.call('accounts.list', {})).accounts.map((a) => a.kind)).toEqual(['service']);
    await dialog.getByRole('button', { name: 'Bring back the built-in sandbox' }).click();
    await expect(sandboxCard).toBeVisible({ timeout: 15_000 });
    expect(errors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
  } finally {
    await studio.close();
    await basic.close();
  }
});

test('a webhook is registered, delivers a signed comments event over HTTPS, verifies in the tool, and is unregistered', async ({
  page,
  app,
  sandbox,
}, testInfo) => {
  const receiver = await httpsReceiver();
  try {
    const target = ordinaryPost(await sandbox.world(), 'instagram');
    const dialog = await openSettings(page, app.url);
    await dialog.getByRole('tab', { name: 'Webhooks' }).click();
    await dialog.getByLabel('Profile').selectOption(target.profile.refId);
    await expect(dialog.getByText('No webhook registered.')).toBeVisible();

    const form = dialog.getByRole('form', { name: 'Register a webhook' });
    const address = form.getByLabel('Address (https://)');
    await address.fill('http://127.0.0.1/hook');
    await expect(form.getByText(/must begin with https:\/\//)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Register' })).toBeDisabled();
    await address.fill(receiver.url);
    await expect(form.getByText('This address can be registered.')).toBeVisible();
    await form.getByLabel('Action').selectOption('comments');
    await expect(form.getByText('A new comment arrived on one of the profile’s posts.')).toBeVisible();
    await form.getByRole('button', { name: 'Register' }).click();
    const list = dialog.getByRole('list', { name: 'Registered webhooks' });
    await expect(list.getByText(receiver.url)).toBeVisible();
    expect((await app.call('webhooks.list', { profileId: target.profile.refId })).webhooks).toEqual([{ action: 'comments', url: receiver.url }]);

    await dialog.getByRole('button', { name: 'Set a new signing secret' }).click();
    const secret = (await dialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await screenshot(page, testInfo, 'webhooks');
    await expectAccessible(page, testInfo, 'webhooks');
    await dialog.getByRole('button', { name: 'I have kept it: hide' }).click();
    await expect(dialog.getByTestId('webhook-secret')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(secret);

    // Someone comments on the client's post: the service calls the receiver, signed.
    await sandbox.injectComment({
      platform: target.post.platform,
      socialPostId: target.post.socialId,
      profileRefId: target.profile.refId,
      comment: 'Is the studio open on Sunday?',
      from: { id: 'e2e-hook', username: 'sunday.visitor' },
    });
    await expect.poll(() => receiver.deliveries.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const delivery = receiver.deliveries[0]!;
    const signature = String(delivery.headers[WEBHOOK_SIGNATURE_HEADER]);
    const timestamp = String(delivery.headers[WEBHOOK_TIMESTAMP_HEADER]);
    expect(signature).toBe(createHmac('sha256', secret).update(delivery.body).digest('hex'));
    expect(delivery.body).toContain('Is the studio open on Sunday?');

    // The verify tool says the same, and refuses a changed body.
    const verify = dialog.getByRole('form', { name: 'Verify a delivery' });
    await verify.getByLabel('Body (exactly as received)').fill(delivery.body);
    await verify.getByLabel('X-Authorization-Timestamp').fill(timestamp);
    await verify.getByLabel('X-Authorization-Content-SHA256').fill(signature);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(verify.getByRole('status')).toContainText('The signature matches');
    await screenshot(page, testInfo, 'webhook-verified');
    await expectAccessible(page, testInfo, 'webhook-verified');
    await verify.getByLabel('Body (exactly as received)').fill(`${delivery.body} `);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await expect(verify.getByRole('status')).toContainText('does not match');

    await list.getByRole('button', { name: 'Unregister Comments' }).click();
    await expect(dialog.getByText('No webhook registered.')).toBeVisible();
    expect((await app.call('webhooks.list', { profileId: target.profile.refId })).webhooks).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test('comments turned off on an instagram post are refused on it', async ({ page, app, sandbox }, testInfo) => {
  const target = ordinaryPost(await sandbox.world(), 'instagram', { onlyNetwork: true });
  const made = await sandbox.injectComment({
    platform: 'instagram',
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: 'Where can I buy the blue one?',
    from: { id: 'e2e-blue', username: 'blue.fan' },
  });
  await app.fetchComment(`instagram:${target.post.socialId}`, `instagram:${made.commentId}`);
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await inbox.row('Where can I buy the blue one?').click();
  const post = page.getByRole('region', { name: 'The post' });
  const toggle = post.getByRole('checkbox', { name: 'Comments on' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  // Issue 19: the switch asks first.
  await page.getByRole('alertdialog', { name: 'Turn comments off?' }).getByRole('button', { name: 'Turn comments off' }).click();
  await expect(toggle).not.toBeChecked();
  await screenshot(page, testInfo, 'comments-off');
  await expectAccessible(page, testInfo, 'comments-off');

  // The network refuses a new comment on the post now.
  await expect(
    sandbox.injectComment({ platform: 'instagram', socialPostId: target.post.socialId, profileRefId: target.profile.refId, comment: 'One more?' }),
  ).rejects.toThrow(/Comments are disabled on this instagram post/);
  const ledger = await sandbox.ledger();
  expect(ledger.some((entry) => entry.method === 'PUT' && entry.path.endsWith('/post'))).toBe(true);
});
