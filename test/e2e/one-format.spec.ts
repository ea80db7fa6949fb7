// One format for dates and times on every screen (issue 19, item 10): the app writes them with the
// system's locale and clock (Intl), the same way in the list, the snooze menu, the metric panel and
// its comparison. The browser's locale and zone stand for the system's: a 12-hour clock and US
// dates in en-US (New York), a 24-hour clock and day-first dates in en-GB (London), everywhere.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshot } from './support/axe.ts';
import { InboxPage } from './support/inboxPage.ts';
import { PostsPage } from './support/postsPage.ts';

interface Case {
  locale: string;
  timezoneId: string;
  /** A time as this locale's clock writes it. */
  clock: RegExp;
  /** A time this locale's clock never writes. */
  otherClock: RegExp;
  /** A date with the year, as this locale writes it. */
  date: RegExp;
  /** `@long` for the walk `npm test` leaves out. */
  tag: string[];
}

const CASES: Case[] = [
  {
    locale: 'en-US',
    timezoneId: 'America/New_York',
    clock: /\b\d{1,2}:\d{2}\s(AM|PM)\b/u,
    otherClock: /\b(0\d|1[3-9]|2[0-3]):\d{2}\b(?!\s(AM|PM))/u,
    date: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/u,
    tag: [],
  },
  {
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    clock: /\b\d{1,2}:\d{2}\b(?!\s?(am|pm))/iu,
    otherClock: /\b\d{1,2}:\d{2}\s?(am|pm)\b/iu,
    date: /^\d{1,2} [A-Z][a-z]{2} \d{4}$/u,
    // The same walk in a second locale: a long form (decision 0080 fourth round). `npm test` walks it
    // in en-US, whose clock and dates differ from the en-GB every other end-to-end test reads.
    tag: ['@long'],
  },
];

/** The hover titles (exact times) of the given elements. */
async function titles(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => elements.map((e) => e.getAttribute('title') ?? '').filter((t) => t !== ''));
}

for (const c of CASES) {
  test.describe(`in ${c.locale}`, () => {
    test.use({ locale: c.locale, timezoneId: c.timezoneId });

    test(
      `the list, the snooze menu, the metric panel and its comparison write times one way (${c.locale})`,
      { tag: c.tag },
      async ({ page, app, sandbox }, testInfo) => {
        // Normalise Intl's narrow no-break space before AM/PM to a plain one.
        const plain = (text: string) => text.replace(/[\u202f\u00a0]/gu, ' ');
        const inbox = new InboxPage(page);
        await inbox.open(app.url);
        await expect(inbox.rows.first()).toBeVisible();

        // The list's rows: the exact time on hover.
        const rowTitles = (await titles(page, '.row-time')).map(plain);
        expect(rowTitles.length).toBeGreaterThan(0);
        for (const title of rowTitles) {
          expect(title).toMatch(c.clock);
          expect(title).not.toMatch(c.otherClock);
        }

        // The snooze menu's wake times (tomorrow and next week are at 8 in the morning).
        await inbox.list.focus();
        await inbox.key('h');
        const menu = page.getByRole('dialog', { name: /^Snooze .+ until$/ });
        const wakes = (await menu.locator('.snooze-when').allInnerTexts()).map(plain);
        expect(wakes.length).toBeGreaterThanOrEqual(2);
        for (const wake of wakes) {
          expect(wake).toMatch(c.clock);
          expect(wake).not.toMatch(c.otherClock);
        }
        await screenshot(page, testInfo, `snooze-${c.locale}`);
        await inbox.key('Escape');

        // A post's metric panel: when it was posted, updated and fetched, on hover.
        const world = await sandbox.world();
        const group = world.posts.filter((p) => p.platform === 'linkedin' && p.owned && p.flags.length === 0);
        const post = group.find((p) => group.filter((q) => q.profileRefId === p.profileRefId).length >= 2);
        if (!post) throw new Error('the sandbox world has no client with two linkedin posts');
        const client = world.profiles.find((p) => p.refId === post.profileRefId);
        if (!client) throw new Error('no profile');
        const key = `linkedin:${post.socialId}`;
        await app.call('sync.refresh', { postKey: key });
        await expect.poll(async () => (await app.call('posts.metrics', { postKey: key })).latest !== null, { timeout: 20_000 }).toBe(true);
        const posts = new PostsPage(page);
        await posts.openWithKeys();
        await posts.chooseClient(client.title);
        await posts.openPost(key);
        await expect(posts.freshness.locator('time').first()).toBeVisible();
        const panelTitles = (await titles(page, '.metric-panel [title]')).map(plain).filter((t) => /\d{4}/u.test(t));
        expect(panelTitles.length).toBeGreaterThanOrEqual(3);
        for (const title of panelTitles) {
          expect(title).toMatch(c.clock);
          expect(title).not.toMatch(c.otherClock);
        }

        // The comparison's other posts, named by their date.
        const options = await posts.comparison.getByRole('combobox', { name: 'Compare with' }).locator('optgroup option').allInnerTexts();
        expect(options.length).toBeGreaterThan(0);
        for (const option of options) expect(plain(option.split(' · ')[0] ?? '')).toMatch(c.date);
        await screenshot(page, testInfo, `panel-${c.locale}`);
      },
    );
  });
}
