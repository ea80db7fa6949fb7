// The Reports view, as the report's end-to-end tests drive it: choose a client and a period, wait
// for the page's figures, and give back what the core is asked for (the client's profile and the
// period's first and last day), so a test can compare the page with `report.get`.
import { expect, type Page } from '@playwright/test';

export interface ShownReport {
  profileId: string;
  from: string;
  to: string;
}

/** Chooses `clientName` (when listed) and `period` on the open Reports view; waits for its received count. */
export async function showClientReport(page: Page, clientName: string, period: string): Promise<ShownReport> {
  const client = page.getByLabel('Client', { exact: true });
  const value = await client.locator('option', { hasText: clientName }).getAttribute('value');
  if (value !== null) await client.selectOption(value);
  await page.getByLabel('Period', { exact: true }).selectOption(period);
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  const profileId = await client.inputValue();
  await expect
    .poll(async () => Number(((await page.locator('[data-figure="received"]').textContent()) ?? '').replace(/\D/g, '')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  return { profileId, from, to };
}
