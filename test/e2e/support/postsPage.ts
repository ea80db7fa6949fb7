// The Posts view and a post's metric panel, through their roles and names (the same contract a
// screen reader uses), for the metric journeys (issue 7).
import { expect, type Locator, type Page } from '@playwright/test';

export class PostsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get view(): Locator {
    return this.page.getByRole('region', { name: 'Posts' });
  }

  get clientSelect(): Locator {
    return this.view.getByRole('combobox', { name: 'Client' });
  }

  get panel(): Locator {
    return this.page.getByRole('complementary', { name: 'Metrics' });
  }

  get badges(): Locator {
    return this.panel.getByRole('list', { name: 'About these numbers' }).getByRole('listitem');
  }

  get freshness(): Locator {
    return this.panel.getByTestId('metric-freshness');
  }

  /** Opens the Posts view with `g p` from the inbox. */
  async openWithKeys(): Promise<void> {
    await this.page.keyboard.press('g');
    await this.page.keyboard.press('p');
    await expect(this.view).toBeVisible();
  }

  async chooseClient(title: string): Promise<void> {
    await this.clientSelect.selectOption({ label: title });
  }

  /** A post's row (its button, the first: a tracked post's row also has "Stop tracking"), by its key. */
  row(postKey: string): Locator {
    return this.view.locator(`[data-post-key="${postKey}"]`).getByRole('button').first();
  }

  async openPost(postKey: string): Promise<void> {
    await this.row(postKey).click();
    await expect(this.panel).toHaveAttribute('data-post-key', postKey);
    await expect(this.panel.getByRole('region', { name: 'The post', exact: true })).toBeVisible();
  }

  /** The panel's "Comparison" section: its "Compare with" choice and its table. */
  get comparison(): Locator {
    return this.panel.getByRole('region', { name: 'Comparison' });
  }

  /** One row of the comparison's table, by metric key: [metric, this post, the other, difference]. */
  async comparisonRow(metricKey: string): Promise<string[]> {
    const row = this.comparison.locator(`tr[data-compare="${metricKey}"]`);
    await expect(row).toBeVisible();
    return row.locator('th, td').allTextContents();
  }

  /** When the user last looked, as the panel says it ("Changes are since you last looked (2 min ago)."). */
  get lastLooked(): Locator {
    return this.panel.getByTestId('metric-seen');
  }

  /** A twitter thread's panel (each tweet's numbers and their sums). */
  get threadPanel(): Locator {
    return this.page.getByRole('complementary', { name: 'Thread metrics' });
  }

  /** A thread's row (its button), by its first tweet's key. */
  threadRow(headKey: string): Locator {
    return this.view.locator(`[data-thread-head="${headKey}"]`).getByRole('button');
  }

  /** The thread panel's table: {metric key: {per tweet shown values, shown sum}}. */
  async threadNumbers(): Promise<Record<string, { perTweet: string[]; sum: string }>> {
    return this.threadPanel.locator('tr[data-metric]').evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.getAttribute('data-metric') ?? '',
          {
            perTweet: [...row.querySelectorAll('td[data-tweet]')].map((cell) => cell.textContent ?? ''),
            sum: row.querySelector('td[data-sum]')?.getAttribute('data-sum') ?? '',
          },
        ]),
      ),
    );
  }

  /** Every number on the panel: {metric key: shown value}. */
  async numbers(): Promise<Record<string, string>> {
    return this.panel
      .locator('[data-metric]')
      .evaluateAll((tiles) =>
        Object.fromEntries(tiles.map((tile) => [tile.getAttribute('data-metric') ?? '', tile.querySelector('.metric-value')?.textContent ?? ''])),
      );
  }
}
