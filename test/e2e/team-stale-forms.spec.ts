// A form opened before a teammate's change arrived (issue 22; decision 0063): Ann has a client's
// report settings form and the saved replies editor open on her computer while Bob, on his,
// changes the time zone and renames a saved reply. Ann then saves a different field in each: Bob's
// change stays, on both computers, and Ann's is there too (the forms send what they were opened
// with; main saves only what Ann changed).
import { expect, test } from './fixtures.ts';
import { InboxPage } from './support/inboxPage.ts';
import { startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

const SHOTS = '/tmp/h22v';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

test('Ann’s forms, opened before Bob’s changes arrived, keep his changes when she saves hers', async ({ page, sandbox }) => {
  test.setTimeout(120_000);
  team = await startTeamHosts(sandbox);
  const { ann, bob } = team;
  const { profiles } = await ann.call('profiles.list', {});
  const profileId = profiles[0]?.profileId;
  if (profileId === undefined) throw new Error('the sandbox world has no client profile');

  // The report settings form, open on Ann's screen.
  await new InboxPage(page).open(ann.url);
  await page.getByRole('navigation', { name: 'Inbox navigation' }).getByRole('button', { name: 'Reports' }).click();
  await page.getByLabel('Client', { exact: true }).selectOption(profileId);
  await page.getByRole('button', { name: /business hours and target/ }).click();
  const form = page.getByRole('form', { name: 'Report settings' });
  await expect(form).toBeVisible();
  const opened = (await ann.call('report.settings.get', { profileId })).settings;

  // Bob changes the time zone; it reaches Ann's computer while her form still shows the old one.
  await bob.call('report.settings.update', { profileId, settings: { ...opened, timeZone: 'Asia/Tokyo' } });
  await expect.poll(async () => (await ann.call('report.settings.get', { profileId })).settings.timeZone, { timeout: 20_000 }).toBe('Asia/Tokyo');
  await expect(form.getByLabel('Time zone')).toHaveValue(opened.timeZone);
  await form.getByLabel('Response target').check();
  await form.getByLabel('Target in hours').fill('2');
  await form.getByLabel('Target clock').selectOption('wall');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/stale-report-form-1440.png` });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: `${SHOTS}/stale-report-form-1024.png` });
  await form.getByRole('button', { name: 'Save settings' }).click();
  for (const host of [ann, bob]) {
    await expect
      .poll(async () => (await host.call('report.settings.get', { profileId })).settings, { timeout: 20_000 })
      .toEqual({ ...opened, timeZone: 'Asia/Tokyo', responseTarget: { minutes: 120, clock: 'wall' } });
  }

  // The saved replies editor, open on Ann's screen (from a comment's reply box).
  const inbox = new InboxPage(page);
  await inbox.open(ann.url);
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Saved replies', exact: true }).click();
  await page.getByRole('list', { name: 'Saved replies' }).getByRole('button', { name: 'Edit saved replies…' }).click();
  const editor = page.getByRole('dialog', { name: 'Saved replies' });
  await expect(editor).toBeVisible();
  const before = (await ann.call('settings.get', {})).savedReplies;
  const [first, second] = [before[0], before[1]];
  if (first === undefined || second === undefined) throw new Error('fewer than two saved replies');

  // Bob renames the first; Ann's editor still shows its old title when she edits the second's text.
  await bob.call('settings.update', {
    savedReplies: (await bob.call('settings.get', {})).savedReplies.map((one) => (one.id === first.id ? { ...one, title: 'Thanks from Bob' } : one)),
  });
  await expect.poll(async () => (await ann.call('settings.get', {})).savedReplies[0]?.title, { timeout: 20_000 }).toBe('Thanks from Bob');
  const titles = editor.getByRole('textbox', { name: 'Title' });
  await expect(titles.first()).toHaveValue(first.title);
  await editor.getByRole('textbox', { name: 'Text' }).nth(1).fill('Hi {name}, Ann here: I sent you a message.');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/stale-editor-1440.png` });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: `${SHOTS}/stale-editor-1024.png` });
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toHaveCount(0);
  const expected = before.map((one) =>
    one.id === first.id ? { ...one, title: 'Thanks from Bob' } : one.id === second.id ? { ...one, text: 'Hi {name}, Ann here: I sent you a message.' } : one,
  );
  for (const host of [ann, bob]) {
    await expect.poll(async () => (await host.call('settings.get', {})).savedReplies, { timeout: 20_000 }).toEqual(expected);
  }
  // Ann's screen shows Bob's title too.
  await page.getByRole('button', { name: 'Saved replies', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Saved replies' }).getByRole('button', { name: /Thanks from Bob/ })).toBeVisible();
});
