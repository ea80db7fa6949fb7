// The app in Chromium through the web host, as `npm run web` serves it: the page gets window.api
// from the web transport (there is no preload here), calls the real core over the socket and
// receives its events; a page without the token, or on another site, gets nothing.
import { expect, test } from './fixtures.ts';

interface PageApi {
  on(event: string, listener: (payload: unknown) => void): () => void;
  [command: string]: unknown;
}
type Call = (input?: unknown) => Promise<unknown>;

test('window.api carries a bridge call and an event between the page and the core', async ({ page, webHost }, testInfo) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const response = await page.goto(webHost.url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${webHost.port}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Social Inbox' })).toBeVisible();

  const accounts = await page.evaluate(() => ((globalThis as unknown as { api: Record<string, Call> }).api['accounts.list'] as Call)({}));
  expect(accounts).toMatchObject({ ok: true, data: { accounts: [{ accountId: 'sandbox', kind: 'sandbox' }] } });

  // An event pushed by the core: the settings change the page asks for comes back to its listener.
  const event = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const api = (globalThis as unknown as { api: PageApi }).api;
        const unsubscribe = api.on('settings.changed', (payload) => {
          unsubscribe();
          resolve(payload);
        });
        void (api['settings.update'] as Call)({ undoSeconds: 10 });
      }),
  );
  expect(event).toMatchObject({ undoSeconds: 10 });

  // Keys added here live in memory only, and the page is told so with each key's status.
  const keys = await page.evaluate(() =>
    ((globalThis as unknown as { api: Record<string, Call> }).api['accounts.keyStatus'] as Call)({ accountId: 'sandbox' }),
  );
  expect(keys).toMatchObject({ ok: true, data: { protection: { kind: 'memory', backend: 'memory', warning: expect.stringMatching(/kept in memory only/) } } });

  const screenshot = testInfo.outputPath('web-host.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach('web-host', { path: screenshot, contentType: 'image/png' });
  expect(problems).toEqual([]);
});

test('a page without the token gets nothing, and another page cannot open the bridge even with it', async ({ page, webHost }) => {
  const refused = await page.goto(`${webHost.origin}/`);
  expect(refused?.status()).toBe(403);

  // A page of another origin (here the blank page, whose origin is opaque) that somehow knows the token.
  await page.goto('about:blank');
  const outcome = await page.evaluate(
    (socketUrl) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(socketUrl);
        socket.onopen = () => resolve('opened');
        socket.onerror = () => resolve('refused');
      }),
    `ws://127.0.0.1:${webHost.port}/bridge?token=${webHost.token}`,
  );
  expect(outcome).toBe('refused');
});
