// Which notifications to show, and when. New comments are gathered for a short window and shown as
// one notification per client ("3 new comments on Acme"); a client is not notified again within a
// minimum gap (what arrives meanwhile waits for the next one); when more clients have news at once
// than a notification centre can take, or when comments pour in after a long offline spell or a
// first sync, one summary says how many there are instead of a storm. A reply the service refused
// is shown at once. Clicks come back by id: the planner remembers what each one opens (a bounded
// number of the latest).
import type { AppNotification, NotifierPort } from '../app/ports.ts';
import type { Clock } from '../clock.ts';

export interface NotificationPlannerOptions {
  clock: Clock;
  notifier: NotifierPort;
  /** The user's setting, read at the moment a notification would be shown. */
  enabled(): boolean;
  profileTitle(profileId: string): string;
  /** "Author: text" of a comment, shortened; null when the store does not have it. */
  preview(commentKey: string): string | null;
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
  commentKey: string;
  outboxId: string | null;
}

interface Pending {
  keys: string[];
}

export class NotificationPlanner {
  readonly #o: Required<Omit<NotificationPlannerOptions, 'clock' | 'notifier' | 'enabled' | 'profileTitle' | 'preview'>> & NotificationPlannerOptions;
  readonly #pending = new Map<string, Pending>();
  /** Comments that arrive during a catch-up: counted, shown as one summary. */
  readonly #catchUp = new Map<string, number>();
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

  /** New comments of a client. `firstFetch`: the post's backlog, arriving on a first sync. */
  newComments(profileId: string, keys: readonly string[], firstFetch: boolean): void {
    if (this.#closed || keys.length === 0) return;
    const now = this.#o.clock.now();
    if (firstFetch) {
      // A first sync: never a notification per client; one summary once it has settled.
      this.#catchUpUntil = Math.max(this.#catchUpUntil, now + this.#o.gatherMs);
    }
    if (firstFetch || now < this.#catchUpUntil) {
      this.#catchUp.set(profileId, (this.#catchUp.get(profileId) ?? 0) + keys.length);
      this.#schedule(Math.max(this.#catchUpUntil, now + this.#o.gatherMs));
      return;
    }
    const pending = this.#pending.get(profileId) ?? { keys: [] };
    pending.keys.push(...keys);
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
      for (const [profileId, pending] of this.#pending) this.#catchUp.set(profileId, (this.#catchUp.get(profileId) ?? 0) + pending.keys.length);
      this.#pending.clear();
    }
  }

  /** The service refused a reply for good: shown at once (if notifications are on). */
  replyFailed(input: { profileId: string; outboxId: string; commentKey: string; message: string }): void {
    if (this.#closed) return;
    const id = this.#nextId('reply-failed');
    this.#show({ kind: 'reply-failed', id, ...input }, { commentKey: input.commentKey, outboxId: input.outboxId });
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
        this.#summary(
          [...this.#catchUp.values()].reduce((a, b) => a + b, 0),
          this.#catchUp.size,
        );
        this.#catchUp.clear();
      }
    }
    const ready = [...this.#pending].filter(([profileId]) => now - (this.#lastShown.get(profileId) ?? Number.NEGATIVE_INFINITY) >= this.#o.minGapPerProfileMs);
    if (ready.length > this.#o.maxPerWindow) {
      this.#summary(
        ready.reduce((sum, [, pending]) => sum + pending.keys.length, 0),
        ready.length,
      );
      for (const [profileId] of ready) {
        this.#pending.delete(profileId);
        this.#lastShown.set(profileId, now);
      }
    } else {
      for (const [profileId, pending] of ready) {
        this.#pending.delete(profileId);
        this.#lastShown.set(profileId, now);
        const first = pending.keys[0];
        if (first === undefined) continue;
        const id = this.#nextId('comments');
        this.#show(
          {
            kind: 'new-comments',
            id,
            profileId,
            profileTitle: this.#o.profileTitle(profileId),
            count: pending.keys.length,
            firstCommentKey: first,
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

  #summary(count: number, profiles: number): void {
    if (count <= 0) return;
    this.#show({ kind: 'summary', id: this.#nextId('summary'), count, profiles }, null);
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
