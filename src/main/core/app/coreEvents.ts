// What the sync and the outbox say, turned into bridge events, notifications and the tray's count:
// new comments (live inbox, grouped notifications), sync progress and problems, connectivity (a
// return nudges the outbox), and every outbox change (a refused reply is notified; a sent one
// makes its post refresh, so "replied" shows soon).
import type { EventHub } from '../bridge/eventHub.ts';
import type { NotificationPlanner } from '../notifications/notificationPlanner.ts';
import type { OutboxEvent, OutboxItem, OutboxState } from '../outbox/types.ts';
import type { Store } from '../store/types.ts';
import type { SyncEvent } from '../sync/events.ts';
import type { AccountService } from './accountService.ts';
import type { AccountRegistry } from './accountRegistry.ts';
import type { LoggerPort } from './ports.ts';
import type { StatusBoard } from './statusBoard.ts';
import { outboxItemView } from './views.ts';

/** New comments of more than this many keys are not looked at one by one for the notification. */
const NOTIFY_LOOKUP_LIMIT = 50;

export interface CoreEventsDeps {
  hub: EventHub;
  store: Store;
  registry: AccountRegistry;
  board: StatusBoard;
  planner: NotificationPlanner;
  accounts: () => AccountService;
  countsChanged: () => void;
  logger: LoggerPort | undefined;
}

export class CoreEvents {
  readonly #d: CoreEventsDeps;
  readonly #states = new Map<string, OutboxState>();

  constructor(deps: CoreEventsDeps) {
    this.#d = deps;
  }

  sync(event: SyncEvent): void {
    const { hub } = this.#d;
    switch (event.type) {
      case 'new-comments': {
        if (!this.#d.registry.activeProfileIds().has(event.profileId)) return;
        hub.emit('comments.new', {
          accountId: event.accountId,
          profileId: event.profileId,
          postKey: event.postKey,
          keys: event.keys,
          firstFetch: event.firstFetch,
        });
        this.#d.planner.newComments(event.profileId, this.#othersOnly(event.keys, event.firstFetch), event.firstFetch);
        this.#d.countsChanged();
        return;
      }
      case 'new-messages': {
        if (!this.#d.registry.activeProfileIds().has(event.profileId)) return;
        this.#d.countsChanged();
        // News (not a first sync's backlog) refreshes the open list and thread as a new comment does;
        // postKey carries the conversation's key. Notifications of direct messages are not planned yet.
        if (!event.firstFetch) {
          const { accountId, profileId, keys } = event;
          hub.emit('comments.new', { accountId, profileId, postKey: keys[0] ?? '', keys, firstFetch: false });
        }
        return;
      }
      case 'sync-progress':
        hub.emit('sync.progress', { accountId: event.accountId, profileId: event.profileId, postsDone: event.postsDone, postsTotal: event.postsTotal });
        return;
      case 'connectivity': {
        const value = { accountId: event.accountId, online: event.online, reason: event.reason, at: event.at };
        this.#d.board.setConnectivity(value);
        hub.emit('connectivity.changed', value);
        this.#d.planner.connectivity(event.accountId, event.online);
        if (event.online) {
          for (const runtime of this.#d.accounts().running()) {
            if (runtime.accountId !== event.accountId) continue;
            runtime.outboxIfOpen?.nudge();
            runtime.postSettingsIfOpen?.nudge();
          }
        }
        return;
      }
      case 'sync-error': {
        const problem = {
          accountId: event.accountId,
          profileId: event.profileId ?? null,
          kind: event.error.kind,
          message: event.error.message,
          postKey: event.error.postKey ?? null,
        };
        // A key to enter again (missing or refused) is not asked for again for a long while (the
        // profile is held): a window or browser tab that opens later must be told too.
        if (problem.kind === 'auth') hub.emitSticky('sync.problem', problem);
        else hub.emit('sync.problem', problem);
        return;
      }
    }
  }

  outbox(accountId: string, event: OutboxEvent): void {
    const { hub } = this.#d;
    switch (event.type) {
      case 'added':
      case 'changed': {
        const before = this.#states.get(event.item.id);
        this.#states.set(event.item.id, event.item.state);
        hub.emit('outbox.changed', { kind: event.type, item: outboxItemView(event.item) });
        if (event.item.state !== before) this.#transition(event.item);
        return;
      }
      case 'removed':
        this.#states.delete(event.id);
        hub.emit('outbox.changed', { kind: 'removed', id: event.id });
        return;
      case 'quarantined':
        this.#d.logger?.warn('An outbox row could not be read and was set aside', { accountId, reason: event.row.reason, itemId: event.row.itemId });
        return;
    }
  }

  #transition(item: OutboxItem): void {
    const comment = this.#d.store.thread(item.answers)?.comment;
    if (item.state === 'failed') {
      this.#d.planner.replyFailed({
        profileId: comment?.profileId ?? item.target.profileId ?? '',
        outboxId: item.id,
        commentKey: item.answers,
        message: item.lastError?.message ?? 'The service refused the reply',
      });
    }
    if (item.state === 'sent' && comment) {
      const runtime = this.#d
        .accounts()
        .running()
        .find((r) => r.accountId === item.target.accountId);
      runtime?.sync.refreshNow({ postKey: `${comment.platform}:${comment.socialPostId}` });
    }
  }

  /** Comments by the account itself are news to no one. */
  #othersOnly(keys: string[], firstFetch: boolean): string[] {
    if (firstFetch || keys.length > NOTIFY_LOOKUP_LIMIT) return keys;
    return keys.filter((key) => this.#d.store.thread(key)?.comment.byAccount !== true);
  }
}
