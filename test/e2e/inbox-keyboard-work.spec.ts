// `j` within a frame (issue 6, "Performance"): what a press does before the page can paint. Moving
// the selection re-renders the two rows it leaves and enters and nothing else (not the list, not
// the screen around it), and changes nothing in the DOM but those rows and the listbox's
// aria-activedescendant, also when the list scrolls; the rows scrolled in and an open conversation
// follow after the frame. Counted, not timed (support/pressWork.ts): the timing is `npm run bench:ui`.
// And the list's scrolling around it: j brings the current row back into view, a next page
// loading while the user scrolls does not.
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';
import { PRESS_WORK_PROBE, type PressWork } from './support/pressWork.ts';

/** The two rows and the follower of the selection (InboxList.tsx): all a press may render. */
const ALLOWED = ['InboxRowView', 'InboxRowView', 'SelectionFollower'];

async function pressesSoFar(inbox: InboxPage): Promise<PressWork[]> {
  return inbox.page.evaluate(() => (globalThis as unknown as { __pressWork: { presses: PressWork[] } }).__pressWork.presses);
}

/** Presses `j` once what the last press deferred has run, and returns what its task did. */
async function pressJ(inbox: InboxPage): Promise<PressWork> {
  await inbox.page.evaluate(() => (globalThis as unknown as { __pressWork: { settle(): Promise<void> } }).__pressWork.settle());
  const before = (await pressesSoFar(inbox)).length;
  const id = await inbox.selected.getAttribute('id');
  await inbox.key('j');
  await expect(inbox.selected).not.toHaveAttribute('id', id ?? '');
  const presses = await pressesSoFar(inbox);
  const press = presses.slice(before).find((entry) => entry.key === 'j');
  if (!press) throw new Error('the press was not recorded');
  return press;
}

function expectOnlyTheSelectionChanged(press: PressWork, step: number): void {
  expect([...press.rendered].sort(), `components rendered by press ${step}`).toEqual(ALLOWED);
  const touched = new Set(press.mutations.filter((change) => change.startsWith('option#')).map((change) => change.split(' ')[0]));
  expect(touched.size, `options changed by press ${step}: ${press.mutations.join(', ')}`).toBe(2);
  const others = press.mutations.filter((change) => !change.startsWith('option#'));
  expect(others, `other DOM changes of press ${step}`).toEqual(['listbox @aria-activedescendant']);
}

test('j re-renders only the two rows whose selection changes, also when the list scrolls', async ({ page, app }) => {
  await page.addInitScript({ content: PRESS_WORK_PROBE });
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await expect(inbox.selected).toHaveCount(1);
  await inbox.list.focus();
  const scrolledAtStart = await inbox.list.evaluate((list) => list.scrollTop);
  // More presses than rows fit in the view: the later ones scroll the list.
  const presses = 16;
  for (let step = 1; step <= presses; step += 1) expectOnlyTheSelectionChanged(await pressJ(inbox), step);
  expect(await inbox.list.evaluate((list) => list.scrollTop)).toBeGreaterThan(scrolledAtStart);
  // The current row is in view, and the rows below it were rendered after the frame.
  await expect(inbox.selected).toBeInViewport();
  await expect.poll(() => inbox.rows.count()).toBeGreaterThan(presses - 4);
});

test('with a conversation open, j moves the selection at once and the conversation follows after', async ({ page, app }) => {
  await page.addInitScript({ content: PRESS_WORK_PROBE });
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  // Enter opens the current row: wait until the first page's rows are in and one is current.
  await expect(inbox.selected).toHaveCount(1);
  await inbox.list.focus();
  await inbox.key('Enter');
  const conversation = page.getByRole('complementary', { name: 'Conversation' });
  await expect(conversation.getByRole('button', { name: 'Close the conversation' })).toBeVisible();
  for (let step = 1; step <= 3; step += 1) {
    const press = await pressJ(inbox);
    expectOnlyTheSelectionChanged(press, step);
    const text = await inbox.selected.locator('.row-text').textContent();
    await expect(conversation).toContainText(text ?? '');
  }
});

test('after scrolling away from the current row, j brings the next one into view', async ({ page, app }) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await expect(inbox.selected).toHaveCount(1);
  await inbox.list.focus();
  await inbox.list.hover();
  // Far below the rows rendered around the current one: they are replaced as the list scrolls.
  await page.mouse.wheel(0, 4_000);
  await expect(inbox.selected).toHaveCount(0);
  await inbox.key('j');
  await expect(inbox.selected).toBeInViewport();
  await inbox.key('k');
  await expect(inbox.selected).toBeInViewport();
});

test('scrolling to the end of the loaded rows loads the next page and stays there', async ({ page, app }) => {
  const inbox = new InboxPage(page);
  await inbox.open(app.url);
  await expect(inbox.selected).toHaveCount(1);
  const before = await inbox.rows.last().getAttribute('aria-posinset');
  // Near the end of the first page (200 rows of 88 px): the list asks for the next one.
  await inbox.list.evaluate((list) => {
    list.scrollTop = 16_800;
  });
  await expect.poll(async () => Number(await inbox.rows.last().getAttribute('aria-posinset'))).toBeGreaterThan(200);
  expect(Number(before)).toBeLessThan(30);
  // The current row (the first) was out of view: the new page must not bring it back.
  expect(await inbox.list.evaluate((list) => list.scrollTop)).toBeGreaterThan(16_000);
  await expect(inbox.selected).toHaveCount(0);
});
