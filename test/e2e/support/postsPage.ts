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

  /** A post's row (its button), by its key. */
  row(postKey: string): Locator {
    return this.view.locator(`[data-post-key="${postKey}"]`).getByRole('button');
  }

  async openPost(postKey: string): Promise<void> {
    await this.row(postKey).click();
    await expect(this.panel).toHaveAttribute('data-post-key', postKey);
    await expect(this.panel.getByRole('region', { name: 'The post', exact: true })).toBeVisible();
  }

  /** Every number on the panel: {metric key: shown value}. */
  async numbers(): Promise<Record<string, string>> {
    return this.panel.locator('[data-metric]').evaluateAll((tiles) =>
      Object.fromEntries(tiles.map((tile) => [tile.getAttribute('data-metric') ?? '', tile.querySelector('.metric-value')?.textContent ?? ''])),
    );
  }
}
