// The direct-messages job of one profile: per network the profile links (facebook, instagram,
// twitter), read the list of active conversations (GET /messages/:platform?conversationsOnly=true)
// and each conversation (…?conversationId=), as often as messagePolicy.ts says and conversationPlan.ts
// plans, store every answer (ingestMessages) and tell the host which conversations have news. A
// network refused for messages (messaging off, 361; the link must be renewed, 362; a plan without
// messages) is left alone for hours and told once, in words; the rest of the sync goes on.
import { isMessageNetwork, type MessageNetwork } from '../../../shared/networks.ts';
import type { MessageRecord } from '../../../shared/wire/messages.ts';
import { HttpError } from '../service/errors.ts';
import { CONVERSATION_MAX_PAGES, MessageRefusedError } from '../service/operations/messages.ts';
import { conversationKeyOf } from '../store/keys.ts';
import { messageInputOf } from '../store/messageInput.ts';
import { type ConversationTrack, mergeListing, type MessageJob, type NetworkMessages, newNetworkMessages, nextMessageJob } from './conversationPlan.ts';
import { emitSafely, type SyncErrorInfo } from './events.ts';
import { keepFetched } from './fetchedWrites.ts';
import { storeCall } from './jobFailures.ts';
import { conversationInterval, type MessagePolicy, nextReadAt } from './messagePolicy.ts';
import { retryDelay } from './pollPolicy.ts';
import type { MessageSyncStore, SyncJobContext } from './syncJobContext.ts';

export class MessageSync {
  private readonly context: SyncJobContext;
  private readonly store: MessageSyncStore;
  private readonly policy: MessagePolicy;
  /** The networks the profile links, from discovery's last GET /user (undefined before it). */
  private readonly linkedNetworks: () => readonly string[] | undefined;
  private readonly networks = new Map<MessageNetwork, NetworkMessages>();
  /** Networks the service said are not linked (109), left out until GET /user lists them again. */
  private readonly unlinked = new Set<string>();
  private linkedSeen: readonly string[] | undefined;

  constructor(context: SyncJobContext, store: MessageSyncStore, policy: MessagePolicy, linkedNetworks: () => readonly string[] | undefined) {
    this.context = context;
    this.store = store;
    this.policy = policy;
    this.linkedNetworks = linkedNetworks;
  }

  /** The most urgent message request due at `now` (with its rank), or when the next falls due. */
  next(now: number): ReturnType<typeof nextMessageJob> {
    const linked = this.linked(now);
    return nextMessageJob(this.networks.values(), now, {
      policy: this.policy,
      linked,
      twitterBlockedUntil: this.context.requests.twitterBlockedUntil,
    });
  }

  /**
   * Every messaging network the profile links has been listed, and each listed conversation read
   * once (now, or at an earlier start: the store has its messages); a network refused (messaging off:
   * a setting of the client) or left out (X without its key pair) has nothing to read. False before
   * the linked networks are known.
   */
  firstReadDone(now: number): boolean {
    if (this.linkedNetworks() === undefined) return false;
    const linked = this.linked(now);
    for (const platform of linked) {
      const network = this.networks.get(platform as MessageNetwork);
      if (!network) return false;
      if (network.refusedUntil > 0 || (platform === 'twitter' && this.context.requests.twitterBlocked(now))) continue;
      if (!network.listed) return false;
      for (const track of network.conversations.values()) if (track.readAt === null && track.lastMessageAt === null) return false;
    }
    return true;
  }

  /**
   * Live updates (decisions 0072, 0083): a message event names its conversation. A conversation the
   * plan knows is read at once (one request, `?conversationId=`), not the whole list; one it does
   * not know (new, or a forged id) is looked for by reading the network's list at once, as its poll
   * would. A refusal keeps its wait (nextMessageJob skips a refused network). False when the network
   * is not linked.
   */
  readNow(platform: string, conversationId: string, now: number): boolean {
    const network = this.networks.get(platform as MessageNetwork);
    if (!network) return false;
    const track = network.conversations.get(conversationId);
    if (track) track.dueAt = Math.min(track.dueAt, now);
    else network.listDueAt = Math.min(network.listDueAt, now);
    return true;
  }

  /** "Refresh now": the lists are read at once, and a refusal is asked again (the user may have fixed it). */
  refreshNow(now: number): void {
    for (const network of this.networks.values()) {
      network.refusedUntil = 0;
      network.refusalTold = false;
      network.listDueAt = Math.min(network.listDueAt, now);
    }
  }

  async run(job: MessageJob): Promise<void> {
    if (job.kind === 'list') await this.list(job.network);
    else await this.read(job.network, job.track);
  }

  private linked(now: number): ReadonlySet<string> {
    const linked = this.linkedNetworks();
    if (linked !== this.linkedSeen) {
      // A new GET /user: what it lists is linked, whatever a 109 said before.
      this.linkedSeen = linked;
      this.unlinked.clear();
    }
    const networks = new Set<string>();
    for (const platform of linked ?? []) {
      if (!isMessageNetwork(platform) || this.unlinked.has(platform)) continue;
      networks.add(platform);
      if (!this.networks.has(platform)) this.networks.set(platform, newNetworkMessages(platform, now));
    }
    return networks;
  }

  private async list(network: NetworkMessages): Promise<void> {
    const { ports, requests } = this.context;
    const { client, clock } = ports;
    const startedAt = clock.now();
    try {
      const answer = await requests.request((options) => client.listConversations(requests.target, { platform: network.platform }, options));
      const now = clock.now();
      mergeListing(network, answer.conversationIds, now, (id) => this.storedLastAt(network.platform, id), this.policy);
      network.listFailures = 0;
      network.refusalTold = false;
      network.listDueAt = nextReadAt(now, this.policy.listMs, answer.nextUpdate);
    } catch (error) {
      this.failed(error, network, () => {
        network.listFailures++;
        network.listDueAt = startedAt + retryDelay(network.listFailures, this.context.policy);
      });
    }
  }

  /**
   * One conversation: a request (facebook, instagram), or on twitter pages of 100 newest first,
   * each its own request within the pace, until a page reaches what was read before.
   */
  private async read(network: NetworkMessages, track: ConversationTrack): Promise<void> {
    const { ports, requests, profile } = this.context;
    const { client, clock } = ports;
    const { platform } = network;
    const startedAt = clock.now();
    const knownLast = track.lastMessageAt;
    const firstFetch = track.readAt === null && knownLast === null && track.backlog;
    const news = new Set<string>();
    try {
      let newest = knownLast;
      let next: string | undefined;
      let nextUpdate: string | undefined;
      let pages = 0;
      do {
        const cursor = next;
        const answer = await requests.request((options) =>
          client.getConversation(
            requests.target,
            { platform, conversationId: track.conversationId, maxPages: 1, ...(cursor ? { next: cursor } : {}) },
            options,
          ),
        );
        pages++;
        nextUpdate = answer.nextUpdate;
        for (const key of this.ingest(platform, answer.messages, firstFetch)) news.add(key);
        const times = answer.messages.map((m) => Date.parse(m.created)).filter(Number.isFinite);
        if (times.length > 0) newest = Math.max(newest ?? Number.NEGATIVE_INFINITY, ...times);
        next = answer.next;
        // Older pages hold only what was read before.
        if (knownLast !== null && times.length > 0 && Math.min(...times) <= knownLast) next = undefined;
      } while (next !== undefined && pages < CONVERSATION_MAX_PAGES);
      const now = clock.now();
      track.lastMessageAt = newest;
      track.readAt = now;
      track.failures = 0;
      track.dueAt = nextReadAt(now, conversationInterval(newest, now, this.policy), nextUpdate);
      network.refusalTold = false;
      if (news.size > 0) {
        emitSafely(ports.listener, {
          type: 'new-messages',
          accountId: profile.accountId,
          profileId: profile.profileId,
          platform,
          keys: [...news],
          firstFetch,
        });
      }
    } catch (error) {
      this.failed(
        error,
        network,
        () => {
          track.failures++;
          track.dueAt = startedAt + retryDelay(track.failures, this.context.policy);
        },
        () => network.conversations.delete(track.conversationId),
      );
    }
  }

  /** Stores one answer's messages; the keys of conversations with news (new, or the person wrote). */
  private ingest(platform: MessageNetwork, records: readonly MessageRecord[], firstFetch: boolean): string[] {
    if (records.length === 0) return [];
    const rows = records.map((r) => messageInputOf(platform, r));
    // Stored, and in a team shared: the other devices replay it instead of asking (fetchedWrites.ts).
    return keepFetched(this.context, { op: 'messages', platform, rows, firstFetch });
  }

  /** The newest message the store has of a conversation (after a restart, memory knows none). */
  private storedLastAt(platform: MessageNetwork, conversationId: string): number | null {
    const thread = storeCall('read a conversation', () => this.store.conversation(conversationKeyOf(platform, conversationId), this.context.profile.profileId));
    const at = Date.parse(thread?.row.conversation?.lastMessageAt ?? '');
    return Number.isFinite(at) ? at : null;
  }

  private failed(error: unknown, network: NetworkMessages, retry: () => void, gone?: () => void): void {
    const { requests, ports } = this.context;
    const now = ports.clock.now();
    if (error instanceof MessageRefusedError && error.refusal === 'network-not-linked') {
      // Unlinked since the last GET /user: left out, quietly, until it is linked again.
      this.unlinked.add(network.platform);
      return;
    }
    const refusedProfile =
      error instanceof HttpError && error.status === 403 && !(error instanceof MessageRefusedError && error.refusal === 'conversation-limit');
    if (refusedProfile || (error instanceof MessageRefusedError && error.refusal === 'relink-required')) {
      // Messaging off (361) or a plan without messages is the profile's: every network waits.
      const held = refusedProfile ? [...this.networks.values()] : [network];
      const told = held.every((n) => n.refusalTold);
      for (const n of held) {
        n.refusedUntil = now + this.policy.refusedHoldMs;
        n.refusalTold = true;
      }
      if (!told) this.context.reporter.error(refusalReport(error, network.platform, refusedProfile, this.policy.refusedHoldMs));
      return;
    }
    requests.failed(error, { retry, ...(gone ? { gone } : {}), withoutTwitter: () => {} });
  }
}

function refusalReport(error: HttpError, platform: MessageNetwork, wholeProfile: boolean, holdMs: number): SyncErrorInfo {
  const hours = Math.round(holdMs / 3_600_000);
  const fix = error.hint ? `: ${error.hint}` : '';
  let why: string;
  if (error instanceof MessageRefusedError && error.refusal === 'messaging-off') why = `messaging is not enabled for this profile${fix}`;
  else if (error instanceof MessageRefusedError && error.refusal === 'relink-required') why = `the ${platform} link must be renewed${fix}`;
  else why = error.serviceMessage ?? `the service refused them (HTTP ${error.status})`;
  const what = wholeProfile ? 'Direct messages of this profile are not synced' : `Direct messages on ${platform} are not synced`;
  return {
    kind: 'messaging',
    message: `${what}: ${why}. They are asked for again in ${hours} hours, or at "Refresh now".`,
    operation: error.operation,
    status: error.status,
    ...(error.code !== undefined ? { code: error.code } : {}),
  };
}
