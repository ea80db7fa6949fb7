// Measurements of the page's layout, run in the page. The tests typecheck without the DOM's types,
// so the few DOM shapes used are declared here.
import type { Locator, Page } from '@playwright/test';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}
interface El {
  tagName: string;
  className: unknown;
  textContent: string | null;
  scrollWidth: number;
  scrollHeight: number;
  clientWidth: number;
  getBoundingClientRect(): Box;
  closest(selector: string): El | null;
  contains(other: El): boolean;
  getAttribute(name: string): string | null;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): Iterable<El>;
}
interface Doc {
  documentElement: El;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): Iterable<El>;
  elementsFromPoint(x: number, y: number): El[];
}
interface PageGlobals {
  document: Doc;
  getComputedStyle(element: El): { overflowX: string };
}

/** Elements that scroll sideways (the document, or any scrolling box of the main area). */
export function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    const document = page.document;
    return [...document.querySelectorAll('html, body, .app, .main, .main *')]
      .filter((element) => {
        const style = page.getComputedStyle(element);
        const scrolls = element === document.documentElement || style.overflowX === 'auto' || style.overflowX === 'scroll';
        return scrolls && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
  });
}

/** Controls beneath the toast, at points sampled over its box (hit-testing: what is painted there). */
export function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    const toast = document.querySelector('.toast');
    if (!toast) return ['no toast'];
    const box = toast.getBoundingClientRect();
    const found = new Set<string>();
    for (let fx = 0.05; fx < 1; fx += 0.15)
      for (let fy = 0.2; fy < 1; fy += 0.3)
        for (const element of document.elementsFromPoint(box.left + box.width * fx, box.top + box.height * fy)) {
          if (toast.contains(element)) continue;
          const control = element.closest('button, a, input, textarea, select, [role="option"]');
          if (control) found.add(control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30) ?? control.tagName);
        }
    return [...found];
  });
}

/** How many options of a listbox are wholly inside its scrolling box. */
export function rowsFullyShown(list: Locator): Promise<number> {
  return list.evaluate((node) => {
    const scroller = node as unknown as El;
    const view = scroller.getBoundingClientRect();
    return [...scroller.querySelectorAll('[role="option"]')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
    }).length;
  });
}

/** The texts of the controls inside this box whose right edge passes its own (cut off). */
export function controlsCutOff(container: Locator): Promise<string[]> {
  return container.evaluate((node) => {
    const box = node as unknown as El;
    const edge = box.getBoundingClientRect().right;
    return [...box.querySelectorAll('button, label, input')].filter((c) => c.getBoundingClientRect().right > edge + 1).map((c) => c.textContent?.trim() ?? '');
  });
}

/** How many rows these elements make: each one's middle, to 10 px (controls of unlike heights on a row share it). */
export async function rowsOf(locator: Locator): Promise<number> {
  const boxes = await Promise.all((await locator.all()).map((one) => one.boundingBox()));
  return new Set(boxes.map((box) => (box ? Math.round((box.y + box.height / 2) / 10) : -1))).size;
}

/** The document's full height. */
export function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollHeight);
}
