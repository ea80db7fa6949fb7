// Direct messages: a conversation as a chat (from the store, so it reads offline), the conversations
// whose reply window closes soonest, and a message written in a conversation. A message is checked
// here first, with the conversation known (someone to write to, the network's reply window, its
// longest text), so that a message the network would refuse is refused in words before anything is
// queued; then the account's outbox takes it and sends it once, like a reply.
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import { replyWindowState } from '../../../shared/domain/replyWindow.ts';
import { isMessageNetwork, MESSAGE_REPLY_WINDOW_MS, NETWORK_NAMES, MESSAGE_TEXT_LIMITS, type MessageNetwork } from '../../../shared/networks.ts';
import { messageLength } from '../../../shared/wire/messages.ts';
import type { ConversationInfo, ConversationThread, InboxRow, MessageStore, Store } from '../store/types.ts';
import type { AccountRegistry } from './accountRegistry.ts';
import type { AccountService } from './accountService.ts';
import type { MessagingOff } from './messagingOff.ts';
import { refuse } from '../refusal.ts';
import { outboxItemView } from './views.ts';

const WINDOW_DAYS = Math.round(MESSAGE_REPLY_WINDOW_MS / 86_400_000);

export interface MessageServiceDeps {
  store: Pick<Store, 'profiles'> & Pick<MessageStore, 'conversation' | 'conversationsClosingSoon'>;
  registry: AccountRegistry;
  accounts: AccountService;
  now: () => number;
  /** What the sync learnt of clients whose messaging is off. */
  messagingOff: MessagingOff;
}

export class MessageService {
  readonly #d: MessageServiceDeps;

  constructor(deps: MessageServiceDeps) {
    this.#d = deps;
  }

  /** One conversation with every message, oldest first; a refusal when the inbox does not have it (or its client was removed). */
  conversation(key: string): ConversationThread {
    const thread = this.#d.store.conversation(key);
    if (thread === null || !this.#d.registry.activeProfileIds().has(thread.row.profileId)) refuse('That conversation is not in the inbox (any more)');
    return thread;
  }

  /** Clients (of accounts still here) whose messaging is off at the service, since when the app knows it. */
  messagingOff(): { profileId: string; since: number }[] {
    return this.#d.messagingOff.profiles(this.#d.registry.activeProfileIds());
  }

  /** facebook and instagram conversations waiting for an answer whose window is still open, the soonest to close first. */
  closingSoon(input: { profileIds?: string[] | undefined; withinMs?: number | undefined }): InboxRow[] {
    const active = this.#d.registry.activeProfileIds();
    const profileIds = (input.profileIds ?? this.#d.store.profiles().map((profile) => profile.profileId)).filter((id) => active.has(id));
    if (profileIds.length === 0) return [];
    return this.#d.store.conversationsClosingSoon({
      profileIds,
      now: this.#d.now(),
      ...(input.withinMs === undefined ? {} : { within: input.withinMs }),
    });
  }

  /** Queues a message in a conversation, or refuses it (with the reason in words) before anything is queued. */
  async send(input: { conversationKey: string; text: string }): Promise<OutboxItemView> {
    const { row } = this.conversation(input.conversationKey);
    const info = row.conversation;
    const platform = row.platform;
    if (info === undefined || !isMessageNetwork(platform) || info.recipientId.trim() === '') {
      refuse('There is no one to write to in this conversation: the inbox does not know who the person is');
    }
    const closed = windowClosed(platform, info, this.#d.now());
    if (closed !== null) refuse(closed);
    const length = messageLength(input.text);
    const limit = MESSAGE_TEXT_LIMITS[platform];
    if (length > limit) {
      refuse(
        `This message has ${length.toLocaleString('en-GB')} characters; ${NETWORK_NAMES[platform]} takes at most ${limit.toLocaleString('en-GB')} in a direct message: shorten it or send it as several messages`,
      );
    }
    const { profile, runtime } = await this.#d.accounts.forProfile(row.profileId);
    const item = runtime.outbox.enqueueMessage({
      target: runtime.targetOf(profile),
      request: {
        platform,
        conversationId: info.conversationId,
        recipientId: info.recipientId,
        message: input.text,
        replyWindowClosesAt: info.replyWindowClosesAt,
      },
      answers: row.key,
    });
    return outboxItemView(item, { person: row.authorName, profileId: row.profileId });
  }
}

/** Why the network would refuse a message now (facebook and instagram's reply window), or null when it takes one. */
function windowClosed(platform: MessageNetwork, info: ConversationInfo, now: number): string | null {
  const state = replyWindowState(platform, info.replyWindowClosesAt, now);
  const rule = `${NETWORK_NAMES[platform]} takes an answer only within ${WINDOW_DAYS} days of the person's last message`;
  switch (state.kind) {
    case 'none':
    case 'open':
      return null;
    case 'neverOpened':
      return `${info.name} has not written in this conversation, so it cannot be answered here: ${rule}`;
    case 'closed':
      return `The reply window of this conversation closed on ${utcTime(state.closedAt)}: ${rule}. It opens again when ${info.name} writes`;
  }
}

/** "12 Nov 2026, 14:03 UTC": the same in every locale the main process may run in. */
function utcTime(at: number): string {
  const date = new Date(at);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}
