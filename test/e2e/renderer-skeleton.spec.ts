import { expect, test } from './fixtures.ts';

test('the built renderer shows the Social Inbox heading without errors', async ({ page, rendererUrl }, testInfo) => {
  // Console errors include CSP violations, so this also proves the CSP lets our own files load.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(rendererUrl);

  await expect(page.getByRole('heading', { level: 1, name: 'Social Inbox' })).toBeVisible();
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    /default-src 'self'; script-src 'self';.*object-src 'none'; base-uri 'none'/,
  );
  // Saved under test-results/ (kept for passing tests too) and attached to the report.
  const screenshot = testInfo.outputPath('renderer-skeleton.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach('renderer-skeleton', { path: screenshot, contentType: 'image/png' });
  expect(problems).toEqual([]);
});
