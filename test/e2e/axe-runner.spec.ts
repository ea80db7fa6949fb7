// The suite's axe runner (support/axe.ts) runs axe in the page, injected once, instead of through
// @axe-core/playwright's AxeBuilder: it must find what AxeBuilder finds, rule by rule, and still
// find a violation after the page changed. No app needed: a page of its own.
import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import { expect, test } from '@playwright/test';
import { runAxe } from './support/axe.ts';

const PAGE = `<!doctype html><html lang="en"><head><title>axe</title></head><body><main>
  <h1>Replies</h1>
  <p style="color:#999;background:#fff">Pale text on white</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <button></button>
</main></body></html>`;

/** Each rule's outcome and how many elements it concerns, sorted. */
function outcomes(results: AxeResults): string[] {
  const list = (kind: string, rules: AxeResults['passes']) => rules.map((rule) => `${kind} ${rule.id} ${rule.nodes.length}`);
  return [
    ...list('violation', results.violations),
    ...list('pass', results.passes),
    ...list('incomplete', results.incomplete),
    ...list('inapplicable', results.inapplicable),
  ].sort();
}

test('the in-page axe run finds what AxeBuilder finds, and a violation added later', async ({ page }) => {
  // Four full scans, one of them AxeBuilder's with its blank page: slow on a loaded machine.
  test.setTimeout(60_000);
  await page.setContent(PAGE);
  const ours = await runAxe(page);
  expect(ours.violations.map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(outcomes(ours)).toEqual(outcomes(await new AxeBuilder({ page }).analyze()));
  // axe is injected once per document: a change after the first scan is seen by the next.
  await page.evaluate("document.querySelector('main').insertAdjacentHTML('beforeend', '<input type=\"text\">')");
  expect((await runAxe(page)).violations.map((v) => v.id)).toContain('label');
  // A new document (a reload) gets axe again.
  await page.reload();
  await page.setContent(PAGE);
  expect((await runAxe(page)).violations.map((v) => v.id).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
});
