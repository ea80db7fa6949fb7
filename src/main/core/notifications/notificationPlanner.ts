// Which notifications to show, and when. New comments and new direct messages are gathered for a
// short window and shown as one notification per client ("Acme: 3 new comments, new messages in 1
// conversation"); a client is not notified again within a minimum gap (what arrives meanwhile waits
// for the next one); when more clients have news at once than a notification centre can take, or
// when news pours in after a long offline spell or a first sync, one summary says how much there is
// instead of a storm. A reply or message the service refused is shown at once. Clicks come back by
// id: the planner remembers what each one opens (a bounded number of the latest).
import type { AppNotification, NotifierPort } from '../ports.ts';
import type { Clock } from '../clock.ts';
import type { InboxItemKind } from '../../../shared/domain/inbox.ts';
import { INBOX_KINDS, inboxKindNamed } from '../kinds/inboxKinds.ts';

export interface NotificationPlannerOptions {
  clock: Clock;
  notifier: NotifierPort;
  /** The user's setting, read at the moment a notification would be shown. */
  enabled(): boolean;
  profileTitle(profileId: string): string;
  /** "Author: text" of a comment (or of a conversation's last message), shortened; null when the store does not have it. */
  preview(key: string): string | null;
  /** How long new comments are gathered before a notification; default 8 s. */
  gatherMs?: number;
  /** A client is notified at most once per this; default 2 minutes. */
  minGapPerProfileMs?: number;
  /** More clients than this with news in one window: one summary instead; default 3. */
  maxPerWindow?: number;
  /** Offline this long, then back: what arrives in the catch-up window is one summary; default 10 minutes. */
  longOfflineMs?: number;
  /** How long after coming back (or a first sync) news is summarised; default 2 minutes. */
  catchUpMs?: number;
  /** How many notifications are remembered for their clicks; default 200. */
  remember?: number;
}

export interface NotificationTarget {
  /** A comment's key or a conversation's. */
  commentKey: string;
  outboxId: string | null;
}

/**
 * A client's news not shown yet, per kind, counted as the kind says (core/kinds): each item
 * (comments: a number, however many arrive), or each key once (conversations: one that speaks twice
 * is one).
 */
interface News {
  counted: Map<InboxItemKind, number>;
  keyed: Map<InboxItemKind, Set<string>>;
  /** What the notification opens: the first news. */
  first: string | null;
}

function noNews(): News {
  return { counted: new Map(), keyed: new Map(), first: null };
}

function add(news: News, kind: InboxItemKind, keys: readonly string[]): void {
  if (inboxKindNamed(kind).news.count === 'each') {
    news.counted.set(kind, (news.counted.get(kind) ?? 0) + keys.length);
    return;
  }
  const keyed = news.keyed.get(kind) ?? new Set<string>();
  for (const key of keys) keyed.add(key);
  news.keyed.set(kind, keyed);
}

function countOf(news: News, kind: InboxItemKind): number {
  return (news.counted.get(kind) ?? 0) + (news.keyed.get(kind)?.size ?? 0);
}

/** Each kind's count of the news, in the kinds' order (every kind named, 0 when it has none). */
function countsOf(clients: readonly News[]): Record<InboxItemKind, number> {
  const counts = {} as Record<InboxItemKind, number>;
  for (const kind of INBOX_KINDS) counts[kind.name] = clients.reduce((sum, news) => sum + countOf(news, kind.name), 0);
  return counts;
}

function sizeOf(news: News): number {
  let size = 0;
  for (const count of news.counted.values()) size += count;
  for (const keys of news.keyed.values()) size += keys.size;
  return size;
}

/** `into` takes what `from` gathered. */
function fold(into: News, from: News): void {
  for (const [kind, count] of from.counted) into.counted.set(kind, (into.counted.get(kind) ?? 0) + count);
  for (const [kind, keys] of from.keyed) add(into, kind, [...keys]);
  into.first ??= from.first;
}

export class NotificationPlanner {
  readonly #o: Required<Omit<NotificationPlannerOptions, 'clock' | 'notifier' | 'enabled' | 'profileTitle' | 'preview'>> & NotificationPlannerOptions;
  readonly #pending = new Map<string, News>();
  /** News that arrives during a catch-up: counted, shown as one summary. */
  readonly #catchUp = new Map<string, News>();
  readonly #lastShown = new Map<string, number>();
  readonly #offlineSince = new Map<string, number>();
  readonly #targets = new Map<string, NotificationTarget>();
  #catchUpUntil = 0;
  #timer: AbortController | null = null;
  #timerAt = Number.POSITIVE_INFINITY;
  #sequence = 0;
  #closed = false;

  constructor(options: NotificationPlannerOptions) {
    this.#o = {
      gatherMs: 8_000,
      minGapPerProfileMs: 2 * 60_000,
      maxPerWindow: 3,
      longOfflineMs: 10 * 60_000,
      catchUpMs: 2 * 60_000,
      remember: 200,
      ...options,
    };
  }

  /**
   * New items of one kind for a client. `firstFetch`: a backlog arriving on a first sync (only for
   * a kind whose backlog is summarised: a kind whose first read is never news does not give it).
   */
  newItems(kind: InboxItemKind, profileId: string, keys: readonly string[], firstFetch: boolean): void {
    if (this.#closed || keys.length === 0) return;
    const now = this.#o.clock.now();
    if (firstFetch) {
      // A first sync: never a notification per client; one summary once it has settled.
      this.#catchUpUntil = Math.max(this.#catchUpUntil, now + this.#o.gatherMs);
    }
    this.#gather(profileId, firstFetch, (news) => {
      add(news, kind, keys);
      news.first ??= keys[0] ?? null;
    });
  }

  #gather(profileId: string, firstFetch: boolean, add: (news: News) => void): void {
    const now = this.#o.clock.now();
    if (firstFetch || now < this.#catchUpUntil) {
      const news = this.#catchUp.get(profileId) ?? noNews();
      add(news);
      this.#catchUp.set(profileId, news);
      this.#schedule(Math.max(this.#catchUpUntil, now + this.#o.gatherMs));
      return;
    }
    const pending = this.#pending.get(profileId) ?? noNews();
    add(pending);
    this.#pending.set(profileId, pending);
    this.#schedule(now + this.#o.gatherMs);
  }

  /** An account's service went away or came back. */
  connectivity(accountId: string, online: boolean): void {
    const now = this.#o.clock.now();
    if (!online) {
      if (!this.#offlineSince.has(accountId)) this.#offlineSince.set(accountId, now);
      return;
    }
    const since = this.#offlineSince.get(accountId);
    this.#offlineSince.delete(accountId);
    if (since !== undefined && now - since >= this.#o.longOfflineMs) {
      this.#catchUpUntil = Math.max(this.#catchUpUntil, now + this.#o.catchUpMs);
      // What was gathered before is folded into the summary too.
      for (const [profileId, pending] of this.#pending) {
        const news = this.#catchUp.get(profileId) ?? noNews();
        fold(news, pending);
        this.#catchUp.set(profileId, news);
      }
      this.#pending.clear();
    }
  }

  /** The service refused an answer (`what`: a reply, a direct message) for good: shown at once (if notifications are on). */
  replyFailed(input: { profileId: string; outboxId: string; commentKey: string; message: string; what: string }): void {
    if (this.#closed) return;
    const id = this.#nextId('reply-failed');
    this.#show({ kind: 'reply-failed', id, ...input }, { commentKey: input.commentKey, outboxId: input.outboxId });
  }

  /** Last month's reports are prepared (preparedReports.ts decides it is the month's one time): shown at once. */
  reportsReady(month: string, clients: number): void {
    if (this.#closed) return;
    this.#show({ kind: 'reports-ready', id: this.#nextId('reports'), month, clients }, null);
  }

  /** What a clicked notification opens; null when it is not (or no longer) known. */
  opened(notificationId: string): NotificationTarget | null {
    return this.#targets.get(notificationId) ?? null;
  }

  close(): void {
    this.#closed = true;
    this.#timer?.abort();
    this.#timer = null;
  }

  #schedule(at: number): void {
    if (this.#timer !== null && this.#timerAt <= at) return;
    this.#timer?.abort();
    const timer = new AbortController();
    this.#timer = timer;
    this.#timerAt = at;
    this.#o.clock.sleep(Math.max(0, at - this.#o.clock.now()), timer.signal).then(
      () => {
        if (this.#timer !== timer) return;
        this.#timer = null;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#flush();
      },
      () => {
        // Replaced by an earlier timer, or closed.
      },
    );
  }

  #flush(): void {
    if (this.#closed) return;
    const now = this.#o.clock.now();
    if (this.#catchUp.size > 0) {
      if (now < this.#catchUpUntil) {
        this.#schedule(this.#catchUpUntil);
      } else {
        this.#summary([...this.#catchUp.values()]);
        this.#catchUp.clear();
      }
    }
    const ready = [...this.#pending].filter(([profileId]) => now - (this.#lastShown.get(profileId) ?? Number.NEGATIVE_INFINITY) >= this.#o.minGapPerProfileMs);
    if (ready.length > this.#o.maxPerWindow) {
      this.#summary(ready.map(([, pending]) => pending));
      for (const [profileId] of ready) {
        this.#pending.delete(profileId);
        this.#lastShown.set(profileId, now);
      }
    } else {
      for (const [profileId, pending] of ready) {
        this.#pending.delete(profileId);
        this.#lastShown.set(profileId, now);
        const first = pending.first;
        if (first === null) continue;
        const id = this.#nextId('items');
        this.#show(
          {
            kind: 'new-items',
            id,
            profileId,
            profileTitle: this.#o.profileTitle(profileId),
            counts: countsOf([pending]),
            firstKey: first,
            preview: this.#o.preview(first) ?? '',
          },
          { commentKey: first, outboxId: null },
        );
      }
    }
    // Clients still within their gap: their news waits for the end of it.
    let next = Number.POSITIVE_INFINITY;
    for (const profileId of this.#pending.keys()) next = Math.min(next, (this.#lastShown.get(profileId) ?? now) + this.#o.minGapPerProfileMs);
    if (Number.isFinite(next)) this.#schedule(next);
  }

  /** One notification for the news of many clients. */
  #summary(clients: News[]): void {
    const withNews = clients.filter((news) => sizeOf(news) > 0);
    if (withNews.length === 0) return;
    this.#show({ kind: 'summary', id: this.#nextId('summary'), counts: countsOf(withNews), profiles: withNews.length }, null);
  }

  #show(notification: AppNotification, target: NotificationTarget | null): void {
    if (!this.#o.enabled()) return;
    if (target !== null) {
      this.#targets.set(notification.id, target);
      while (this.#targets.size > this.#o.remember) {
        const oldest = this.#targets.keys().next().value;
        if (oldest === undefined) break;
        this.#targets.delete(oldest);
      }
    }
    try {
      this.#o.notifier.show(notification);
    } catch {
      // The host's notifier failed: nothing for the core to do about it.
    }
  }

  #nextId(kind: string): string {
    this.#sequence += 1;
    return `${kind}-${this.#o.clock.now()}-${this.#sequence}`;
  }
}
