// What the sync and the outbox say, turned into bridge events, notifications and the tray's count:
// new comments and direct messages (live inbox, notifications grouped per client), sync progress and
// problems, connectivity (a return nudges the account's queues: see accountRuntime.ts), and every outbox change (a refused reply or
// message is notified; a sent reply makes its post refresh, so "replied" shows soon; a sent message
// goes into its conversation at once).
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import type { EventHub } from '../bridge/eventHub.ts';
import type { NotificationPlanner } from '../notifications/notificationPlanner.ts';
import { findInboxKindOfKey, INBOX_KINDS, inboxKindNamed, inboxRowOfKey } from '../kinds/inboxKinds.ts';
import type { InboxKindDescriptor } from '../kinds/inboxKind.ts';
import { parseKey } from '../store/keys.ts';
import { taskKindOf } from '../outbox/taskKinds.ts';
import type { OutboxEvent, OutboxItem, OutboxState } from '../outbox/types.ts';
import type { MessageStore, Store } from '../store/types.ts';
import type { SyncEvent } from '../sync/events.ts';
import type { OutboxOwner } from './accountRuntime.ts';
import type { AccountRegistry } from './accountRegistry.ts';
import type { LoggerPort } from '../ports.ts';
import type { StatusBoard } from './statusBoard.ts';
import type { WinnerAnswer } from './teamClaims.ts';
import { isMessagingOff } from './messagingOff.ts';
import { answeredOf, outboxItemView } from './views.ts';
import { errorSentence } from '../../../shared/domain/errorWords.ts';
import { isNetwork } from '../../../shared/networks.ts';
import type { SyncErrorInfo } from '../sync/events.ts';

/** Kinds whose message the sync builds with care for the person (a key to enter, an account that did not start): kept as they are. */
const WORDED_KINDS: ReadonlySet<string> = new Set(['auth', 'missing-credentials', 'unexpected']);

/** Why an outbox item failed, for its notification, in the translator's words (the service's own text stays in the item). */
function failureWords(item: OutboxItem): string {
  const failed = Object.entries(item.results).find(([, result]) => result?.state === 'failed');
  const network = failed && isNetwork(failed[0]) ? failed[0] : null;
  const code = failed?.[1]?.state === 'failed' ? failed[1].code : (item.lastError?.code ?? 'refused');
  return errorSentence({ code }, { subject: taskKindOf(item).noun, next: 'failed', network });
}

/** A sync problem in the translator's words; the sync's own text (operation, status) stays in the log. */
function syncProblemWords(error: SyncErrorInfo): string {
  if (WORDED_KINDS.has(error.kind)) return error.message;
  return errorSentence({ code: error.code ?? error.kind, status: error.status ?? null }, { subject: 'sync', next: 'retry' });
}

/** New comments (or conversations) of more than this many keys are not looked at one by one for the notification. */
const NOTIFY_LOOKUP_LIMIT = 50;

export interface CoreEventsDeps {
  hub: EventHub;
  store: Store & Pick<MessageStore, 'conversation' | 'ingestMessages'>;
  registry: AccountRegistry;
  board: StatusBoard;
  planner: NotificationPlanner;
  countsChanged: () => void;
  logger: LoggerPort | undefined;
  /**
   * What the team offers now (app/teamPort.ts), asked for each outbox event: a held item's winning
   * answer. Absent: a core without a team.
   */
  team?: () => { heldAnswer(item: OutboxItem): WinnerAnswer | null };
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
      // Each kind's sync job tells its news in an event of its own; from here on it is one "new items" of that kind.
      case 'new-comments': {
        const platform = parseKey(event.postKey)?.platform;
        if (platform !== undefined) this.#newItems(inboxKindNamed('comment'), { ...event, platform });
        return;
      }
      case 'new-messages':
        this.#newItems(inboxKindNamed('conversation'), event);
        return;
      case 'new-items': {
        // A kind's news in the generic form: an unknown kind (a newer build's) is no news here.
        const kind = INBOX_KINDS.find((candidate) => candidate.name === event.kind);
        if (kind !== undefined) this.#newItems(kind, event);
        return;
      }
      case 'sync-progress':
        hub.emit('sync.progress', { accountId: event.accountId, profileId: event.profileId, postsDone: event.postsDone, postsTotal: event.postsTotal });
        return;
      case 'first-fetch':
        hub.emit('sync.fetched', { accountId: event.accountId, profileId: event.profileId, firstFetched: event.fetched, checked: event.checked });
        return;
      case 'connectivity': {
        const value = { accountId: event.accountId, online: event.online, reason: event.reason, at: event.at };
        this.#d.board.setConnectivity(value);
        hub.emit('connectivity.changed', value);
        this.#d.planner.connectivity(event.accountId, event.online);
        return;
      }
      case 'sync-error': {
        // Messaging switched off for a client is a setting of theirs, not a sync failure: the status
        // stays green, and the client's Messages view says it (messagingOff.ts).
        if (isMessagingOff(event.error)) return;
        const problem = {
          accountId: event.accountId,
          profileId: event.profileId ?? null,
          kind: event.error.kind,
          message: syncProblemWords(event.error),
          postKey: event.error.postKey ?? null,
        };
        if (problem.message !== event.error.message) {
          const { kind, message, operation, status, code } = event.error;
          this.#d.logger?.warn('A sync problem', { accountId: event.accountId, profileId: event.profileId, kind, message, operation, status, code });
        }
        // A key to enter again (missing or refused) is not asked for again for a long while (the
        // profile is held): a window or browser tab that opens later must be told too.
        if (problem.kind === 'auth') hub.emitSticky('sync.problem', problem);
        else hub.emit('sync.problem', problem);
        return;
      }
    }
  }

  outbox(account: OutboxOwner, event: OutboxEvent): void {
    const { hub } = this.#d;
    const { accountId } = account;
    switch (event.type) {
      case 'added':
      case 'changed': {
        const before = this.#states.get(event.item.id);
        this.#states.set(event.item.id, event.item.state);
        hub.emit('outbox.changed', {
          kind: event.type,
          item: outboxItemView(event.item, answeredOf(this.#d.store, event.item.answers), this.#d.team?.().heldAnswer(event.item) ?? null),
        });
        if (event.item.state !== before) this.#transition(account, event.item);
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

  /** A refused answer is notified; a sent one is followed up as the answered item's kind says (a post refreshed, a conversation updated). */
  #transition(account: OutboxOwner, item: OutboxItem): void {
    const kind = findInboxKindOfKey(item.answers);
    if (item.state === 'failed') {
      this.#d.planner.replyFailed({
        profileId: inboxRowOfKey(this.#d.store, item.answers)?.profileId ?? item.target.profileId ?? '',
        outboxId: item.id,
        commentKey: item.answers,
        message: failureWords(item),
        what: taskKindOf(item).one,
      });
    }
    if (item.state !== 'sent' || kind === null) return;
    kind.answerSent(
      {
        store: this.#d.store,
        // The outbox is the account's own, so the item's target is this account.
        refreshPost: (postKey) => account.refreshPost(postKey),
        itemsAdded: ({ accountId, profileId, platform, keys }) => {
          this.#d.hub.emit('items.new', { kind: kind.name, accountId, profileId, platform, keys, firstFetch: false });
          this.#d.countsChanged();
        },
        warn: (message, fields) => this.#d.logger?.warn(message, fields),
      },
      item,
    );
  }

  /** A sync's new items of one kind: the screen is told, the notifications gather what is news, the counts move. */
  #newItems(kind: InboxKindDescriptor, event: { accountId: string; profileId: string; platform: ItemNetwork; keys: string[]; firstFetch: boolean }): void {
    if (!this.#d.registry.activeProfileIds().has(event.profileId)) return;
    const { accountId, profileId, platform, keys, firstFetch } = event;
    this.#d.hub.emit('items.new', { kind: kind.name, accountId, profileId, platform, keys, firstFetch });
    // A first read's backlog is never news item by item: one summary later, or none, as the kind says.
    if (!firstFetch) this.#d.planner.newItems(kind.name, profileId, this.#news(kind, keys), false);
    else if (kind.news.firstFetch === 'summary') this.#d.planner.newItems(kind.name, profileId, keys, true);
    this.#d.countsChanged();
  }

  /** The items that are news to the person (not the account's own words), as the kind tells. */
  #news(kind: InboxKindDescriptor, keys: string[]): string[] {
    if (keys.length > NOTIFY_LOOKUP_LIMIT) return keys;
    return keys.filter((key) => kind.news.isNews(this.#d.store, key));
  }
}
