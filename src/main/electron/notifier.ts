// Shows the notifications the core decides on (grouping and rate limits are the core's) and
// reports clicks back. Electron drops a Notification's click handler when the object is garbage
// collected, so every shown notification is held until it is clicked or closed.
import type { NotificationConstructorOptions } from 'electron';
import type { AppNotification, NotifierPort } from '../core/ports.ts';
import { monthMiddle } from '../core/app/reportMonths.ts';
import { INBOX_KINDS } from '../core/kinds/inboxKinds.ts';
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import { createFormatter } from '../../shared/format/formatter.ts';

/** The parts of Electron's Notification used here. */
export interface NotificationLike {
  show(): void;
  on(event: 'click' | 'close' | 'failed', listener: () => void): unknown;
}

export interface NotifierHost {
  /** Notification.isSupported(). */
  isSupported(): boolean;
  create(options: NotificationConstructorOptions): NotificationLike;
}

export interface NotifierOptions {
  /** The settings' "notifications" switch, read at each notification. */
  enabled(): boolean;
  /** The person clicked it: show the window and open what it is about. */
  onClick(notification: AppNotification): void;
}

/**
 * Held notifications at most. macOS keeps notifications in its centre without ever reporting
 * 'close'; past this many, the oldest is let go (its click may then be lost, nothing else).
 */
export const MAX_HELD_NOTIFICATIONS = 100;

function plural(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count.toLocaleString('en-US')} ${many}`;
}

/**
 * "3 new comments", "new messages in 2 conversations", or both, in each inbox kind's own words
 * (core/kinds), in the kinds' order; with no news counted, the first kind's "0 new comments".
 */
function newsText(counts: Partial<Record<InboxItemKind, number>>): string {
  const counted = (count: number, noun: { one: string; other: string }) => plural(count, noun.one, noun.other);
  const parts = INBOX_KINDS.flatMap((kind) => {
    const count = counts[kind.name] ?? 0;
    return count > 0 ? [kind.words.news(count, counted)] : [];
  });
  const [first] = INBOX_KINDS;
  if (parts.length === 0 && first !== undefined) parts.push(first.words.news(0, counted));
  return parts.join(', ');
}

/** "October's reports are ready for 5 clients": the month's name in the system's words (UTC: a month key has no zone). */
function reportsReadyText(month: string, clients: number): { title: string; body: string } {
  const words = createFormatter({ timeZone: 'UTC' });
  return {
    title: `${words.monthName(monthMiddle(month))}'s reports are ready for ${words.count(clients, { one: 'client', other: 'clients' })}`,
    body: 'Open Reports in Social Inbox to send them.',
  };
}

export function notificationText(notification: AppNotification): { title: string; body: string } {
  switch (notification.kind) {
    case 'new-items':
      return {
        title: `${notification.profileTitle}: ${newsText(notification.counts)}`,
        body: notification.preview,
      };
    case 'summary': {
      const news = newsText(notification.counts);
      return {
        title: news.charAt(0).toUpperCase() + news.slice(1),
        body: `Across ${plural(notification.profiles, 'client', 'clients')}. Open Social Inbox to read them.`,
      };
    }
    case 'reply-failed':
      return { title: `${notification.what} could not be sent`, body: notification.message };
    case 'reports-ready':
      return reportsReadyText(notification.month, notification.clients);
  }
}

export class ElectronNotifier implements NotifierPort {
  readonly #host: NotifierHost;
  readonly #options: NotifierOptions;
  readonly #held = new Set<NotificationLike>();

  constructor(host: NotifierHost, options: NotifierOptions) {
    this.#host = host;
    this.#options = options;
  }

  show(notification: AppNotification): void {
    if (!this.#options.enabled() || !this.#host.isSupported()) return;
    const shown = this.#host.create({ ...notificationText(notification), silent: false });
    const release = () => this.#held.delete(shown);
    shown.on('click', () => {
      release();
      this.#options.onClick(notification);
    });
    shown.on('close', release);
    shown.on('failed', release);
    this.#held.add(shown);
    while (this.#held.size > MAX_HELD_NOTIFICATIONS) {
      const oldest = this.#held.values().next().value;
      if (oldest === undefined) break;
      this.#held.delete(oldest);
    }
    shown.show();
  }

  /** How many notifications are held for their click (for tests and diagnostics). */
  get heldCount(): number {
    return this.#held.size;
  }
}
