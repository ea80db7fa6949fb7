// The inbox screen as the tests see it: only through the accessibility contract of issue 6 (a
// listbox "Inbox" of options named with author and text, aria-selected on the current one; a
// textbox "Reply"; a button "Send"; outbox states as text; an offline bar of role status).
import { expect, type Locator, type Page } from '@playwright/test';

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class InboxPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get list(): Locator {
    return this.page.getByRole('listbox', { name: 'Inbox' });
  }

  get rows(): Locator {
    return this.list.getByRole('option');
  }

  get selected(): Locator {
    return this.list.getByRole('option', { selected: true });
  }

  /** The row whose accessible name contains this text (a comment's text, or its author). */
  row(text: string): Locator {
    return this.list.getByRole('option', { name: new RegExp(escapeRegExp(text)) });
  }

  get reply(): Locator {
    return this.page.getByRole('textbox', { name: 'Reply' });
  }

  get send(): Locator {
    return this.page.getByRole('button', { name: 'Send' });
  }

  get offlineBar(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Offline' });
  }

  /** A reply of ours where it is shown (its outbox card in the thread): its state is text inside it. */
  replyCard(replyText: string): Locator {
    return this.page.getByRole('article').filter({ hasText: replyText });
  }

  /** The search field: the `/` key focuses it. */
  get search(): Locator {
    return this.page
      .getByRole('searchbox')
      .or(this.page.getByRole('textbox', { name: /search/i }))
      .first();
  }

  /** A client (profile) in the sidebar, by its name. */
  client(title: string): Locator {
    const name = new RegExp(escapeRegExp(title));
    return this.page.getByRole('navigation').getByRole('button', { name }).or(this.page.getByRole('navigation').getByRole('link', { name })).first();
  }

  /** The "Needs reply" view in the sidebar; its name ends with its count for the chosen client (none at 0). */
  get needsReplyView(): Locator {
    return this.page.getByRole('navigation').getByRole('button', { name: /^Needs reply/ });
  }

  async expectNeedsReply(count: number): Promise<void> {
    await expect(this.needsReplyView).toHaveAccessibleName(count === 0 ? /^Needs reply\s*0?$/ : new RegExp(`^Needs reply\\s*${count}$`));
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.list).toBeVisible();
  }

  /** Opens a comment (click on its row) and writes and sends a reply from the composer. */
  async replyTo(commentText: string, replyText: string): Promise<void> {
    await this.row(commentText).click();
    await expect(this.row(commentText)).toHaveAttribute('aria-selected', 'true');
    await this.reply.fill(replyText);
    await this.send.click();
  }

  /** Presses a key with the focus on the page (not in a text field). */
  async key(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }
}
